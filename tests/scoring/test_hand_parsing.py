"""Parsing a score_hand input (scoring.hand.parse_hand): the contract's Hand JSON.

Malformed input raises InvalidInput (HTTP 400); a well-formed hand that is no
legal win raises IllegalHand (HTTP 422, ``{"win": false, "errors": [...]}``),
../shared/spec/scoring-api.md.
"""

import copy

import pytest

from scoring.errors import IllegalHand, InvalidInput
from scoring.hand import parse_hand
from scoring.model import Meld

GOOD = {
    "rules": "spgg-2023",
    "prevailing_wind": "E",
    "seat_wind": "S",
    "concealed": ["B2", "B3", "B4", "D5", "D6", "D7", "C3", "C3"],
    "melds": [
        {"type": "chow", "tiles": ["C4", "C5", "C6"]},
        {"type": "kong", "tiles": ["RD", "RD", "RD", "RD"], "concealed": True},
    ],
    "bonus": ["F2", "CAT"],
    "winning_tile": "B4",
    "win": "discard",
    "events": [],
}


def with_(**changes):
    data = copy.deepcopy(GOOD)
    for key, value in changes.items():
        if value is ...:
            del data[key]
        else:
            data[key] = value
    return data


def errors_of(kind, data):
    with pytest.raises(kind) as info:
        parse_hand(data)
    return [(e.code, e.field) for e in info.value.errors]


def test_the_contract_example_parses():
    h = parse_hand(GOOD)
    assert h.rules.id == "spgg-2023"
    assert (h.prevailing_wind, h.seat_wind, h.win, h.winning_tile) == ("E", "S", "discard", "B4")
    assert h.concealed == ("B2", "B3", "B4", "D5", "D6", "D7", "C3", "C3")
    assert h.melds == (
        Meld("chow", ("C4", "C5", "C6"), concealed=False, declared=True),
        Meld("kong", ("RD",) * 4, concealed=True, declared=True),
    )
    assert h.bonus == ("F2", "CAT")
    assert h.events == frozenset()
    assert h.fully_concealed is False  # the chow is exposed


def test_case_strings_and_order_do_not_matter():
    h = parse_hand(
        with_(
            concealed="c3, d7 d6 d5 b4 b3 b2 C3",
            melds=[
                {"type": "CHOW", "tiles": "c6 c4 c5"},
                {"type": "Kong", "tiles": "rd rd rd rd", "concealed": True},
            ],
            bonus="cat f2",
            winning_tile="b4",
            win="DISCARD",
            seat_wind="s",
            prevailing_wind="e",
        )
    )
    assert h == parse_hand(GOOD)


def test_defaults_rules_melds_bonus_events():
    h = parse_hand(
        {
            "prevailing_wind": "E",
            "seat_wind": "E",
            "concealed": "B1 B2 B3 D4 D5 D6 C7 C8 C9 B4 B5 B6 EW EW",
            "winning_tile": "EW",
            "win": "self_draw",
        }
    )
    assert h.rules.id == "spgg-2023"  # rulesets.md: spgg-2023 is the default
    assert (h.melds, h.bonus, h.events) == ((), (), frozenset())
    assert h.self_drawn and h.fully_concealed


def test_events_and_options():
    h = parse_hand(with_(events=["kong_replacement", "LAST_TILE"], options={"min_doubles": 2}))
    assert h.events == frozenset({"kong_replacement", "last_tile"})
    assert h.rules["min_doubles"] == 2


def test_an_instant_win_may_leave_out_the_winning_tile():
    # 001 rule 24g: robbing the eighth flower, "without fulfilling completeness": 13 tiles
    h = parse_hand(
        with_(
            winning_tile=...,
            concealed="B1 B5 B9 D2 D2 C7 C8",
            bonus="F1 F2 F3 F4 S1 S2 S3 S4",
            events=["robbing_eighth_flower"],
        )
    )
    assert h.winning_tile is None
    assert len(h.concealed) + 3 * len(h.melds) == 13


