"""Ratings across every competition (issue 35; ../shared/spec/league-api.md, "Clubs and ratings").

Read from the stored ratings (``tournament.ratings.selectors``): a session is
rated once its round is finished and its results are not held, so nothing
here is hidden from anyone.
"""

from __future__ import annotations

import re

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, serializers
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response

from tournament.api.base import LeagueAPIMixin, errors, get_or_404, id_parameter
from tournament.api.serializers import MAX_ID
from tournament.models import Player, PlayerRating
from tournament.ratings.rate import MIN_SESSIONS
from tournament.ratings.selectors import provisional, rating_history, ratings_list


class RatingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField(help_text="Among the players listed; equal ratings share a rank.")
    player = serializers.IntegerField(source="player_id")
    name = serializers.CharField(source="player.name")
    club = serializers.IntegerField(source="player.club_id", allow_null=True)
    rating = serializers.FloatField(help_text="mu - 3 sigma, the conservative estimate: higher is better.")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    sessions = serializers.IntegerField(help_text="Rated sessions.")
    provisional = serializers.SerializerMethodField(
        help_text=f"Fewer than {MIN_SESSIONS} rated sessions: the rating may still move far."
    )

    def get_provisional(self, row) -> bool:
        return provisional(row.sessions)


class RatingsView(LeagueAPIMixin, generics.ListAPIView):
    """Every rated player, best first."""

    serializer_class = RatingRowSerializer
    queryset = PlayerRating.objects.none()  # the list is ``get_queryset``'s

    def get_queryset(self):
        club = self.request.query_params.get("club")
        if club is None:
            return ratings_list()
        if not re.fullmatch(r"[0-9]+", club) or not 1 <= int(club) <= MAX_ID:
            raise ValidationError({"club": [_("Give the club's id (a whole number).")]})
        return ratings_list(int(club))

    @extend_schema(
        summary="Ratings across every competition",
        description=(
            "Openskill's Plackett-Luce over every rated session (a finished round whose results are not "
            "held): four players ranked by their net chips at the table, equal chips sharing a place. "
            f"Provisional below {MIN_SESSIONS} rated sessions."
        ),
        parameters=[
            OpenApiParameter(
                "club",
                {"type": "integer", "minimum": 1, "maximum": MAX_ID},  # what get_queryset takes: an id
                description="Only the players of this club (id).",
            )
        ],
        responses={200: RatingRowSerializer(many=True), **errors(400, 404)},
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)


class RatingChangeSerializer(serializers.Serializer):
    round = serializers.IntegerField(source="round_id")
    table = serializers.IntegerField(source="table_id")
    competition = serializers.IntegerField(source="competition_id")
    date = serializers.DateField(source="day", allow_null=True)
    place = serializers.IntegerField(help_text="1-4 at the table by net chips; equal chips share a place.")
    rating_before = serializers.FloatField()
    rating_after = serializers.FloatField()


class PlayerRatingHistorySerializer(serializers.Serializer):
    player = serializers.IntegerField()
    count = serializers.IntegerField()
    results = RatingChangeSerializer(many=True)


class PlayerRatingsView(LeagueAPIMixin, generics.GenericAPIView):
    """What each rated session did to one player's rating, oldest first."""

    serializer_class = PlayerRatingHistorySerializer
    queryset = Player.objects.none()  # the path's id is a player's (the schema names it so)

    @extend_schema(
        summary="A player's rating history",
        parameters=[id_parameter("id", "player")],
        responses={200: PlayerRatingHistorySerializer, **errors(404)},
    )
    def get(self, request, pk):
        player = get_or_404(Player.objects.all(), pk)
        changes = list(rating_history(player))
        return Response(
            {
                "player": player.pk,
                "count": len(changes),
                "results": RatingChangeSerializer(changes, many=True).data,
            }
        )
