"""Hands at a table: list, record, void (league-api.md "hands", "void a hand"; issue 5).

Every write goes through the one door, ``tournament.tables.ledger``: ``hand_record``
and ``hand_void``. The view translates its answers:

- ``HandRejected``: its ``status`` (400 malformed, 422 not a legal hand) with
  its problems as the error list; nothing was recorded.
- ``HandConflict``: 409, with the table's ``state`` now (somebody recorded
  the hand first, or the ``hand_number`` sent is stale).
- A retry with the same ``Idempotency-Key`` header and the same body answers
  the hand recorded the first time (200 instead of 201) and records nothing;
  the same key with another body is refused (409, ``idempotency_key_reused``).

Reading the hands of a held round (``Round.results_held``) is a 404 with code
``results_held`` to whoever may not see them (``tournament.rounds.held``: anyone but
the competition's organisers, the table's scorekeeper and its own players),
as the table's scoresheet page is a 404 to them: the same status as the page,
and a code that says why and that the hands appear once released.
"""

from __future__ import annotations

from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from tournament.api.base import (
    WRITE,
    LeagueAPIMixin,
    error_response,
    errors,
    get_or_404,
    id_parameter,
    request_meta,
)
from tournament.api.permissions import SCOREKEEPER
from tournament.api.refusals import HAND_ENTRY_409, HAND_ENTRY_422, HAND_VOID_422
from tournament.api.serializers import SEATS
from tournament.api.serializers_hands import (
    HandEntrySerializer,
    HandRecordedSerializer,
    HandSerializer,
    HandVoidRequestSerializer,
    VoidedSerializer,
)
from tournament.api.serializers_tables import state_data
from tournament.models import Hand, Table
from tournament.rounds.held import sees_table_results
from tournament.tables.ledger.errors import HandConflict, HandRejected
from tournament.tables.ledger.record import hand_record_with_state
from tournament.tables.ledger.void import hand_void
from tournament.tables.selectors import table_fold, table_for_recording

IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    str,
    OpenApiParameter.HEADER,
    description="Any unique string per hand entered (up to 100 characters; a longer one is refused, 400): a "
    "retry with the same key and the same body answers the hand recorded the first time instead of "
    "recording it twice; the same key with another body is refused (409, `idempotency_key_reused`).",
)


def _hands():
    return Hand.objects.select_related("void").prefetch_related("transfers")


def _table(pk) -> Table:
    return get_or_404(Table.objects.select_related("round__competition").prefetch_related("seats"), pk)


def require_table_results(request, table: Table) -> None:
    """404 ``results_held`` when the table's round is held and the caller may not see its hands."""
    if not sees_table_results(request.user, table):
        message = _("The hands of this table are held back until the organiser releases the results.")
        raise NotFound(message, code="results_held")


