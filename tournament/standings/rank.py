"""Standings: each player's totals from the hands that stand, and their ranking.

Two pure steps, over plain data (STYLE.md 3), so that the Celery tasks that
keep the stored standings current (issue 6: incremental after one hand, full
recompute, periodic reconciliation) can all be tested against one reference:

1. ``aggregate(lines, players)``: the totals of every player from plain
   per-hand lines (``HandLine``: one player's part in one hand that stands).
2. ``rank(rows, order=..., shared_places=...)``: the ranking of those totals
   by an organiser-chosen order of tie-break metrics.

Vocabulary

- **session**: one player's play at one table in one round (001 rule 14: it
  ends when a player has exhausted his capital or at the competition's time).
  ``sessions`` counts the distinct sessions a player has played in.
- **net chips**: the sum of a player's chip transfers over all sessions: what
  he won minus what he paid (the capital is not counted: every session starts
  from the same capital, 001 rule 14).
- **hands won**, **self-drawn wins**: wins by the player; a self-drawn win is
  one on a tile he drew himself (001 rule 17).
- **Za Hu**: a false win claimed by the player (001 rule 15), counted against
  him.
- **biggest hand**: the most doubles of any hand the player won (after the
  rule set's cap; a limit hand counts as its doubles as recorded).
- **chips per session**: net chips divided by sessions (0 without sessions).
- **metric**: one of the columns above, named as in ``METRICS``. Each has a
  natural direction: more is better, except ``za_hu`` where fewer is better.
  A metric written with a leading ``-`` in an order is taken the other way.
- **tie-break order**: the metrics compared one after another; the default is
  net chips, then hands won, then biggest hand (issue 6).
- **shared place**: players equal on every metric of the order share a rank,
  and the next rank skips ("1, 2, 2, 4"). Without shared places every rank
  is different: equal players are then ordered by name, then player id.
- **withdrawn**: a player the organiser marked as having left the
  competition. ``withdrawn=`` in ``rank`` decides: ``"rank"`` (the default)
  ranks him like everyone else, marked by ``totals.withdrawn``;
  ``"unranked"`` keeps him after the ranked players without a rank;
  ``"exclude"`` leaves him out.

- **substitute**: a player entered to take the place of another (who is then
  withdrawn). The organiser chooses whether a substitute keeps a line of his
  own or his totals go to the line of the player replaced;
  ``merge_substitutes`` does the latter (sums, the biggest hand the larger;
  the line is withdrawn only if every player on it is).

What this module does not do: read the ledger or the database, store
standings, or decide which hands stand (voided hands are simply not passed
in). It imports only the standard library.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from tournament.tables.state import HandResult

DEFAULT_ORDER = ("net_chips", "hands_won", "biggest_hand")
WITHDRAWN_POLICIES = ("rank", "unranked", "exclude")


@dataclass(frozen=True)
class PlayerTotals:
    """One player's standings row before ranking."""

    player_id: int
    name: str
    club: str | None = None
    net_chips: int = 0
    sessions: int = 0
    hands_won: int = 0
    self_drawn_wins: int = 0
    za_hu: int = 0
    biggest_hand: int = 0
    withdrawn: bool = False
    # Only the best N sessions count (issue 33, ``tournament.standings.fair``): how many did; None: all.
    counted_sessions: int | None = None

    @property
    def chips_per_session(self) -> Fraction:
        """Exact, for comparing; show it as ``float(...)`` rounded. Over the counted sessions."""
        n = self.sessions if self.counted_sessions is None else self.counted_sessions
        return Fraction(self.net_chips, n) if n else Fraction(0)


@dataclass(frozen=True)
class Metric:
    name: str
    label: str
    value: Callable[[PlayerTotals], int | Fraction]
    more_is_better: bool = True


METRICS: Mapping[str, Metric] = {
    m.name: m
    for m in (
        Metric("net_chips", "net chips", lambda t: t.net_chips),
        Metric("hands_won", "hands won", lambda t: t.hands_won),
        Metric("biggest_hand", "biggest hand (doubles)", lambda t: t.biggest_hand),
        Metric("self_drawn_wins", "self-drawn wins", lambda t: t.self_drawn_wins),
        Metric("za_hu", "Za Hu (false wins)", lambda t: t.za_hu, more_is_better=False),
        Metric("sessions", "sessions played", lambda t: t.sessions),
        Metric("chips_per_session", "chips per session", lambda t: t.chips_per_session),
    )
}


