"""What every view of the league API shares: credentials, JSON only, errors, documented error answers.

- Credentials: ``Authorization: Token <key>`` first, then the session, so
  that a write without credentials is answered 401 (``WWW-Authenticate:
  Token``) rather than 403.
- Bodies are JSON. A body of another type, or JSON no later step can take
  (nested too deep, lone surrogates, NUL; ``tournament.api.parsers``), is a
  malformed request: 400. A write's body is a JSON object or nothing
  (``tournament.api.parsers.body_object``): ``null``, a list or a number is a 400 too.
- Unknown or malformed ids in the path are 404, never a 500
  (``get_or_404``).
- A write is one transaction: everything a POST, PUT or PATCH writes is
  rolled back when its answer is an error, a 500 included (issue 13), so no
  half-written hand stays behind an error to break the hand lists.
- ``ERRORS`` and ``errors(...)`` give ``@extend_schema`` the error answers of
  an endpoint, all in the shape of ``tournament.api.errors``.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import transaction
from django.http import Http404
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework import exceptions
from rest_framework.authentication import SessionAuthentication
from rest_framework.generics import GenericAPIView
from rest_framework.metadata import SimpleMetadata
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

from tournament.access.request_meta import request_meta  # noqa: F401 (the API's views import it from here)
from tournament.api.auth import LeagueTokenAuthentication
from tournament.api.parsers import StrictJSONParser
from tournament.api.refusals import refusal
from tournament.api.serializers import ErrorSerializer
from tournament.api.serializers_tables import ConflictSerializer

ERRORS = {
    400: "Malformed request: the errors name the fields.",
    401: "No credentials: log in or send `Authorization: Token <key>`.",
    403: "Signed in, but this role may not do this here.",
    404: "No such object (or page).",
    409: "Conflict: somebody changed it first; the answer says how things stand now.",
    422: "Well-formed, but not allowed by the rules.",
    429: "Too many failed logins: locked out for a while (django-axes).",
}
WRITE = (400, 401, 403, 404)


def errors(*codes: int, transition: bool = False, conflicts=(), refusals=()) -> dict:
    """The error answers of an endpoint, for ``@extend_schema(responses=...)``.

    A 409 lists its codes (``conflicts``, ``tournament.api.refusals``): a hand recorded first
    (``conflict``) answers ``Conflict``, with the table's ``state``; ``transition`` is a round's or
    table's step that does not hold now (``round_transition``). A 422 lists its codes
    (``refusals``). A 409 or 422 named without its codes is described only in general, which
    tests/api/test_refusals_documented.py refuses.
    """
    answers = {}
    for code in codes:
        if code == 409 and (transition or conflicts):
            listed = ("round_transition",) if transition else conflicts
            # The table's ``state`` comes with a hand recorded first ("conflict") only.
            answers[code] = refusal(409, listed, ConflictSerializer if "conflict" in listed else None)
        elif code == 422 and refusals:
            answers[code] = refusal(422, refusals)
        else:
            serializer = ConflictSerializer if code == 409 else ErrorSerializer
            answers[code] = OpenApiResponse(serializer, description=ERRORS[code])
    return answers


def id_parameter(name: str, what: str) -> OpenApiParameter:
    return OpenApiParameter(name, int, OpenApiParameter.PATH, description=f"The {what}'s id.")


def get_or_404(queryset, pk):
    """The row with this primary key; any id that cannot name one (text, too large) is a 404."""
    try:
        return queryset.get(pk=int(pk))
    except (queryset.model.DoesNotExist, TypeError, ValueError, OverflowError, DjangoValidationError):
        raise Http404 from None


def error_response(problems, status_code: int, **extra) -> Response:
    """Problems (``tournament.tables.ledger.Problem`` or dicts) as the API's error answer."""
    items = [p.as_dict() if hasattr(p, "as_dict") else dict(p) for p in problems]
    return Response({"errors": items, **extra}, status=status_code)


def refused(exc: Exception, status_code: int) -> Response:
    """A door's refusal (an error with ``code`` and, where one field is to blame, ``field``) as the API's
    error answer: ``{"errors": [{"code", "message", "field"?}]}``, the field left out when there is none."""
    field = getattr(exc, "field", None)
    return error_response(
        [{"code": exc.code, "message": str(exc)} | ({"field": field} if field else {})], status_code
    )


class JSONFirstNegotiation(DefaultContentNegotiation):
    """DRF's negotiation, answering at once for the usual client: one that takes JSON or anything, with no
    ``?format=``, when JSON is the first renderer. DRF's own answer there is the same, after parsing the
    ``Accept`` header against every renderer (a fortieth of a hand post; issue 20)."""

    def select_renderer(self, request, renderers, format_suffix=None):
        accept = request.META.get("HTTP_ACCEPT", "*/*")
        if (
            accept in ("*/*", "application/json")
            and format_suffix is None
            and renderers
            and type(renderers[0]) is JSONRenderer
            and self.settings.URL_FORMAT_OVERRIDE not in request.GET
        ):
            return renderers[0], renderers[0].media_type
        return super().select_renderer(request, renderers, format_suffix)


class LeagueMetadata(SimpleMetadata):
    """DRF's OPTIONS answer, without the object look-up of a view that finds its object itself (no
    ``queryset``): DRF's asserts one there and would fail the OPTIONS. The methods are in ``Allow``, the
    bodies in the schema."""

    def determine_actions(self, request, view):
        own_look_up = getattr(type(view), "get_queryset", None) is not GenericAPIView.get_queryset
        if getattr(view, "queryset", None) is None and not own_look_up:
            return {}
        return super().determine_actions(request, view)


class LeagueAPIMixin:
    """Put first in the bases of every league API view."""

    metadata_class = LeagueMetadata

    authentication_classes = [LeagueTokenAuthentication, SessionAuthentication]
    content_negotiation_class = JSONFirstNegotiation
    parser_classes = [StrictJSONParser]
    atomic_writes = True  # False only where a write must outlive a refusal (failed logins counted)

    def dispatch(self, request, *args, **kwargs):
        if not self.atomic_writes or request.method in ("GET", "HEAD", "OPTIONS"):
            return super().dispatch(request, *args, **kwargs)
        with transaction.atomic():
            response = super().dispatch(request, *args, **kwargs)  # an uncaught error leaves: rolled back
            if response.status_code >= 400:
                transaction.set_rollback(True)
        return response

    def handle_exception(self, exc):
        if isinstance(exc, exceptions.UnsupportedMediaType):
            exc = exceptions.ParseError(
                f"{exc.detail} Send the body as JSON (Content-Type: application/json).",
                code="unsupported_media_type",
            )
        return super().handle_exception(exc)
