"""Standings of a competition or of one round, computed on read (``tournament.standings``).

The organisers of the competition also see rounds whose results are held
back (``Round.results_held``); everybody else sees them left out.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers
from rest_framework.response import Response

from tournament.api.base import LeagueAPIMixin, errors, get_or_404, id_parameter
from tournament.models import Competition, Round
from tournament.roles import can_manage_competition
from tournament.standings import standings_compute


class StandingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField(allow_null=True)
    shared = serializers.BooleanField(help_text="Another player holds the same rank.")
    player = serializers.IntegerField(source="totals.player_id")
    name = serializers.CharField(source="totals.name")
    club = serializers.CharField(source="totals.club", allow_null=True)
    chips = serializers.IntegerField(source="totals.net_chips", help_text="Net chips, all tables.")
    hands_won = serializers.IntegerField(source="totals.hands_won")
    sessions = serializers.IntegerField(source="totals.sessions")
    self_drawn_wins = serializers.IntegerField(source="totals.self_drawn_wins")
    za_hu = serializers.IntegerField(source="totals.za_hu")
    biggest_hand = serializers.IntegerField(source="totals.biggest_hand")
    withdrawn = serializers.BooleanField(source="totals.withdrawn")


class StandingsSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    competition = serializers.IntegerField()
    round = serializers.IntegerField(allow_null=True)
    computed_at = serializers.DateTimeField()
    held = serializers.BooleanField(help_text="The round's results are held back until released.")
    results = StandingRowSerializer(many=True)


class _StandingsView(LeagueAPIMixin, generics.GenericAPIView):
    """Standings, computed on read from the ledger."""

    serializer_class = StandingsSerializer

    def answer(self, request, competition, rnd=None) -> Response:
        include_held = can_manage_competition(request.user, competition)
        standings = standings_compute(competition, rnd, include_held=include_held)
        page = self.paginator.paginate_queryset(standings.rows, request, view=self)
        return Response(
            {
                "count": self.paginator.page.paginator.count,
                "next": self.paginator.get_next_link(),
                "previous": self.paginator.get_previous_link(),
                "competition": competition.pk,
                "round": rnd.pk if rnd is not None else None,
                "computed_at": standings.computed_at,
                "held": standings.held,
                "results": StandingRowSerializer(page, many=True).data,
            }
        )


class CompetitionStandingsView(_StandingsView):
    """Every player entered, ranked on net chips across all the competition's tables."""

    @extend_schema(
        summary="Standings of a competition",
        description="Ranked by net chips, then hands won, then the biggest hand; equals share a place.",
        parameters=[id_parameter("id", "competition")],
        responses={200: StandingsSerializer, **errors(404)},
    )
    def get(self, request, pk):
        return self.answer(request, get_or_404(Competition.objects.all(), pk))


class RoundStandingsView(_StandingsView):
    """The players of one round, ranked on their net chips in it."""

    @extend_schema(
        summary="Standings of one round",
        description="The players seated in the round, ranked as the competition's standings.",
        parameters=[id_parameter("id", "round")],
        responses={200: StandingsSerializer, **errors(404)},
    )
    def get(self, request, pk):
        rnd = get_or_404(Round.objects.select_related("competition"), pk)
        return self.answer(request, rnd.competition, rnd)