@dataclass(frozen=True)
class RankedRow:
    """A standings line: ``rank`` is None for a withdrawn player kept unranked."""

    rank: int | None
    shared: bool  # another player holds the same rank
    totals: PlayerTotals


@dataclass(frozen=True)
class HandLine:
    """One player's part in one hand that stands (voided hands are not lines)."""

    player_id: int
    session_id: Hashable
    net: int
    won: bool = False
    self_drawn: bool = False
    za_hu: bool = False
    doubles: int | None = None  # of the hand the player won


@dataclass(frozen=True)
class PlayerInfo:
    name: str
    club: str | None = None
    withdrawn: bool = False


def _parse_order(order: Sequence[str]) -> list[tuple[Metric, bool]]:
    """``[(metric, more_is_better)]``, refusing unknown or repeated metrics."""
    if isinstance(order, str):
        raise ValueError("order must be a sequence of metric names, not one string")
    parsed: list[tuple[Metric, bool]] = []
    seen: set[str] = set()
    for item in order:
        reverse = item.startswith("-")
        name = item.removeprefix("-")
        if name not in METRICS:
            raise ValueError(f"unknown metric {name!r}; choose from {', '.join(METRICS)}")
        if name in seen:
            raise ValueError(f"metric {name!r} appears twice in the tie-break order")
        seen.add(name)
        metric = METRICS[name]
        parsed.append((metric, metric.more_is_better != reverse))
    return parsed


def validate_order(order: Sequence[str]) -> tuple[str, ...]:
    """``order`` as a tuple if every item names a metric once (``-name`` reverses it); else ValueError."""
    if not order:
        raise ValueError("the tie-break order needs at least one metric")
    _parse_order(order)
    return tuple(order)


def _sort_key(order: list[tuple[Metric, bool]]) -> Callable[[PlayerTotals], tuple]:
    def key(totals: PlayerTotals) -> tuple:
        # Sorting ascending: negate what should come first when larger (values are int or Fraction).
        return tuple(-m.value(totals) if better else m.value(totals) for m, better in order)

    return key


def rank(
    rows: Iterable[PlayerTotals],
    order: Sequence[str] = DEFAULT_ORDER,
    shared_places: bool = True,
    *,
    withdrawn: str = "rank",
) -> list[RankedRow]:
    """Rank ``rows`` by ``order`` (best first); see the module docstring for the options."""
    if withdrawn not in WITHDRAWN_POLICIES:
        choices = ", ".join(WITHDRAWN_POLICIES)
        raise ValueError(f"unknown withdrawn policy {withdrawn!r}; choose from {choices}")
    metric_key = _sort_key(_parse_order(order))
    rows = list(rows)
    ids = [r.player_id for r in rows]
    if len(set(ids)) != len(ids):
        raise ValueError("a player appears twice in the standings")
    ranked_rows = [r for r in rows if withdrawn == "rank" or not r.withdrawn]
    unranked = [r for r in rows if withdrawn == "unranked" and r.withdrawn]

    def display_key(t: PlayerTotals) -> tuple:
        return (metric_key(t), t.name.casefold(), t.name, t.player_id)

    # Each key once (a league's 2,000 lines are ranked on every read of a changed scope).
    keyed = sorted((display_key(t), t) for t in ranked_rows)
    places = shared_ranks([key[0] for key, _totals in keyed], shared_places)
    counts: dict[int, int] = {}
    for place in places:
        counts[place] = counts.get(place, 0) + 1
    result = [
        RankedRow(place, counts[place] > 1, totals) for place, (_, totals) in zip(places, keyed, strict=True)
    ]
    result += [RankedRow(None, False, t) for t in sorted(unranked, key=display_key)]
    return result


def shared_ranks(keys: Sequence, shared_places: bool = True) -> list[int]:
    """The place of each line whose ranking ``keys`` are given best first: equal keys share the place
    above and the next place skips ("1, 2, 2, 4") when ``shared_places``; else each its position.
    (Also the clubs' and the teams' ranking: ``tournament.standings.clubs``,
    ``tournament.teams.standings``.)"""
    places: list[int] = []
    for position, key in enumerate(keys, start=1):
        if shared_places and places and key == keys[position - 2]:
            places.append(places[-1])  # equal on every metric: the place above is shared
        else:
            places.append(position)
    return places


