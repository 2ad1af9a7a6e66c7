"""django-csp's middleware, with the site's own policy built once instead of on every answer (issue 20).

django-csp builds the ``Content-Security-Policy`` header from the settings on every response: a copy of
the policy's parts, then the header's text, the same text each time unless the view changed the policy
(``csp_update``, ``csp_replace``, ``csp_exempt`` ...) or a template asked for a nonce. For an answer that
did neither, the header built once is set; every other answer is django-csp's own work. The text is
built again when the settings change (the tests' ``override_settings``).
"""

from __future__ import annotations

from dataclasses import asdict

from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.middleware import CheckableLazyObject
from csp.middleware import CSPMiddleware as DjangoCSPMiddleware
from csp.utils import build_policy
from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver

# What a view or a template may set to change the policy of its answer (django-csp 4's own names).
_OWN_POLICY = (
    "_csp_config", "_csp_update", "_csp_replace", "_csp_exempt",
    "_csp_config_ro", "_csp_update_ro", "_csp_replace_ro", "_csp_exempt_ro",
)  # fmt: skip
_built: dict[bool, str] = {}


@receiver(setting_changed)
def _settings_changed(setting, **kwargs) -> None:
    if setting.startswith("CONTENT_SECURITY_POLICY") or setting == "DEBUG":
        _built.clear()


class CSPMiddleware(DjangoCSPMiddleware):
    def process_response(self, request, response):
        if getattr(request, "_csp_nonce", None) is not None or any(hasattr(response, a) for a in _OWN_POLICY):
            return super().process_response(request, response)
        if response.status_code in (404, 500) and settings.DEBUG:
            return super().process_response(request, response)
        for report_only, header, name in (
            (False, HEADER, "CONTENT_SECURITY_POLICY"),
            (True, HEADER_REPORT_ONLY, "CONTENT_SECURITY_POLICY_REPORT_ONLY"),
        ):
            policy = _built.get(report_only)
            if policy is None:
                parts = self.get_policy_parts(request=request, response=response, report_only=report_only)
                policy = _built[report_only] = _build(parts, report_only)
            prefixes = (getattr(settings, name, None) or {}).get("EXCLUDE_URL_PREFIXES") or ()
            if policy and header not in response and not request.path_info.startswith(tuple(prefixes)):
                response[header] = policy
        # As django-csp does: a nonce asked for after the header is written is an error.
        request.csp_nonce = CheckableLazyObject(self._csp_nonce_post_response)
        return response


def _build(parts, report_only: bool) -> str:
    return build_policy(**asdict(parts), report_only=report_only)
