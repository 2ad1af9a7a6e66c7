"""A competition's club standings (issue 35; ../shared/spec/league-api.md, "Clubs and ratings").

Made from the same players' lines as the players' standings
(``tournament.api.standings``): the stored lines when they are current, else
computed on read from the ledger; the competition's organisers see held
rounds counted, as in the players' standings.
"""

from __future__ import annotations

from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers
from rest_framework.response import Response

from tournament.access.roles import can_manage_competition
from tournament.api.base import LeagueAPIMixin, errors, get_or_404, id_parameter
from tournament.api.fields import DateTime
from tournament.api.standings import _stored_meta
from tournament.models import Competition, StandingsMeta
from tournament.standings.clubs import club_standings
from tournament.standings.compute import scope_totals
from tournament.standings.store import COMPETITION_SCOPE, stored_lines


class ClubRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    shared = serializers.BooleanField(help_text="Another club holds the same rank.")
    club = serializers.IntegerField(source="line.club_id")
    name = serializers.CharField(source="line.name")
    chips = serializers.IntegerField(source="line.chips", help_text="Its players' net chips, added up.")
    players = serializers.IntegerField(source="line.players", help_text="Its players who played a session.")
    sessions = serializers.IntegerField(source="line.sessions", help_text="Its players' sessions, added up.")


class ClubStandingsSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    competition = serializers.IntegerField()
    computed_at = DateTime()
    results = ClubRowSerializer(many=True)


class CompetitionClubStandingsView(LeagueAPIMixin, generics.GenericAPIView):
    """Every club with a player in the competition, ranked by its players' chips."""

    serializer_class = ClubStandingsSerializer
    queryset = StandingsMeta.objects.none()  # DRF's browsable page asks for one

    @extend_schema(
        summary="Club standings of a competition",
        description=(
            "Each club's chips (its players' net chips added up), how many of its players played and "
            "their sessions; ranked by chips, equal clubs share a rank when the competition shares places."
        ),
        parameters=[id_parameter("id", "competition")],
        responses={200: ClubStandingsSerializer, **errors(404)},
    )
    def get(self, request, pk):
        competition = get_or_404(Competition.objects.all(), pk)
        meta = _stored_meta(competition, None)
        if meta is not None:
            lines, computed_at = stored_lines(competition, COMPETITION_SCOPE), meta.computed_at
        else:
            include_held = can_manage_competition(request.user, competition)
            lines = scope_totals(competition, include_held=include_held)
            computed_at = timezone.now()
        ranked = club_standings(competition, lines)
        return Response(
            {
                "count": len(ranked),
                "competition": competition.pk,
                "computed_at": computed_at,
                "results": ClubRowSerializer(ranked, many=True).data,
            }
        )
