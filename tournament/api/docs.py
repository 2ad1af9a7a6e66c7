"""The API's docs: Swagger UI at ``/api/v1/docs/`` and Redoc at ``/api/v1/redoc/``, from this site only.

drf-spectacular's own views with the files of drf-spectacular-sidecar (no CDN; ``SPECTACULAR_SETTINGS``
names ``SIDECAR``). Both work under the Content-Security-Policy without loosening it for scripts:
Swagger UI is the split view, whose start-up script is a file fetched from the same URL
(``?script``); Redoc starts from ``static/js/redoc-init.js``. Redoc's styles are ``<style>``
elements it writes at run time, so its page alone allows styles carrying that request's nonce (and
two by their hashes), and the web worker its search runs in (a ``blob:`` URL). Its menu
shows Redocly's logo from their CDN: the policy blocks it, so nothing is fetched from there.
"""

from __future__ import annotations

from csp.constants import NONCE, SELF
from csp.decorators import csp_update
from django.utils.translation import gettext_lazy as _
from drf_spectacular.views import SpectacularRedocView, SpectacularSwaggerSplitView

TITLE = _("Singapore Mahjong League API")


class SwaggerView(SpectacularSwaggerSplitView):
    url_name = "api-schema"
    template_name = "api/swagger_ui.html"
    title = TITLE


class RedocView(SpectacularRedocView):
    url_name = "api-schema"
    template_name = "api/redoc.html"
    title = TITLE


swagger_ui = SwaggerView.as_view()
# Redoc alone: its <style> elements carry the nonce, but for two it writes before it reads the nonce
# (one empty, one fixed: allowed by their hashes, pinned with the sidecar's version); its search runs
# in a worker made from its own bundle.
REDOC_STYLES = [
    "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='",
    "'sha256-QMIg+bpjm3JdElJ388KYke01izlUW0UoNOeKjpMxdgc='",
]
REDOC_POLICY = {"style-src": [NONCE, *REDOC_STYLES], "worker-src": [SELF, "blob:"]}
redoc = csp_update(REDOC_POLICY)(RedocView.as_view())
