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
and two players at one table ahead do not go without the same wind. A SAT solver (CaDiCaL, through
python-sat) solves it: one variable per seat and wind, exactly one of each condition's ways, at most
one of each pair's. It stops after ``CONFLICTS`` conflicts, a count rather than a time, so it answers
the same for the same input. Knuth's Algorithm X, used before, gave up on both blocks of 203 players
over 12 rounds that came to it, even after 300,000 steps (backtracking could not undo a choice made
early), where the solver answers in a tenth of a second. ``seat_exactly`` answers a seating keeping
as many of the first rounds ahead as it finds one for (none kept first, then the most, by halving).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

from pysat.solvers import Solver

from .bye_winds import BLOCK, most_started, short_of
from .model import PlayerId

CONFLICTS = 20_000  # the solver's budget for one seating: a count, so the answer does not depend on speed


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
    is found by halving (``_seat_keeping`` for each ``k`` tried): a few tries where trying ``k`` from
    the most down spent one per round ahead, each undecided one its whole budget.
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
    """A seating keeping every round of ``ahead``, or None when the solver finds none within its budget.
    A player with a bye is steered towards going without the wind they would rather (``skip``)."""
    rows, primary, stand_in = _cover(tables, where, used, counts, pins, ahead, skip)
    preferred: dict[int, int] = {}  # each stand-in seat's first row: its winds come with ``skip`` first
    for r in rows:
        if r // 4 >= stand_in:
            preferred.setdefault(r // 4, r)
    chosen = solve(rows, primary, prefer=preferred.values())
    if chosen is None:
        return None
    seats: list[list] = [[None] * 4 for _ in tables]
    for row in chosen:
        s, w = divmod(row, 4)
        if s < stand_in:
            seats[s // 4][w] = tables[s // 4][s % 4]
    return [tuple(row) for row in seats]


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


def solve(rows: Mapping[int, list[tuple]], primary: list[tuple], prefer=()) -> list[int] | None:
    """Rows covering every ``primary`` column once and every other column at most once, or None when
    there are none or the solver finds none within ``CONFLICTS`` conflicts. Row ``r`` is the variable
    ``r + 1``; ``prefer``: rows the solver tries true first. Every column has a few rows (a seat its
    winds, a table's wind its four seats, a player's wind their tables), so "at most one" is pairwise."""
    cols: dict[tuple, list[int]] = {c: [] for c in primary}
    for r, row_cols in rows.items():
        for c in row_cols:
            cols.setdefault(c, []).append(r + 1)
    clauses = [cols[c] for c in primary]  # at least one way to meet each condition
    if not all(clauses):
        return None
    for lits in cols.values():
        clauses += [[-a, -b] for a, b in itertools.combinations(lits, 2)]
    with Solver(name="cadical153", bootstrap_with=clauses) as solver:
        solver.set_phases([r + 1 for r in prefer])
        solver.conf_budget(CONFLICTS)
        if not solver.solve_limited():
            return None
        model = solver.get_model() or []
    return [x - 1 for x in model if x > 0 and x - 1 in rows]
