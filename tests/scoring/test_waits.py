"""Waits (scoring.waits): every tile a hand was waiting on, and the shape of a wait.

Rule 26 of 001 (Ping Hu restrictions) is judged in scoring.ping_hu from these
facts, so multi-sided waits must be reported with all their tiles.
"""

import pytest

from scoring.decompose import readings
from scoring.hand import parse_hand
from scoring.model import Meld
from scoring.tiles import TILES, counts34
from scoring.waits import (
    seven_pairs_waits,
    standard_waits,
    thirteen_wonders_waits,
    wait_shape,
    waiting_tiles,
)

REST = "D1 D2 D3 D4 D5 D6 C7 C8 C9"  # three complete sets to fill a hand


def waits_of(tiles, melds=(), **kw):
    return waiting_tiles(counts34(tiles.split()), melds, **kw)


WAITS = [
    # (what, the 13 tiles before the win, the waits, source)
    ("two-sided 4-5 waits on 3 and 6", f"B4 B5 {REST} EW EW", {"B3", "B6"}, "002 Sequence Hand"),
    ("edge 1-2 waits only on 3", f"B1 B2 {REST} EW EW", {"B3"}, "001 rule 26e"),
    (
        "edge 8-9 waits only on 7",
        f"B8 B9 {REST} EW EW",
        {"B7"},
        "002: an eight and a nine, waiting for a seven",
    ),
    ("closed 5-7 waits only on 6", f"B5 B7 {REST} EW EW", {"B6"}, "001 rule 26d"),
    ("a lone tile waits for its pair", f"B2 B3 B4 {REST} RD", {"RD"}, "001 rule 26f"),
    ("two pairs wait on either (pong)", f"B5 B5 {REST} RD RD", {"B5", "RD"}, "dual pong"),
    ("4567 waits on 4 or 7 as eye", f"B4 B5 B6 B7 {REST}", {"B4", "B7"}, "001 rule 26f, its example"),
    ("2345 waits on 2 and 5", f"B2 B3 B4 B5 {REST}", {"B2", "B5"}, "001 rule 26f"),
    (
        "6789 waits on 6 and 9",
        "D6 D7 D8 D9 B1 B2 B3 B4 B5 B6 C7 C8 C9",
        {"D6", "D9"},
        "002: 6789 of Dots waits 6 & 9",
    ),
    ("1112 waits on 2 and 3", f"B1 B1 B1 B2 {REST}", {"B2", "B3"}, "multiple wait"),
    (
        "34567 with an eye waits on 2, 5, 8",
        "B3 B4 B5 B6 B7 D1 D2 D3 C7 C8 C9 EW EW",
        {"B2", "B5", "B8"},
        "26c",
    ),
    ("3456789 waits on 3, 6, 9", "B3 B4 B5 B6 B7 B8 B9 D1 D2 D3 EW EW EW", {"B3", "B6", "B9"}, "26c"),
    ("2-3-4-4 waits on 1, 4 and the eye", "B2 B3 B4 B4 D1 D2 D3 D4 D5 D6 C7 C8 C9", {"B1", "B4"}, "26c"),
    (
        "pure nine gates waits on all nine",
        "B1 B1 B1 B2 B3 B4 B5 B6 B7 B8 B9 B9 B9",
        {f"B{n}" for n in range(1, 10)},
        "002 Nine Gates: waits for all 9 tiles of the same suit",
    ),
    (
        "13 Wonders with all thirteen waits on each of them",
        "B1 B9 D1 D9 C1 C9 EW SW WW NW RD GD WD",
        {"B1", "B9", "D1", "D9", "C1", "C9", "EW", "SW", "WW", "NW", "RD", "GD", "WD"},
        "001 rule 24j",
    ),
    (
        "13 Wonders with a pair waits on the missing one",
        "B1 B9 D1 D9 C1 C9 EW SW WW NW RD RD WD",
        {"GD"},
        "24j",
    ),
    ("not ready", f"B1 B4 {REST} EW RD", set(), "not one tile short"),
]


@pytest.mark.parametrize("what, tiles, expected, source", WAITS, ids=[w[0] for w in WAITS])
def test_waits(what, tiles, expected, source):
    assert waits_of(tiles) == frozenset(expected)


