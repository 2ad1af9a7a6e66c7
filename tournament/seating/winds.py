"""Starting seat winds: which of a table's four players sits East, South, West, North.

The aim (issue 17): over each **block** of four consecutive rounds (rounds 1-4,
5-8, ... of the event) every player starts in each seat exactly once, so over
any number of rounds a player's four seat counts are within one of each other.

A block is a bipartite multigraph: players on one side, the block's tables
(one per table and round) on the other, an edge for each seat. Every table has
four edges and a player at most four, so by Konig's edge-colouring theorem
its edges take four colours (the winds) with no colour twice at a vertex:
each table seats all four winds, each player a different wind each round.
``colour_block`` finds such a colouring one wind at a time: a matching that
seats every table and every player who still has as many rounds as winds to
take (a bipartite graph always has a matching covering its vertices of most
degree, so this never gets stuck on a fresh block; augmenting and alternating
paths find it). Winds already taken in the block (rounds of the history) are
respected when they can be; players missing a round of the block (byes) are
left without the wind they have started in most.

When a round's tables are not all known ahead (swiss, or a history that left
the plan), ``order_round`` orders each table alone: the one of the 24 orders
that avoids a wind the player already took in the block and keeps the counts
level (the sum of ``8 ** count`` over the seats taken).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence

from .block_search import seat_exactly
from .bye_winds import (
    BLOCK,
    judge_block,
    movers,
    skips,
    stand_ins,
)
from .model import PlayerId, Table

_ORDERS = tuple(itertools.permutations(range(4)))
_WIND_ORDERS = tuple(itertools.permutations(range(4)))


def seat_counts(history: Iterable[Sequence[Table]]) -> dict[PlayerId, list[int]]:
    """Times each player started in E, S, W, N over the history."""
    counts: dict[PlayerId, list[int]] = {}
    for rnd in history:
        for table in rnd:
            for seat, player in enumerate(table):
                counts.setdefault(player, [0, 0, 0, 0])[seat] += 1
    return counts


def order_table(
    members: Sequence[PlayerId],
    counts: Mapping[PlayerId, Sequence[int]],
    used: Mapping[PlayerId, set[int]] | None = None,
) -> Table:
    """The seat order for four players that keeps their seat counts most even.

    ``used``: winds each player already took in this block; taking one again
    costs more than any imbalance. Ties go to the first order in the members'
    given sequence, so the result is deterministic.
    """
    zero = (0, 0, 0, 0)
    used = used or {}
    best: tuple[int, tuple[int, ...]] | None = None
    for order in _ORDERS:
        cost = 0
        for seat, k in enumerate(order):
            c = counts.get(members[k], zero)
            cost += 8 ** c[seat] + (1 << 40 if seat in used.get(members[k], ()) else 0)
        if best is None or cost < best[0]:
            best = (cost, order)
    assert best is not None
    order = best[1]
    return (members[order[0]], members[order[1]], members[order[2]], members[order[3]])


def order_round(
    groups: Iterable[Sequence[PlayerId]],
    counts: Mapping[PlayerId, Sequence[int]],
    used: Mapping[PlayerId, set[int]] | None = None,
) -> tuple[Table, ...]:
    """Seat every table of a round on its own (see :func:`order_table`)."""
    return tuple(order_table(list(g), counts, used) for g in groups)


def used_winds(rounds: Iterable[Sequence[Table]]) -> dict[PlayerId, set[int]]:
    """The winds each player started in over ``rounds`` (seat indexes 0..3)."""
    used: dict[PlayerId, set[int]] = {}
    for rnd in rounds:
        for table in rnd:
            for seat, player in enumerate(table):
                used.setdefault(player, set()).add(seat)
    return used


def colour_block(
    rounds: Sequence[Sequence[Sequence[PlayerId]]],
    used: Mapping[PlayerId, set[int]],
    counts: Mapping[PlayerId, Sequence[int]],
    *,
    strict: bool = False,
    after: Sequence[Sequence[PlayerId]] = (),
    later: Sequence[Sequence[Sequence[PlayerId]]] | None = None,
) -> list[tuple[Table, ...]] | None:
    """Seat the block's ``rounds`` (groups of four) so that no player takes a wind twice in the block.

    ``used``: winds already taken in the block's earlier rounds; ``counts``:
    seat counts so far (they decide which wind a player with a bye goes without).
    Answers the rounds in the given order of tables. When the winds already taken
    leave no such seating (found), as few players as found take a wind twice, or,
    if ``strict``, the answer is ``None``. ``after``: the groups of the round after
    the block; ``later`` (a plan with byes; None otherwise): the first rounds of the blocks after that:
    a player sitting out goes without a wind that nobody at their table there is short of, where the
    colouring or the exact search of ``block_search.py`` finds such a seating.
    """
    tables = [list(g) for rnd in rounds for g in rnd]
    where: dict[PlayerId, list[int]] = {}
    for t, members in enumerate(tables):
        for p in members:
            where.setdefault(p, []).append(t)
    # a player who already took a wind twice in the block (a history seated otherwise) is seated freely
    used = {p: ws for p, ws in used.items() if p not in where or len(where[p]) <= BLOCK - len(ws)}
    # a player short of one wind (a bye earlier) is given it at their first table, if the block allows
    pins: dict[int, dict[int, PlayerId]] = {}
    for p, ts in where.items():
        c = [n + (w in used.get(p, ())) for w, n in enumerate(counts.get(p, (0, 0, 0, 0)))]
        low = min(c)
        if c.count(low) == 1 and c.index(low) not in used.get(p, ()):
            pins.setdefault(ts[0], {}).setdefault(c.index(low), p)
    skip = skips(where, counts)
    ahead = [*([after] if after else []), *(later or ())]
    extra, allowed = stand_ins(where, used, counts, after, len(tables))
    best: tuple[int, list[Table]] | None = None
    # pins in the block's first round matter most (a player short of a wind plays there first)
    first = {t: by_wind for t, by_wind in pins.items() if t < len(rounds[0])} if rounds else {}
    tries = [(pins, tables + extra, allowed), (first, tables + extra, allowed), ({}, tables + extra, allowed)]
    tries = [({}, *t) for t in tries] + [({}, pinned, tables, {}) for pinned, _, _ in tries]
    mover = movers(tables, where, used, counts, after, pins)
    if mover is not None:
        tries.insert(0, mover)
    seen: list = []
    for preset, pinned, all_tables, only in tries:
        # preset (first try): seats fixed before the colouring, the movers' first tables
        if (preset, pinned, all_tables is tables) in seen:
            continue
        seen.append((preset, pinned, all_tables is tables))
        fixed = {p: {w} for by_wind in preset.values() for w, p in by_wind.items()}
        where_all = {p: [t for t in ts if p not in fixed] for p, ts in where.items()}
        where_all.update({p: [t for t in where[p] if t not in _at(preset, p)] for p in fixed})
        used_all = {**used, **fixed} if fixed else used
        if all_tables is not tables:
            for t, members in enumerate(all_tables[len(tables) :], start=len(tables)):
                for p in members:
                    if t not in preset or p not in preset[t].values():
                        where_all.setdefault(p, []).append(t)
        for winds in _WIND_ORDERS:
            args = (all_tables, where_all, used_all, counts, winds, pinned, skip, only, preset)
            broken, seats = _colour(*args)
            if seats is None:
                continue
            # every try is judged by all the pins: a shortage not given back is a spread of two; and by the
            # pairs short of one wind at a table ahead
            broken += sum(seats[t][w] != p for t, by_wind in pins.items() for w, p in by_wind.items())
            if later is not None:  # a plan with byes: see judge_block
                broken = judge_block(seats, where, used, counts, ahead, pins)
            if best is None or broken < best[0]:
                best = (broken, seats)
            if not broken:
                break
        if best is not None and not best[0]:
            break
    if best is None or (best[0] and strict):
        return None
    if later is not None and best[0]:
        # a plan with byes: an exact seating that keeps every pin, the winds gone without chosen with the
        # blocks ahead in view, if the search (block_search.py) finds one
        exact = seat_exactly(tables, where, used, counts, pins, ahead, skip)
        if exact is not None and judge_block(exact, where, used, counts, ahead, pins) < best[0]:
            best = (judge_block(exact, where, used, counts, ahead, pins), exact)
    return _by_round(rounds, best[1])


def _by_round(rounds: Sequence[Sequence[object]], seats: Sequence[Table]) -> list[tuple[Table, ...]]:
    """The block's seated tables cut into its rounds (stand-in tables, at the end, dropped)."""
    out, t = [], 0
    for rnd in rounds:
        out.append(tuple(seats[t + k] for k in range(len(rnd))))
        t += len(rnd)
    return out


