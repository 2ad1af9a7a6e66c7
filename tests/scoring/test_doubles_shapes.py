"""All pongs, half and full flush, all green, mixed terminals, and how the hand was won.

001 rules 23j, 23l-n, 23r, 25a-c; 004 tai table; 002 All Triplets, Half Flush, Full
Flush, Mixed Terminals, Winning on Replacement Tile, Robbing the Kong, Winning on
the Last Available Tile, Fully Concealed Hand; 000 How to get doubles. The winner
sits South in an East round.
"""

import pytest

from tests.scoring.scoring_cases import check, hand

ALL_PONGS = "B1 B1 B1 D4 D4 D4 C7 C7 C7 B5 B5 B5 D9 D9"
HALF_FLUSH = "B1 B2 B3 B4 B5 B6 B7 B8 B9 RD RD RD NW NW"
FULL_FLUSH = "C1 C2 C3 C4 C5 C6 C7 C8 C9 C2 C2"  # with a declared pong of C5
GREEN = "B2 B3 B4 B2 B3 B4 B6 B6 B6 B8 B8 B8 GD GD"
GREEN_NO_DRAGON = "B2 B3 B4 B2 B3 B4 B6 B6 B6 B8 B8 B8 B4 B4"
MIXED_TERMINALS = "B1 B1 B1 D9 D9 D9 C1 C1 C1 NW NW NW RD RD"
PLAIN = "B1 B2 B3 D4 D5 D6 C7 C8 C9 D9 D9 B5 B5 B5"


def full_flush(rules: str = "spgg-2023") -> dict:
    return hand(FULL_FLUSH, melds=["pong C5"], winning="C9", rules=rules)


SPGG = [
    ("mixed Pong Pong Hu", hand(ALL_PONGS), {"all_pongs": 2}, "001 rule 23j"),
    (
        "all pongs with an exposed pong, self-drawn",
        hand("B1 B1 B1 D4 D4 D4 C7 C7 C7 D9 D9", melds=["pong B5"], win="self_draw"),
        {"all_pongs": 2},
        "001 rule 23j",
    ),
    ("half flush with a dragon pong", hand(HALF_FLUSH), {"half_flush": 2, "dragon_pong": 1}, "001 rule 23l"),
    ("full flush with a pong", full_flush(), {"full_flush": 4}, "001 rule 23m"),
    ("green suit with green dragons", hand(GREEN), {"all_green": 4}, "001 rule 23n"),
    ("green suit without green dragons", hand(GREEN_NO_DRAGON), {"all_green": 4}, "001 rule 23n"),
    (
        "mixed pong of 1 and 9 with dragons and winds",
        hand(MIXED_TERMINALS),
        {"all_pongs": 2, "mixed_terminals": 2},
        "001 rule 23r",
    ),
    (
        "winning tile from the replacement wall after a flower",
        hand(PLAIN, bonus="F1", win="self_draw", events=["flower_replacement"]),
        {"flower_replacement": 1},
        "001 rule 25a",
    ),
    (
        "winning tile from the replacement wall after a kong",
        hand(
            "B1 B2 B3 D4 D5 D6 C7 C8 C9 D9 D9",
            melds=["kong B5"],
            win="self_draw",
            events=["kong_replacement"],
        ),
        {"kong_replacement": 1},
        "001 rule 25a",
    ),
    (
        "replacement tile after a double kong",
        hand(
            "B1 B2 B3 D4 D5 D6 D9 D9",
            melds=["kong B5", "kong C7"],
            win="self_draw",
            events=["double_kong_replacement"],
        ),
        {"double_kong_replacement": 3},
        "001 rule 25b",
    ),
    (
        "last tile as the winning tile",
        hand(PLAIN, win="self_draw", events=["last_tile"]),
        {"last_tile": 1},
        "001 rule 25c",
    ),
    (
        "the last tile is not counted on top of a replacement tile (choice, as 002 and 004)",
        hand(PLAIN, bonus="F1", win="self_draw", events=["flower_replacement", "last_tile"]),
        {"flower_replacement": 1},
        "001 rule 25a",
    ),
    ("robbing the kong is not a double in 001", hand(PLAIN, events=["robbing_kong"]), {}, ""),
    ("a fully concealed self-draw is not a double in 001", hand(PLAIN, win="self_draw"), {}, ""),
]

