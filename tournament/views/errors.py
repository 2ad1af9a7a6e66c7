"""The server-error page: a database outage is a 503 that says to try again, not a bare 500 (issue 7).

Django calls ``server_error`` (``handler500``) inside the ``except`` block of
whatever raised, so the exception is at hand. A database that cannot be reached
(restarting, its connection cut) answers 503 with ``Retry-After``; under
``/api/`` in the API's error shape (the same answer as ``tournament.api.errors``
gives for a view's own queries), elsewhere as a page. Both pages render
without the request: its user and session live in the database that just failed.
"""

from __future__ import annotations

import logging
import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpResponse, JsonResponse
from django.template import loader

from tournament.api.errors import DATABASE_UNAVAILABLE

log = logging.getLogger(__name__)


def server_error(request) -> HttpResponse:
    exc = sys.exc_info()[1]
    if isinstance(exc, OperationalError | InterfaceError):
        log.warning("database unavailable during %s: %s", request.path, exc)
        if request.path.startswith("/api/"):
            error = {"code": "database_unavailable", "message": DATABASE_UNAVAILABLE}
            response = JsonResponse({"errors": [error]}, status=503)
        else:
            response = HttpResponse(loader.render_to_string("errors/503.html"), status=503)
        response["Retry-After"] = "5"
        return response
    if request.path.startswith("/api/"):
        error = {"code": "server_error", "message": "Something went wrong on the server."}
        return JsonResponse({"errors": [error]}, status=500)
    return HttpResponse(loader.render_to_string("errors/500.html"), status=500)
