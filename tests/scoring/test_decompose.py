"""Readings of a complete hand (scoring.decompose), cited against the rule documents.

001 = SPGG 2023 (default rule set), 002 = "Singaporean Mahjong scoring rules",
000 = "Rules for Singapore Mahjong" (2002), 004 = the tai card.
"""

import pytest

from scoring.decompose import (
    NINE_GATES,
    SEVEN_PAIRS,
    THIRTEEN_WONDERS,
    decompositions,
    is_complete,
    reading_sort_key,
    readings,
)
from scoring.hand import parse_hand
from scoring.tiles import counts34, sort_tiles

SPGG = {"seven_pairs": None}  # 001 lists no seven-pairs hand (rules 23, 24)
SEVEN_PAIRS_ALLOWED = {"seven_pairs": 2}  # 002 "Seven Pairs" as a house rule
FOUR_ALIKE = {"seven_pairs": 2, "seven_pairs_four_alike": True}  # 002 Seven Pairs Note 3


def hand(concealed, winning, melds=(), win="discard", rules=SPGG):
    data = {
        "prevailing_wind": "E",
        "seat_wind": "S",
        "concealed": concealed,
        "melds": [
            {"type": kind, "tiles": tiles, **({"concealed": True} if hidden else {})}
            for kind, tiles, hidden in melds
        ],
        "winning_tile": winning,
        "win": win,
    }
    return parse_hand(data, rules=rules)


def shapes(h):
    """Each reading as (special, sets as strings, eye, wait)."""
    return [
        (r.special, tuple(" ".join(m.tiles) for m in r.sets), r.eye and r.eye[0], r.wait) for r in readings(h)
    ]


# ------------------------------------------------------------ is_complete

COMPLETE = [
    # (what, tiles, complete?, source)
    ("four chows and an eye", "B1 B2 B3 D4 D5 D6 C7 C8 C9 B4 B5 B6 EW EW", True, "001 rule 26b"),
    ("four pongs and an eye", "B1 B1 B1 D9 D9 D9 RD RD RD EW EW EW C5 C5", True, "001 rule 23j"),
    ("pongs and chows mixed", "B1 B2 B3 B3 B3 B3 D7 D8 D9 GD GD GD WD WD", True, "002 Winning hand"),
    ("a lone eye", "C5 C5", True, "a hand after four declared melds"),
    ("thirteen tiles are never complete", "B1 B2 B3 D4 D5 D6 C7 C8 C9 B4 B5 B6 EW", False, "001 rule 28b"),
    ("two eyes", "B1 B1 B2 B2 B3 B3 B5 B5 D1 D2 D3 EW EW EW", True, "111 is not needed: 123 123 55"),
    (
        "honours never chow",
        "EW SW WW B1 B2 B3 D1 D2 D3 C1 C2 C3 RD RD",
        False,
        "001 glossary: chow is numeric",
    ),
    ("four alike honours cannot be read", "RD RD RD RD B1 B2 B3 D1 D2 D3 C1 C2 C3 GD", False, "001 glossary"),
    ("no chow across suits", "B8 B9 D1 D2 D3 D4 D5 D6 C1 C2 C3 C4 C4 C4", False, "001 glossary: chow"),
    ("chows do not wrap from 9 to 1", "B8 B9 B1 D1 D2 D3 D4 D5 D6 C1 C2 C3 C9 C9", False, "001 rule 26b"),
    ("nine gates are a standard hand too", "B1 B1 B1 B2 B3 B4 B5 B6 B7 B8 B9 B9 B9 B5", True, "001 rule 24f"),
    ("13 Wonders is not a standard hand", "B1 B9 D1 D9 C1 C9 EW SW WW NW RD GD WD WD", False, "001 rule 24j"),
    (
        "seven pairs is not a standard hand",
        "B1 B1 B4 B4 D2 D2 D8 D8 C3 C3 EW EW RD RD",
        False,
        "002 Seven Pairs",
    ),
]


@pytest.mark.parametrize("what, tiles, complete, source", COMPLETE, ids=[c[0] for c in COMPLETE])
def test_is_complete(what, tiles, complete, source):
    assert is_complete(counts34(tiles.split())) is complete


def test_decompositions_of_three_identical_chows():
    # 111 222 333 reads as three pongs or as three chows 123 (002: a hand can be split several ways)
    counts = counts34("B1 B1 B1 B2 B2 B2 B3 B3 B3 D5 D5".split())
    found = decompositions(counts)
    assert len(found) == 2


# ------------------------------------------------------------ standard readings