class TableHandsView(LeagueAPIMixin, generics.ListAPIView):
    """Every hand recorded at a table, voided ones flagged; and recording the next one."""

    serializer_class = HandSerializer
    permission_classes = SCOREKEEPER

    def get_queryset(self):
        if "pk" not in self.kwargs:  # the schema generator asks without a table
            return Hand.objects.none()
        table = _table(self.kwargs["pk"])
        require_table_results(self.request, table)
        return _hands().filter(table=table).order_by("sequence")

    @extend_schema(
        summary="Every hand recorded at a table",
        parameters=[id_parameter("id", "table")],
        responses={200: HandSerializer, **errors(404)},
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    @extend_schema(
        summary="Record one hand",
        description=(
            "The `settle` outcome of scoring-api.md with players named by player id (`winner`, `discarder`, "
            "`liable`, `offender`, `instant[].player`). Optional `hand_number`: the hand you believe you "
            "are entering; if it has been recorded meanwhile the answer is 409. Answers the hand with its "
            "transfers and the table's new `state`; 200 (not 201) when an `Idempotency-Key` was seen before."
        ),
        parameters=[id_parameter("id", "table"), IDEMPOTENCY_KEY],
        request=HandEntrySerializer,
        responses={
            201: HandRecordedSerializer,
            200: HandRecordedSerializer,
            **errors(*WRITE, 409, 422, conflicts=HAND_ENTRY_409, refusals=HAND_ENTRY_422),
        },
    )
    def post(self, request, pk):
        table = _table_for_post(pk)
        self.check_object_permissions(request, table)
        entry = HandEntrySerializer(data=request.data)
        entry.is_valid(raise_exception=True)
        if len(table.seat_map) != len(SEATS):
            message = f"Table {table.number} does not have four players seated: no hand can be recorded."
            return error_response([{"code": "table_not_seated", "message": message}], 422)
        return recorded_answer(
            lambda: hand_record_with_state(
                table=table,
                entry=entry.entry(),
                user=request.user,
                idempotency_key=idempotency_key(request),
                expected_number=entry.validated_data.get("hand_number"),
                meta=request_meta(request),
            )
        )


def _table_for_post(pk) -> Table:
    """The table to record at, with its round, competition and seats (one plain query); any id naming none,
    404."""
    try:
        number = int(pk)
    except (TypeError, ValueError):
        raise Http404 from None
    if not 0 < number <= 2**63 - 1:  # no table has it, and PostgreSQL would refuse it as a bigint
        raise Http404
    try:
        return table_for_recording(number)
    except Table.DoesNotExist:
        raise Http404 from None


def idempotency_key(request) -> str:
    """The header as sent (the ledger refuses one too long for its column; it is never cut here)."""
    return request.headers.get("Idempotency-Key", "").strip()


def recorded_answer(record) -> Response:
    """Run ``record()`` (a ledger door answering ``Recorded``) and answer as each recording endpoint does.

    201 with the hand and the table's state, 200 for a retried key, the ledger's refusals in the API's shape.
    """
    try:
        recorded = record()
    except HandRejected as exc:
        return error_response(exc.problems, exc.status)
    except HandConflict as exc:
        return error_response(
            [{"code": "conflict", "message": exc.message}],
            status.HTTP_409_CONFLICT,
            state=state_data(exc.state),
        )
    context = {"state": recorded.state, "transfers": recorded.transfers}
    data = HandRecordedSerializer(recorded.hand, context=context).data
    return Response(data, status=status.HTTP_201_CREATED if recorded.created else status.HTTP_200_OK)


class HandView(LeagueAPIMixin, generics.RetrieveAPIView):
    """One hand as recorded: outcome, players by id, doubles, transfers, and its void if voided."""

    serializer_class = HandSerializer
    permission_classes = SCOREKEEPER

    @extend_schema(
        summary="One recorded hand",
        parameters=[id_parameter("id", "hand")],
        responses={200: HandSerializer, **errors(404)},
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def get_object(self):
        hand = get_or_404(
            _hands().select_related("table__round__competition").prefetch_related("table__seats"),
            self.kwargs["pk"],
        )
        require_table_results(self.request, hand.table)
        return hand


class HandVoidView(LeagueAPIMixin, generics.GenericAPIView):
    """Voiding a hand: the table's scorekeeper or an organiser of the competition."""

    permission_classes = SCOREKEEPER
    serializer_class = HandVoidRequestSerializer

    @extend_schema(
        summary="Void a hand",
        description=(
            "Keeps the hand (flagged voided), records reversing transfers and answers the table's new "
            "`state`; later hands replay without it. A hand already voided is refused (422)."
        ),
        parameters=[id_parameter("id", "hand")],
        request=HandVoidRequestSerializer,
        responses={200: VoidedSerializer, **errors(*WRITE, 422, refusals=HAND_VOID_422)},
    )
    def post(self, request, pk):
        hand = get_or_404(Hand.objects.select_related("table__round__competition"), pk)
        self.check_object_permissions(request, hand)
        body = HandVoidRequestSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            hand_void(
                hand=hand, reason=body.validated_data["reason"], user=request.user, meta=request_meta(request)
            )
        except HandRejected as exc:
            return error_response(exc.problems, exc.status)
        table = _table(hand.table_id)
        data = {
            "hand": HandSerializer(_hands().get(pk=hand.pk)).data,
            "state": state_data(table_fold(table).state) if len(table.seat_map) == len(SEATS) else None,
        }
        return Response(data)