TAI_CARD = [
    ("All Pungs", hand(ALL_PONGS, rules="sg-tai-card"), {"all_pongs": 2}, "004 tai table"),
    (
        "Half Flush",
        hand(HALF_FLUSH, rules="sg-tai-card"),
        {"half_flush": 2, "dragon_pong": 1},
        "004 tai table",
    ),
    ("Full Flush", full_flush("sg-tai-card"), {"full_flush": 4}, "004 tai table"),
    (
        "All Terminals or Honours already includes All Pungs",
        hand(MIXED_TERMINALS, rules="sg-tai-card"),
        {"mixed_terminals": 4},
        "004 tai table",
    ),
    ("All Green is a 5-tai hand", hand(GREEN, rules="sg-tai-card"), {"all_green": 5}, "004 tai table"),
    (
        "Fully Concealed Hand, self-drawn",
        hand(PLAIN, win="self_draw", rules="sg-tai-card"),
        {"fully_concealed": 1},
        "004 tai table",
    ),
    (
        "a concealed kong is a meld: not fully concealed",
        hand(
            "B1 B2 B3 D4 D5 D6 C7 C8 C9 D9 D9",
            melds=["kong B5 concealed"],
            win="self_draw",
            rules="sg-tai-card",
        ),
        {},
        "",
    ),
    (
        "replacement tile for a flower",
        hand(PLAIN, bonus="CAT", win="self_draw", events=["flower_replacement"], rules="sg-tai-card"),
        {"flower_replacement": 1, "fully_concealed": 1, "animal": 1},
        "004 tai table",
    ),
    (
        "Robbing a kong",
        hand(PLAIN, events=["robbing_kong"], rules="sg-tai-card"),
        {"robbing_kong": 1},
        "004 tai table",
    ),
    (
        "last tile draw",
        hand(PLAIN, win="self_draw", events=["last_tile"], rules="sg-tai-card"),
        {"last_tile": 1, "fully_concealed": 1},
        "004 tai table",
    ),
    (
        "Kong on Kong is a 5-tai hand",
        hand(
            "B1 B2 B3 D4 D5 D6 D9 D9",
            melds=["kong B5", "kong C7"],
            win="self_draw",
            events=["double_kong_replacement"],
            rules="sg-tai-card",
        ),
        {"double_kong_replacement": 5},
        "004 tai table",
    ),
]

CLASSIC = [
    ("All Triplets", hand(ALL_PONGS, rules="sg-classic"), {"all_pongs": 2}, "002 All Triplets"),
    (
        "Half Flush",
        hand(HALF_FLUSH, rules="sg-classic"),
        {"half_flush": 2, "dragon_pong": 1},
        "002 Half Flush",
    ),
    ("Full Flush", full_flush("sg-classic"), {"full_flush": 4}, "002 Full Flush"),
    (
        "Mixed Terminals: 2 for triplets and 2 for mixed terminals",
        hand(MIXED_TERMINALS, rules="sg-classic"),
        {"all_pongs": 2, "mixed_terminals": 2},
        "002 Mixed Terminals",
    ),
    (
        "Pure Green Suit is only a house rule: a full flush by default",
        hand(GREEN_NO_DRAGON, rules="sg-classic"),
        {"full_flush": 4},
        "002 Full Flush",
    ),
    (
        "Fully Concealed Hand",
        hand(PLAIN, win="self_draw", rules="sg-classic"),
        {"fully_concealed": 1},
        "002 Fully Concealed Hand",
    ),
    (
        "Winning on Replacement Tile For Kong",
        hand(
            "B1 B2 B3 D4 D5 D6 C7 C8 C9 D9 D9",
            melds=["kong B5"],
            win="self_draw",
            events=["kong_replacement"],
            rules="sg-classic",
        ),
        {"kong_replacement": 1},
        "002 Winning on Replacement Tile",
    ),
    (
        "Robbing the Kong",
        hand(PLAIN, events=["robbing_kong"], rules="sg-classic"),
        {"robbing_kong": 1},
        "002 Robbing",
    ),
    (
        "kongs do not contribute to the score",
        hand("B1 B2 B3 D4 D5 D6 C7 C8 C9 D9 D9", melds=["kong B5"], bonus="F2", rules="sg-classic"),
        {"seat_flower": 1},
        "002 Flower Tiles",
    ),
    (
        "Last Available Tile does not stack with a replacement tile",
        hand(
            PLAIN,
            bonus="F1",
            win="self_draw",
            events=["flower_replacement", "last_tile"],
            rules="sg-classic",
        ),
        {"flower_replacement": 1, "fully_concealed": 1},
        "002 Winning on Replacement Tile",
    ),
]

