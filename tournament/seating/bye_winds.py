"""Winds of players with byes: the stand-in tables of a block and the winds they go without.

Words as in ``winds.py``. A player with a bye in a block plays three of its rounds and goes without
one wind, the one they have started in most; afterwards they are **short** of it (their one count
below the others) until their next bye, and a short player who plays a whole block must take that
wind at their first table of it to stay within one. Two players short of one wind at one table of a
block's first round cannot both: so the winds go without are chosen with those tables in view.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

from .model import PlayerId

BLOCK = 4


def movers(tables, where, used, counts, after, pins):
    """The first try: a player short of one wind (all four rounds of the block to play) sits it first.

    They then take the three other winds, so they stay short of the same wind into the next block:
    the try also reserves that wind at the stand-in table of their table in ``after``, so that a
    player with a bye in this block who will sit there goes without another wind (two players short
    of one wind there already are beyond this block's reach). Answers the try (preset seats, the other
    pins, the tables with the stand-ins, the stand-in edges' winds), or None when nobody is short.
    """
    preset: dict[int, dict[int, PlayerId]] = {}
    kept: dict[int, dict[int, PlayerId]] = {}  # the other pins stay pins
    moving: dict[PlayerId, int] = {}
    for t, by_wind in pins.items():
        for w, p in by_wind.items():
            if len(where[p]) == BLOCK and not used.get(p):
                preset.setdefault(t, {})[w] = p
                moving[p] = w
            else:
                kept.setdefault(t, {})[w] = p
    if not moving:
        return None
    extra, allowed = stand_ins(where, used, counts, after, len(tables))
    home = {p: len(tables) + i for i, members in enumerate(extra) for p in members}
    for table in after:
        stand_in = next((home[p] for p in table if p in home), None)
        for p in (p for p in table if p in moving):
            if stand_in is None:  # nobody short there: a stand-in table of its own
                stand_in = len(tables) + len(extra)
                extra.append([_Phantom() for _ in range(4)])
            members = extra[stand_in - len(tables)]
            phantom = next((i for i, q in enumerate(members) if isinstance(q, _Phantom)), None)
            if phantom is None or moving[p] in preset.get(stand_in, {}):
                continue  # two short of one wind there already: this block cannot part them
            members[phantom] = p
            preset.setdefault(stand_in, {})[moving[p]] = p
    return preset, kept, tables + extra, allowed


def skips(where, counts) -> dict[PlayerId, int]:
    """The wind a player with a bye in the block prefers to go without: their most frequent (ties spread)."""
    zero = (0, 0, 0, 0)
    skip = {}
    for n, p in enumerate(where):
        c = counts.get(p, zero)
        skip[p] = max(range(4), key=lambda w, c=c, n=n: (c[w], -((w - n) % 4)))
    return skip


class _Phantom:
    """A seat-filler of a stand-in table: one edge, no constraint."""

    __slots__ = ()


def stand_ins(
    where, used, counts, after, first: int
) -> tuple[list[list], dict[tuple[int, object], set[int]]]:
    """Tables standing for the missing round of the players with a bye in the block.

    A player one table short of a full block gets an edge to a stand-in table: the wind it takes there
    is the one they go without. The players short at one table of ``after`` (the round after the block,
    when known: each is given their missing wind there) share a stand-in table, so they go without
    different winds; phantoms fill the table to four. The edge may only take a wind the player has
    started in most (``allowed``). With these tables every vertex has degree four at most, so Konig's
    theorem still promises a colouring (without ``allowed``).
    """
    zero = (0, 0, 0, 0)
    short = [p for p, ts in where.items() if len(ts) == BLOCK - 1 - len(used.get(p, ()))]
    if not short:
        return [], {}
    groups: list[list] = []
    placed: set = set()
    for table in after:
        mine = [p for p in table if p in short and p not in placed]
        if mine:
            groups.append(mine)
            placed.update(mine)
    groups += [[p] for p in short if p not in placed]
    allowed: dict[tuple[int, object], set[int]] = {}
    for t, members in enumerate(groups, start=first):
        for p in members:
            allowed[(t, p)] = most_started(counts.get(p, zero), used.get(p, set()))
        members += [_Phantom() for _ in range(4 - len(members))]
    return groups, allowed


def most_started(counts: Sequence[int], used: set[int]) -> set[int]:
    """The winds not yet taken in the block that a player has started in most: those they may go without."""
    free = [w for w in range(4) if w not in used]
    top = max(counts[w] for w in free)
    return {w for w in free if counts[w] == top}


def short_of(counts: Sequence[int], used: set[int]) -> int | None:
    """The wind a player is short of (their one lowest count, the block's winds taken counted), or None."""
    c = [n + (w in used) for w, n in enumerate(counts)]
    low = min(c)
    return c.index(low) if c.count(low) == 1 else None


def chosen_skips(
    where: Mapping[PlayerId, list[int]],
    used: Mapping[PlayerId, set[int]],
    counts: Mapping[PlayerId, Sequence[int]],
    ahead: Sequence[Sequence[Sequence[PlayerId]]],
    skip: Mapping[PlayerId, int],
) -> dict[PlayerId, int]:
    """The wind each player with a bye in the block goes without, chosen so that at the tables of
    ``ahead`` (the first rounds of the blocks after this one, where known) no two players are short of
    one wind, as far as a bounded search finds (fewest such pairs; the players already short count with
    their wind). Among their most-started winds only; empty when nothing is ahead.
    """
    zero = (0, 0, 0, 0)
    new = [p for p, ts in where.items() if len(ts) == BLOCK - 1 - len(used.get(p, ()))]
    if not new or not ahead:
        return {}
    known = {}
    for p in where:
        wind = short_of(counts.get(p, zero), used.get(p, set())) if p not in new else None
        if wind is not None:
            known[p] = wind
    index = {p: i for i, p in enumerate(new)}
    against: dict[PlayerId, list[PlayerId]] = {p: [] for p in new}  # new players at one table ahead
    taken: dict[PlayerId, list[int]] = {p: [] for p in new}  # winds of known players at one table ahead
    for rnd in ahead:
        for table in rnd:
            here = [p for p in table if p in index]
            for p in here:
                against[p] += [q for q in here if q != p]
                taken[p] += [known[q] for q in table if q in known]
    domain = {}
    for p in new:
        most = most_started(counts.get(p, zero), used.get(p, set()))
        domain[p] = sorted(most, key=lambda w, p=p: (w != skip.get(p), w))
    order = sorted(new, key=lambda p: (-len(against[p]) - len(taken[p]), index[p]))
    best: list = [None, {}]
    now: dict[PlayerId, int] = {}
    nodes = [20_000]

    def go(i: int, cost: int) -> None:
        if best[0] is not None and cost >= best[0] or nodes[0] <= 0:
            return
        if i == len(order):
            best[0], best[1] = cost, dict(now)
            return
        p = order[i]
        for w in domain[p]:
            nodes[0] -= 1
            add = taken[p].count(w) + sum(now.get(q) == w for q in against[p])
            now[p] = w
            go(i + 1, cost + add)
            del now[p]
            if best[0] == 0:
                return

    go(0, 0)
    return best[1]


def chosen_stand_ins(chosen: Mapping[PlayerId, int], first: int) -> tuple[list[list], dict]:
    """Stand-in tables for ``chosen`` winds: each table one player per wind (phantoms fill it), and
    each edge allowed only the chosen wind."""
    by_wind: list[list[PlayerId]] = [[p for p, w in chosen.items() if w == wind] for wind in range(4)]
    groups: list[list] = []
    allowed: dict[tuple[int, object], set[int]] = {}
    for i in range(max(len(ps) for ps in by_wind)):
        members: list = []
        for wind in range(4):
            if i < len(by_wind[wind]):
                p = by_wind[wind][i]
                allowed[(first + len(groups), p)] = {wind}
                members.append(p)
        groups.append(members + [_Phantom() for _ in range(4 - len(members))])
    return groups, allowed


def ahead_conflicts(
    seats: Sequence[Sequence[PlayerId]],
    where: Mapping[PlayerId, list[int]],
    used: Mapping[PlayerId, set[int]],
    counts: Mapping[PlayerId, Sequence[int]],
    ahead: Sequence[Sequence[Sequence[PlayerId]]],
) -> int:
    """Pairs at a table of ``ahead`` short of one wind after the block seated ``seats``, one of them
    sitting out in the block (pairs of players short before it are past this block's reach)."""
    zero = (0, 0, 0, 0)
    new = {p for p, ts in where.items() if len(ts) == BLOCK - 1 - len(used.get(p, ()))}
    if not new or not ahead:
        return 0
    wind: dict[PlayerId, int | None] = {}
    for p, ts in where.items():
        got = set(used.get(p, ())) | {w for t in ts for w in range(4) if seats[t][w] == p}
        after = [n + (w in got) for w, n in enumerate(counts.get(p, zero))]
        low = min(after)
        wind[p] = after.index(low) if after.count(low) == 1 else None
    bad = 0
    for rnd in ahead:
        for table in rnd:
            for i, p in enumerate(table):
                for q in table[i + 1 :]:
                    if (p in new or q in new) and wind.get(p) is not None and wind.get(p) == wind.get(q):
                        bad += 1
    return bad


def judge_block(
    seats: Sequence[Sequence[object]],
    where: Mapping[PlayerId, list[int]],
    used: Mapping[PlayerId, set[int]],
    counts: Mapping[PlayerId, Sequence[int]],
    ahead: Sequence[Sequence[Sequence[PlayerId]]],
    pins: Mapping[int, Mapping[int, PlayerId]],
) -> int:
    """A block's seating judged, lower is better: ``16 x`` players taking a wind twice (the block is not
    exact), ``4 x`` (pins not kept + winds gone without that are not the player's most started: a spread
    of two now), plus pairs short of one wind at a table ahead (a spread of two later, perhaps)."""
    zero = (0, 0, 0, 0)
    twice = off = 0
    for p, ts in where.items():
        ws = [w for t in ts for w in range(4) if seats[t][w] == p] + list(used.get(p, ()))
        twice += len(ws) != len(set(ws))
        if len(ts) == BLOCK - 1 - len(used.get(p, ())):  # a bye in the block: the wind gone without
            missing = [x for x in range(4) if x not in ws]
            off += len(missing) == 1 and missing[0] not in most_started(
                counts.get(p, zero), used.get(p, set())
            )
    missed = sum(seats[t][w] != p for t, by_wind in pins.items() for w, p in by_wind.items())
    return 16 * twice + 4 * (missed + off) + ahead_conflicts(seats, where, used, counts, ahead)


def kempe_repair(
    seats: list[tuple],
    where: Mapping[PlayerId, list[int]],
    used: Mapping[PlayerId, set[int]],
    counts: Mapping[PlayerId, Sequence[int]],
    ahead: Sequence[Sequence[Sequence[PlayerId]]],
    pins: Mapping[int, Mapping[int, PlayerId]],
) -> list[tuple]:
    """Fewer pairs short of one wind ahead by Kempe swaps: trading two winds ``a``, ``b`` along a
    component of the tables and players joined by seats of those winds keeps every table's four winds
    and every player's winds distinct, so a block stays exact; it moves the wind a player with a bye
    goes without (their stand-in seat, a table of ``seats`` past the real ones). A swap (or a swap that
    costs nothing followed by one) is kept when it lowers ``judge_block``; the players are tried in
    order, so it is deterministic.
    """
    new = [p for p, ts in where.items() if len(ts) == BLOCK - 1 - len(used.get(p, ()))]
    real = 1 + max(t for ts in where.values() for t in ts)  # the block's tables come first
    stand = {}  # each player with a bye gets a stand-in table of their own, three phantoms beside them
    alone = list(seats[:real])
    for row in seats[real:]:
        for w, p in enumerate(row):
            if not isinstance(p, _Phantom):
                stand[p] = len(alone)
                alone.append(tuple(p if x == w else _Phantom() for x in range(4)))
    seats = alone

    def score(s: list[tuple]) -> int:
        return judge_block(s, where, used, counts, ahead, pins)

    def component(s: list[tuple], t0: int, a: int, b: int) -> set[int]:
        found, queue = {t0}, [t0]
        for t in queue:
            for p in (s[t][a], s[t][b]):
                if isinstance(p, _Phantom):
                    continue
                for u in [*where.get(p, ()), *([stand[p]] if p in stand else [])]:
                    if u not in found and p in (s[u][a], s[u][b]):
                        found.add(u)
                        queue.append(u)
        return found

    def swap(s: list[tuple], t0: int, a: int, b: int) -> list[tuple]:
        out = list(s)
        for t in component(s, t0, a, b):
            row = list(out[t])
            row[a], row[b] = row[b], row[a]
            out[t] = tuple(row)
        return out

    def moves(s: list[tuple]):  # the swaps that move a wind gone without
        for p in new:
            if p in stand:
                a = s[stand[p]].index(p)
                yield from (swap(s, stand[p], a, b) for b in range(4) if b != a)

    now = score(seats)
    for _ in range(len(new) * 4):
        if not now:
            break
        best = min(((score(m), k, m) for k, m in enumerate(moves(seats))), default=(now, 0, seats))
        if best[0] >= now:  # one swap elsewhere that costs nothing first, then one that moves a wind
            for t, (a, b) in itertools.product(range(len(seats)), itertools.combinations(range(4), 2)):
                first = swap(seats, t, a, b)
                if score(first) == now:
                    best = min(((score(m), k, m) for k, m in enumerate(moves(first))), default=best)
                    if best[0] < now:
                        break
        if best[0] >= now:
            break
        now, seats = best[0], best[2]
    return seats
