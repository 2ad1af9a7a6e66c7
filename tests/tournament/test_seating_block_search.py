"""The exact search for a block's winds (``tournament/seating/block_search.py``), on a small block.

Four rounds of the 16-player affine plane, with player 16 standing in for player 15 in the last
round (15 sits out); players 0 to 3 are each short of a different wind and must take it at their
first table; player 15 must not go without the wind of a player short of it beside them ahead.
"""

from __future__ import annotations

from tournament.seating.block_search import seat_exactly, solve
from tournament.seating.designs import affine


def _block():
    design = affine(2)
    rounds = [[list(t) for t in design.cls(j)] for j in range(4)]
    for table in rounds[3]:
        if 15 in table:
            table[table.index(15)] = 16
    tables = [t for rnd in rounds for t in rnd]
    where: dict[int, list[int]] = {}
    for t, members in enumerate(tables):
        for p in members:
            where.setdefault(p, []).append(t)
    counts = {p: [1, 1, 1, 1] for p in where}
    for p in range(4):  # short of wind p
        counts[p][p] = 0
    pins = {}
    for p in range(4):
        pins.setdefault(where[p][0], {})[p] = p
    return tables, where, counts, pins


def test_the_block_is_exact_keeps_every_pin_and_looks_ahead():
    tables, where, counts, pins = _block()
    ahead = [[(15, 3, 20, 21)]]  # 15 sits beside player 3, short of North, at a first table ahead
    seats = seat_exactly(tables, where, {}, counts, pins, ahead, {15: 3})
    assert seats is not None
    for members, seated in zip(tables, seats, strict=True):
        assert sorted(members) == sorted(seated)
    winds: dict[int, list[int]] = {}
    for seated in seats:
        for w, p in enumerate(seated):
            winds.setdefault(p, []).append(w)
    assert all(len(ws) == len(set(ws)) for ws in winds.values())  # nobody takes a wind twice
    assert all(sorted(winds[p]) == [0, 1, 2, 3] for p in range(15))  # exact for whoever plays it all
    assert all(seats[t][w] == p for t, by_wind in pins.items() for w, p in by_wind.items())
    assert 3 in winds[15]  # went without another wind than the North that player 3 is short of
    assert seats == seat_exactly(tables, where, {}, counts, pins, ahead, {15: 3})  # deterministic


def test_the_solver_meets_every_condition_once_or_answers_none():
    rows = {0: [("a",), ("b",)], 1: [("a",)], 2: [("b",), ("x",)], 3: [("c",), ("x",)], 4: [("c",)]}
    chosen = solve(rows, [("a",), ("b",), ("c",)])  # a, b, c once each; x, not a condition, at most once
    covered = [c for r in chosen for c in rows[r]]
    assert sorted(c for c in covered if c != ("x",)) == [("a",), ("b",), ("c",)]
    assert covered.count(("x",)) <= 1
    rows[4] = [("c",), ("x",)]  # now c comes with x whichever way: a and b must come from row 0
    assert sorted(solve(rows, [("a",), ("b",), ("c",)])) in ([0, 3], [0, 4])
    assert solve({1: [("a",)]}, [("a",), ("b",)]) is None  # nothing meets b
    assert solve({0: [("a",), ("x",)], 1: [("b",), ("x",)]}, [("a",), ("b",)]) is None  # x twice


def test_the_seating_keeps_as_many_rounds_ahead_as_can_be_kept():
    # ahead, 15 sits beside player 3 (short of North), then 2 (West), then 0 and 1 (East, South): no wind
    # is left for 15 to go without once all three rounds are kept, so the seating keeps the first two
    tables, where, counts, pins = _block()
    ahead = [[(15, 3, 20, 21)], [(15, 2, 22, 23)], [(15, 0, 1, 24)]]
    seats = seat_exactly(tables, where, {}, counts, pins, ahead, {15: 3})
    assert seats is not None
    taken = [w for seated in seats for w, p in enumerate(seated) if p == 15]
    assert len(taken) == 3 and set(range(4)) - set(taken) <= {0, 1}
    assert all(seats[t][w] == p for t, by_wind in pins.items() for w, p in by_wind.items())
    kept_one = seat_exactly(tables, where, {}, counts, pins, ahead[:1], {15: 3})
    assert kept_one is not None and 3 in [w for seated in kept_one for w, p in enumerate(seated) if p == 15]