def merge_substitutes(rows: Iterable[PlayerTotals], counted_as: Mapping[int, int]) -> list[PlayerTotals]:
    """Fold each substitute's totals into the line of the player he replaces.

    ``counted_as`` maps a substitute's player id to the id whose line he plays
    on (already followed to the end of a chain of substitutes). That player's
    own row must be among ``rows``; rows of other players pass unchanged.
    """
    rows = list(rows)
    by_id = {r.player_id: r for r in rows}
    merged: dict[int, PlayerTotals] = {}
    for row in rows:
        owner = counted_as.get(row.player_id, row.player_id)
        if owner not in by_id:
            raise ValueError(f"player {row.player_id} substitutes for {owner}, who is not in these standings")
        if owner != row.player_id:
            merged[owner] = totals_plus(merged.get(owner, by_id[owner]), row)
    return [merged.get(r.player_id, r) for r in rows if r.player_id not in counted_as]


def totals_plus(line: PlayerTotals, other: PlayerTotals) -> PlayerTotals:
    """``line`` (name, club, id kept) with ``other``'s totals added in (a substitute's line; a stage's
    rounds, ``tournament.stages.selectors``)."""
    return PlayerTotals(
        player_id=line.player_id,
        name=line.name,
        club=line.club,
        net_chips=line.net_chips + other.net_chips,
        sessions=line.sessions + other.sessions,
        hands_won=line.hands_won + other.hands_won,
        self_drawn_wins=line.self_drawn_wins + other.self_drawn_wins,
        za_hu=line.za_hu + other.za_hu,
        biggest_hand=max(line.biggest_hand, other.biggest_hand),
        withdrawn=line.withdrawn and other.withdrawn,
    )


@dataclass
class _Running:
    net: int = 0
    won: int = 0
    self_drawn: int = 0
    za_hu: int = 0
    biggest: int = 0
    sessions: set = field(default_factory=set)


def aggregate(
    lines: Iterable[HandLine],
    players: Mapping[int, PlayerInfo],
    *,
    seated: Iterable[tuple[int, Hashable]] = (),
) -> list[PlayerTotals]:
    """Every entered player's totals from the lines of the hands that stand.

    ``players`` names every player entered (players without lines get a row
    of zeros). ``seated`` adds (player id, session id) pairs for sessions a
    player sat in without any recorded hand, so that they still count as
    played. This is the reference that incremental and full recomputes of the
    stored standings must agree with.
    """
    running = {player_id: _Running() for player_id in players}

    def of(player_id: int) -> _Running:
        if player_id not in running:
            raise ValueError(f"player {player_id} is not entered in these standings")
        return running[player_id]

    for player_id, session_id in seated:
        of(player_id).sessions.add(session_id)
    for line in lines:
        r = of(line.player_id)
        r.net += line.net
        r.sessions.add(line.session_id)
        r.za_hu += line.za_hu
        if line.won:
            r.won += 1
            r.self_drawn += line.self_drawn
            r.biggest = max(r.biggest, line.doubles or 0)
    return [
        PlayerTotals(
            player_id=player_id,
            name=info.name,
            club=info.club,
            net_chips=running[player_id].net,
            sessions=len(running[player_id].sessions),
            hands_won=running[player_id].won,
            self_drawn_wins=running[player_id].self_drawn,
            za_hu=running[player_id].za_hu,
            biggest_hand=running[player_id].biggest,
            withdrawn=info.withdrawn,
        )
        for player_id, info in players.items()
    ]


def hand_lines(hand: HandResult, session_id: Hashable, players: Iterable[int]) -> list[HandLine]:
    """The lines of one hand that stands, one per player at the table (``players``: the four ids)."""
    return [
        HandLine(
            player_id=player_id,
            session_id=session_id,
            net=hand.net.get(player_id, 0),
            won=hand.winner == player_id,
            self_drawn=hand.winner == player_id and hand.self_drawn,
            za_hu=hand.offender == player_id,
            doubles=hand.doubles if hand.winner == player_id else None,
        )
        for player_id in players
    ]
