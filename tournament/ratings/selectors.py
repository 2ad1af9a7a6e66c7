"""Reads of the stored ratings for pages and the API (issue 35).

- ``ratings_list(club=None)``: every rated player, best rating first, with
  his **rank** among those listed (a club's list ranks its players 1, 2, ...;
  equal ratings share a rank); ties in the list go by name, then id.
- ``rating_history(player)``: what each rated session did to his rating,
  oldest first (the rating order, ``tournament.ratings.sessions``).

Only what is public is stored: finished rounds whose results are not held.
"""

from __future__ import annotations

from django.db.models import F, QuerySet, Window
from django.db.models.functions import Rank

from tournament.models import Player, PlayerRating, RatingChange
from tournament.ratings.rate import MIN_SESSIONS


def ratings_list(club: int | None = None) -> QuerySet:
    ratings = PlayerRating.objects.select_related("player__club")
    if club is not None:
        ratings = ratings.filter(player__club_id=club)
    return ratings.annotate(rank=Window(Rank(), order_by=F("rating").desc())).order_by(
        "-rating", "player__name", "player_id"
    )


def rating_history(player: Player) -> QuerySet:
    return (
        RatingChange.objects.filter(player=player)
        .select_related("competition", "round")
        .order_by("ended_at", "round_id", "table_id")
    )


def provisional(sessions: int) -> bool:
    return sessions < MIN_SESSIONS
