"""Players confirming hands through the API (issue 19): answers, the seat link, the queue, rulings.

Every write goes through ``tournament.confirmations.services`` (``hand_answer``,
``hand_rule``). Who may do what:

- ``GET /hands/{id}/confirmations/``: the hand's check and answers, to the
  competition's organisers, the table's scorekeeper and the players seated at
  the table (their account); others 403 (players see only their tables).
- ``POST /hands/{id}/confirmations/``: a signed-in player answers for their
  own seat at the hand's table (403 for anyone not seated there).
- ``GET /seats/{token}/`` and ``POST /seats/{token}/hands/{hand_id}/confirmation/``:
  the seat's private link (``tournament.confirmations.seat_links``) reads its own table and
  answers for that seat only; a bad token or a hand of another table is 404. While the seat's round
  is a draft (drawn, or drawn again, not published), both answer 422 ``round_not_published`` and
  nothing of the draft (neither its table nor its players); once published, the seat where its player
  sits now.
- ``GET /competitions/{id}/disputes/`` and ``POST /hands/{id}/ruling/``: the
  competition's organisers only.

Refusals are the error shape: 400 (no verdict, a dispute without reason),
409 (the seat already answered otherwise, the hand is ruled on or voided),
422 (nothing to rule, a finished round).
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response

from tournament.access.roles import can_manage_competition, may_record
from tournament.api.base import (
    ERRORS,
    LeagueAPIMixin,
    error_response,
    errors,
    get_or_404,
    id_parameter,
    request_meta,
)
from tournament.api.fields import DateTime, Text
from tournament.api.refusals import ANSWER_409, ANSWER_422, RULING_409, RULING_422, SEAT_422
from tournament.api.serializers import ErrorSerializer
from tournament.api.serializers_hands import HandSerializer
from tournament.confirmations.checks import answering_seats
from tournament.confirmations.seat_links import seat_for_token, seat_link_draft_words, seat_link_in_draft
from tournament.confirmations.services import hand_answer, hand_rule
from tournament.models import Competition, Hand, HandAnswer, HandCheck, Seat
from tournament.tables.ledger.errors import HandRejected


def _errors(*codes: int) -> dict:
    return {code: OpenApiResponse(ErrorSerializer, description=ERRORS[code]) for code in codes}


class AnswerSerializer(serializers.ModelSerializer):
    wind = serializers.CharField(source="seat.wind")
    player = serializers.IntegerField(source="seat.player_id")

    class Meta:
        model = HandAnswer
        fields = ["id", "wind", "player", "verdict", "reason", "by_link", "at"]
        read_only_fields = fields


class ConfirmationSerializer(serializers.Serializer):
    """A hand's check: ``state`` is ``counted`` for a hand nobody was asked to confirm."""

    hand = serializers.IntegerField()
    table = serializers.IntegerField()
    number = serializers.IntegerField()
    voided = serializers.BooleanField()
    rule = serializers.ChoiceField(choices=["none", "players", "unchallenged"])
    state = serializers.ChoiceField(choices=HandCheck.State.choices)
    counted = serializers.BooleanField(help_text="Whether the standings take the hand in.")
    needed = serializers.IntegerField(allow_null=True)
    due_at = DateTime(allow_null=True)
    ruling = serializers.CharField(help_text='"keep", "void", or "" before a ruling.')
    ruling_reason = serializers.CharField()
    ruled_at = DateTime(allow_null=True)
    may_answer = serializers.ListField(child=serializers.IntegerField(), help_text="Player ids.")
    answers = AnswerSerializer(many=True)


def confirmation_data(hand: Hand) -> dict:
    check = HandCheck.objects.filter(hand=hand).first()
    answers = HandAnswer.objects.filter(hand=hand).select_related("seat")
    return {
        "hand": hand.pk,
        "table": hand.table_id,
        "number": hand.number,
        "voided": hand.is_void,
        "rule": check.rule if check else "none",
        "state": check.state if check else HandCheck.State.COUNTED,
        "counted": check.counted if check else True,
        "needed": check.needed if check and check.rule == "players" else None,
        "due_at": check.due_at if check else None,
        "ruling": check.ruling if check else "",
        "ruling_reason": check.ruling_reason if check else "",
        "ruled_at": check.ruled_at if check else None,
        "may_answer": sorted(s.player_id for s in answering_seats(hand)),
        "answers": AnswerSerializer(answers, many=True).data,
    }