def test_declared_melds_come_first_in_input_order_then_concealed_sets_sorted():
    h = hand(
        "D7 D5 D6 B4 B3 B2 C3 C3",
        "B4",
        melds=[("kong", "RD RD RD RD", True), ("chow", "C6 C4 C5", False)],
    )
    [r] = readings(h)
    assert [m.tiles for m in r.sets] == [
        ("RD", "RD", "RD", "RD"),
        ("C4", "C5", "C6"),
        ("B2", "B3", "B4"),
        ("D5", "D6", "D7"),
    ]
    assert [(m.declared, m.concealed) for m in r.sets] == [
        (True, True),
        (True, False),
        (False, True),
        (False, True),
    ]
    assert r.eye == ("C3", "C3")


def test_a_hand_that_splits_two_ways_has_both_readings():
    # B1x3 B2x3 B3x3: three pongs (Pong Hu, 001 rule 23j) or three chows (Ping Hu shape, 26b)
    h = hand("B1 B1 B1 B2 B2 B2 B3 B3 B3 D4 D5 D6 C7 C7", "D6")
    sets = [s for _, s, _, _ in shapes(h)]
    assert ("B1 B1 B1", "B2 B2 B2", "B3 B3 B3", "D4 D5 D6") in sets
    assert ("B1 B2 B3", "B1 B2 B3", "B1 B2 B3", "D4 D5 D6") in sets
    assert len(sets) == 2


def test_an_incomplete_hand_has_no_reading():
    h = hand("B1 B2 B4 D4 D5 D6 C7 C8 C9 B4 B5 B6 EW EW", "EW")
    assert readings(h) == ()


def test_every_reading_uses_exactly_the_hands_tiles():
    h = hand("B2 B3 B4 B4 B4 B5 B6 B6 B6 B7 D1 D1 D1 D2", "B4", melds=[])
    for r in readings(h):
        used = [t for m in r.sets for t in m.tiles] + list(r.eye)
        assert sort_tiles(used) == h.concealed


# ------------------------------------------------------------ wait shapes per reading

WAIT_SHAPES = [
    # (what, concealed, winning tile, the shapes found, source)
    (
        "two-sided: 4-5 wins on 6",
        "B4 B5 B6 D1 D2 D3 D4 D5 D6 C7 C8 C9 EW EW",
        "B6",
        {"two_sided"},
        "002 Sequence Hand",
    ),
    ("edge: 1-2 wins on 3", "B1 B2 B3 D1 D2 D3 D4 D5 D6 C7 C8 C9 EW EW", "B3", {"edge"}, "001 rule 26e"),
    (
        "edge: 8-9 wins on 7",
        "B7 B8 B9 D1 D2 D3 D4 D5 D6 C7 C8 C9 EW EW",
        "B7",
        {"edge"},
        "002: 8-9 waiting for a 7",
    ),
    ("7-8 wins on 9: two-sided", "B7 B8 B9 D1 D2 D3 D4 D5 D6 C7 C8 C9 EW EW", "B9", {"two_sided"}, "002"),
    ("closed: 5-7 wins on 6", "B5 B6 B7 D1 D2 D3 D4 D5 D6 C7 C8 C9 EW EW", "B6", {"closed"}, "001 rule 26d"),
    (
        "single: the lone tile makes the eye",
        "B5 B6 B7 D1 D2 D3 D4 D5 D6 C7 C8 C9 EW EW",
        "EW",
        {"single"},
        "26f",
    ),
    (
        "pong: two pairs waiting",
        "B5 B5 B5 D1 D2 D3 D4 D5 D6 C7 C8 C9 EW EW",
        "B5",
        {"pong"},
        "dual pong wait",
    ),
    # 3-4-5-5 + 5: the 5 makes the eye (single) or completes 3-4-5 beside the 5-5 eye (two-sided)
    (
        "3455 + 5 reads two ways",
        "B3 B4 B5 B5 B5 D1 D2 D3 D4 D5 D6 C7 C8 C9",
        "B5",
        {"single", "two_sided"},
        "26f",
    ),
]


@pytest.mark.parametrize(
    "what, concealed, winning, expected, source", WAIT_SHAPES, ids=[c[0] for c in WAIT_SHAPES]
)
def test_wait_shape_of_each_reading(what, concealed, winning, expected, source):
    found = {wait for _, _, _, wait in shapes(hand(concealed, winning))}
    assert found == expected


def test_a_split_is_given_once_per_shape_of_the_winning_tile():
    # 4-5-6 and 6-7-8 both hold the winning 6: two-sided in 456 (4-5 waiting) and 678 (7-8 waiting)
    h = hand("B4 B5 B6 B6 B7 B8 D1 D2 D3 C7 C8 C9 EW EW", "B6")
    rs = readings(h)
    assert [r.wait for r in rs] == ["two_sided"]  # both placements give the same shape: one reading
    h = hand("B4 B5 B6 B7 B8 B9 D1 D2 D3 C7 C8 C9 EW EW", "B7")
    assert [r.wait for r in readings(h)] == ["edge"]


