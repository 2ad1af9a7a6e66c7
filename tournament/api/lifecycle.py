"""A round's life and a hand's correction through the API: one action each, each calling its door.

``POST /api/v1/rounds/{id}/publish/``, ``start/``, ``end/``, ``finish/``,
``reopen/`` (with a ``reason``), ``hold/``, ``release/``; ``POST
/api/v1/tables/{id}/end/``; ``POST /api/v1/hands/{id}/correct/`` (the
voided hand entered again, once). The round resource itself takes no
``status`` or ``results_held`` (issue 13): these actions are the only way,
and each calls ``tournament.rounds`` or ``tournament.tables.ledger``, which check
the transition and the caller's right and write the audit entry.

A transition that does not hold now (a round not yet seated started, a
finished round finished again) answers 409 ``round_transition`` with the
sentence for the organiser.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers, status
from rest_framework.response import Response

from tournament.access.request_meta import request_meta
from tournament.api.base import WRITE, LeagueAPIMixin, error_response, errors, get_or_404, id_parameter
from tournament.api.fields import DateTime, Integer, Text
from tournament.api.hands import IDEMPOTENCY_KEY, idempotency_key, recorded_answer
from tournament.api.parsers import body_object
from tournament.api.permissions import COMPETITION_ORGANISER, SCOREKEEPER
from tournament.api.refusals import HAND_CORRECT_409, HAND_CORRECT_422
from tournament.api.serializers_hands import HandEntrySerializer, HandRecordedSerializer
from tournament.api.serializers_rounds import RoundSerializer
from tournament.api.serializers_tables import TableSerializer
from tournament.models import Hand, Round, Table
from tournament.rounds import clock, lifecycle, seating
from tournament.tables.ledger.record import hand_correct
from tournament.tables.selectors import with_seats


class ReopenRequestSerializer(serializers.Serializer):
    reason = Text(max_length=300, help_text="Why the round is reopened (kept in the audit log).")


class StartRequestSerializer(serializers.Serializer):
    ends_at = DateTime(
        required=False,
        help_text="A new end time (a late start): the sheets' countdown and late hands follow it.",
    )
    confirm_date = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Start although the round is more than 12 hours from its `starts_at` (without it: 409 "
        "`far_from_date`, naming the date).",
    )


class EndRequestSerializer(serializers.Serializer):
    count_empty_tables = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Tables ended without a hand give their players no session unless this is true.",
    )


def _body(serializer_class, request):
    # No body is an empty one; a body that is not an object (null, a number, a list) is refused (400)
    body = serializer_class(data=body_object(request))
    body.is_valid(raise_exception=True)
    return body.validated_data


def _start_arguments(self, request) -> dict:
    data = _body(StartRequestSerializer, request)
    return {
        "date_confirmed": data["confirm_date"],
        **({"ends_at": data["ends_at"]} if "ends_at" in data else {}),
    }


def _end_arguments(self, request) -> dict:
    return {"count_empty": _body(EndRequestSerializer, request)["count_empty_tables"]}


class ExtraTimeRequestSerializer(serializers.Serializer):
    minutes = Integer(
        min_value=-clock.MAX_STEP,
        max_value=clock.MAX_STEP,
        help_text="Minutes of extra time to add (negative: taken back). The total stays within 0 and "
        f"{clock.MAX_EXTRA}.",
    )
    expected_extra_minutes = Integer(
        required=False,
        min_value=0,
        max_value=clock.MAX_EXTRA,
        help_text="The round's extra_minutes as the client last read it: when it differs now (a replayed "
        "or crossing request), nothing is added (409).",
    )


class _RoundActionView(LeagueAPIMixin, generics.GenericAPIView):
    permission_classes = COMPETITION_ORGANISER
    serializer_class = RoundSerializer
    door = None  # the function of tournament.rounds this action calls

    def post(self, request, pk):
        round_ = get_or_404(Round.objects.select_related("competition"), pk)
        self.check_object_permissions(request, round_)
        body_object(request)  # parsed: a malformed body, or one not an object, is a 400 before any change
        kwargs = self.arguments(request)
        try:
            type(self).door(round_, user=request.user, meta=request_meta(request), **kwargs)
        except seating.RoundError as exc:
            code = getattr(exc, "code", "round_transition")  # far_from_date: ask the organiser (issue 54)
            return error_response([{"code": code, "message": str(exc)}], status.HTTP_409_CONFLICT)
        round_.refresh_from_db()
        return Response(RoundSerializer(round_, context={"competition": round_.competition}).data)

    def arguments(self, request) -> dict:
        return {}


def _round_action(
    name: str, door, summary: str, description: str, request=None, arguments=None, conflicts=()
):
    view = type(
        f"Round{name.title().replace('_', '')}View",
        (_RoundActionView,),
        {"door": staticmethod(door), **({"arguments": arguments} if arguments else {})},
    )

    def post(self, request, pk):
        return _RoundActionView.post(self, request, pk)

    # A function of its own per action: extend_schema marks the function it is given, and the one
    # inherited from _RoundActionView is shared: marked once per action, every action would be documented
    # as the last one (and reopen/ without its body).
    view.post = extend_schema(
        summary=summary,
        description=description,
        parameters=[id_parameter("id", "round")],
        request=request,
        responses={
            200: RoundSerializer,
            **errors(*WRITE, 409, **({"conflicts": conflicts} if conflicts else {"transition": True})),
        },
    )(post)
    return view


def _extra_time_arguments(self, request) -> dict:
    body = ExtraTimeRequestSerializer(data=body_object(request))
    body.is_valid(raise_exception=True)
    return {
        "minutes": body.validated_data["minutes"],
        "expected": body.validated_data.get("expected_extra_minutes"),
    }


def _reopen_arguments(self, request) -> dict:
    body = ReopenRequestSerializer(data=body_object(request))
    body.is_valid(raise_exception=True)
    return {"reason": body.validated_data["reason"]}


ROUND_ACTIONS = {
    "publish": _round_action(
        "publish", lifecycle.round_publish, "Publish a round's seating",
        "A scheduled round whose tables are drawn becomes `seated`: players see their tables.",
    ),
    "start": _round_action(
        "start", lifecycle.round_start, "Start play in a seated round",
        "`seated` → `playing`. (The first hand recorded in a seated round also starts it.) Optional body: "
        "a new `ends_at` (a late start); an end already passed is 409. More than 12 hours from the round's "
        "`starts_at` it starts only with `confirm_date: true` (else 409 `far_from_date`, naming the date).",
        request=StartRequestSerializer, arguments=_start_arguments,
        conflicts=("round_transition", "far_from_date"),
    ),
    "end": _round_action(
        "end", lifecycle.round_end, "Time is up: end every table and finish the round",
        "`playing` → `finished`; every table still playing is ended (001 rule 14). Hands are then final. "
        "A table without a hand gives its players no session unless `count_empty_tables` is true.",
        request=EndRequestSerializer, arguments=_end_arguments,
    ),
    "finish": _round_action(
        "finish", lifecycle.round_finish, "Finish a round whose tables have all finished",
        "`playing` → `finished` once every table's session is over. Hands are then final.",
    ),
    "reopen": _round_action(
        "reopen", lifecycle.round_reopen, "Reopen a finished round to correct a hand",
        "`finished` → `playing`; its tables' ends are cleared. The reason is kept in the audit log.",
        request=ReopenRequestSerializer, arguments=_reopen_arguments,
    ),
    "extra-time": _round_action(
        "extra_time", clock.round_add_time, "Give a round extra time",
        "Adds `minutes` (negative: takes them back) to the round's clock: `clock_ends` is `ends_at` plus "
        "`extra_minutes`. A seated or playing round with an end time only; audited (issue 36).",
        request=ExtraTimeRequestSerializer, arguments=_extra_time_arguments,
    ),
    "hold": _round_action(
        "hold", lambda r, **kw: lifecycle.round_hold(r, held=True, **kw), "Hold a round's results",
        "Its hands, transfers and balances are shown to its organisers only until released.",
    ),
    "release": _round_action(
        "release", lambda r, **kw: lifecycle.round_hold(r, held=False, **kw), "Release a round's results",
        "Its results show in the public standings and pages again.",
    ),
}  # fmt: skip


class TableEndView(LeagueAPIMixin, generics.GenericAPIView):
    """The organiser ends one table's session at its time (001 rule 14)."""

    permission_classes = COMPETITION_ORGANISER
    serializer_class = TableSerializer

    @extend_schema(
        summary="End one table's session",
        description=(
            "The table takes no more hands; its hands are final unless the round is reopened. Without a "
            "hand, its players count no session unless `count_empty_tables` is true."
        ),
        parameters=[id_parameter("id", "table")],
        request=EndRequestSerializer,
        responses={200: TableSerializer, **errors(*WRITE, 409, transition=True)},
    )
    def post(self, request, pk):
        table = get_or_404(Table.objects.select_related("round__competition"), pk)
        self.check_object_permissions(request, table)
        count_empty = _end_arguments(self, request)["count_empty"]
        try:
            lifecycle.table_end(table, user=request.user, meta=request_meta(request), count_empty=count_empty)
        except seating.RoundError as exc:
            return error_response(
                [{"code": "round_transition", "message": str(exc)}], status.HTTP_409_CONFLICT
            )
        table = get_or_404(Table.objects.select_related("round__competition").prefetch_related("seats"), pk)
        return Response(TableSerializer(table, context={"request": request}).data)