class AnswerRequestSerializer(serializers.Serializer):
    verdict = serializers.ChoiceField(choices=HandAnswer.Verdict.choices)
    reason = Text(max_length=300, required=False, allow_blank=True, default="",
                  help_text="Required for a dispute: what is wrong.")  # fmt: skip


class RulingRequestSerializer(serializers.Serializer):
    ruling = serializers.ChoiceField(choices=HandCheck.Ruling.choices)
    reason = Text(max_length=300)


def _hand(pk) -> Hand:
    return get_or_404(Hand.objects.select_related("table__round__competition", "void"), pk)


def _body(request) -> AnswerRequestSerializer:
    """The answer's body, read first: a malformed one is a 400 whoever sends it (as on every endpoint)."""
    body = AnswerRequestSerializer(data=request.data)
    body.is_valid(raise_exception=True)
    return body


def _answered(hand: Hand, seat: Seat, request, body, *, by_link: bool) -> Response:
    try:
        answered = hand_answer(
            hand=hand,
            seat=seat,
            verdict=body.validated_data["verdict"],
            reason=body.validated_data["reason"],
            user=request.user,
            by_link=by_link,
            meta=request_meta(request),
        )
    except HandRejected as exc:
        return error_response(exc.problems, exc.status)
    hand = _hand(hand.pk)
    return Response(confirmation_data(hand), status=status.HTTP_201_CREATED if answered.created else 200)


ANSWER_DOC = (
    "`verdict` `agree` or `dispute` (with a `reason`). One answer per seat and hand: the same answer sent "
    "again answers 200 and records nothing; another answer is refused (409), as is any answer after the "
    "organiser's ruling or a void. The player whose account entered the hand does not answer (403)."
)


class HandConfirmationsView(LeagueAPIMixin, GenericAPIView):
    permission_classes = [IsAuthenticated]
    serializer_class = ConfirmationSerializer

    @extend_schema(
        summary="A hand's confirmations",
        description="Its check (state, whether it counts for the standings), the answers and any ruling. "
        "For the competition's organisers, the table's scorekeeper and the players seated at the table.",
        parameters=[id_parameter("id", "hand")],
        responses={200: ConfirmationSerializer, **_errors(401, 403, 404)},
    )
    def get(self, request, pk):
        hand = _hand(pk)
        table = hand.table
        seated = Seat.objects.filter(table=table, player__user=request.user).exists()
        if not (seated or may_record(request.user, table)):
            raise PermissionDenied(
                _("Only the players, the scorekeeper and the organisers see this table's answers.")
            )
        return Response(confirmation_data(hand))

    @extend_schema(
        summary="Answer for my seat: agree or dispute",
        description=ANSWER_DOC + " For a signed-in player seated at the hand's table.",
        parameters=[id_parameter("id", "hand")],
        request=AnswerRequestSerializer,
        responses={201: ConfirmationSerializer, 200: ConfirmationSerializer,
                   **errors(400, 401, 403, 404, 409, 422, conflicts=ANSWER_409, refusals=ANSWER_422)},
    )  # fmt: skip
    def post(self, request, pk):
        hand = _hand(pk)
        body = _body(request)
        seat = Seat.objects.filter(table_id=hand.table_id, player__user=request.user).first()
        if seat is None:
            raise PermissionDenied(_("Only a player seated at this table answers for their seat."))
        return _answered(hand, seat, request, body, by_link=False)


TOKEN = OpenApiParameter("token", str, OpenApiParameter.PATH, description="The seat's private link token.")
HAND_ID = OpenApiParameter("hand_id", int, OpenApiParameter.PATH, description="The hand's id.")


class SeatTableSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    wind = serializers.CharField()
    player = serializers.IntegerField()
    name = serializers.CharField()
    table = serializers.IntegerField()
    hands = serializers.ListField(child=serializers.DictField(), help_text="Each: `hand` and `confirmation`.")


def _seat(token: str) -> Seat:
    seat = seat_for_token(token)
    if seat is None:
        raise Http404
    return seat


def _draft(seat: Seat) -> Response | None:
    """A draft's seat: 422 ``round_not_published``, saying nothing of the draft (issue 14)."""
    if not seat_link_in_draft(seat):
        return None
    return error_response([{"code": "round_not_published", "message": seat_link_draft_words(seat)}], 422)


