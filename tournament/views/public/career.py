"""A player's record across every competition (issue 35): the top of the player's page.

Public data only, whoever looks (the organisers' own views are per
competition): **public rounds** are those under way or over (a round only
seated is not a night played yet) whose results are not held. Over them:

- **seasons**: each competition played, with its **nights** (rounds the
  player sat in: one session a night), net chips and chips per night;
- **best hands**: the player's wins with the most doubles, hands that stand;
- **self-drawn**: his wins on a tile he drew himself, and their share of
  his wins; **Za Hu**: his false wins (001 rule 33);
- **met most**: the players he sat with most often, and how often;
- **rating**: the stored rating (``tournament.ratings``) and its history,
  for the chart: from 0 (a newcomer) to the rating after each session.

As the standings do, a hand whose check does not count yet is left out.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Count, Q, QuerySet, Sum

from tournament.models import ChipTransfer, Competition, Hand, HandCheck, Player, PlayerRating, Round, Seat
from tournament.ratings.rate import MIN_SESSIONS
from tournament.ratings.selectors import rating_history
from tournament.views.public.history import is_limit

BEST_HANDS = 5
MET_MOST = 5


@dataclass(frozen=True)
class Season:
    competition: Competition
    nights: int
    chips: int

    @property
    def per_night(self) -> str:
        return f"{self.chips / self.nights:+.1f}" if self.nights else ""


@dataclass(frozen=True)
class Career:
    seasons: list[Season]
    best_hands: list[tuple[Hand, bool]]  # (the hand, a limit hand)
    wins: int
    self_drawn: int
    za_hu: int
    met: list[tuple[int, str, int]]  # (player id, name, sessions together)
    rating: PlayerRating | None
    chart: dict

    min_sessions: int = MIN_SESSIONS

    @property
    def provisional(self) -> bool:
        return self.rating is None or self.rating.sessions < MIN_SESSIONS

    @property
    def self_drawn_share(self) -> str:
        return f"{100 * self.self_drawn / self.wins:.0f}%" if self.wins else ""


def public_rounds() -> QuerySet:
    """Rounds under way or over whose results are not held (a round only seated is no night yet)."""
    return Round.objects.filter(results_held=False, status__in=(Round.Status.PLAYING, Round.Status.FINISHED))


def _counted(hands: QuerySet) -> QuerySet:
    return hands.exclude(pk__in=HandCheck.objects.filter(counted=False).values("hand_id"))


def _seasons(player: Player, rounds: QuerySet) -> list[Season]:
    nights: dict[int, set[int]] = defaultdict(set)
    for competition, round_id in Seat.objects.filter(player=player, round__in=rounds).values_list(
        "round__competition_id", "round_id"
    ):
        nights[competition].add(round_id)
    uncounted = HandCheck.objects.filter(counted=False).values("hand_id")
    transfers = ChipTransfer.objects.filter(table__round__in=rounds).exclude(hand__in=uncounted).order_by()
    chips: dict[int, int] = defaultdict(int)
    for side, sign in (("to_player", 1), ("from_player", -1)):
        rows = (
            transfers.filter(**{side: player})
            .values("table__round__competition_id")
            .annotate(n=Sum("amount"))
        )
        for row in rows:
            chips[row["table__round__competition_id"]] += sign * row["n"]
    competitions = Competition.objects.filter(pk__in=set(nights) | set(chips)).order_by("-starts_on", "-pk")
    return [Season(c, len(nights.get(c.pk, ())), chips.get(c.pk, 0)) for c in competitions]


def _met(player: Player, rounds: QuerySet) -> list[tuple[int, str, int]]:
    tables = Seat.objects.filter(player=player, round__in=rounds).values("table_id")
    others = (
        Seat.objects.filter(table__in=tables)
        .exclude(player=player)
        .values("player_id", "player__name")
        .annotate(n=Count("id"))
        .order_by("-n", "player__name", "player_id")[:MET_MOST]
    )
    return [(row["player_id"], row["player__name"], row["n"]) for row in others]


def rating_chart(player: Player, *, start: str, label: str) -> dict:
    """The rating after each rated session, from a newcomer's 0 (one decimal, as shown)."""
    changes = list(rating_history(player))
    return {
        "labels": [start] + [c.day.isoformat() if c.day else "" for c in changes],
        "running": [0.0] + [round(c.rating_after, 1) for c in changes],
        "label": label,
        "up": not changes or changes[-1].rating_after >= 0,
    }


def player_career(player: Player, *, start: str, label: str) -> Career:
    rounds = public_rounds()
    won = _counted(
        Hand.objects.filter(
            winner=player, outcome=Hand.Outcome.WIN, void__isnull=True, table__round__in=rounds
        )
    )
    tally = won.aggregate(wins=Count("id"), self_drawn=Count("id", filter=Q(self_drawn=True)))
    best = won.select_related("table__round__competition").order_by("-doubles", "-pk")[:BEST_HANDS]
    za_hu = _counted(
        Hand.objects.filter(
            offender=player, outcome=Hand.Outcome.FALSE_WIN, void__isnull=True, table__round__in=rounds
        )
    ).count()
    return Career(
        seasons=_seasons(player, rounds),
        best_hands=[(hand, is_limit(hand)) for hand in best],
        wins=tally["wins"],
        self_drawn=tally["self_drawn"],
        za_hu=za_hu,
        met=_met(player, rounds),
        rating=PlayerRating.objects.filter(player=player).first(),
        chart=rating_chart(player, start=start, label=label),
    )
