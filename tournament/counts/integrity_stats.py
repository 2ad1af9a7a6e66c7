"""Unusual patterns in a competition's hands, as facts to look at (issue 19). Pure.

Nothing here is a verdict: a flag says "this happened more often than chance
would usually make it happen", and shows the hands behind it. With many
players and pairs some flags appear by chance alone; the organiser looks at
the hands.

- **feed**: a win on a discard: the **discarder** fed the **winner**. At a
  table of four each discard win is fed to one of the discarder's three
  opponents. If nothing but chance decided which, each opponent would get
  about a third of the discarder's feeds. For a pair (discarder, winner) we
  count ``n``, the discarder's feeds at the tables where that winner also
  sat, and ``k``, those that went to that winner, and ask how likely ``k``
  or more of ``n`` is when each goes to the winner with probability 1/3:
  the binomial tail ``P(X >= k)``, ``X ~ Binomial(n, 1/3)``. A pair is
  flagged when ``n`` is at least ``MIN_FEEDS`` (a handful of hands says
  nothing) and the tail is at most ``ALPHA``.
- **Za Hu rate**: a player's false wins (001 rule 15) per hand played. The
  chance is the competition's own rate (all false wins over all player-hands);
  a player is flagged when he has at least ``MIN_ZA_HU`` of them and the
  binomial tail of his count at that rate is at most ``ALPHA``.

What this module does not do: read the database (``tournament.counts.integrity`` does).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb

ALPHA = 0.01  # a flag: what chance alone does about once in a hundred times
MIN_FEEDS = 6  # fewer feeds between a pair say nothing either way
FEED_SHARE = Fraction(1, 3)  # each of the discarder's three opponents, if chance alone chose
MIN_ZA_HU = 2


def binomial_tail(k: int, n: int, p: float | Fraction) -> float:
    """P(X >= k) for X ~ Binomial(n, p), exactly (n is a few hundred at most)."""
    if k <= 0:
        return 1.0
    if k > n:
        return 0.0
    p = Fraction(p)
    return float(sum(comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1)))


@dataclass(frozen=True)
class Feed:
    """One win on a discard: who fed whom, and the discarder's three opponents at that table."""

    hand_id: int
    discarder: int
    winner: int
    opponents: frozenset[int]


@dataclass(frozen=True)
class FeedPattern:
    discarder: int
    winner: int
    fed: int  # k: the discarder's feeds to this winner
    chances: int  # n: the discarder's feeds at tables where this winner sat
    tail: float  # P(X >= fed) by chance alone
    hands: tuple[int, ...] = field(default=())  # the hands of the feeds to this winner

    @property
    def expected(self) -> float:
        return float(self.chances * FEED_SHARE)


def feeding_patterns(
    feeds: Iterable[Feed], *, min_feeds: int = MIN_FEEDS, alpha: float = ALPHA
) -> list[FeedPattern]:
    """The pairs where one discarder fed one winner far more often than chance, most unlikely first."""
    chances: dict[tuple[int, int], int] = defaultdict(int)
    fed: dict[tuple[int, int], list[int]] = defaultdict(list)
    for feed in feeds:
        for opponent in feed.opponents:
            chances[feed.discarder, opponent] += 1
        fed[feed.discarder, feed.winner].append(feed.hand_id)
    patterns = []
    for pair, hands in fed.items():
        n = chances[pair]
        if n < min_feeds:
            continue
        tail = binomial_tail(len(hands), n, FEED_SHARE)
        if tail <= alpha:
            patterns.append(FeedPattern(pair[0], pair[1], len(hands), n, tail, tuple(hands)))
    return sorted(patterns, key=lambda p: (p.tail, p.discarder, p.winner))


@dataclass(frozen=True)
class ZaHuRate:
    player: int
    za_hu: int
    hands_played: int
    tail: float  # P(X >= za_hu) at the competition's rate
    flagged: bool
    hands: tuple[int, ...] = field(default=())

    @property
    def rate(self) -> float:
        return self.za_hu / self.hands_played if self.hands_played else 0.0


def za_hu_rates(
    hands_played: Mapping[int, int],
    za_hu: Mapping[int, list[int]],
    *,
    min_za_hu: int = MIN_ZA_HU,
    alpha: float = ALPHA,
) -> list[ZaHuRate]:
    """Every player with a false win, highest rate first; flagged when far above the competition's rate."""
    total_hands = sum(hands_played.values())
    total = sum(len(h) for h in za_hu.values())
    if not total_hands or not total:
        return []
    overall = Fraction(total, total_hands)
    rates = []
    for player, hands in za_hu.items():
        n = max(hands_played.get(player, 0), len(hands))
        tail = binomial_tail(len(hands), n, overall)
        flagged = len(hands) >= min_za_hu and tail <= alpha
        rates.append(ZaHuRate(player, len(hands), n, tail, flagged, tuple(hands)))
    return sorted(rates, key=lambda r: (-r.rate, r.player))