class SeatView(LeagueAPIMixin, GenericAPIView):
    permission_classes = [AllowAny]  # the token is the credential: it names one seat
    serializer_class = SeatTableSerializer

    @extend_schema(
        summary="A seat's table, through its private link",
        description="The seat, and the table's hands (newest first) each with its confirmations. While the "
        "round's seating is a draft (drawn, or drawn again, not yet published): 422, nothing of the draft.",
        parameters=[TOKEN],
        responses={200: SeatTableSerializer, **errors(404, 422, refusals=SEAT_422)},
    )
    def get(self, request, token):
        seat = _seat(token)
        if (draft := _draft(seat)) is not None:
            return draft
        hands = Hand.objects.filter(table=seat.table).select_related("void").prefetch_related("transfers")
        return Response(
            {
                "seat": seat.pk,
                "wind": seat.wind,
                "player": seat.player_id,
                "name": seat.player.name,
                "table": seat.table_id,
                "hands": [
                    {"hand": HandSerializer(h).data, "confirmation": confirmation_data(h)}
                    for h in hands.order_by("-sequence")
                ],
            }
        )


class SeatAnswerView(LeagueAPIMixin, GenericAPIView):
    permission_classes = [AllowAny]
    serializer_class = ConfirmationSerializer

    @extend_schema(
        summary="Answer for a seat through its private link",
        description=ANSWER_DOC + " Answers only for the link's own seat, for a hand of its table (else 404).",
        parameters=[TOKEN, HAND_ID],
        request=AnswerRequestSerializer,
        responses={201: ConfirmationSerializer, 200: ConfirmationSerializer,
                   **errors(400, 401, 403, 404, 409, 422, conflicts=ANSWER_409,
                            refusals=(*SEAT_422, *ANSWER_422))},
    )  # fmt: skip
    def post(self, request, token, hand_id):
        seat = _seat(token)
        hand = _hand(hand_id)
        if hand.table_id != seat.table_id:
            raise Http404
        body = _body(request)
        if (draft := _draft(seat)) is not None:  # a draft has no hand to answer: refused all the same
            return draft
        return _answered(hand, seat, request, body, by_link=True)


class DisputeItemSerializer(serializers.Serializer):
    hand = HandSerializer()
    confirmation = ConfirmationSerializer()


class CompetitionDisputesView(LeagueAPIMixin, GenericAPIView):
    permission_classes = [IsAuthenticated]
    serializer_class = DisputeItemSerializer
    pagination_class = None  # the whole queue, a JSON array (the schema said a page: long schema fuzz run)

    @extend_schema(
        summary="The organiser's queue: disputed and waiting hands",
        description="Hands disputed or waiting for confirmation, not ruled on and not voided, oldest first. "
        "For the competition's organisers.",
        parameters=[id_parameter("id", "competition")],
        responses={200: DisputeItemSerializer(many=True), **_errors(401, 403, 404)},
    )
    def get(self, request, pk):
        competition = get_or_404(Competition.objects.all(), pk)
        if not can_manage_competition(request.user, competition):
            raise PermissionDenied(_("Only an organiser of this competition may do that."))
        checks = (
            HandCheck.objects.filter(
                hand__table__round__competition=competition,
                state__in=[HandCheck.State.DISPUTED, HandCheck.State.PENDING],
                ruling="",
                hand__void__isnull=True,
            )
            .select_related("hand__void")
            .order_by("hand__recorded_at")
        )
        return Response(
            [{"hand": HandSerializer(c.hand).data, "confirmation": confirmation_data(c.hand)} for c in checks]
        )


class HandRulingView(LeagueAPIMixin, GenericAPIView):
    permission_classes = [IsAuthenticated]
    serializer_class = RulingRequestSerializer

    @extend_schema(
        summary="Rule on a disputed or waiting hand",
        description="`ruling` `keep` (it counts) or `void` (voided through the ledger; the scorekeeper "
        "enters it again, `POST /hands/{id}/correct/`), with a `reason`. For the competition's organisers.",
        parameters=[id_parameter("id", "hand")],
        request=RulingRequestSerializer,
        responses={
            200: ConfirmationSerializer,
            **errors(400, 401, 403, 404, 409, 422, conflicts=RULING_409, refusals=RULING_422),
        },
    )
    def post(self, request, pk):
        hand = _hand(pk)
        if not can_manage_competition(request.user, hand.table.round.competition):
            raise PermissionDenied(_("Only an organiser of this competition may do that."))
        body = RulingRequestSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            hand_rule(hand=hand, user=request.user, meta=request_meta(request), **body.validated_data)
        except HandRejected as exc:
            return error_response(exc.problems, exc.status)
        return Response(confirmation_data(_hand(pk)))