def test_a_tile_whose_four_copies_are_in_the_hand_is_not_a_wait():
    kong = Meld("kong", ("B3",) * 4, concealed=False, declared=True)
    # 1-2 waits on 3 (edge), but the player holds all four 3s in a kong: no wait at all
    assert waits_of("B1 B2 D1 D2 D3 C7 C8 C9 EW EW", melds=(kong,)) == frozenset()
    # four 1s concealed: 1111-2-3 ... cannot wait on a fifth 1
    assert "B1" not in waits_of("B1 B1 B1 B1 B2 B3 D1 D2 D3 D4 D5 D6 C9")
    assert waits_of("B1 B1 B1 B1 B2 B3 D1 D2 D3 D4 D5 D6 C9") == frozenset({"C9"})


def test_special_shapes_need_no_declared_meld():
    pong = Meld("pong", ("C5",) * 3, concealed=False, declared=True)
    assert thirteen_wonders_waits(counts34("B1 B9 D1 D9 C1 C9 EW SW WW NW RD GD WD".split()))
    assert waits_of("B1 B9 D1 D9 C1 C9 EW SW WW NW", melds=(pong,)) == frozenset()


def test_seven_pairs_waits_only_where_allowed():
    tiles = "B1 B1 B4 B4 D2 D2 D8 D8 C3 C3 EW EW RD"
    assert waits_of(tiles) == frozenset()
    assert waits_of(tiles, seven_pairs=True) == frozenset({"RD"})
    assert seven_pairs_waits(counts34("B1 B1 B1 B4 B4 D2 D2 D8 D8 C3 C3 EW EW".split())) == []
    assert seven_pairs_waits(counts34("B1 B1 B1 B4 B4 D2 D2 D8 D8 C3 C3 EW EW".split()), four_alike=True) == [
        0
    ]


def test_standard_waits_agree_with_trying_every_tile():
    from scoring.decompose import is_complete

    for tiles in [w[1] for w in WAITS if len(w[1].split()) == 13]:
        counts = counts34(tiles.split())
        tried = []
        for i in range(34):
            if counts[i] < 4:
                counts[i] += 1
                if is_complete(counts):
                    tried.append(i)
                counts[i] -= 1
        assert sorted(standard_waits(counts)) == tried, tiles


SHAPES = [
    # (set, winning tile, shape, source)
    (("B1", "B2", "B3"), "B3", "edge", "001 rule 26e: 1 & 2 waiting for 3"),
    (("B7", "B8", "B9"), "B7", "edge", "002: 8 and 9 waiting for 7"),
    (("B1", "B2", "B3"), "B1", "two_sided", "2-3 waits on 1 or 4"),
    (("B7", "B8", "B9"), "B9", "two_sided", "7-8 waits on 6 or 9"),
    (("D4", "D5", "D6"), "D5", "closed", "001 rule 26d: 6 for 5 & 7"),
    (("D4", "D5", "D6"), "D4", "two_sided", "5-6 waits on 4 or 7"),
    (("RD", "RD", "RD"), "RD", "pong", "dual pong"),
]


@pytest.mark.parametrize("tiles, tile, shape, source", SHAPES)
def test_wait_shape_of_a_set(tiles, tile, shape, source):
    kind = "pong" if len(set(tiles)) == 1 else "chow"
    assert wait_shape(Meld(kind, tiles, concealed=True), tile) == shape


def test_wait_shape_of_the_eye_and_of_a_set_without_the_tile():
    assert wait_shape(("C5", "C5"), "C5") == "single"
    assert wait_shape(Meld("chow", ("C1", "C2", "C3"), concealed=True), "C5") is None


def test_every_reading_of_a_hand_carries_the_same_waits():
    # 001 rule 26f: "4567 waiting for either 4 or 7 as eye" -- the 7 completes the eye (single
    # shape), yet the hand waited on two tiles, which rule 26f allows.
    h = parse_hand(
        {
            "prevailing_wind": "E",
            "seat_wind": "S",
            "concealed": f"B4 B5 B6 B7 {REST} B7",
            "winning_tile": "B7",
            "win": "discard",
        },
        rules={},
    )
    rs = readings(h)
    assert rs
    assert {r.waits for r in rs} == {frozenset({"B4", "B7"})}
    assert [r.wait for r in rs] == ["single"]


def test_tiles_are_reported_as_codes():
    assert all(t in TILES for t in waits_of(f"B4 B5 {REST} EW EW"))