SGMJ = [
    ("All Pong game", hand(ALL_PONGS, rules="sgmj-2002"), {"all_pongs": 2}, "000 How to get doubles?"),
    ("Half Color game", hand(HALF_FLUSH, rules="sgmj-2002"), {"half_flush": 2, "dragon_pong": 1}, "000 How"),
    ("Full Color game", full_flush("sgmj-2002"), {"full_flush": 4}, "000 How"),
    (
        "Half one's and nine's game",
        hand(MIXED_TERMINALS, rules="sgmj-2002"),
        {"all_pongs": 2, "mixed_terminals": 1},
        "000 How",
    ),
    (
        "winning tile after a Kong Move, even the second in a row",
        hand(
            "B1 B2 B3 D4 D5 D6 D9 D9",
            melds=["kong B5", "kong C7"],
            win="self_draw",
            events=["double_kong_replacement"],
            rules="sgmj-2002",
        ),
        {"kong_replacement": 1},
        "000 How",
    ),
    (
        "Robbing the Kong",
        hand(PLAIN, events=["robbing_kong"], rules="sgmj-2002"),
        {"robbing_kong": 1},
        "000 How",
    ),
    ("no extra double for a concealed game", hand(PLAIN, win="self_draw", rules="sgmj-2002"), {}, ""),
]


@pytest.mark.parametrize(("case", "data", "expected", "rule"), SPGG + TAI_CARD + CLASSIC + SGMJ)
def test_shapes_and_situations(case, data, expected, rule):
    check(data, expected, rule)


def test_mixed_terminals_needing_ones_and_nines_is_an_option():
    only_ones = hand("B1 B1 B1 D1 D1 D1 C1 C1 C1 NW NW NW RD RD", rules="sg-classic")
    check(only_ones, {"all_pongs": 2, "mixed_terminals": 2}, "002 Mixed Terminals")
    strict = dict(only_ones, options={"mixed_terminals_needs_ones_and_nines": True})
    check(strict, {"all_pongs": 2}, "002 All Triplets")


def test_all_green_needing_the_green_dragon_is_an_option():
    options = {"limit_hands": ["all_green"], "all_green_needs_green_dragon": True}
    check(hand(GREEN, rules="sg-classic", options=options), {"all_green": 5}, "002 Pure Green Suit")
    check(hand(GREEN_NO_DRAGON, rules="sg-classic", options=options), {"full_flush": 4}, "002 Full Flush")


# 002 Full Flush (ii): "This Full Flush Triplets Hand will score 6 points (2 for an All Triplets Hand
# combination, and 4 for a Full Flush Hand combination), or the limit."
# (case, options, doubles counted, price paid (full, half))
FULL_FLUSH_TRIPLETS = [
    ("Full Flush All Triplets: 6 points, paid at the limit of five", {}, 5, (32, 16)),
    ("Full Flush All Triplets: 6 points where the limit is six", {"limit_doubles": 6}, 6, (64, 32)),
]


@pytest.mark.parametrize(
    ("case", "options", "doubles", "paid"), FULL_FLUSH_TRIPLETS, ids=[c[0] for c in FULL_FLUSH_TRIPLETS]
)
def test_full_flush_all_triplets(case, options, doubles, paid):
    data = hand("D1 D1 D1 D4 D4 D4 D6 D6 D6 D9 D9", melds=["pong D2"], rules="sg-classic", options=options)
    result = check(data, {"full_flush": 4, "all_pongs": 2}, "002")
    assert result["limit"] is False  # not a special hand: the points are capped, not replaced
    assert result["doubles"] == doubles
    assert (result["payment"]["full"], result["payment"]["half"]) == paid
