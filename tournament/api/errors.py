"""The API's error shape: ``{"errors": [{"code", "message", "field"}]}`` (league-api.md).

A database that cannot be reached (restarting, its connection cut) is a
503 in that shape with ``Retry-After``, not a bare 500 page: the request may
or may not have been written, so a client retries it, a hand with the same
``Idempotency-Key`` (issue 7).
"""

from __future__ import annotations

import logging

from django.db import InterfaceError, OperationalError
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

log = logging.getLogger(__name__)

DATABASE_UNAVAILABLE = (
    "The database is unavailable for a moment. Send the request again; a hand sent again with the same "
    "Idempotency-Key is recorded at most once."
)


def _flatten(detail, field: str | None = None) -> list[dict]:
    if isinstance(detail, dict):
        out = []
        for key, value in detail.items():
            if key in ("non_field_errors", "detail"):  # DRF's keys for errors of no one field
                name = field
            elif isinstance(key, int):  # DRF names the items of a list by index: "instant[0]"
                name = f"{field}[{key}]" if field else f"[{key}]"
            else:
                name = f"{field}.{key}" if field else str(key)
            out.extend(_flatten(value, name))
        return out
    if isinstance(detail, list):
        out = []
        for i, value in enumerate(detail):
            sub = field if not isinstance(value, dict | list) else f"{field}[{i}]" if field else f"[{i}]"
            out.extend(_flatten(value, sub))
        return out
    error = {"code": getattr(detail, "code", "invalid") or "invalid", "message": str(detail)}
    if field:
        error["field"] = field
    return [error]


def exception_handler(exc, context):
    if isinstance(exc, OperationalError | InterfaceError):
        log.warning("database unavailable during %s: %s", context["request"].path, exc)
        error = {"code": "database_unavailable", "message": DATABASE_UNAVAILABLE}
        return Response({"errors": [error]}, status=503, headers={"Retry-After": "1"})
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if not (isinstance(response.data, dict) and "errors" in response.data):
        response.data = {"errors": _flatten(response.data)}
    return response


LOCKED_OUT = "Too many failed logins: this account is locked for a while. Try again later."


def lockout_response(request, original_response=None, credentials=None):
    """django-axes' answer to a locked-out login (``AXES_LOCKOUT_CALLABLE``).

    API requests get the API's error shape (429, code ``locked_out``); a person at the login page
    gets a page in their language that says how long to wait and offers a way back: the home page
    and the password reset (issues 14 and 22).
    """
    from django.conf import settings
    from django.http import JsonResponse
    from django.shortcuts import render

    if request.path.startswith("/api/"):
        return JsonResponse({"errors": [{"code": "locked_out", "message": LOCKED_OUT}]}, status=429)
    minutes = max(1, round(float(settings.AXES_COOLOFF_TIME) * 60))
    return render(request, "registration/locked_out.html", {"minutes": minutes}, status=429)


def not_found(request, *args, **kwargs):
    """A path under the league API that names nothing."""
    from django.http import JsonResponse

    message = "Nothing here: see /api/v1/docs/ for the paths of the API."
    return JsonResponse({"errors": [{"code": "not_found", "message": message}]}, status=404)
