"""Tiles of the contract (../shared/spec/scoring-api.md, "Tiles")."""

import pytest

from scoring import tiles
from scoring.errors import InvalidInput


def test_there_are_34_playing_tiles_and_12_bonus_tiles():
    assert len(tiles.PLAYING_TILES) == 34
    assert len(tiles.BONUS_TILES) == 12
    assert len(set(tiles.TILES)) == 46
    assert [tiles.INDEX[t] for t in tiles.TILES] == list(range(46))


@pytest.mark.parametrize(
    "code, idx",
    [
        ("B1", 0),
        ("B9", 8),
        ("D1", 9),
        ("C9", 26),
        ("EW", 27),
        ("NW", 30),
        ("RD", 31),
        ("WD", 33),
        ("F1", 34),
        ("S4", 41),
        ("CAT", 42),
        ("CENTIPEDE", 45),
    ],
)
def test_compact_index(code, idx):
    assert tiles.index(code) == idx
    assert tiles.index(code.lower()) == idx


@pytest.mark.parametrize(
    "given, expected",
    [
        (["b1", "B2", " d3"], ("B1", "B2", "D3")),
        ("b1 B2,d3", ("B1", "B2", "D3")),
        ("b1, b2 ,  rooster", ("B1", "B2", "ROOSTER")),
        ("", ()),
        ([], ()),
        ("Ew sw wW nw rd gd WD", ("EW", "SW", "WW", "NW", "RD", "GD", "WD")),
    ],
)
def test_parse_is_case_insensitive_and_accepts_a_string(given, expected):
    assert tiles.parse_tiles(given) == expected


def test_parse_reports_every_unknown_code_with_its_position():
    with pytest.raises(InvalidInput) as info:
        tiles.parse_tiles(["B1", "B0", "XX", 5, "D1"], "concealed")
    assert [(e.code, e.field) for e in info.value.errors] == [
        ("unknown_tile", "concealed[1]"),
        ("unknown_tile", "concealed[2]"),
        ("unknown_tile", "concealed[3]"),
    ]


def test_parse_rejects_a_non_list():
    with pytest.raises(InvalidInput) as info:
        tiles.parse_tiles({"B1": 1}, "bonus")
    assert info.value.errors[0].code == "wrong_type"
    assert info.value.errors[0].field == "bonus"


@pytest.mark.parametrize(
    "tile, honour, terminal, suit, number",
    [
        ("B1", False, True, "B", 1),
        ("D5", False, False, "D", 5),
        ("C9", False, True, "C", 9),
        ("EW", True, False, None, None),
        ("GD", True, False, None, None),
    ],
)
def test_kinds_of_playing_tiles(tile, honour, terminal, suit, number):
    assert tiles.is_honour(tile) is honour
    assert tiles.is_terminal(tile) is terminal
    assert tiles.suit(tile) == suit
    assert tiles.number(tile) == number
    assert tiles.is_bonus(tile) is False


@pytest.mark.parametrize(
    "tile, seat, seat_number",
    # 001 rule 23a: own flower or season "per your seating number"; 1 East ... 4 North
    [
        ("F1", "E", 1),
        ("F2", "S", 2),
        ("F3", "W", 3),
        ("F4", "N", 4),
        ("S1", "E", 1),
        ("S2", "S", 2),
        ("S3", "W", 3),
        ("S4", "N", 4),
        ("CAT", None, None),
        ("B1", None, None),
    ],
)
def test_flower_and_season_n_belong_to_seat_n(tile, seat, seat_number):
    assert tiles.bonus_seat(tile) == seat
    assert tiles.bonus_seat_number(tile) == seat_number


def test_counts_and_sort_round_trip():
    hand = ["WD", "B1", "C9", "B1", "F1", "EW"]
    counts = tiles.counts34(hand)
    assert sum(counts) == 5  # the flower is not a playing tile
    assert tiles.tiles_of_counts(counts) == ("B1", "B1", "C9", "EW", "WD")
    assert tiles.sort_tiles(hand) == ("B1", "B1", "C9", "EW", "WD", "F1")
    assert tiles.tile_at("D", 7) == "D7"