def test_instant_win_has_readings_without_a_wait():
    h = hand("B1 B2 B3 D4 D5 D6 C7 C8 C9 B4 B5 B6 EW EW", None)
    [r] = readings(h)
    assert r.wait is None and r.waits == frozenset()


# ------------------------------------------------------------ special shapes


def test_thirteen_wonders_is_read_as_a_special_shape():
    # 001 rule 24j; 000 "13 Wonders game": each terminal and honour, and an eye of any of them
    h = hand("B1 B9 D1 D9 C1 C9 EW SW WW NW RD GD WD WD", "WD")
    assert shapes(h) == [(THIRTEEN_WONDERS, (), None, "special")]


def test_thirteen_wonders_needs_every_terminal_and_honour():
    h = hand("B1 B9 D1 D9 C1 C9 EW SW WW NW RD GD GD GD", "GD")  # no white dragon
    assert readings(h) == ()


NINE_GATES_CASES = [
    ("pure nine gates, winning on the extra 5", "B1 B1 B1 B2 B3 B4 B5 B5 B6 B7 B8 B9 B9 B9", "B5", True),
    ("extra tile is a 1", "D1 D1 D1 D1 D2 D3 D4 D5 D6 D7 D8 D9 D9 D9", "D1", True),
    ("extra tile is a 9", "C1 C1 C1 C2 C3 C4 C5 C6 C7 C8 C9 C9 C9 C9", "C2", True),
    ("mixed suits are not nine gates", "B1 B1 B1 B2 B3 B4 B5 B5 B6 B7 B8 D9 D9 D9", "B5", False),
    ("missing the 4", "B1 B1 B1 B2 B3 B3 B5 B5 B6 B7 B8 B9 B9 B9", "B5", False),
]


@pytest.mark.parametrize(
    "what, concealed, winning, special", NINE_GATES_CASES, ids=[c[0] for c in NINE_GATES_CASES]
)
def test_nine_gates(what, concealed, winning, special):
    # 001 rule 24f "Nine Heavenly Gates-Flush 1112345678999"; 004 "9 Gates ... any tile in the same suit"
    found = [r for r in readings(hand(concealed, winning)) if r.special == NINE_GATES]
    assert bool(found) is special
    if special:
        assert found[0].wait == "special"


def test_nine_gates_with_a_declared_meld_is_only_a_standard_hand():
    # 001 rule 24f: "No open meld"
    h = hand("B4 B5 B5 B6 B7 B8 B9 B9 B9 B2 B3", "B5", melds=[("pong", "B1 B1 B1", False)])
    assert readings(h)
    assert all(r.special is None for r in readings(h))


def test_seven_pairs_only_where_the_rule_set_allows_it():
    tiles = "B1 B1 B4 B4 D2 D2 D8 D8 C3 C3 EW EW RD RD"
    assert readings(hand(tiles, "RD", rules=SPGG)) == ()  # 001: no seven pairs; 004: "not allowed"
    [r] = readings(hand(tiles, "RD", rules=SEVEN_PAIRS_ALLOWED))  # 002 "Seven Pairs"
    assert (r.special, r.wait, r.waits) == (SEVEN_PAIRS, "single", frozenset({"RD"}))


def test_four_alike_are_two_pairs_only_with_the_house_rule():
    tiles = "B1 B1 B1 B1 D2 D2 D8 D8 C3 C3 EW EW RD RD"  # 002 Seven Pairs Note 3
    assert readings(hand(tiles, "RD", rules=SEVEN_PAIRS_ALLOWED)) == ()
    assert [r.special for r in readings(hand(tiles, "RD", rules=FOUR_ALIKE))] == [SEVEN_PAIRS]


def test_seven_pairs_that_are_also_a_standard_hand_have_both_readings():
    tiles = "B1 B1 B2 B2 B3 B3 D5 D5 D6 D6 D7 D7 C9 C9"
    rs = readings(hand(tiles, "C9", rules=SEVEN_PAIRS_ALLOWED))
    assert [r.special for r in rs] == [None, SEVEN_PAIRS]


# ------------------------------------------------------------ order


def test_readings_come_in_reading_sort_key_order_and_are_repeatable():
    h = hand("B1 B1 B1 B2 B2 B2 B3 B3 B3 B4 B5 B6 B7 B7", "B4")
    first = readings(h)
    assert len(first) > 1
    assert list(first) == sorted(first, key=reading_sort_key)
    assert readings(h) == first
