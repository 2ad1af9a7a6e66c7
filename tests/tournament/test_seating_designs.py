"""The constructions behind zero-repeat seating: each is checked pair by pair here.

Social golfer facts (docs/seating.md): every pair can meet exactly once when
the field is 4 more than a multiple of 12 (16 over 5 rounds, 28 over 9, 40 over
13, 64 over 21); a field of 4m splits into four levels whose transversal rounds
never repeat a pair.
"""

from __future__ import annotations

import itertools

import pytest

from tournament.seating import SeatingOptions, seat
from tournament.seating.best import best_rounds
from tournament.seating.choose import candidates, design_for
from tournament.seating.designs import (
    affine,
    field,
    gf25_levels,
    golf_32,
    three_q_plus_one,
    transversal,
)
from tournament.seating.levels import levels_gdd
from tournament.seating.rotational import rotational_gdd, twelve


def pairs_of(design, classes=None):
    """Pairs of points sharing a block, with how often; checks that each class partitions the points."""
    seen: dict[tuple[int, int], int] = {}
    for j in range(classes if classes is not None else design.length):
        cls = design.cls(j)
        points = sorted(p for block in cls for p in block)
        assert points == list(range(design.points)), f"class {j} of {design.name} is not a partition"
        assert all(len(block) == 4 for block in cls)
        for block in cls:
            for a, b in itertools.combinations(sorted(block), 2):
                seen[(a, b)] = seen.get((a, b), 0) + 1
    return seen


@pytest.mark.parametrize(
    ("design", "points", "classes", "every_pair_once"),
    [
        (affine(2), 16, 5, True),
        (affine(3), 64, 21, True),
        (three_q_plus_one(5), 16, 5, True),
        (three_q_plus_one(9), 28, 9, True),
        (three_q_plus_one(13), 40, 13, True),
        (three_q_plus_one(25), 76, 25, True),
        (transversal(5), 20, 5, False),
        (transversal(9), 36, 9, False),  # GF(9): a full set of 9 rounds
        (transversal(8), 32, 8, False),
        (transversal(12), 48, 4, False),  # 12 = 4 x 3: the factor 3 cannot hold four distinct x
        (golf_32(), 32, 10, False),  # social golfer 8-4-10
        (gf25_levels(), 100, 33, True),  # resolvable (100, 4, 1)
        (rotational_gdd(45), 136, 45, True),  # resolvable (136, 4, 1), stored (tools/designs/)
    ],
    ids=lambda x: getattr(x, "name", str(x)),
)
def test_design_never_repeats_a_pair(design, points, classes, every_pair_once):
    assert (design.points, design.length) == (points, classes)
    seen = pairs_of(design)
    assert max(seen.values()) == 1
    all_pairs = points * (points - 1) // 2
    if every_pair_once:
        assert len(seen) == all_pairs
    group_pairs = {pair for g in design.groups for pair in itertools.combinations(sorted(g), 2)}
    assert not group_pairs & seen.keys(), "players of one group must never meet"