class HandCorrectView(LeagueAPIMixin, generics.GenericAPIView):
    """A correction: a voided hand entered again, once, in its place (a void plus one re-entry)."""

    permission_classes = SCOREKEEPER
    serializer_class = HandEntrySerializer

    @extend_schema(
        summary="Enter a voided hand again",
        description=(
            "The body is a hand as for recording one. The hand must have been voided and not entered again "
            "yet (a second correction is 409 `already_corrected`); it is played where the voided hand was "
            "(its dealer, winds and balances). Refused in a finished round or at an ended table (422)."
        ),
        parameters=[id_parameter("id", "hand"), IDEMPOTENCY_KEY],
        request=HandEntrySerializer,
        responses={
            201: HandRecordedSerializer,
            200: HandRecordedSerializer,
            **errors(*WRITE, 409, 422, conflicts=HAND_CORRECT_409, refusals=HAND_CORRECT_422),
        },
    )
    def post(self, request, pk):
        hand = get_or_404(Hand.objects.select_related("table__round__competition"), pk)
        self.check_object_permissions(request, hand)
        entry = HandEntrySerializer(data=request.data)
        entry.is_valid(raise_exception=True)
        hand.table = with_seats(hand.table)
        return recorded_answer(
            lambda: hand_correct(
                hand=hand,
                entry=entry.entry(),
                user=request.user,
                idempotency_key=idempotency_key(request),
                meta=request_meta(request),
            )
        )
