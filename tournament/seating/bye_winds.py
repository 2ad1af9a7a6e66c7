"""Winds of players with byes: the stand-in tables of a block and the winds they go without.

Words as in ``winds.py``. A player with a bye in a block plays three of its rounds and goes without
one wind, the one they have started in most; afterwards they are **short** of it (their one count
below the others) until their next bye, and a short player who plays a whole block must take that
wind at their first table of it to stay within one. Two players short of one wind at one table of a
block's first round cannot both: so the winds go without are chosen with those tables in view.
"""

from __future__ import annotations

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
