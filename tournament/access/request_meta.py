"""Who is asking: the client's address behind ``TRUSTED_PROXIES`` proxies, and an audit record's metadata.

Every place that needs the client's address asks ``client_ip``: django-axes
(``AXES_CLIENT_IP_CALLABLE``), the scoring API's rate limit, the PDF rate
limit and the audit log (``request_meta``). DRF's own throttles read the same
number (``NUM_PROXIES``) and pick the same entry.

The header is read by django-ipware. With no trusted proxy (the default)
``X-Forwarded-For`` is ignored: anyone can send it. With ``n`` proxies in
front, each appends the address it was called from, so the client is the
``n``-th entry from the right; whatever a client wrote at the left of the
header is never read, and sending a new made-up address does not reset a limit.
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from ipware import get_client_ip

from tournament.access.audit import RequestMeta
from tournament.access.device import device_digest

# Only the header the proxies write: the others ipware knows (X-Real-IP, CDN headers) are a client's to forge.
FORWARDED = ["HTTP_X_FORWARDED_FOR"]


def _forwarded_client(request, proxies: int) -> str | None:
    """The ``proxies``-th entry from the right of ``X-Forwarded-For``; the left-most of a shorter chain.

    ipware counts the proxies listed after the client, ours counts the entries the proxies appended:
    ``n`` proxies are ipware's ``proxy_count=n - 1``. A chain shorter than that (a request that came
    in past the outer proxies) gives its left-most entry, as DRF's ``NUM_PROXIES`` does.
    """
    for hops in range(proxies - 1, -1, -1):
        address, _routable = get_client_ip(
            request, proxy_count=hops, request_header_order=FORWARDED, strict=False
        )
        if address:
            return address
    return None


def client_ip(request) -> str | None:
    """The client's address: ``REMOTE_ADDR``, or the entry the nearest trusted proxy vouches for."""
    remote = request.META.get("REMOTE_ADDR") or None
    proxies = settings.TRUSTED_PROXIES
    if proxies <= 0:
        return remote
    return _forwarded_client(request, proxies) or remote


def session_digest(request) -> str:
    """A digest of the request's session key ("" without one): enough to tell two requests of one session
    apart from others, useless to take the session over (the audit log keeps it)."""
    key = getattr(getattr(request, "session", None), "session_key", None)
    return hashlib.sha256(f"session:{key}".encode()).hexdigest()[:32] if key else ""


def request_meta(request) -> RequestMeta:
    """The audit log's record of a request: the client's address, its user agent, its session's digest and
    its device's (``tournament.access.device``: a write from a device without a mark gives it one)."""
    agent = request.META.get("HTTP_USER_AGENT", "")[:300]  # AuditEntry.user_agent's length
    return RequestMeta(
        ip_address=client_ip(request),
        user_agent=agent,
        session=session_digest(request),
        device=device_digest(request),
    )
