"""A device's **mark**: a long random id its browser keeps, to know the device that recorded a hand again.

The recorder of a hand does not confirm it (issue 31, ``tournament.confirmations.origin``). An account and a
session say who, not on which device; a client address and a browser name say neither: one phone changes
its browser name at will, and two phones of one make behind one venue's Wi-Fi show the same of both. The
mark does: 32 random bytes (``secrets.token_urlsafe``), kept in the browser as the ``DEVICE_COOKIE`` cookie
(HttpOnly: no script reads it; SameSite=Lax; Secure on https; for ``MAX_AGE``, about as long as a browser
keeps one). The audit log keeps its digest (``RequestMeta.device``, never the mark itself: enough to tell
the device again, useless to pose as it).

A device is given its mark when it first changes something (a write: a hand recorded on the scoresheet or
through the offline queue or the API, an answer, any audited step): ``device_digest`` makes one for the
request when it brings none, so that the change is recorded with it, and ``DeviceMarkMiddleware`` sets the
cookie on that answer. A read never sets it: a public page's shared answer carries no cookie
(``tournament.project.http_cache``).

What the mark does not do: it is not a credential (it opens nothing, and is worth nothing to the device
that holds it), and a browser whose cookies are cleared, or a private window, is a new device.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from datetime import timedelta

DEVICE_COOKIE = "device_mark"
MAX_AGE = int(timedelta(days=400).total_seconds())  # browsers keep a cookie at most about this long
_WELL_FORMED = re.compile(r"[A-Za-z0-9_-]{43}")  # secrets.token_urlsafe(32)
_NEW = "_device_mark_new"  # on the request: the mark given to a device that brought none
_SAFE = ("GET", "HEAD", "OPTIONS", "TRACE")


def _http_request(request):
    """Django's request under DRF's (the middleware sees Django's)."""
    return getattr(request, "_request", request)


def device_mark(request) -> str:
    """The device's mark: the one its browser brought, else (for a write) a new one, set on the answer by
    ``DeviceMarkMiddleware``; "" for a read that brought none."""
    http = _http_request(request)
    brought = http.COOKIES.get(DEVICE_COOKIE, "")
    if _WELL_FORMED.fullmatch(brought):
        return brought
    new = getattr(http, _NEW, "")
    if not new and http.method not in _SAFE:
        new = secrets.token_urlsafe(32)
        setattr(http, _NEW, new)
    return new


def device_digest(request) -> str:
    """The digest of the device's mark ("" without one), as the audit log keeps it."""
    mark = device_mark(request)
    return hashlib.sha256(f"device:{mark}".encode()).hexdigest()[:32] if mark else ""


class DeviceMarkMiddleware:
    """Sets the mark given to a device during the request (``device_mark``) as its cookie on the answer."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        mark = getattr(request, _NEW, "")
        if mark:
            response.set_cookie(
                DEVICE_COOKIE,
                mark,
                max_age=MAX_AGE,
                httponly=True,
                samesite="Lax",
                secure=request.is_secure(),
            )
        return response