@pytest.mark.parametrize(
    ("n", "players"), [(7, 24), (11, 36), (15, 48), (23, 72), (27, 84), (31, 96), (35, 108), (43, 132)]
)
def test_rotational_gdd_meets_everyone_but_the_group_exactly_once(n, players):
    """Resolvable 4-GDDs of type 3^(N/3): (N - 3) / 3 rounds, the most N players can play without a repeat."""
    design = rotational_gdd(n)
    assert (design.points, design.length) == (players, (players - 3) // 3)
    seen = pairs_of(design)
    assert max(seen.values()) == 1
    groups = sorted(tuple(sorted(g)) for g in design.groups)
    assert sorted(p for g in groups for p in g) == list(range(players)) and {len(g) for g in groups} == {3}
    group_pairs = {pair for g in groups for pair in itertools.combinations(g, 2)}
    all_pairs = set(itertools.combinations(range(players), 2))
    assert set(seen) == all_pairs - group_pairs


@pytest.mark.parametrize(
    ("players", "rounds", "group_size"), [(44, 14, 2), (56, 18, 2), (60, 19, 3), (80, 26, 2)]
)
def test_levels_gdd_meets_everyone_but_the_group_exactly_once(players, rounds, group_size):
    """Stored SAT finds (``tools/designs/find_design_levels.py``, ``find_design_halves.py``): 2^22, 2^28,
    3^20."""
    design = levels_gdd(players)
    assert (design.points, design.length) == (players, rounds)
    groups = sorted(tuple(sorted(g)) for g in design.groups)
    assert sorted(p for g in groups for p in g) == list(range(players))
    assert {len(g) for g in groups} == {group_size}
    group_pairs = {pair for g in groups for pair in itertools.combinations(g, 2)}
    others = set(itertools.combinations(range(players), 2)) - group_pairs
    assert pairs_of(design) == dict.fromkeys(others, 1)  # every other pair exactly once
    assert design_for(players) is design_for(players) and design_for(players).length == rounds


def test_twelve_players_over_three_rounds_repeat_six_meetings_the_least_possible():
    design = twelve()
    seen = pairs_of(design)
    assert sum(n - 1 for n in seen.values()) == 6
    # the bound: every table of rounds 2 and 3 takes four players from three tables of an earlier round
    for j in (1, 2):
        for block in design.cls(j):
            earlier = [b for i in range(j) for b in design.cls(i)]
            assert any(len(set(block) & set(b)) >= 2 for b in earlier)


def test_thirty_two_players_meet_everyone_but_their_group_exactly_once():
    design = golf_32()
    seen = pairs_of(design)
    groups = {pair for g in design.groups for pair in itertools.combinations(sorted(g), 2)}
    assert len(groups) == 16 and sorted(p for g in design.groups for p in g) == list(range(32))
    others = set(itertools.combinations(range(32), 2)) - groups
    assert seen == dict.fromkeys(others, 1)  # 10 rounds x 8 tables x 6 pairs = 480 = 496 - 16


def test_hundred_players_meet_everyone_exactly_once_in_33_rounds():
    design = gf25_levels()
    rounds = [design.cls(j) for j in range(33)]
    seen: dict[tuple[int, int], int] = {}
    for rnd in rounds:
        assert len(rnd) == 25 and sorted(p for table in rnd for p in table) == list(range(100))
        for table in rnd:
            for pair in itertools.combinations(sorted(table), 2):
                seen[pair] = seen.get(pair, 0) + 1
    assert seen == dict.fromkeys(itertools.combinations(range(100), 2), 1)  # 33 x 25 x 6 = 4,950
    assert design_for(100) is not None and design_for(100).length == 33


@pytest.mark.parametrize(("m", "rounds"), [(50, 25), (250, 125)])
def test_transversal_for_large_fields_has_rounds_to_spare(m, rounds):
    design = transversal(m)
    assert design.length == rounds
    assert max(pairs_of(design, classes=12).values()) == 1


@pytest.mark.parametrize("q", [4, 5, 8, 9, 16, 25, 27, 49])
def test_field_tables_make_a_field(q):
    add, mul = field(q)
    elements = range(q)
    assert all(add[0][x] == x and mul[1][x] == x for x in elements)
    assert all(0 in add[x] for x in elements)  # every element has a negative
    assert all(1 in mul[x] for x in elements if x)  # every nonzero element has an inverse
    for a, b, c in itertools.product(elements, repeat=3):
        if (a + b + c) % 3 == 0:  # a third of the triples is plenty
            assert mul[a][add[b][c]] == add[mul[a][b]][mul[a][c]]


@pytest.mark.parametrize(
    ("players", "design_rounds"),
    [
        (16, 5),
        (28, 9),
        (32, 10),
        (40, 13),
        (64, 21),
        (100, 33),
        (200, 65),  # composed (test_seating_compose.py): 1^40 x 5, type 5^40
        (1000, 325),  # (1^40 x 5) x 5
        (56, 18),
        (72, 23),
        (84, 27),
        (96, 31),
        (108, 35),
        (132, 43),
        (136, 45),
        (80, 26),
        (128, 42),
        (144, 47),
        (12, 3),
        (24, 7),
        (36, 11),
        (48, 15),
        (44, 14),
        (60, 19),
        (30, 0),
    ],
)
def test_design_for_picks_the_longest(players, design_rounds):
    design = design_for(players)
    assert (design.length if design else 0) == design_rounds
    # what the organiser is told: the rounds with nobody meeting twice (12 players repeat from round 2)
    if players % 4 == 0:  # with byes: the plan with stand-ins (test_seating_byes_plan.py)
        assert best_rounds(players) == (0 if players == 12 else design_rounds)
    assert best_rounds(players) <= (players - 1) // 3
    assert all(d.length <= design_rounds for d in candidates(players))


@pytest.mark.parametrize(
    ("players", "rounds"),
    [
        (16, 5),
        (28, 9),
        (32, 10),
        (40, 13),
        (64, 21),
        (100, 33),
        (200, 10),
        (56, 18),
        (72, 23),
        (84, 27),
        (96, 31),
        (24, 7),
        (36, 11),
        (48, 15),
        (44, 14),
        (60, 19),
    ],
)
def test_seating_a_design_field_repeats_nobody(players, rounds):
    seating = seat(range(players), options=SeatingOptions(rounds=rounds, seed=3))
    met: dict[frozenset, int] = {}
    for rnd in seating.rounds:
        assert sorted(p for t in rnd.tables for p in t) == list(range(players))
        for table in rnd.tables:
            for a, b in itertools.combinations(table, 2):
                met[frozenset((a, b))] = met.get(frozenset((a, b)), 0) + 1
    assert max(met.values()) == 1
    assert seating.report.repeat_meetings == 0
    assert seating.report.max_meetings == 1


def test_sixteen_players_over_six_rounds_reach_the_known_minimum_of_24_repeats():
    seating = seat(range(16), options=SeatingOptions(rounds=6))
    met: dict[frozenset, int] = {}
    for rnd in seating.rounds:
        for table in rnd.tables:
            for a, b in itertools.combinations(table, 2):
                met[frozenset((a, b))] = met.get(frozenset((a, b)), 0) + 1
    excess = sum(n - 1 for n in met.values())
    assert excess == 6 * 4 * 6 - 120 == 24
    assert seating.report.repeat_meetings == excess


def test_thirty_two_players_in_pairs_of_club_mates_never_sit_with_a_club_mate():
    clubs = {p: f"club {p // 2}" for p in range(32)}  # 16 clubs of two: exactly the design's groups
    seating = seat(range(32), options=SeatingOptions(rounds=10, seed=11), clubs=clubs)
    assert seating.report.repeat_meetings == 0
    assert seating.report.same_club_tables == ()
    assert all(r.method.startswith("design: resolvable 4-GDD") for r in seating.rounds)