def _at(preset, p) -> set[int]:
    return {t for t, by_wind in preset.items() if p in by_wind.values()}


def _colour(tables, where, used, counts, winds, pinned, skip, only, preset) -> tuple[int, list[Table] | None]:
    """Seat the winds in the order ``winds``; answers how many players took a wind twice, and the seats.

    ``preset``: table -> wind -> player seated before the colouring (those edges are not in ``where``).
    """
    avail = {p: {w for w in range(4) if w not in used.get(p, ())} for p in where}
    left = {p: len(ts) for p, ts in where.items()}
    seat_of: list[dict[int, PlayerId]] = [dict(preset.get(t, {})) for t in range(len(tables))]
    done = {(t, p) for t, by_wind in preset.items() for p in by_wind.values()}  # (table, player) coloured
    zero = (0, 0, 0, 0)
    broken: set[PlayerId] = set()
    pinned_at = {(t, p): w for t, by_wind in pinned.items() for w, p in by_wind.items()}
    for stage, w in enumerate(winds):
        rest = set(winds[stage:])
        for p in where:
            if left[p] > len(avail[p] & rest):  # cannot keep to new winds any more: seated freely
                broken.add(p)
                avail[p] = set(rest)
        forced = {p for p in where if left[p] and left[p] == len(avail[p] & rest) and w in avail[p]}

        def pin_ok(t: int, p: PlayerId, w=w) -> bool:  # a pinned seat is the pinned player's while they can
            holder = pinned.get(t, {}).get(w, p)
            mine = holder == p or (t, holder) in done or w not in avail[holder]
            return (t, p) not in done and pinned_at.get((t, p), w) == w and mine

        def ok(t: int, p: PlayerId, w=w) -> bool:
            return w in avail[p] and pin_ok(t, p) and w in only.get((t, p), (w,))

        def rank(p: PlayerId, w=w, forced=forced) -> tuple:
            # a player who will go without a wind (a bye in the block) takes this one first unless it is
            # the wind they have started in most; then the players who must take it
            c = counts.get(p, zero)
            if p in forced:
                return (0, c[w] - max(c), c[w])
            return (2 if w == skip.get(p) else 1, c[w] - max(c), c[w])

        match: dict[int, PlayerId] = {}
        owner: dict[PlayerId, int] = {}
        ranks = {p: rank(p) for p in where}  # each player's once, not once per table (the same order)
        by_rank = ranks.__getitem__
        if pinned or only:
            cands = [sorted((p for p in tables[t] if ok(t, p)), key=by_rank) for t in range(len(tables))]
        else:  # ok() with no pins nor stand-in limits: the wind still free to the player, the seat uncoloured
            cands = [
                sorted((p for p in members if w in avail[p] and (t, p) not in done), key=by_rank)
                for t, members in enumerate(tables)
            ]
        for t, by_wind in pinned.items():  # the pinned player is the table's only candidate
            p = by_wind.get(w)
            if p is not None and ok(t, p):
                cands[t] = [p]
                match[t], owner[p] = p, t
        for t in range(len(tables)):  # every table needs this wind: augmenting paths (Kuhn)
            if t in match or w in seat_of[t]:
                continue
            if not _augment(t, cands, match, owner, set()):
                # nobody at the table can still take it: a player who took it before takes it again
                free = [[p for p in tables[u] if (u, p) not in done] for u in range(len(tables))]
                cands[t] = free[t]
                if not _augment(t, cands, match, owner, set()):
                    cands = free
                    _augment(t, cands, match, owner, set())
        for p in sorted(forced, key=lambda p: where[p][0]):
            if p not in owner and not _alternate(p, where, ok, match, owner, forced):
                broken.add(p)
        # a player with a table for every wind left must take this one, or the block cannot close
        full = {p for p in where if left[p] == len(rest)}
        for p in sorted(full - owner.keys(), key=lambda p: where[p][0]):
            _alternate(p, where, pin_ok, match, owner, full)
        if len(match) + sum(w in seat_of[t] for t in range(len(tables))) < len(tables):  # a pin not kept left
            return len(tables), None
        for t, p in match.items():
            if w not in avail[p]:
                broken.add(p)
            seat_of[t][w] = p
            done.add((t, p))
            avail[p].discard(w)
            left[p] -= 1
    broken.update(p for (t, p), w in pinned_at.items() if seat_of[t][w] != p)  # a pin not kept
    seats = [tuple(seat_of[t][w] for w in range(4)) for t in range(len(tables))]
    return len(broken), seats  # type: ignore[return-value]


