"""An exact seating of a block's winds by search, for the blocks with byes that the colouring of
``winds.py`` (one wind at a time, greedy) does not close.

Words as in ``winds.py``. The block is its tables (its rounds' and the stand-in tables of
``bye_winds.py``); a seating gives each table's four players the four winds so that no player takes
a wind twice in the block (counting the winds already taken, ``used``), every **pin** (a player who
must take a given wind at a given table) is kept, and every seat limited by ``only`` takes one of
its winds. The search seats a table at a time (the pinned and limited tables first, then round by
round), checks that each player seated keeps as many winds as tables left, and gives up after a
fixed number of steps, so it answers the same for the same input, quickly or not at all.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

from .model import PlayerId

_ORDERS = tuple(itertools.permutations(range(4)))
STEPS = 5_000  # seatings of one table tried before the search gives up


def seat_exactly(
    tables: Sequence[Sequence[object]],
    used: Mapping[PlayerId, set[int]],
    pins: Mapping[int, Mapping[int, PlayerId]],
    only: Mapping[tuple[int, object], set[int]],
) -> list[tuple] | None:
    """Each table's players in wind order (E, S, W, N), or None when none is found in ``STEPS``."""
    avail: dict[object, set[int]] = {}
    for members in tables:
        for p in members:
            avail.setdefault(p, {w for w in range(4) if w not in used.get(p, ())})  # type: ignore[arg-type]
    allowed = []  # per table and seat position: the winds that seat may take
    for t, members in enumerate(tables):
        pinned = {p: w for w, p in pins.get(t, {}).items()}
        allowed.append([{pinned[p]} if p in pinned else set(only.get((t, p), range(4))) for p in members])
    seats: list[tuple | None] = [None] * len(tables)
    left = dict.fromkeys(avail, 0)  # tables still to seat, per player
    for members in tables:
        for p in members:
            left[p] += 1
    # pinned and limited tables first, then the rounds in order
    order = sorted(range(len(tables)), key=lambda t: (all(len(a) == 4 for a in allowed[t]), t))
    steps = [STEPS]

    def go(i: int) -> bool:
        if i == len(order):
            return True
        t = order[i]
        members = tables[t]
        for perm in _ORDERS:
            if not all(perm[k] in avail[p] and perm[k] in allowed[t][k] for k, p in enumerate(members)):
                continue
            steps[0] -= 1
            if steps[0] < 0:
                return False
            for k, p in enumerate(members):
                avail[p].discard(perm[k])
                left[p] -= 1
            if all(len(avail[p]) >= left[p] for p in members):  # enough winds left for their tables
                seats[t] = tuple(members[perm.index(w)] for w in range(4))
                if go(i + 1):
                    return True
            for k, p in enumerate(members):
                avail[p].add(perm[k])
                left[p] += 1
        return False

    if not go(0):
        return None
    return seats  # type: ignore[return-value]
