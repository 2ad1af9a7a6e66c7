"""An exact seating of a block's winds by search, for the blocks with byes that the colouring of
``winds.py`` (one wind at a time, greedy) does not close.

Words as in ``winds.py`` and ``bye_winds.py``. A seating of the block gives each of its tables'
four players the four winds so that

- no player takes a wind twice in the block (counting the winds already taken, ``used``), and a
  player with a table for every wind left takes each of them (the block is **exact**);
- every **pin** (a player short of a wind takes it at their first table of the block) is kept;
- a player with a bye in the block goes without a wind they have started in most, and after the block
  no two players short of one wind share a table of ``ahead`` (the first rounds of the later blocks
  of the plan, where each of them must take that wind).

The wind a player with a bye goes without is a seat of its own, at no table (a **stand-in seat**), so
the whole is an exact cover problem: every seat takes one wind, every table each wind once, every
player each wind they have a seat for once (at most once when they have fewer seats than winds left),
and two players at one table ahead do not go without the same wind. Knuth's Algorithm X solves it
(choose the condition with fewest ways to meet it; with these conditions that is the propagation of
a sudoku solver), and gives up after a fixed number of steps, so it answers the same for the same
input, quickly or not at all. ``seat_exactly`` answers a seating keeping as many of the first rounds
ahead as it finds one for (none kept first, then the most, by halving).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from .bye_winds import BLOCK, most_started, short_of
from .model import PlayerId

STEPS = 3_000  # choices made by one search before it gives up
TRIES = 16  # searches for each number of rounds ahead kept, the later ones with rows in a seeded order


def seat_exactly(
    tables: Sequence[Sequence[PlayerId]],
    where: Mapping[PlayerId, list[int]],
    used: Mapping[PlayerId, set[int]],
    counts: Mapping[PlayerId, Sequence[int]],
    pins: Mapping[int, Mapping[int, PlayerId]],
    ahead: Sequence[Sequence[Sequence[PlayerId]]],
    skip: Mapping[PlayerId, int],
) -> list[tuple] | None:
    """Each table's players in wind order (E, S, W, N), or None when no search finds one.

    ``skip``: the wind each player with a bye would rather go without (tried first). The seating keeps
    the first ``k`` rounds ahead, ``k`` as large as found: a seating keeping ``k`` rounds keeps every
    fewer, so ``k = 0`` is tried first (when it fails, so would every other) and then the largest ``k``
    is found by halving (``_seat_keeping`` for each ``k`` tried). A failed try costs its full budget,
    so halving spends a few where trying ``k`` from the most down spent one per round ahead (199
    players, block 2: eight rounds ahead, none kept).
    """
    found = _seat_keeping(tables, where, used, counts, pins, (), skip)
    lo, hi = 0, len(ahead)  # a seating keeping lo rounds is found; none is known keeping more than hi
    while found is not None and lo < hi:
        mid = (lo + hi + 1) // 2
        seats = _seat_keeping(tables, where, used, counts, pins, ahead[:mid], skip)
        if seats is None:
            hi = mid - 1
        else:
            lo, found = mid, seats
    return found


def _seat_keeping(tables, where, used, counts, pins, ahead, skip) -> list[tuple] | None:
    """A seating keeping every round of ``ahead``: when the winds gone without alone can meet them,
    ``TRIES`` searches of ``STEPS`` choices each (such searches either succeed fast or wander long, so
    many short ones with the rows in another order find more than one long one)."""
    rows, primary, stand_in = _cover(tables, where, used, counts, pins, ahead, skip)
    skips_only = {r: cols for r, cols in rows.items() if r // 4 >= stand_in}
    if _exact_cover(skips_only, [c for c in primary if c[0] == 0 and c[1] >= stand_in], STEPS) is None:
        return None
    for attempt in range(TRIES):
        rng = random.Random(f"winds {attempt}") if attempt else None
        chosen = _exact_cover(rows, primary, STEPS, rng)
        if chosen is not None:
            seats: list[list] = [[None] * 4 for _ in tables]
            for row in chosen:
                s, w = divmod(row, 4)
                if s < stand_in:
                    seats[s // 4][w] = tables[s // 4][s % 4]
            return [tuple(row) for row in seats]
    return None


def _cover(tables, where, used, counts, pins, ahead, skip) -> tuple[dict[int, list[tuple]], list[tuple], int]:
    """The block as an exact cover problem: rows ``4 * seat + wind`` with their columns, the primary
    columns, and the first stand-in seat (seats below it are at tables, ``4 * table + position``)."""
    zero = (0, 0, 0, 0)
    players = list(where)
    index = {p: i for i, p in enumerate(players)}
    free = {p: [w for w in range(4) if w not in used.get(p, ())] for p in players}
    new = [p for p in players if len(where[p]) == BLOCK - 1 - len(used.get(p, ()))]
    # seats: 4 per table, then one stand-in seat per player with a bye; rows are (seat, wind)
    seat_player = [p for members in tables for p in members] + new
    pinned = {(t, p): w for t, by_wind in pins.items() for w, p in by_wind.items()}
    # after the block, the wind a player with a bye is short of, per wind they go without
    short_after: dict[PlayerId, dict[int, int | None]] = {}
    for p in new:
        c = [n + (w in used.get(p, ())) for w, n in enumerate(counts.get(p, zero))]
        short_after[p] = {s: short_of([n + (w != s) for w, n in enumerate(c)], set()) for s in range(4)}
    known = {}
    for p in players:
        if p not in short_after:
            wind = short_of(counts.get(p, zero), used.get(p, set()))
            if wind is not None:
                known[p] = wind
    banned: dict[PlayerId, set[int]] = {p: set() for p in new}  # winds ahead shared with a known player
    pairs: list[tuple[PlayerId, PlayerId]] = []
    for rnd in ahead:
        for table in rnd:
            here = [p for p in table if p in short_after]
            for p in here:
                banned[p].update(known[q] for q in table if q in known)
            pairs += [(p, q) for i, p in enumerate(here) for q in here[i + 1 :]]
    rows: dict[int, list[tuple]] = {}
    stand_in = 4 * len(tables)
    for s, p in enumerate(seat_player):
        winds = free[p]
        if s >= stand_in:
            most = most_started(counts.get(p, zero), used.get(p, set()))
            winds = [w for w in winds if w in most and short_after[p][w] not in banned[p]]
            winds.sort(key=lambda w, p=p: w != skip.get(p))
        elif (s // 4, p) in pinned:
            winds = [pinned[(s // 4, p)]] if pinned[(s // 4, p)] in winds else []
        for w in winds:
            cols = [(0, s, 0), (2, index[p], w)]
            if s < stand_in:
                cols.append((1, s // 4, w))
            else:
                wind = short_after[p][w]
                cols += [(3, k, wind) for k, pair in enumerate(pairs) if p in pair and wind is not None]
            rows[4 * s + w] = cols
    primary = [(0, s, 0) for s in range(len(seat_player))]
    primary += [(1, t, w) for t in range(len(tables)) for w in range(4)]
    for p in players:  # each wind left once, when the player has a seat for every one of them
        if len(where[p]) + (p in short_after) == len(free[p]):
            primary += [(2, index[p], w) for w in free[p]]
    return rows, primary, stand_in


def _exact_cover(
    rows: Mapping[int, list[tuple]], primary: list[tuple], steps: int, rng=None
) -> list[int] | None:
    """Rows covering every ``primary`` column once and every other column at most once (Algorithm X,
    the column with fewest rows first, rows in their given order or shuffled by ``rng``), or None
    within ``steps`` choices. The open primary columns are kept in buckets by their number of rows."""
    cols: dict[tuple, dict[int, None]] = {c: {} for c in primary}  # dicts as ordered sets
    for r, row_cols in rows.items():
        for c in row_cols:
            cols.setdefault(c, {})[r] = None
    is_primary = dict.fromkeys(primary, True)
    by_size: list[dict[tuple, None]] = [{} for _ in range(1 + max(len(cols[c]) for c in primary))]
    for c in primary:
        if not cols[c]:  # a condition no row meets: nothing to search
            return None
        by_size[len(cols[c])][c] = None

    def select(r: int) -> list:
        removed = []
        for c in rows[r]:
            for other in cols[c]:
                for c2 in rows[other]:
                    if c2 != c:
                        members = cols[c2]
                        if c2 in is_primary:
                            del by_size[len(members)][c2]
                            by_size[len(members) - 1][c2] = None
                        del members[other]
            if c in is_primary:
                del by_size[len(cols[c])][c]
            removed.append((c, cols.pop(c)))
        return removed

    def deselect(removed: list) -> None:
        for c, members in reversed(removed):
            cols[c] = members
            if c in is_primary:
                by_size[len(members)][c] = None
            for other in members:
                for c2 in rows[other]:
                    if c2 != c:
                        members2 = cols[c2]
                        if c2 in is_primary:
                            del by_size[len(members2)][c2]
                            by_size[len(members2) + 1][c2] = None
                        members2[other] = None

    chosen: list[int] = []
    stack: list[list] = []  # per level: candidate rows, next index, the row chosen and what it removed
    while True:
        c = next((next(iter(bucket)) for bucket in by_size if bucket), None)
        if c is None:  # every primary column covered
            return chosen
        cands = list(cols[c])
        if rng is not None:
            rng.shuffle(cands)
        stack.append([cands, 0, None, None])
        while stack:
            frame = stack[-1]
            if frame[2] is not None:
                deselect(frame[3])
                chosen.pop()
                frame[2] = None
            if frame[1] < len(frame[0]):
                steps -= 1
                if steps < 0:
                    return None
                r = frame[0][frame[1]]
                frame[1] += 1
                frame[2], frame[3] = r, select(r)
                chosen.append(r)
                break
            stack.pop()
        else:
            return None