MALFORMED = [
    # (what, the input, [(code, field)])
    ("not an object", ["B1"], [("not_an_object", None)]),
    (
        "unknown tile code",
        with_(concealed=["B2", "B3", "B0", "D5", "D6", "D7", "C3", "XX"]),
        [("unknown_tile", "concealed[2]"), ("unknown_tile", "concealed[7]")],
    ),
    ("concealed missing", with_(concealed=...), [("missing_field", "concealed")]),
    ("seat wind missing", with_(seat_wind=...), [("missing_field", "seat_wind")]),
    ("prevailing wind missing", with_(prevailing_wind=...), [("missing_field", "prevailing_wind")]),
    ("win missing", with_(win=...), [("missing_field", "win")]),
    ("unknown wind", with_(seat_wind="X"), [("unknown_wind", "seat_wind")]),
    ("wind of the wrong type", with_(prevailing_wind=1), [("wrong_type", "prevailing_wind")]),
    ("unknown win", with_(win="robbed"), [("unknown_win", "win")]),
    ("unknown event", with_(events=["last_tile", "moonwalk"]), [("unknown_event", "events[1]")]),
    ("events not a list", with_(events="last_tile"), [("wrong_type", "events")]),
    ("concealed of the wrong type", with_(concealed=7), [("wrong_type", "concealed")]),
    ("melds not a list", with_(melds={"type": "chow"}), [("wrong_type", "melds")]),
    ("meld not an object", with_(melds=["C4 C5 C6"]), [("wrong_type", "melds[0]")]),
    (
        "unknown meld type",
        with_(melds=[{"type": "run", "tiles": "C4 C5 C6"}]),
        [("unknown_meld_type", "melds[0].type")],
    ),
    ("meld type missing", with_(melds=[{"tiles": "C4 C5 C6"}]), [("missing_field", "melds[0].type")]),
    ("meld tiles missing", with_(melds=[{"type": "pong"}]), [("missing_field", "melds[0].tiles")]),
    (
        "unknown tile in a meld",
        with_(melds=[{"type": "chow", "tiles": ["C4", "C55", "C6"]}]),
        [("unknown_tile", "melds[0].tiles[1]")],
    ),
    (
        "concealed not a bool",
        with_(melds=[{"type": "kong", "tiles": "RD RD RD RD", "concealed": "yes"}]),
        [("wrong_type", "melds[0].concealed")],
    ),
    (
        "a concealed chow",
        with_(melds=[{"type": "chow", "tiles": "C4 C5 C6", "concealed": True}]),
        [("invalid_value", "melds[0].concealed")],
    ),
    ("winning tile not a string", with_(winning_tile=["B4"]), [("wrong_type", "winning_tile")]),
    ("unknown winning tile", with_(winning_tile="B10"), [("unknown_tile", "winning_tile")]),
    ("unknown rule set", with_(rules="mahjong-1920"), [("unknown_rules", "rules")]),
    ("options not an object", with_(options=[1]), [("wrong_type", "options")]),
]


@pytest.mark.parametrize("what, data, expected", MALFORMED, ids=[m[0] for m in MALFORMED])
def test_malformed_input_is_invalid_input(what, data, expected):
    assert errors_of(InvalidInput, data) == expected


def test_an_unknown_option_names_its_field():
    errors = errors_of(InvalidInput, with_(options={"no_such_setting": 1}))
    assert errors[0][1] == "options.no_such_setting"


def test_every_malformed_field_is_reported_at_once():
    errors = errors_of(InvalidInput, with_(seat_wind=..., win="x", concealed="B1 Q9", events=["?"]))
    assert [f for _, f in errors] == ["seat_wind", "concealed[1]", "win", "events[0]"]