def _augment(t: int, cands, match: dict, owner: dict, seen: set) -> bool:
    """Kuhn's augmenting path from table ``t`` (iterative, so deep paths cannot overflow the stack)."""
    first = cands[t][0] if cands[t] else None
    if first is not None and first not in owner:  # the commonest path, one step long: taken at once
        match[t], owner[first] = first, t
        return True
    stack = [(t, iter(cands[t]))]
    path: list[tuple[int, PlayerId]] = []
    seen.add(t)
    while stack:
        table, it = stack[-1]
        for p in it:
            other = owner.get(p)
            if other is None:
                path.append((table, p))
                for tt, pp in path:
                    match[tt] = pp
                    owner[pp] = tt
                return True
            if other not in seen:
                seen.add(other)
                path.append((table, p))
                stack.append((other, iter(cands[other])))
                break
        else:
            stack.pop()
            if path:
                path.pop()
    return False


def _alternate(p, where, ok, match: dict, owner: dict, forced: set) -> bool:
    """Give ``p`` a table by an alternating path that ends by unseating a player who is not forced."""
    parent: dict[PlayerId, tuple[PlayerId, int] | None] = {p: None}
    queue = [p]
    for x in queue:
        for t in where[x]:
            if not ok(t, x) or t not in match:
                continue
            q = match[t]
            if q in parent:
                continue
            parent[q] = (x, t)
            if q not in forced:
                del owner[q]
                y: PlayerId = q
                while parent[y] is not None:
                    prev, tt = parent[y]  # type: ignore[misc]
                    match[tt] = prev
                    owner[prev] = tt
                    y = prev
                return True
            queue.append(q)
    return False
