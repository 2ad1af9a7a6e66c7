"""Designs composed of smaller ones (``tournament/seating/compose.py``), developed and checked pair by pair.

Inflating every point of a resolvable 4-GDD by a resolvable TD(4, m) and filling every group with a smaller
design keep "every pair outside the groups exactly once"; with complete ingredients the result is as long as
any schedule of its field without a repeat (144 players: 47 rounds, 128: 42, 192: 63).
"""

from __future__ import annotations

import itertools

import pytest

from tournament.seating import SeatingOptions, seat
from tournament.seating.best import best_rounds
from tournament.seating.choose import design_for, ranked
from tournament.seating.compose import design_type, filled, inflated
from tournament.seating.designs import affine, transversal


def check_complete(design) -> None:
    """Every class a partition into tables of four; every pair outside the groups once, none inside."""
    seen: dict[tuple[int, int], int] = {}
    for j in range(design.length):
        cls = design.cls(j)
        assert sorted(p for block in cls for p in block) == list(range(design.points)), f"class {j}"
        assert all(len(block) == 4 for block in cls)
        for block in cls:
            for pair in itertools.combinations(sorted(block), 2):
                seen[pair] = seen.get(pair, 0) + 1
    groups = design.groups or tuple((p,) for p in range(design.points))
    assert sorted(p for g in groups for p in g) == list(range(design.points))
    inside = {pair for g in groups for pair in itertools.combinations(sorted(g), 2)}
    assert seen == dict.fromkeys(set(itertools.combinations(range(design.points), 2)) - inside, 1)


@pytest.mark.parametrize(
    ("players", "rounds", "name"),
    [
        (120, 35, "resolvable 4-GDD of type 15^8 (3^8 × 5)"),
        (128, 42, "resolvable 4-GDD of type 2^64 (32^4 + 2^16)"),  # the most: (128 - 2) / 3
        (140, 45, "resolvable 4-GDD of type 5^28 (1^28 × 5)"),
        (144, 47, "resolvable 4-GDD of type 3^48 (36^4 + 3^12)"),  # the most: (144 - 3) / 3
        (176, 58, "resolvable 4-GDD of type 2^88 (44^4 + 2^22)"),  # the most
        (192, 63, "resolvable 4-GDD of type 3^64 ((3^8 × 8) + 3^8)"),  # the most
        (200, 65, "resolvable 4-GDD of type 5^40 (1^40 × 5)"),
        (208, 69, "resolvable (208,4,1) design ((1^52 × 4) + 1^4)"),  # every pair once
        (320, 106, "resolvable 4-GDD of type 2^160 ((5^4 × 16) + 2^40)"),  # the most, on the stored 2^40
        (432, 143, "resolvable 4-GDD of type 3^144 (108^4 + 3^36)"),  # the most, on the stored 3^36
    ],
)
def test_composed_designs_meet_everyone_but_the_group_exactly_once(players, rounds, name):
    design = design_for(players)
    assert (design.name, design.points, design.length) == (name, players, rounds)
    check_complete(design)
    assert best_rounds(players) == rounds


def test_inflating_and_filling_by_hand():
    big = inflated(affine(2), 4)  # AG(2,4) x 4: type 4^16, 20 classes
    assert (design_type(big), big.length) == ("4^16", 20)
    check_complete(big)
    td = transversal(16)  # type 16^4, 16 classes, filled with AG(2,4): every pair of 64 once
    both = filled(td, affine(2))
    assert (design_type(both), both.length, both.recipe) == ("1^64", 21, "16^4 + 1^16")
    check_complete(both)
    assert inflated(affine(2), 6) is None  # no resolvable TD(4, 6)
    assert filled(td, design_for(24)) is None  # groups of 16 do not hold 24 points


def test_a_thousand_players_have_325_rounds_built_on_demand():
    design = design_for(1000)
    assert (design.length, design_type(design)) == (325, "25^40")
    seen: set[tuple[int, int]] = set()
    for j in (0, 1, 17, 200, 324):  # a few classes: partitions, no pair twice
        cls = design.cls(j)
        assert sorted(p for block in cls for p in block) == list(range(1000))
        pairs = {pair for block in cls for pair in itertools.combinations(sorted(block), 2)}
        assert not pairs & seen
        seen |= pairs


def test_clubs_take_the_longest_design_whose_groups_hold_them():
    clubs = {p: f"club {p // 10}" for p in range(200)}  # twenty clubs of ten: groups of 5 cannot hold them
    assert [d.length for d in ranked(200)][:1] == [65]
    seating = seat(range(200), options=SeatingOptions(rounds=6, seed=5), clubs=clubs)
    assert all(r.method.startswith("design: transversal design 4x50") for r in seating.rounds)
    assert seating.report.same_club_tables == () and seating.report.repeat_meetings == 0
    small = {p: f"club {p // 5}" for p in range(200)}  # forty clubs of five: the groups of 1^40 x 5
    seating = seat(range(200), options=SeatingOptions(rounds=6, seed=5), clubs=small)
    assert all("5^40" in r.method for r in seating.rounds)
    assert seating.report.same_club_tables == () and seating.report.repeat_meetings == 0