ILLEGAL = [
    # (what, the input, [(code, field)], source)
    (
        "a fifth copy of a tile",
        with_(
            concealed="B2 B3 B4 D5 D6 D7 C4 C4",
            winning_tile="B4",
            melds=[{"type": "pong", "tiles": "C4 C4 C4"}, {"type": "kong", "tiles": "RD RD RD RD"}],
        ),
        [("too_many_copies", "melds[0].tiles[2]")],
        "four of each tile",
    ),
    (
        "a bonus tile twice",
        with_(bonus="F2 CAT F2"),
        [("duplicate_bonus", "bonus[2]")],
        "one of each bonus tile",
    ),
    ("not a bonus tile", with_(bonus="F2 B1"), [("not_a_bonus_tile", "bonus[1]")], "contract: bonus"),
    (
        "a bonus tile among the concealed tiles",
        with_(concealed="B2 B3 B4 D5 D6 D7 C3 F1"),
        [("bonus_in_concealed", "concealed[7]")],
        "a bonus tile is never part of a set",
    ),
    (
        "a chow with a gap",
        with_(melds=[{"type": "chow", "tiles": "C4 C5 C7"}, GOOD["melds"][1]]),
        [("invalid_meld", "melds[0].tiles")],
        "001 glossary: chow",
    ),
    (
        "B1 B3 B4 is no chow",
        with_(melds=[{"type": "chow", "tiles": "B1 B3 B4"}, GOOD["melds"][1]]),
        [("invalid_meld", "melds[0].tiles")],
        "001 glossary: chow",
    ),
    (
        "an honour chow",
        with_(melds=[{"type": "chow", "tiles": "EW SW WW"}, GOOD["melds"][1]]),
        [("invalid_meld", "melds[0].tiles")],
        "001 glossary: chow is numeric",
    ),
    (
        "a pong of mixed tiles",
        with_(melds=[{"type": "pong", "tiles": "C4 C4 C5"}, GOOD["melds"][1]]),
        [("invalid_meld", "melds[0].tiles")],
        "001 glossary: pong",
    ),
    (
        "a kong of three",
        with_(melds=[GOOD["melds"][0], {"type": "kong", "tiles": "RD RD RD"}]),
        [("invalid_meld", "melds[1].tiles")],
        "001 glossary: kong, 4 tiles",
    ),
    (
        "a bonus tile in a meld",
        with_(melds=[{"type": "pong", "tiles": "F1 F1 F1"}, GOOD["melds"][1]], bonus=[]),
        [("bonus_in_meld", "melds[0].tiles")],
        "bonus tiles are never in a set",
    ),
    (
        "too many tiles",
        with_(concealed="B2 B3 B4 D5 D6 D7 C3 C3 C9"),
        [("wrong_tile_count", "concealed")],
        "001 rule 28a",
    ),
    (
        "too few tiles",
        with_(concealed="B2 B3 B4 D5 D6 D7 C3"),
        [("wrong_tile_count", "concealed")],
        "001 rule 28b",
    ),
    (
        "winning tile not held",
        with_(winning_tile="B5"),
        [("winning_tile_not_in_hand", "winning_tile")],
        "contract",
    ),
]


@pytest.mark.parametrize("what, data, expected, source", ILLEGAL, ids=[c[0] for c in ILLEGAL])
def test_well_formed_but_illegal_is_illegal_hand(what, data, expected, source):
    assert errors_of(IllegalHand, data) == expected


def test_every_illegality_is_reported_at_once():
    errors = errors_of(
        IllegalHand,
        with_(concealed="B2 B3 B4 D5 D6 D7 C3 F1 C9", bonus="F2 F2", winning_tile="B5"),
    )
    assert {code for code, _ in errors} == {
        "bonus_in_concealed",
        "duplicate_bonus",
        "wrong_tile_count",
        "winning_tile_not_in_hand",
    }


def test_malformed_wins_over_illegal():
    # a hand that is both malformed and illegal reports only the malformed errors (400, not 422)
    errors = errors_of(InvalidInput, with_(win="sometimes", bonus="F2 F2"))
    assert errors == [("unknown_win", "win")]


def test_a_meld_type_that_is_not_text_is_malformed():
    from scoring import InvalidInput, score_hand

    data = {"prevailing_wind": "E", "seat_wind": "E", "win": "discard", "concealed": "B1"}
    with pytest.raises(InvalidInput) as err:
        score_hand({**data, "melds": [{"type": [], "tiles": "B1 B2 B3"}]})
    assert any(e.field == "melds[0].type" for e in err.value.errors)
