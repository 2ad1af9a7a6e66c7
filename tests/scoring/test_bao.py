"""The Bao advisor: dangerous discards, scenario by scenario as the documents list them."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.bao import bao_advice
from scoring.errors import InvalidInput


def pong(tile):
    return {"type": "pong", "tiles": [tile] * 3}


def chow(first):
    suit, n = first[0], int(first[1])
    return {"type": "chow", "tiles": [f"{suit}{n + i}" for i in range(3)]}


def table(rules="spgg-2023", seat="S", prevailing="E", melds=(), bonus=(), **extra):
    return {
        "rules": rules,
        "seat": seat,
        "prevailing_wind": prevailing,
        "melds": list(melds),
        "bonus": list(bonus),
        **extra,
    }


def dangerous(advice, code=None):
    """{tile: [codes]} or, with code, the tiles for which that scenario applies."""
    out = {d["tile"]: [r["code"] for r in d["reasons"]] for d in advice["dangerous"]}
    if code is None:
        return out
    return {t for t, codes in out.items() if code in codes}


BAMBOO = {f"B{n}" for n in range(1, 10)}

SCENARIOS = [
    # (case, table, scenario code, dangerous tiles, rule)
    (
        "3 sets of one suit: that suit",
        table(melds=[chow("B1"), pong("B5"), chow("B7")]),
        "same_suit",
        BAMBOO,
        "001 rule 27a",
    ),
    (
        "3 sets of one suit and a set of another: no full flush",
        table(melds=[chow("B1"), pong("B5"), chow("B7"), chow("D2")]),
        "same_suit",
        set(),
        "001 rule 27a",
    ),
    (
        "2 sets of one suit: not yet",
        table(melds=[chow("B1"), pong("B5")]),
        "same_suit",
        set(),
        "001 rule 27a",
    ),
    (
        "3 pongs of 1s and 9s: the other terminals",
        table(melds=[pong("B1"), pong("D9"), pong("C1")]),
        "terminal_pongs",
        {"B9", "D1", "C9"},
        "001 rule 27b",
    ),
    (
        "3 wind pongs: the remaining wind",
        table(melds=[pong("EW"), pong("SW"), pong("WW")]),
        "three_winds",
        {"NW"},
        "001 rule 27c",
    ),
    (
        "3 mixed honour pongs: the remaining honours",
        table(melds=[pong("EW"), pong("RD"), pong("NW")]),
        "honour_pongs",
        {"SW", "WW", "GD", "WD"},
        "001 rule 27d",
    ),
    (
        "2 dragon pongs: the remaining dragon",
        table(melds=[pong("RD"), pong("GD")]),
        "two_dragons",
        {"WD"},
        "001 rule 27e",
    ),
    (
        "3 doubles shown: the wind worth 2 doubles",
        table(seat="E", prevailing="E", bonus=["F1", "S1", "CAT"]),
        "limit_shown",
        {"EW"},
        "001 rule 27f",
    ),
    (
        "4 doubles shown: dragons, own wind, round wind",
        table(seat="S", prevailing="E", bonus=["F2", "S2", "CAT", "RAT"]),
        "limit_shown",
        {"EW", "SW", "RD", "GD", "WD"},
        "001 rule 27g",
    ),
    (
        "2 doubles shown: nothing yet",
        table(seat="E", prevailing="E", bonus=["F1", "CAT"]),
        "limit_shown",
        set(),
        "001 rule 27f",
    ),
    (
        "tai card: 3 tai visible is not yet dangerous",
        table("sg-tai-card", seat="E", prevailing="E", bonus=["F1", "S1", "CAT"]),
        "limit_shown",
        set(),
        "004: 4 or more tai visible",
    ),
    (
        "tai card: 4 tai visible",
        table("sg-tai-card", seat="W", prevailing="E", melds=[pong("RD")], bonus=["F3", "S3", "CAT"]),
        "limit_shown",
        {"EW", "WW", "GD", "WD"},
        "004: A dragon, prevailing wind or seat wind",
    ),
    (
        "classic: 3 points and the double wind",
        table("sg-classic", seat="E", prevailing="E", bonus=["F1", "S1", "ROOSTER"]),
        "limit_shown",
        {"EW"},
        "002 Point Limit Scenario",
    ),
    (
        "2002: pay all once the limit is shown",
        table("sgmj-2002", seat="N", prevailing="S", bonus=["F1", "F2", "F3", "F4", "CAT", "RAT", "ROOSTER"]),
        "limit_shown",
        {"SW", "NW", "RD", "GD", "WD"},
        "000 Double Limit Scenario",
    ),
    (
        "2002: no terminals scenario",
        table("sgmj-2002", melds=[pong("B1"), pong("D9"), pong("C1")]),
        "terminal_pongs",
        set(),
        "000 lists none",
    ),
]


@pytest.mark.parametrize("case, data, code, tiles, rule", SCENARIOS, ids=[c[0] for c in SCENARIOS])
def test_scenarios(case, data, code, tiles, rule):
    assert dangerous(bao_advice(data), code) == tiles, rule


def test_reasons_cite_the_rule_of_the_rule_set():
    spgg = bao_advice(table(melds=[pong("RD"), pong("GD")]))
    classic = bao_advice(table("sg-classic", melds=[pong("RD"), pong("GD")]))
    tai = bao_advice(table("sg-tai-card", melds=[pong("RD"), pong("GD")]))
    reason = next(
        r for d in spgg["dangerous"] if d["tile"] == "WD" for r in d["reasons"] if r["code"] == "two_dragons"
    )
    assert reason["rule"] == "001 rule 27e"
    assert reason["liable_for"] == "win"
    assert "WD" in reason["message"] and "S" in reason["message"]
    assert {r["rule"] for d in classic["dangerous"] for r in d["reasons"] if r["code"] == "two_dragons"} == {
        "002 Dragon Tile Set Scenario"
    }
    assert {r["rule"] for d in tai["dangerous"] for r in d["reasons"] if r["code"] == "two_dragons"} == {
        "004 pay-for-all table"
    }


@pytest.mark.parametrize(
    "bonus, melds, seat, prevailing, shown, rule",
    [
        (["F2"], [], "S", "E", 1, "001 rule 23a own flower"),
        (["F1"], [], "S", "E", 0, "001 rule 23a: another seat's flower"),
        (["F1", "F2", "F3", "F4"], [], "S", "E", 2, "001 rule 23b complete set"),
        (["CAT", "RAT"], [], "S", "E", 2, "001 rule 23c each animal"),
        (["CAT", "RAT", "ROOSTER", "CENTIPEDE"], [], "S", "E", 5, "001 rule 23d set of animals"),
        ([], [pong("EW")], "E", "E", 2, "001 rule 23f round and own wind"),
        ([], [pong("SW"), pong("RD")], "S", "E", 2, "001 rules 23e, 23g"),
        ([], [pong("WW"), chow("B1")], "S", "E", 0, "a wind of no value"),
    ],
)
def test_shown_doubles(bonus, melds, seat, prevailing, shown, rule):
    assert (
        bao_advice(table(seat=seat, prevailing=prevailing, melds=melds, bonus=bonus))["shown_doubles"]
        == shown
    ), rule


# ------------------------------------------------------------ fresh tiles

FRESH = [
    # (case, rules, tiles left, expected scenario codes for a fresh tile, rule)
    ("spgg: 7 left, not yet", "spgg-2023", 7, [], "001 section A: the last 7th tile"),
    ("spgg: the 7th-last tile drawn, 6 left: kong", "spgg-2023", 6, ["fresh_tile_kong"], "001 section A"),
    (
        "spgg: the 5th-last tile drawn, 4 left: kong and win",
        "spgg-2023",
        4,
        ["fresh_tile_kong", "fresh_tile_win"],
        "001 section A",
    ),
    ("tai card: 7 or less: kong", "sg-tai-card", 7, ["fresh_tile_kong"], "004 pay-for-all table"),
    ("tai card: 5 or less: kong and win", "sg-tai-card", 5, ["fresh_tile_kong", "fresh_tile_win"], "004"),
    ("classic: fewer than 7", "sg-classic", 6, ["fresh_tile_kong"], "002 Fresh Tile Discard Kong Scenario"),
    ("2002: less than 7: win only", "sgmj-2002", 6, ["fresh_tile_win"], "000 End of Game Scenario"),
]


@pytest.mark.parametrize("case, rules, left, codes, rule", FRESH, ids=[c[0] for c in FRESH])
def test_fresh_tiles_near_the_end_of_the_wall(case, rules, left, codes, rule):
    advice = bao_advice(table(rules, wall_tiles_left=left, discards=["B1", "RD"]))
    # 002's kong tile rule (line 481) holds anywhere in the wall: test_a_kongs_discarder_anywhere_in_the_wall
    found = {t: [c for c in codes if c != "kong_tile"] for t, codes in dangerous(advice).items()}
    found = {t: codes for t, codes in found.items() if codes}
    assert found.get("C5", []) == codes, rule
    assert "B1" not in found and "RD" not in found  # discarded: no longer fresh
    if codes:
        assert len(found) == 32
        kong = next(r for d in advice["dangerous"] for r in d["reasons"] if r["code"] == codes[0])
        assert kong["liable_for"] == ("kong" if codes[0] == "fresh_tile_kong" else "win")


def test_a_kongs_discarder_anywhere_in_the_wall():
    """002 line 481: under sg-classic any tile the potential winner can still kong on a discard (shown at
    most once) makes its discarder liable for a win on the replacement tile, with no fresh-tile condition;
    the other rule sets know only their fresh-tile rule near the end of the wall."""
    advice = bao_advice(table("sg-classic", wall_tiles_left=60, discards=["B1", "RD", "RD"]))
    kong = dangerous(advice, "kong_tile")
    assert "B1" in kong and "C5" in kong and "RD" not in kong and len(kong) == 33
    reason = next(r for r in advice["dangerous"][0]["reasons"] if r["code"] == "kong_tile")
    assert reason["liable_for"] == "kong_replacement" and reason["rule"].startswith("002 line 481")
    for rules in ("spgg-2023", "sg-tai-card", "sgmj-2002"):
        assert not dangerous(bao_advice(table(rules, wall_tiles_left=60)), "kong_tile"), rules


@pytest.mark.parametrize(
    "rules, fresh_after_chow, fresh_after_pong, rule",
    [
        ("spgg-2023", False, False, "001 section A: not those 'pong' or 'chow' displayed"),
        ("sg-tai-card", False, False, "004: not yet appeared among discards and melds"),
        ("sg-classic", True, False, "002: chow sets are not 'discarded', pong sets are"),
        ("sgmj-2002", True, True, "000: not contained in the discarded tiles"),
    ],
)
def test_what_makes_a_tile_no_longer_fresh(rules, fresh_after_chow, fresh_after_pong, rule):
    advice = bao_advice(table(rules, wall_tiles_left=3, table_melds=[chow("C1"), pong("D7")]))
    # the fresh-tile reasons only: 002's kong tile (line 481) lists a tile shown once whether fresh or not
    found = dangerous(advice, "fresh_tile_win")
    assert ("C2" in found) == fresh_after_chow, rule
    assert ("D7" in found) == fresh_after_pong, rule


def test_no_wall_count_no_fresh_tile_advice():
    assert bao_advice(table()) == {"rules": "spgg-2023", "seat": "S", "shown_doubles": 0, "dangerous": []}


def test_a_tile_with_all_four_copies_visible_is_never_dangerous():
    advice = bao_advice(table(melds=[pong("RD"), pong("GD")], discards=["WD", "WD", "WD", "WD"]))
    assert dangerous(advice, "two_dragons") == set()


def test_scenarios_can_be_switched_off_by_the_organiser():
    data = table(melds=[pong("RD"), pong("GD")], options={"bao_scenarios": ["same_suit"]})
    assert dangerous(bao_advice(data)) == {}


def test_dangerous_tiles_come_in_tile_order():
    advice = bao_advice(table(seat="S", prevailing="E", bonus=["F2", "S2", "CAT", "RAT"]))
    assert [d["tile"] for d in advice["dangerous"]] == ["EW", "SW", "RD", "GD", "WD"]


MALFORMED = [
    ("not an object", "RD", None),
    ("unknown field", {**table(), "wall": 3}, "wall"),
    ("no seat", {"prevailing_wind": "E"}, "seat"),
    ("bad prevailing wind", table(prevailing="X"), "prevailing_wind"),
    ("unknown rules", table("hk"), "rules"),
    ("unknown option", table(options={"bao": 1}), "options.bao"),
    ("melds not a list", {**table(), "melds": {}}, "melds"),
    ("bad meld type", table(melds=[{"type": "pair", "tiles": ["B1", "B1"]}]), "melds[0].type"),
    (
        "pong of different tiles",
        table(melds=[{"type": "pong", "tiles": ["B1", "B1", "B2"]}]),
        "melds[0].tiles",
    ),
    ("chow with a gap", table(melds=[{"type": "chow", "tiles": ["B1", "B2", "B4"]}]), "melds[0].tiles"),
    ("chow of honours", table(melds=[{"type": "chow", "tiles": ["EW", "SW", "WW"]}]), "melds[0].tiles"),
    ("unknown tile", table(melds=[{"type": "pong", "tiles": ["X1", "X1", "X1"]}]), "melds[0].tiles[0]"),
    ("a playing tile as bonus", table(bonus=["B1"]), "bonus[0]"),
    ("a bonus tile discarded", table(discards=["CAT"]), "discards[0]"),
    ("wall count negative", table(wall_tiles_left=-1), "wall_tiles_left"),
    ("wall count not a number", table(wall_tiles_left="5"), "wall_tiles_left"),
    ("a fifth copy", table(melds=[pong("B1")], discards=["B1", "B1"]), "discards"),
]


@pytest.mark.parametrize("case, data, field", MALFORMED, ids=[c[0] for c in MALFORMED])
def test_malformed_tables_are_invalid_input(case, data, field):
    with pytest.raises(InvalidInput) as exc:
        bao_advice(data)
    assert exc.value.errors[0].field == field


# ------------------------------------------------------------- properties

_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 40)
    | st.text(max_size=5)
    | st.sampled_from(["E", "S", "RD", "B1", "pong", "chow", "kong", "CAT", "sg-classic"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(["type", "tiles", "x"]), inner)
    ),
    max_leaves=10,
)
_keys = st.sampled_from(
    [
        "rules",
        "options",
        "prevailing_wind",
        "seat",
        "melds",
        "bonus",
        "wall_tiles_left",
        "discards",
        "table_melds",
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(_keys, _values, max_size=9))
def test_the_advisor_raises_nothing_but_invalid_input(data):
    try:
        advice = bao_advice(data)
    except InvalidInput as exc:
        assert all(e.code and e.message for e in exc.errors)
    else:
        assert all(d["reasons"] for d in advice["dangerous"])
