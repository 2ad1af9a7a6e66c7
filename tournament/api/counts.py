"""Chip counts and the integrity flags in the API (issue 19), each write through
``tournament.counts.services``.

- ``GET /api/v1/tables/{id}/counts/``: the table's counts, to its scorekeeper,
  its players (by their account) and the competition's organisers; anybody
  else signed in gets 403 (players see only their tables).
- ``POST /api/v1/tables/{id}/counts/``: the scorekeeper of the table (or an
  organiser) enters the chips counted, ``{"chips": {"<player id>": chips}}``.
- ``POST /api/v1/tables/{id}/counts/request/``: an organiser asks for a count.
- ``POST /api/v1/counts/{id}/accept/`` (with a ``reason``) and
  ``POST /api/v1/counts/{id}/compare/``: an organiser settles a difference.
- ``GET /api/v1/competitions/{id}/integrity/``: the organiser's flags, each
  with the ids of the hands behind it.

A count the door refuses is 400 (malformed) or 422 (a total that is not the
table's, no count asked for, not a differing count), in the Error shape.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import generics, serializers, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from tournament.access.request_meta import request_meta
from tournament.access.roles import can_manage_competition
from tournament.api.base import WRITE, LeagueAPIMixin, error_response, errors, get_or_404, id_parameter
from tournament.api.fields import Integer, Text
from tournament.api.parsers import body_object
from tournament.api.permissions import COMPETITION_ORGANISER, READ_OR_SIGNED_IN, SCOREKEEPER
from tournament.api.refusals import COUNT_ENTER_422, COUNT_REQUEST_422, COUNT_SETTLE_422
from tournament.counts import services as service
from tournament.counts.integrity import integrity_report
from tournament.counts.integrity_stats import ALPHA, MIN_FEEDS, MIN_ZA_HU
from tournament.models import ChipCount, Competition, Table


class AdjustmentSerializer(serializers.Serializer):
    from_player = serializers.IntegerField(source="from_player_id")
    to_player = serializers.IntegerField(source="to_player_id")
    amount = serializers.IntegerField()


class ChipCountSerializer(serializers.ModelSerializer):
    chips = serializers.DictField(child=serializers.IntegerField(), help_text="Player id → chips counted.")
    ledger = serializers.DictField(
        child=serializers.IntegerField(), help_text="Player id → the ledger's balance it was compared with."
    )
    differences = serializers.SerializerMethodField(help_text="Player id → counted minus ledger, if not 0.")
    hands_since_agreed = serializers.SerializerMethodField(
        help_text="The ids of the hands recorded since the last agreed count, up to this one."
    )
    adjustment = AdjustmentSerializer(source="adjustments", many=True, read_only=True)

    class Meta:
        model = ChipCount
        fields = [
            "id", "table", "status", "at_end", "requested_at", "counted_at", "chips", "ledger", "differences",
            "after_sequence", "reason", "resolved_at", "hands_since_agreed", "adjustment",
        ]  # fmt: skip
        read_only_fields = fields

    def get_differences(self, count) -> dict[str, int]:
        return {str(pid): d for pid, d in count.differences.items()}

    def get_hands_since_agreed(self, count) -> list[int]:
        return [h.pk for h in service.hands_since_agreed(count)]


MAX_CHIPS = 10**9  # a sane bound, far past any table's chips (Competition.capital's bound)


@extend_schema_field(
    {
        "type": "object",
        "additionalProperties": {"type": "integer", "minimum": 0, "maximum": MAX_CHIPS},
        # One entry for each of the table's four players (keys: their ids, which the schema cannot list).
        "minProperties": 4,
        "maxProperties": 4,
    }
)
class SeatChipsField(serializers.DictField):
    """Player id → chips: four entries, each a JSON integer."""


class CountEntrySerializer(serializers.Serializer):
    chips = SeatChipsField(
        child=Integer(min_value=0, max_value=MAX_CHIPS),
        allow_empty=False,
        help_text="Player id → chips counted in front of the player, for each of the table's four players.",
    )


class CountAcceptSerializer(serializers.Serializer):
    reason = Text(max_length=300, help_text="Why the count is accepted (kept in the audit log).")


def _refused(exc: service.CountError) -> Response:
    return error_response(exc.problems, exc.status)


def _table(pk) -> Table:
    return get_or_404(Table.objects.select_related("round__competition").prefetch_related("seats"), pk)


def _counts():
    return ChipCount.objects.select_related("table").prefetch_related("adjustments")


class TableCountsView(LeagueAPIMixin, generics.ListAPIView):
    serializer_class = ChipCountSerializer
    permission_classes = [IsAuthenticated, *SCOREKEEPER[1:]]

    def get_queryset(self):
        if "pk" not in self.kwargs:  # the schema generator asks without a table
            return ChipCount.objects.none()
        table = _table(self.kwargs["pk"])
        if not service.may_see_counts(self.request.user, table):
            raise PermissionDenied(
                _("Only this table's scorekeeper, its players and the organisers see its counts.")
            )
        return _counts().filter(table=table).order_by("-pk")

    @extend_schema(
        summary="A table's chip counts",
        description="Its scorekeeper, its players (by their account) and the competition's organisers.",
        parameters=[id_parameter("id", "table")],
        responses={200: ChipCountSerializer, **errors(401, 403, 404)},
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    @extend_schema(
        summary="Enter a chip count",
        description=(
            "The chips in front of each of the four players, when a count is asked for or the session is "
            "over. Compared with the ledger: `matched`, or `differs` (the organiser accepts it or the wrong "
            "hand is corrected). A total other than the table's (chips are never created or lost) is 422 "
            "`total_differs`; no count due is 422 `no_count_due`."
        ),
        parameters=[id_parameter("id", "table")],
        request=CountEntrySerializer,
        responses={201: ChipCountSerializer, **errors(*WRITE, 422, refusals=COUNT_ENTER_422)},
    )
    def post(self, request, pk):
        table = _table(pk)
        self.check_object_permissions(request, table)
        body = CountEntrySerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            count = service.count_enter(
                table, chips=body.validated_data["chips"], user=request.user, meta=request_meta(request)
            )
        except service.CountError as exc:
            return _refused(exc)
        return Response(ChipCountSerializer(_counts().get(pk=count.pk)).data, status=status.HTTP_201_CREATED)


class CountRequestView(LeagueAPIMixin, generics.GenericAPIView):
    serializer_class = ChipCountSerializer
    permission_classes = COMPETITION_ORGANISER

    @extend_schema(
        summary="Ask for a chip count at a table",
        description="At any time during a session; a count already asked for and not entered is answered.",
        parameters=[id_parameter("id", "table")],
        request=None,
        responses={201: ChipCountSerializer, **errors(*WRITE, 422, refusals=COUNT_REQUEST_422)},
    )
    def post(self, request, pk):
        table = _table(pk)
        self.check_object_permissions(request, table)
        body_object(request)  # parsed: a malformed body, or one not an object, is a 400 before any change
        try:
            count = service.count_request(table, user=request.user, meta=request_meta(request))
        except service.CountError as exc:
            return _refused(exc)
        return Response(ChipCountSerializer(_counts().get(pk=count.pk)).data, status=status.HTTP_201_CREATED)


class _CountActionView(LeagueAPIMixin, generics.GenericAPIView):
    serializer_class = ChipCountSerializer
    permission_classes = COMPETITION_ORGANISER

    def count(self, request, pk) -> ChipCount:
        count = get_or_404(ChipCount.objects.select_related("table__round__competition"), pk)
        self.check_object_permissions(request, count.table)
        return count

    def answer(self, door) -> Response:
        try:
            count = door()
        except service.CountError as exc:
            return _refused(exc)
        return Response(ChipCountSerializer(_counts().get(pk=count.pk)).data)


class CountAcceptView(_CountActionView):
    @extend_schema(
        summary="Accept a differing chip count",
        description=(
            "The difference between the count and the ledger (compared again now) enters the ledger as "
            "`adjustment` transfers that sum to zero; standings include them. 422 unless the count differs."
        ),
        parameters=[id_parameter("id", "chip count")],
        request=CountAcceptSerializer,
        responses={200: ChipCountSerializer, **errors(*WRITE, 422, refusals=COUNT_SETTLE_422)},
    )
    def post(self, request, pk):
        count = self.count(request, pk)
        body = CountAcceptSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        reason = body.validated_data["reason"]
        return self.answer(
            lambda: service.count_accept(count, reason=reason, user=request.user, meta=request_meta(request))
        )


class CountCompareView(_CountActionView):
    @extend_schema(
        summary="Compare a differing chip count with the ledger again",
        description="After the wrong hand was corrected: `matched` when the ledger says what was counted.",
        parameters=[id_parameter("id", "chip count")],
        request=None,
        responses={200: ChipCountSerializer, **errors(*WRITE, 422, refusals=COUNT_SETTLE_422)},
    )
    def post(self, request, pk):
        count = self.count(request, pk)
        body_object(request)
        return self.answer(
            lambda: service.count_compare(count, user=request.user, meta=request_meta(request))
        )


# --- the integrity flags ---------------------------------------------------------------------------------


class CountFlagSerializer(serializers.Serializer):
    count = serializers.IntegerField(source="count.pk")
    table = serializers.IntegerField(source="count.table_id")
    status = serializers.CharField(source="count.status")
    differences = serializers.SerializerMethodField()
    hands = serializers.SerializerMethodField()

    def get_differences(self, flag) -> dict[str, int]:
        return {str(player.pk): difference for player, _c, _l, difference in flag.differences}

    def get_hands(self, flag) -> list[int]:
        return [h.pk for h in flag.hands]


class VoidsSerializer(serializers.Serializer):
    recorded_by = serializers.CharField()
    hands = serializers.SerializerMethodField()

    def get_hands(self, group) -> list[int]:
        return [h.pk for h in group.hands]


class FeedingSerializer(serializers.Serializer):
    discarder = serializers.IntegerField(source="stat.discarder")
    winner = serializers.IntegerField(source="stat.winner")
    fed = serializers.IntegerField(source="stat.fed")
    chances = serializers.IntegerField(
        source="stat.chances", help_text="The discarder's feeds at shared tables."
    )
    chance = serializers.FloatField(
        source="stat.tail", help_text="P(this many or more) if chance alone chose."
    )
    hands = serializers.SerializerMethodField()

    def get_hands(self, pattern) -> list[int]:
        return [h.pk for h in pattern.hands]


class ZaHuSerializer(serializers.Serializer):
    player = serializers.IntegerField(source="stat.player")
    za_hu = serializers.IntegerField(source="stat.za_hu")
    hands_played = serializers.IntegerField(source="stat.hands_played")
    chance = serializers.FloatField(
        source="stat.tail", help_text="P(this many or more) at the competition's rate."
    )
    flagged = serializers.BooleanField(source="stat.flagged")
    hands = serializers.SerializerMethodField()

    def get_hands(self, pattern) -> list[int]:
        return [h.pk for h in pattern.hands]


class IntegritySerializer(serializers.Serializer):
    disputed = serializers.SerializerMethodField(help_text="Hands disputed by a player, not ruled on yet.")
    unconfirmed = serializers.SerializerMethodField(help_text="Hands still waiting for the players' answers.")
    counts = CountFlagSerializer(many=True)
    late_hands = serializers.SerializerMethodField(help_text="Hands recorded after their round's end time.")
    voids = VoidsSerializer(many=True)
    feeding = FeedingSerializer(many=True)
    za_hu = ZaHuSerializer(many=True)
    thresholds = serializers.SerializerMethodField()

    def get_disputed(self, report) -> list[int]:
        return [h.pk for h in report.disputed]

    def get_unconfirmed(self, report) -> list[int]:
        return [h.pk for h in report.unconfirmed]

    def get_late_hands(self, report) -> list[int]:
        return [h.pk for h in report.late_hands]

    def get_thresholds(self, report) -> dict[str, float]:
        return {"alpha": ALPHA, "min_feeds": MIN_FEEDS, "min_za_hu": MIN_ZA_HU}


class CompetitionIntegrityView(LeagueAPIMixin, generics.GenericAPIView):
    serializer_class = IntegritySerializer
    permission_classes = [READ_OR_SIGNED_IN, IsAuthenticated]

    @extend_schema(
        summary="What looks wrong across a competition",
        description=(
            "For its organisers: facts to look at, never verdicts, each with the ids of the hands behind it."
        ),
        parameters=[id_parameter("id", "competition")],
        responses={200: IntegritySerializer, **errors(401, 403, 404)},
    )
    def get(self, request, pk):
        competition = get_or_404(Competition.objects.all(), pk)
        if not can_manage_competition(request.user, competition):
            raise PermissionDenied(_("Only an organiser of this competition may do that."))
        return Response(IntegritySerializer(integrity_report(competition)).data)
