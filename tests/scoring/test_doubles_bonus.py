"""Bonus tiles: own flowers, flower sets, animals, seven and eight flowers, in all four rule sets.

001 rule 23a-d, 24g; 004 tai table; 002 Animal Tiles, Flower Tiles, Two complete
flower groups; 000 How to get doubles. The plain hand below is worth nothing by
itself (three suits, a pong, won on a discard), so the doubles are the bonus
tiles' alone; the winner sits South (seat number 2).
"""

import pytest

from tests.scoring.scoring_cases import check, hand

PLAIN = "B1 B2 B3 D4 D5 D6 C7 C8 C9 D9 D9 B5 B5 B5"


def plain(bonus: str, rules: str = "spgg-2023", **kw) -> dict:
    return hand(PLAIN, bonus=bonus, rules=rules, **kw)


ALL_FLOWERS = "F1 F2 F3 F4 S1 S2 S3 S4"

SPGG = [
    ("own flower F2 for South", plain("F2"), {"seat_flower": 1}, "001 rule 23a"),
    ("own season S2 for South", plain("S2"), {"seat_flower": 1}, "001 rule 23a"),
    ("own flower and own season", plain("F2 S2"), {"seat_flower": 2}, "001 rule 23a"),
    ("another seat's flower scores nothing", plain("F1 S3"), {}, ""),
    ("own flower for West is F3", plain("F3", seat="W"), {"seat_flower": 1}, "001 rule 23a"),
    (
        "complete set of flowers (own flower included)",
        plain("F1 F2 F3 F4"),
        {"flower_set": 2},
        "001 rule 23b",
    ),
    (
        "complete set of flowers and the own season",
        plain("F1 F2 F3 F4 S2"),
        {"flower_set": 2, "seat_flower": 1},
        "001 rule 23b",
    ),
    ("each animal", plain("CAT RAT"), {"animal": 2}, "001 rule 23c"),
    ("one complete set of animals", plain("CAT RAT ROOSTER CENTIPEDE"), {"animal_set": 5}, "001 rule 23d"),
    ("eight flowers in a complete hand", plain(ALL_FLOWERS), {"eight_flowers": 10}, "001 rule 24g"),
    (
        "seven flowers and robbing the eighth",
        plain("F1 F2 F3 F4 S1 S2 S3", events=["robbing_eighth_flower"]),
        {"robbing_eighth_flower": 10},
        "001 rule 24g",
    ),
    (
        "seven flowers without the robbery: a set and the own season",
        plain("F1 F2 F3 F4 S1 S2 S3"),
        {"flower_set": 2, "seat_flower": 1},
        "001 rule 23b",
    ),
]

TAI_CARD = [
    ("seat flower", plain("S2", "sg-tai-card"), {"seat_flower": 1}, "004 tai table"),
    (
        "flower set already includes the seat flower",
        plain("S1 S2 S3 S4", "sg-tai-card"),
        {"flower_set": 2},
        "004 tai table",
    ),
    ("any animal", plain("ROOSTER", "sg-tai-card"), {"animal": 1}, "004 tai table"),
    (
        "animal set is a 5-tai hand",
        plain("CAT RAT ROOSTER CENTIPEDE", "sg-tai-card"),
        {"animal_set": 5},
        "004 tai table",
    ),
    ("all 8 flowers and seasons", plain(ALL_FLOWERS, "sg-tai-card"), {"eight_flowers": 5}, "004 tai table"),
]

CLASSIC = [
    ("flower matching the seat", plain("F2", "sg-classic"), {"seat_flower": 1}, "002 Flower Tiles"),
    (
        "complete flower group",
        plain("F1 F2 F3 F4", "sg-classic"),
        {"flower_set": 2},
        "002 Complete flower group",
    ),
    ("each animal tile", plain("CAT", "sg-classic"), {"animal": 1}, "002 Animal Tiles"),
    (
        "all 4 animals, a total of 5",
        plain("CAT RAT ROOSTER CENTIPEDE", "sg-classic"),
        {"animal_set": 5},
        "002 Animal Tiles",
    ),
    (
        "8 flower tile-set scores the limit",
        plain(ALL_FLOWERS, "sg-classic"),
        {"eight_flowers": 5},
        "002 Two complete",
    ),
    (
        "7 flowers score nothing extra (a house rule now)",
        plain("F1 F2 F3 F4 S1 S3 S4", "sg-classic"),
        {"flower_set": 2},
        "002 Complete flower group",
    ),
]

SGMJ = [
    (
        "flower matching the player's wind",
        plain("S2", "sgmj-2002"),
        {"seat_flower": 1},
        "000 How to get doubles?",
    ),
    ("complete red flower suit: 2 in total", plain("F1 F2 F3 F4", "sgmj-2002"), {"flower_set": 2}, "000 How"),
    (
        "complete animal suit: 5 in total",
        plain("CAT RAT ROOSTER CENTIPEDE", "sgmj-2002"),
        {"animal_set": 5},
        "000 How",
    ),
    (
        "winning with seven flowers",
        plain("F1 F2 F3 F4 S1 S2 S3", "sgmj-2002"),
        {"seven_flowers": 5},
        "000 How",
    ),
    ("winning with eight flowers", plain(ALL_FLOWERS, "sgmj-2002"), {"eight_flowers": 5}, "000 How"),
]


@pytest.mark.parametrize(("case", "data", "expected", "rule"), SPGG + TAI_CARD + CLASSIC + SGMJ)
def test_bonus_tiles(case, data, expected, rule):
    check(data, expected, rule)


def test_eight_flowers_is_a_limit_hand_under_spgg():
    result = check(plain(ALL_FLOWERS, win="self_draw"), {"eight_flowers": 10}, "001 rule 24g")
    assert result["limit"] is True
    assert result["doubles"] == 10


def test_eight_flowers_is_five_doubles_not_a_limit_under_sgmj():
    result = check(plain(ALL_FLOWERS, "sgmj-2002"), {"eight_flowers": 5}, "000")
    assert result["limit"] is False and result["doubles"] == 5
