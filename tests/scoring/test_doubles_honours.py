"""Dragon and wind pongs, Little/Big Three Dragons, Little/Big Four Winds, in all four rule sets.

001 rules 19, 20, 23e-i, 23k, 24a; 004 tai table; 002 Triplet of any Dragon Tile,
Winds, Three Lesser/Great Scholars, Four Lesser/Great Blessings; 000 How to get
doubles. The winner sits South in an East round unless a case says otherwise.
"""

import pytest

from tests.scoring.scoring_cases import check, hand

REST = "B1 B2 B3 D4 D5 D6 C7 C8 C9 D9 D9"  # three chows in three suits and an eye: worth nothing


def pong_of(tile: str, rules: str = "spgg-2023", **kw) -> dict:
    return hand(f"{REST} {tile} {tile} {tile}", rules=rules, **kw)


LITTLE_DRAGONS = "RD RD RD GD GD GD B1 B2 B3 D4 D5 D6 WD WD"
BIG_DRAGONS = "RD RD RD GD GD GD WD WD WD B1 B2 B3 D9 D9"
LITTLE_WINDS = "EW EW EW SW SW SW WW WW WW B1 B2 B3 NW NW"
BIG_WINDS = "EW EW EW SW SW SW WW WW WW NW NW NW B5 B5"

SPGG = [
    ("pong of Red Dragons", pong_of("RD"), {"dragon_pong": 1}, "001 rule 23g"),
    (
        "kong of Green Dragons counts as the pong",
        hand(REST, melds=["kong GD"], winning="D9"),
        {"dragon_pong": 1},
        "001 rule 23g",
    ),
    ("pong of the round wind (East)", pong_of("EW"), {"wind_pong": 1}, "001 rules 19, 20, 23e"),
    ("pong of own wind (South)", pong_of("SW"), {"wind_pong": 1}, "001 rules 19, 20, 23e"),
    ("pong of a wind that is neither", pong_of("NW"), {}, ""),
    (
        "pong of East wind for the banker in the East round",
        pong_of("EW", seat="E"),
        {"double_wind_pong": 2},
        "001 rule 23f",
    ),
    (
        "pongs of the round wind and of own wind",
        hand("EW EW EW SW SW SW B1 B2 B3 D4 D5 D6 D9 D9"),
        {"wind_pong": 2},
        "001 rules 19, 20, 23e",
    ),
    ("two dragon pongs and the third as eye", hand(LITTLE_DRAGONS), {"little_dragons": 3}, "001 rule 23i"),
    ("pong of all the 3 dragons", hand(BIG_DRAGONS), {"big_dragons": 5}, "001 rule 23h"),
    (
        "three wind pongs and the fourth as eye (choice: 4, half flush on top, no wind pongs)",
        hand(LITTLE_WINDS),
        {"little_winds": 4, "half_flush": 2},
        "001 rule 23k",
    ),
    ("pong all 4 winds (4 Blessings)", hand(BIG_WINDS), {"big_winds": 10}, "001 rule 24a"),
]

TAI_CARD = [
    ("dragon pung", pong_of("WD", "sg-tai-card"), {"dragon_pong": 1}, "004 tai table"),
    ("valued wind pung: seat wind", pong_of("SW", "sg-tai-card"), {"wind_pong": 1}, "004 tai table"),
    (
        "a pung that is seat and prevailing wind counts for each (choice)",
        pong_of("SW", "sg-tai-card", prevailing="S"),
        {"double_wind_pong": 2},
        "004 tai table",
    ),
    (
        "Little Dragons already includes the dragon pungs",
        hand(LITTLE_DRAGONS, rules="sg-tai-card"),
        {"little_dragons": 3},
        "004 tai table",
    ),
    ("Big Dragons", hand(BIG_DRAGONS, rules="sg-tai-card"), {"big_dragons": 5}, "004 tai table"),
    (
        "Little Winds includes the half flush and adds the valued wind pungs",
        hand(LITTLE_WINDS, rules="sg-tai-card"),
        {"little_winds": 4, "wind_pong": 2},
        "004 tai table",
    ),
    ("Big Winds", hand(BIG_WINDS, rules="sg-tai-card"), {"big_winds": 5}, "004 tai table"),
]

CLASSIC = [
    (
        "triplet of a dragon tile",
        pong_of("GD", "sg-classic"),
        {"dragon_pong": 1},
        "002 Triplet of any Dragon Tile",
    ),
    ("triplet of the prevailing wind", pong_of("EW", "sg-classic"), {"wind_pong": 1}, "002 Winds"),
    (
        "prevailing wind that is also the seat wind: 2 points",
        pong_of("EW", "sg-classic", seat="E"),
        {"double_wind_pong": 2},
        "002 Winds",
    ),
    (
        "Three Lesser Scholars",
        hand(LITTLE_DRAGONS, rules="sg-classic"),
        {"little_dragons": 3},
        "002 Three Lesser Scholars",
    ),
    (
        "Three Great Scholars",
        hand(BIG_DRAGONS, rules="sg-classic"),
        {"big_dragons": 5},
        "002 Three Great Scholars",
    ),
    (
        "Four Lesser Blessings: wind bonus not counted, half flush stacks",
        hand(LITTLE_WINDS, rules="sg-classic"),
        {"little_winds": 4, "half_flush": 2},
        "002 Four Lesser Blessings",
    ),
    (
        "Four Great Blessings",
        hand(BIG_WINDS, rules="sg-classic"),
        {"big_winds": 5},
        "002 Four Great Blessings",
    ),
]

SGMJ = [
    ("pong of a dragon", pong_of("RD", "sgmj-2002"), {"dragon_pong": 1}, "000 How to get doubles?"),
    (
        "pong of the player's game wind",
        pong_of("SW", "sgmj-2002"),
        {"wind_pong": 1},
        "000 How to get doubles?",
    ),
    (
        "two dragon pongs and the third as eye: 3 in total",
        hand(LITTLE_DRAGONS, rules="sgmj-2002"),
        {"little_dragons": 3},
        "000 How to get doubles?",
    ),
    ("each of the dragons: 5 in total", hand(BIG_DRAGONS, rules="sgmj-2002"), {"big_dragons": 5}, "000 How"),
    (
        "three winds and the fourth as eye: 4 in total, half colour on top",
        hand(LITTLE_WINDS, rules="sgmj-2002"),
        {"little_winds": 4, "half_flush": 2},
        "000 How",
    ),
    (
        "each of the winds: 3 extra, 5 in total, with all pongs and half colour",
        hand(BIG_WINDS, rules="sgmj-2002"),
        {"big_winds": 5, "all_pongs": 2, "half_flush": 2},
        "000 How",
    ),
]


@pytest.mark.parametrize(("case", "data", "expected", "rule"), SPGG + TAI_CARD + CLASSIC + SGMJ)
def test_honours(case, data, expected, rule):
    check(data, expected, rule)


def test_big_dragons_is_five_doubles_not_a_limit_under_spgg():
    result = check(hand(BIG_DRAGONS), {"big_dragons": 5}, "001 rule 23h")
    assert result["limit"] is False and result["doubles"] == 5


def test_little_winds_value_is_an_option():
    data = hand(LITTLE_WINDS, options={"little_winds": 3})
    result = check(data, {"little_winds": 3, "half_flush": 2}, "001 rule 23k")
    assert result["doubles"] == 5
