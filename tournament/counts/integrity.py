"""What looks wrong across a competition, for its organisers (issue 19): facts to look at, never verdicts.

``integrity_report(competition)`` reads the competition's hands, voids, seats
and chip counts once and answers each section with the hands behind it:

- **confirmations**: disputed hands not ruled on yet, and hands still waiting
  for the players' confirmation (``tournament.confirmations.services``: ``HandCheck``).
- **counts**: tables whose chip count did not match the ledger (differing,
  counted again, or accepted with an adjustment), with the differences and the
  hands since the last agreed count (``tournament.counts.services``).
- **late hands**: hands recorded after their round's scheduled end time and its extra time (issue 36).
- **voids by scorekeeper**: the voided hands, grouped by who had recorded them.
- **patterns**: one discarder feeding one winner far more often than chance,
  and Za Hu rates by player (``tournament.counts.integrity_stats``, which explains
  the statistics).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import F

from tournament.access.audit import actor_name
from tournament.counts.integrity_stats import Feed, FeedPattern, ZaHuRate, feeding_patterns, za_hu_rates
from tournament.counts.services import hands_since_agreed
from tournament.models import ChipCount, Competition, Hand, HandCheck, Player, Seat

NOT_MATCHED = (ChipCount.Status.DIFFERS, ChipCount.Status.SUPERSEDED, ChipCount.Status.ACCEPTED)


@dataclass(frozen=True)
class CountFlag:
    count: ChipCount
    differences: list[tuple[Player, int, int, int]]  # player, counted, ledger, counted minus ledger
    hands: list[Hand]


@dataclass(frozen=True)
class VoidsOf:
    recorded_by: str
    hands: list[Hand]


@dataclass(frozen=True)
class Pattern:
    """A statistic with its players and hands (``FeedPattern`` or ``ZaHuRate``)."""

    stat: FeedPattern | ZaHuRate
    players: tuple[Player, ...]
    hands: list[Hand]


@dataclass(frozen=True)
class IntegrityReport:
    competition: Competition
    counts: list[CountFlag]
    late_hands: list[Hand]
    voids: list[VoidsOf]
    feeding: list[Pattern]
    za_hu: list[Pattern]
    disputed: list[Hand] = field(default_factory=list)
    unconfirmed: list[Hand] = field(default_factory=list)


def _hands(competition: Competition):
    return Hand.objects.filter(table__round__competition=competition).select_related(
        "table__round", "void", "winner", "discarder", "offender", "recorded_by"
    )


def integrity_report(competition: Competition) -> IntegrityReport:
    hands = list(_hands(competition).order_by("table__round__number", "table__number", "sequence"))
    by_id = {h.pk: h for h in hands}
    standing = [h for h in hands if not h.is_void]
    players = {p.pk: p for p in Player.objects.filter(seats__round__competition=competition).distinct()}
    table_players: dict[int, frozenset[int]] = defaultdict(frozenset)
    for table_id, player_id in Seat.objects.filter(round__competition=competition).values_list(
        "table_id", "player_id"
    ):
        table_players[table_id] = table_players[table_id] | {player_id}

    played: dict[int, int] = defaultdict(int)
    za_hu: dict[int, list[int]] = defaultdict(list)
    feeds = []
    for hand in standing:
        for player in table_players[hand.table_id]:
            played[player] += 1
        if hand.outcome == Hand.Outcome.FALSE_WIN and hand.offender_id:
            za_hu[hand.offender_id].append(hand.pk)
        if hand.outcome == Hand.Outcome.WIN and not hand.self_drawn and hand.discarder_id:
            opponents = table_players[hand.table_id] - {hand.discarder_id}
            feeds.append(Feed(hand.pk, hand.discarder_id, hand.winner_id, opponents))

    voids: dict[str, list[Hand]] = defaultdict(list)
    for hand in hands:
        if hand.is_void:
            voids[actor_name(hand.recorded_by)].append(hand)

    # After the round's end and its extra time (issue 36: ``Round.clock_ends``).
    after_end = _hands(competition).filter(recorded_at__gt=F("table__round__ends_at")).order_by("pk")
    late = [h for h in after_end if h.recorded_at > h.table.round.clock_ends]
    open_checks = dict(
        HandCheck.objects.filter(hand__table__round__competition=competition, ruling="")
        .filter(hand__void__isnull=True, state__in=[HandCheck.State.DISPUTED, HandCheck.State.PENDING])
        .values_list("hand_id", "state")
    )
    return IntegrityReport(
        competition=competition,
        disputed=[h for h in standing if open_checks.get(h.pk) == HandCheck.State.DISPUTED],
        unconfirmed=[h for h in standing if open_checks.get(h.pk) == HandCheck.State.PENDING],
        counts=_count_flags(competition, players),
        late_hands=late,
        voids=[VoidsOf(name, voids[name]) for name in sorted(voids, key=lambda n: (-len(voids[n]), n))],
        feeding=[
            Pattern(p, (players[p.discarder], players[p.winner]), [by_id[h] for h in p.hands])
            for p in feeding_patterns(feeds)
        ],
        za_hu=[
            Pattern(r, (players[r.player],), [by_id[h] for h in r.hands]) for r in za_hu_rates(played, za_hu)
        ],
    )


def _count_flags(competition: Competition, players: dict[int, Player]) -> list[CountFlag]:
    counts = (
        ChipCount.objects.filter(table__round__competition=competition, status__in=NOT_MATCHED)
        .select_related("table__round")
        .order_by("table__round__number", "table__number", "pk")
    )
    flags = []
    for count in counts:
        differences = [
            (players[int(pid)], chips, count.ledger.get(pid, 0), chips - count.ledger.get(pid, 0))
            for pid, chips in count.chips.items()
            if chips != count.ledger.get(pid, 0) and int(pid) in players
        ]
        flags.append(CountFlag(count, differences, hands_since_agreed(count)))
    return flags
