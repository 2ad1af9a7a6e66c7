"""Local search for one round when no design applies (any field, byes, clubs, swiss).

The **cost** of a table is the sum over its six pairs of

- ``REPEAT * m * m`` where ``m`` is how often the pair has met before (so a
  third meeting weighs four times a second: the search keeps ``max_meetings`` low);
- ``CONSECUTIVE`` more when the pair sat together in the round just before (a
  repeat, when one cannot be avoided, waits at least a round: meeting again at
  once costs more than two repeats elsewhere, less than a third meeting);
- ``CLUB`` when both belong to one club (if clubs are to be kept apart);
- in swiss seating, ``SWISS * |rank difference| / players``: the chip ranks of
  the two players, so close totals sit together while a repeat still costs more
  than any swiss spread.

The search starts from a greedy seating (or, in swiss seating, the standings
cut into fours) and runs simulated annealing over swaps of two players at
different tables; a swap changes six pairs, so its cost change is computed in
constant time. It stops at cost zero, after an iteration budget that grows with
the number of tables, when the best has not improved for a while once the
temperature is low, or at the deadline, and answers the best round seen. Its random choices come from the
``random.Random`` it is given, so a seed gives one answer.
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Mapping, Sequence

from .model import PlayerId

REPEAT = 1000
CONSECUTIVE = 1500
CLUB = 200
SWISS = 250
REHEATS = 6  # warm restarts while a pair of the round before still sits together


def search_round(
    players: Sequence[PlayerId],
    met: Mapping[tuple[PlayerId, PlayerId], int],
    rng: random.Random,
    deadline: float,
    *,
    clubs: Mapping[PlayerId, str | None] | None = None,
    ranks: Mapping[PlayerId, int] | None = None,
    last: Mapping[tuple[PlayerId, PlayerId], int] | None = None,
) -> tuple[list[list[PlayerId]], bool]:
    """Group ``players`` (a multiple of four) into tables; answers the groups and whether time ran out.

    ``met`` holds earlier meetings keyed by pairs (either order works); ``clubs``
    (player -> club) adds the club cost; ``ranks`` (player -> 0 for the leader,
    1, ...) switches on swiss seating; ``last`` holds the previous round's meetings.
    """
    n = len(players)
    index = {p: i for i, p in enumerate(players)}
    pc: list[dict[int, float]] = [{} for _ in range(n)]
    for (a, b), m in met.items():
        i, j = index.get(a), index.get(b)
        if i is not None and j is not None and m:
            pc[i][j] = pc[j][i] = pc[i].get(j, 0) + REPEAT * m * m
    for a, b in last or ():
        i, j = index.get(a), index.get(b)
        if i is not None and j is not None:
            pc[i][j] = pc[j][i] = pc[i].get(j, 0) + CONSECUTIVE
    if clubs:
        members: dict[str, list[int]] = {}
        for p, club in clubs.items():
            if club is not None and p in index:
                members.setdefault(club, []).append(index[p])
        for group in members.values():
            for x in group:
                for y in group:
                    if x != y:
                        pc[x][y] = pc[x].get(y, 0) + CLUB
    rank = [ranks[p] for p in players] if ranks else None
    scale = SWISS / n

    if rank is None:

        def cost(i: int, j: int) -> float:
            return pc[i].get(j, 0)

    else:

        def cost(i: int, j: int) -> float:
            return pc[i].get(j, 0) + scale * abs(rank[i] - rank[j])

    tables_n = n // 4
    tables = _initial(n, tables_n, cost, rng, rank)
    where = [0] * n
    for t, members_t in enumerate(tables):
        for p in members_t:
            where[p] = t

    def table_cost(members_t: list[int]) -> float:
        a, b, c, d = members_t
        return cost(a, b) + cost(a, c) + cost(a, d) + cost(b, c) + cost(b, d) + cost(c, d)

    tcost = [table_cost(t) for t in tables]
    total = sum(tcost)
    best, best_tables = total, [list(t) for t in tables]
    budget = min(400_000, 20_000 + 3_000 * tables_n)
    patience = max(20_000, 600 * tables_n)
    temp, temp_end = 0.3 * REPEAT, 5.0
    cool = (temp_end / temp) ** (1.0 / budget)
    since_best = 0
    timed_out = False
    it = 0
    cold = 0.02 * REPEAT  # below this temperature the walk settles; only then does patience run out
    reheats = REHEATS if last and tables_n >= 6 else 0  # a few tables: the pair usually cannot be parted
    # randrange(n) for n > 0 is _randbelow(n): the same draws, without randrange's checks (a third of the
    # loop's time), so a seed still gives the same seating
    below, uniform, exp = rng._randbelow, rng.random, math.exp
    while True:
        if not (it < budget and best > 1e-9 and tables_n > 1 and (since_best < patience or temp > cold)):
            # a pair of the round before still sits together: warm up again from the best round, a few times
            if timed_out or not reheats or not _repeats_last(best_tables, players, last):
                break
            reheats -= 1
            tables = [list(t) for t in best_tables]
            for t, members_t in enumerate(tables):
                for x in members_t:
                    where[x] = t
            tcost = [table_cost(t) for t in tables]
            total, temp, since_best = sum(tcost), 0.3 * REPEAT, 0
            it = budget // 2  # half a budget each time
            cool = (temp_end / temp) ** (1.0 / (budget - it))
            continue
        it += 1
        since_best += 1
        if it & 255 == 0 and time.monotonic() > deadline:
            timed_out = True
            break
        temp *= cool
        t1 = below(tables_n)
        for _ in range(3):  # lean towards tables that cost something
            if tcost[t1] > 0:
                break
            t1 = below(tables_n)
        t2 = below(tables_n - 1)
        if t2 >= t1:
            t2 += 1
        T1, T2 = tables[t1], tables[t2]
        i, j = below(4), below(4)
        p, q = T1[i], T2[j]
        d1 = 0.0
        d2 = 0.0
        if rank is None:  # cost(a, b) written out (the loop's hottest lines), in the same order of additions
            pp, pq = pc[p], pc[q]
            for k in range(4):
                if k != i:
                    x = T1[k]
                    d1 += pq.get(x, 0) - pp.get(x, 0)
            for k in range(4):
                if k != j:
                    y = T2[k]
                    d2 += pp.get(y, 0) - pq.get(y, 0)
        else:
            for k in range(4):
                if k != i:
                    x = T1[k]
                    d1 += cost(q, x) - cost(p, x)
            for k in range(4):
                if k != j:
                    y = T2[k]
                    d2 += cost(p, y) - cost(q, y)
        delta = d1 + d2
        if delta <= 0 or uniform() < exp(-delta / temp):
            T1[i], T2[j] = q, p
            where[p], where[q] = t2, t1
            tcost[t1] += d1
            tcost[t2] += d2
            total += delta
            if total < best - 1e-9:
                best, best_tables = total, [list(t) for t in tables]
                since_best = 0
    if last and best > 1e-9 and tables_n > 1 and _repeats_last(best_tables, players, last):
        _polish(best_tables, cost, lambda t: _repeats_last([t], players, last))
    return [[players[i] for i in t] for t in best_tables], timed_out


def _polish(tables: list[list[int]], cost, bad) -> None:
    """Re-seat each ``bad`` table with another table, the best of the 35 ways of cutting their eight
    players into two tables, while that lowers the cost (in place; the tables are scanned in order, so
    the answer is determined by the input).

    A swap of two players cannot part a pair of the round before when every table is two pairs that
    have not met (the round after a 4-GDD of type 2^u: 44 players after 14 rounds), since it splits a
    pair that has not met; cutting two tables again moves two players at once.
    """

    def seat_cost(t: Sequence[int]) -> float:
        return sum(cost(t[k], t[m]) for k in range(4) for m in range(k + 1, 4))

    for _ in range(len(tables)):  # each pass lowers the cost or stops
        improved = False
        for t1 in range(len(tables)):
            if not bad(tables[t1]):
                continue
            here = seat_cost(tables[t1])
            best_gain, best_cut = 1e-9, None
            for t2 in range(len(tables)):
                if t2 == t1:
                    continue
                eight = tables[t1] + tables[t2]
                before = here + seat_cost(tables[t2])
                for rest in itertools.combinations(eight[1:], 3):
                    one = [eight[0], *rest]
                    other = [p for p in eight[1:] if p not in rest]
                    gain = before - seat_cost(one) - seat_cost(other)
                    if gain > best_gain:
                        best_gain, best_cut = gain, (t2, one, other)
            if best_cut is not None:
                t2, one, other = best_cut
                tables[t1], tables[t2] = one, other
                improved = True
        if not improved:
            return


def _repeats_last(tables: list[list[int]], players: Sequence[PlayerId], last) -> bool:
    """Does a pair of the round before sit together again in ``tables`` (player indexes)?"""
    return any(
        (players[a], players[b]) in last or (players[b], players[a]) in last
        for t in tables
        for k, a in enumerate(t)
        for b in t[k + 1 :]
    )


def _initial(n: int, tables_n: int, cost, rng: random.Random, rank: list[int] | None) -> list[list[int]]:
    """Swiss: the standings cut into fours. Otherwise greedy: each player (most-met first) joins the open
    table where they add least."""
    if rank is not None:
        order = sorted(range(n), key=lambda i: rank[i])
        return [order[4 * t : 4 * t + 4] for t in range(tables_n)]
    order = list(range(n))
    rng.shuffle(order)
    tables: list[list[int]] = [[] for _ in range(tables_n)]
    open_tables = list(range(tables_n))
    for p in order:
        best_t, best_c = open_tables[0], math.inf
        for t in open_tables:
            c = 0.0
            for x in tables[t]:
                c += cost(p, x)
            if c < best_c:
                best_t, best_c = t, c
                if c == 0:
                    break
        tables[best_t].append(p)
        if len(tables[best_t]) == 4:
            open_tables.remove(best_t)
    return tables


def perfect_round(
    players: Sequence[PlayerId],
    met: Mapping[tuple[PlayerId, PlayerId], int],
    rng: random.Random,
    max_steps: int = 20_000,
) -> list[list[PlayerId]] | None:
    """Tables of ``players`` (a multiple of four) where no pair has met before, by a depth-first search
    of at most ``max_steps`` tables tried, or None when none was found. For a small field, where the
    annealing above may miss the one seating without a repeat (or prove nothing when none exists)."""
    order = list(players)
    rng.shuffle(order)
    fresh = {p: {q for q in order if q != p and not met.get((p, q)) and not met.get((q, p))} for p in order}
    steps = 0

    def fill(left: list[PlayerId]) -> list[list[PlayerId]] | None:
        nonlocal steps
        if not left:
            return []
        p, rest = left[0], left[1:]
        for trio in itertools.combinations([q for q in rest if q in fresh[p]], 3):
            a, b, c = trio
            if b not in fresh[a] or c not in fresh[a] or c not in fresh[b]:
                continue
            steps += 1
            if steps > max_steps:
                return None
            tail = fill([q for q in rest if q not in trio])
            if tail is not None:
                return [[p, a, b, c], *tail]
            if steps > max_steps:
                return None
        return None

    return fill(order)
