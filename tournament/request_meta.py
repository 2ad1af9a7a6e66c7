"""Who is asking: the client's address behind ``TRUSTED_PROXIES`` proxies, and an audit record's metadata.

Every place that needs the client's address asks ``client_ip``: django-axes
(``AXES_CLIENT_IP_CALLABLE``), the scoring API's rate limit, the PDF rate
limit and the audit log (``request_meta``). DRF's own throttles read the same
number (``NUM_PROXIES``) and pick the same entry.

With no trusted proxy (the default) ``X-Forwarded-For`` is ignored: anyone can
send it. With ``n`` proxies in front, each appends the address it was called
from, so the client is the ``n``-th entry from the right; whatever a client
wrote at the left of the header is never read, and sending a new made-up
address does not reset a limit.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings

from tournament.audit import RequestMeta


def _address(value: str) -> str | None:
    try:
        return str(ipaddress.ip_address(value.strip()))
    except ValueError:
        return None


def client_ip(request) -> str | None:
    """The client's address: ``REMOTE_ADDR``, or the entry the nearest trusted proxy vouches for."""
    remote = request.META.get("REMOTE_ADDR") or None
    proxies = settings.TRUSTED_PROXIES
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    if proxies <= 0 or not forwarded:
        return remote
    entries = [item for item in forwarded.split(",") if item.strip()]
    if not entries:
        return remote
    # As DRF's throttles (``NUM_PROXIES``): fewer entries than proxies means the left-most.
    return _address(entries[-min(proxies, len(entries))]) or remote


def request_meta(request) -> RequestMeta:
    """The audit log's record of a request: the client's address and its user agent."""
    agent = request.META.get("HTTP_USER_AGENT", "")[:300]  # AuditEntry.user_agent's length
    return RequestMeta(ip_address=client_ip(request), user_agent=agent)
