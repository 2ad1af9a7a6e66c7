"""settle: who pays whom, case by case as the rule documents put it."""

import sys
import types

import pytest

from scoring import score_hand, settle
from scoring.errors import IllegalHand, InvalidInput

# ------------------------------------------------------------ the contract


def test_the_contract_example():
    outcome = {
        "rules": "spgg-2023",
        "outcome": "win",
        "winner": "S",
        "win": "discard",
        "discarder": "W",
        "doubles": 3,
        "liable": None,
        "instant": [{"type": "kong", "seat": "E", "concealed": True}],
    }
    result = settle(outcome)
    assert result["rules"] == "spgg-2023"
    assert result["transfers"] == [
        {"from": "W", "to": "S", "amount": 8, "reason": "win"},
        {"from": "E", "to": "S", "amount": 4, "reason": "win"},
        {"from": "N", "to": "S", "amount": 4, "reason": "win"},
        {"from": "S", "to": "E", "amount": 2, "reason": "kong"},
        {"from": "W", "to": "E", "amount": 2, "reason": "kong"},
        {"from": "N", "to": "E", "amount": 2, "reason": "kong"},
    ]
    assert result["net"] == {"E": 2, "S": 14, "W": -10, "N": -6}


def paid(result):
    """{payer: total paid} for the win and Bao/shooter transfers."""
    out = {}
    for t in result["transfers"]:
        if t["reason"] in ("win", "bao", "shooter", "false_win"):
            out[t["from"]] = out.get(t["from"], 0) + t["amount"]
    return out


def win(rules, **kw):
    data = {"rules": rules, "outcome": "win", "winner": "S"}
    data.update(kw)
    return data


# ------------------------------------------------------------------ wins

WIN_CASES = [
    # (case, outcome, what each payer pays, rule)
    (
        "win on a discard: discarder full, others half",
        win("spgg-2023", win="discard", discarder="W", doubles=3),
        {"W": 8, "E": 4, "N": 4},
        "001 rule 17",
    ),
    (
        "self-drawn: all full",
        win("spgg-2023", win="self_draw", doubles=3),
        {"E": 8, "W": 8, "N": 8},
        "001 rule 17",
    ),
    (
        "ten doubles",
        win("spgg-2023", win="discard", discarder="E", doubles=10),
        {"E": 82, "W": 66, "N": 66},
        "001 rule 21",
    ),
    (
        "Ping Hu of four doubles",
        win("spgg-2023", win="discard", discarder="N", doubles=4, ping_hu=True),
        {"N": 20, "E": 10, "W": 10},
        "001 rule 21 PING HU (4) 20 10",
    ),
    (
        "a special hand on a discard",
        win("spgg-2023", win="discard", discarder="N", limit=True),
        {"N": 405, "E": 203, "W": 203},
        "001 rule 24 (405, documented choice)",
    ),
    (
        "13 Wonders on a discard: all three full",
        win("spgg-2023", win="discard", discarder="N", thirteen_wonders=True),
        {"N": 405, "E": 405, "W": 405},
        "001 rule 24j",
    ),
    (
        "tai card, win on discard: 2x, 1x, 1x; winner 4x score",
        win("sg-tai-card", win="discard", discarder="E", doubles=3),
        {"E": 8, "W": 4, "N": 4},
        "004 Payments to winner",
    ),
    (
        "tai card, self-drawn: winner 6x score",
        win("sg-tai-card", win="self_draw", doubles=5),
        {"E": 32, "W": 32, "N": 32},
        "004 Payments to winner",
    ),
    (
        "tai card, 13 Orphans paid as self-drawn",
        win("sg-tai-card", win="discard", discarder="E", thirteen_wonders=True),
        {"E": 32, "W": 32, "N": 32},
        "004 13 Orphans",
    ),
    (
        "classic, 1 point: guilty S$2, losers S$1",
        win("sg-classic", win="discard", discarder="W", doubles=1),
        {"W": 2, "E": 1, "N": 1},
        "002 Scoring points table",
    ),
    (
        "classic, self-pick at the limit: S$32 each",
        win("sg-classic", win="self_draw", doubles=5),
        {"E": 32, "W": 32, "N": 32},
        "002 Self-Pick table",
    ),
    (
        "classic, special hand (13 Wonders): S$32 from everyone",
        win("sg-classic", win="discard", discarder="W", thirteen_wonders=True),
        {"W": 32, "E": 32, "N": 32},
        "002 line 205 Special Hands S$32 S$32 S$96; line 594 Thirteen Wonders",
    ),
    (
        "classic, a limit hand that is not special: guilty S$32, losers S$16",
        win("sg-classic", win="discard", discarder="W", limit=True),
        {"W": 32, "E": 16, "N": 16},
        "002 line 204 5 (Limit) S$16 S$32 S$64; line 193 special hands only in some playing circles",
    ),
    (
        "classic shooter pays all, 1 point: S$4",
        win("sg-classic", win="discard", discarder="W", doubles=1, options={"shooter_pays_all": True}),
        {"W": 4},
        "002 Shooter pays",
    ),
    (
        "classic shooter pays all, special hand: S$96",
        win(
            "sg-classic",
            win="discard",
            discarder="W",
            thirteen_wonders=True,
            options={"shooter_pays_all": True},
        ),
        {"W": 96},
        "002 line 224 Shooter pays: Special Hands S$96",
    ),
    (
        "classic shooter pays all, a limit hand: S$64",
        win("sg-classic", win="discard", discarder="W", limit=True, options={"shooter_pays_all": True}),
        {"W": 64},
        "002 line 223 Shooter pays: 5 (Limit) S$64",
    ),
    (
        "2002: 3 doubles, 16 from the discarder and 8 from the rest",
        win("sgmj-2002", win="discard", discarder="E", doubles=3),
        {"E": 16, "W": 8, "N": 8},
        "000 How do you score?",
    ),
    (
        "2002: 3 doubles self-picked, 16 from each",
        win("sgmj-2002", win="self_draw", doubles=3),
        {"E": 16, "W": 16, "N": 16},
        "000 How do you score?",
    ),
    (
        "2002: 13 Wonders treated as self-picked",
        win("sgmj-2002", win="discard", discarder="E", thirteen_wonders=True),
        {"E": 64, "W": 64, "N": 64},
        "000 How do you score?",
    ),
]


@pytest.mark.parametrize("case, outcome, expected, rule", WIN_CASES, ids=[c[0] for c in WIN_CASES])
def test_who_pays_a_win(case, outcome, expected, rule):
    result = settle(outcome)
    assert paid(result) == expected, rule
    assert all(t["to"] == "S" for t in result["transfers"])
    assert result["net"]["S"] == sum(expected.values())
    assert sum(result["net"].values()) == 0


# ------------------------------------------------------------------- Bao

BAO_CASES = [
    (
        "self-drawn win: the liable player pays for all",
        win("spgg-2023", win="self_draw", doubles=3, liable="W"),
        {"W": 24},
        "001 rule 27: including self-drawn win",
    ),
    (
        "win on the liable player's discard: he pays every share",
        win("spgg-2023", win="discard", discarder="W", doubles=3, liable="W"),
        {"W": 16},
        "001 rule 27",
    ),
    (
        "win on another player's discard: no Bao",
        win("spgg-2023", win="discard", discarder="E", doubles=3, liable="W"),
        {"E": 8, "W": 4, "N": 4},
        "001 rule 27: No 'Bao' if ... discarded by a player not under the situation",
    ),
    (
        "tai card: discarder is pay-for-all, 4x score",
        win("sg-tai-card", win="discard", discarder="N", doubles=2, liable="N"),
        {"N": 8},
        "004 Payments to winner",
    ),
    (
        "tai card: discarder is not pay-for-all, 2x/1x/1x",
        win("sg-tai-card", win="discard", discarder="E", doubles=2, liable="N"),
        {"E": 4, "W": 2, "N": 2},
        "004 Payments to winner",
    ),
    (
        "tai card: self-drawn, last pay-for-all pays 6x score",
        win("sg-tai-card", win="self_draw", doubles=5, liable="E"),
        {"E": 96},
        "004 Payments to winner (5 tai: a consequence of the pay-for-all table, lines 65-71)",
    ),
    (
        "classic fresh tile: a 5-point hand costs the discarder S$64",
        win("sg-classic", win="discard", discarder="E", doubles=5, liable="E"),
        {"E": 64},
        "002 Fresh Tile Mahjong Scenario",
    ),
    (
        "2002 pay all on a self-pick",
        win("sgmj-2002", win="self_draw", doubles=5, liable="N"),
        {"N": 192},
        "000 Pay all situations: a self-pick at the Double Limit (line 349); below it, a refusal "
        "(test_matrix_clauses.py::test_000_discard_only_scenarios_refuse_a_self_pick)",
    ),
    (
        "13 Wonders under Bao: three full shares",
        win("spgg-2023", win="self_draw", thirteen_wonders=True, liable="E"),
        {"E": 1215},
        "001 rules 24j and 27",
    ),
]


@pytest.mark.parametrize("case, outcome, expected, rule", BAO_CASES, ids=[c[0] for c in BAO_CASES])
def test_bao(case, outcome, expected, rule):
    result = settle(outcome)
    assert paid(result) == expected, rule
    assert sum(result["net"].values()) == 0


def test_bao_transfers_name_whom_they_cover():
    result = settle(win("spgg-2023", win="discard", discarder="W", doubles=3, liable="W"))
    assert result["transfers"] == [
        {"from": "W", "to": "S", "amount": 8, "reason": "win"},
        {"from": "W", "to": "S", "amount": 4, "reason": "bao", "for": "E"},
        {"from": "W", "to": "S", "amount": 4, "reason": "bao", "for": "N"},
    ]
    assert result["notes"] == []


def test_no_bao_is_explained_with_the_rule():
    result = settle(win("spgg-2023", win="discard", discarder="E", doubles=3, liable="W"))
    assert [n["code"] for n in result["notes"]] == ["no_bao_other_discard"]
    assert result["notes"][0]["rule"] == "001 rule 27"


def test_an_organiser_can_apply_bao_on_any_discard():
    result = settle(
        win(
            "spgg-2023",
            win="discard",
            discarder="E",
            doubles=3,
            liable="W",
            options={"bao_on_other_discard": True},
        )
    )
    assert paid(result) == {"W": 16}


# -------------------------------------------------------- instant payouts

INSTANT_CASES = [
    ("concealed kong", "spgg-2023", {"type": "kong", "seat": "E", "concealed": True}, 2, "001 rule 22"),
    ("exposed kong", "spgg-2023", {"type": "kong", "seat": "E"}, 1, "001 rule 22"),
    (
        "own flower and season in the deal",
        "spgg-2023",
        {"type": "flower_pair", "seat": "E", "initial": True},
        2,
        "001 rule 22",
    ),
    (
        "cat and mouse drawn later",
        "spgg-2023",
        {"type": "animal_pair", "seat": "E", "pair": "cat_rat"},
        1,
        "001 rule 22",
    ),
    (
        "a set of animals in the deal",
        "spgg-2023",
        {"type": "bonus_set", "seat": "E", "set": "animals", "initial": True},
        4,
        "001 rule 22",
    ),
    (
        "tai card concealed kong",
        "sg-tai-card",
        {"type": "kong", "seat": "E", "concealed": True},
        4,
        "004 Points instantly paid",
    ),
    (
        "tai card bite at the deal",
        "sg-tai-card",
        {"type": "animal_pair", "seat": "E", "initial": True, "pair": "rooster_centipede"},
        4,
        "004 Bite",
    ),
    ("classic melded kong", "sg-classic", {"type": "kong", "seat": "E"}, 3, "002 Kongs"),
    (
        "2002 own flowers in the deal",
        "sgmj-2002",
        {"type": "flower_pair", "seat": "E", "initial": True},
        4,
        "000 How do you score?",
    ),
]


@pytest.mark.parametrize("case, rules, item, each, rule", INSTANT_CASES, ids=[c[0] for c in INSTANT_CASES])
def test_instant_payouts_are_paid_by_each_other_player(case, rules, item, each, rule):
    result = settle({"rules": rules, "outcome": "draw", "instant": [item]})
    assert result["transfers"] == [
        {"from": s, "to": "E", "amount": each, "reason": item["type"]} for s in ("S", "W", "N")
    ], rule
    assert result["net"] == {"E": 3 * each, "S": -each, "W": -each, "N": -each}


def test_a_liable_player_pays_all_shares_of_a_fresh_tile_kong():
    # 001 section A: "Player drawing the last 7th tile will assumed all players liabilities if someone 'Kong'"
    result = settle({"outcome": "draw", "instant": [{"type": "kong", "seat": "E", "liable": "W"}]})
    assert result["transfers"] == [
        {"from": "W", "to": "E", "amount": 1, "reason": "kong"},
        {"from": "W", "to": "E", "amount": 1, "reason": "kong", "for": "S"},
        {"from": "W", "to": "E", "amount": 1, "reason": "kong", "for": "N"},
    ]


def test_exposed_kong_paid_by_the_discarder_option():
    item = {"type": "kong", "seat": "E", "discarder": "N"}
    assert settle({"outcome": "draw", "instant": [item]})["net"] == {"E": 3, "S": -1, "W": -1, "N": -1}
    custom = settle({"outcome": "draw", "options": {"exposed_kong_paid_by": "discarder"}, "instant": [item]})
    assert custom["net"] == {"E": 3, "S": 0, "W": 0, "N": -3}


def test_instant_payouts_are_added_to_a_win_and_a_false_win():
    kong = {"type": "kong", "seat": "N", "concealed": True}
    result = settle(win("spgg-2023", win="self_draw", doubles=1, instant=[kong]))
    assert result["net"] == {"E": -4, "S": 4, "W": -4, "N": 4}
    result = settle({"outcome": "false_win", "offender": "S", "instant": [kong]})
    assert result["net"] == {"E": 30, "S": -98, "W": 30, "N": 38}


# -------------------------------------------------------------- false win

FALSE_WIN_CASES = [
    (
        "Za Hu: full 5-double price to each of the others",
        "spgg-2023",
        {"offender": "S", "discarder": "W"},
        {"E": 32, "W": 32, "N": 32},
        "001 rule 15 (full price: documented choice)",
    ),
    (
        "Za Hu on a self-drawn claim",
        "spgg-2023",
        {"offender": "S"},
        {"E": 32, "W": 32, "N": 32},
        "001 rule 15",
    ),
    (
        "Za Hu: minimum 5 doubles, more if claimed",
        "spgg-2023",
        {"offender": "S", "doubles": 6},
        {"E": 42, "W": 42, "N": 42},
        "001 rule 15: minimum",
    ),
    (
        "wrong claim on a discard: discarder double, others normal",
        "sg-classic",
        {"offender": "S", "discarder": "W"},
        {"W": 32, "E": 16, "N": 16},
        "002 Wrong Winning Claim Scenario",
    ),
    (
        "wrong self-pick claim: all three double",
        "sg-classic",
        {"offender": "S"},
        {"E": 32, "W": 32, "N": 32},
        "002 Wrong Winning Claim Scenario",
    ),
    (
        "wrong claim in shooter mode: $32 each",
        "sg-classic",
        {"offender": "S", "discarder": "W", "options": {"shooter_pays_all": True}},
        {"E": 32, "W": 32, "N": 32},
        "002 Wrong Winning Claim Scenario, Note 2",
    ),
    (
        "tai card: the limit as in 002",
        "sg-tai-card",
        {"offender": "E", "discarder": "S"},
        {"S": 32, "W": 16, "N": 16},
        "004 silent; 002 practice",
    ),
]


@pytest.mark.parametrize(
    "case, rules, extra, received, rule", FALSE_WIN_CASES, ids=[c[0] for c in FALSE_WIN_CASES]
)
def test_false_win(case, rules, extra, received, rule):
    result = settle({"rules": rules, "outcome": "false_win", **extra})
    got = {t["to"]: t["amount"] for t in result["transfers"]}
    assert got == received, rule
    assert {t["from"] for t in result["transfers"]} == {extra["offender"]}
    assert {t["reason"] for t in result["transfers"]} == {"false_win"}
    assert sum(result["net"].values()) == 0


# 001 rule 21: "Payments are according to how many doubles you have won, side wins such as Animals or
# Flowers Marriage and 'Kong' or Born Loser paying Za Hu": the Za Hu penalty is priced by the rule-21
# table at its doubles (rule 15), not by a rule of its own. (case, options, each other player receives)
BORN_LOSER = [
    ("Born Loser paying Za Hu: 5 doubles by the table, 32 each", {}, 32),
    ("Born Loser paying Za Hu of 7 doubles: the table's 52, not a doubling", {"false_win_doubles": 7}, 52),
    ("Born Loser paying Za Hu of 3 doubles where the organiser sets it", {"false_win_doubles": 3}, 8),
]


@pytest.mark.parametrize("case, options, each", BORN_LOSER, ids=[c[0] for c in BORN_LOSER])
def test_born_loser_pays_za_hu_by_the_rule_21_table(case, options, each):
    result = settle({"rules": "spgg-2023", "options": options, "outcome": "false_win", "offender": "N"})
    assert {t["to"]: t["amount"] for t in result["transfers"]} == {"E": each, "S": each, "W": each}, case


KA_LONG = "B1 B2 B3 D4 D5 D6 C2 C3 C4 D9 D9 B6 B8 B7"  # all chows, B7 won in between B6 and B8


def test_a_ping_hu_claim_against_rule_26_is_a_za_hu():
    """001 rule 26: "Non-adherence may attract penalty under Rule no. 15"; 26d: no Ka Long on a discard."""
    claim = {"concealed": KA_LONG.split(), "winning_tile": "B7", "seat_wind": "S", "prevailing_wind": "E"}
    scored = score_hand({**claim, "win": "discard"})
    assert scored["win"] is False and scored["errors"][0]["code"] == "below_minimum_doubles"
    penalty = settle({"outcome": "false_win", "offender": "S", "discarder": "W"})
    assert {t["to"]: t["amount"] for t in penalty["transfers"]} == {"E": 32, "W": 32, "N": 32}  # rule 15
    drawn = score_hand({**claim, "win": "self_draw"})  # 26g: c) to f) not relevant if self-drawn
    assert drawn["ping_hu"] is True and drawn["payment"] == {"full": 20, "half": 10}


# ------------------------------------------------------------------- draw


def test_a_draw_moves_no_chips():
    result = settle({"rules": "sg-tai-card", "outcome": "draw"})
    assert result["transfers"] == []
    assert result["net"] == {"E": 0, "S": 0, "W": 0, "N": 0}


# -------------------------------------------------- malformed and illegal

MALFORMED = [
    ("not an object", ["win"], None),
    ("no outcome", {"rules": "spgg-2023"}, "outcome"),
    ("unknown outcome", {"outcome": "tie"}, "outcome"),
    ("unknown rule set", {"rules": "hk-old", "outcome": "draw"}, "rules"),
    ("unknown option", {"outcome": "draw", "options": {"min_doubl": 1}}, "options.min_doubl"),
    ("options not an object", {"outcome": "draw", "options": 3}, "options"),
    ("unknown field", {"outcome": "draw", "liabel": "E"}, "liabel"),
    ("no winner", {"outcome": "win", "win": "self_draw", "doubles": 1}, "winner"),
    ("winner not a seat", win("spgg-2023", winner="X", win="self_draw", doubles=1), "winner"),
    ("no win type", win("spgg-2023", doubles=1), "win"),
    ("bad win type", win("spgg-2023", win="robbed", doubles=1), "win"),
    ("discard without discarder", win("spgg-2023", win="discard", doubles=1), "discarder"),
    ("discarder is the winner", win("spgg-2023", win="discard", discarder="S", doubles=1), "discarder"),
    (
        "discarder on a self-drawn win",
        win("spgg-2023", win="self_draw", discarder="E", doubles=1),
        "discarder",
    ),
    ("liable is the winner", win("spgg-2023", win="self_draw", doubles=1, liable="S"), "liable"),
    ("no doubles nor hand", win("spgg-2023", win="self_draw"), "doubles"),
    ("doubles as text", win("spgg-2023", win="self_draw", doubles="3"), "doubles"),
    ("negative doubles", win("spgg-2023", win="self_draw", doubles=-1), "doubles"),
    ("doubles and hand", win("spgg-2023", win="self_draw", doubles=1, hand={}), "doubles"),
    ("ping_hu not a flag", win("spgg-2023", win="self_draw", doubles=4, ping_hu="yes"), "ping_hu"),
    ("offender on a win", win("spgg-2023", win="self_draw", doubles=1, offender="E"), "offender"),
    ("a draw with a winner", {"outcome": "draw", "winner": "E"}, "winner"),
    ("a draw with doubles", {"outcome": "draw", "doubles": 2}, "doubles"),
    ("false win without offender", {"outcome": "false_win"}, "offender"),
    (
        "false win on one's own discard",
        {"outcome": "false_win", "offender": "E", "discarder": "E"},
        "discarder",
    ),
    ("false win with a winner", {"outcome": "false_win", "offender": "E", "winner": "S"}, "winner"),
    ("instant not a list", {"outcome": "draw", "instant": {"type": "kong"}}, "instant"),
    ("instant not an object", {"outcome": "draw", "instant": ["kong"]}, "instant[0]"),
    (
        "unknown instant type",
        {"outcome": "draw", "instant": [{"type": "bite", "seat": "E"}]},
        "instant[0].type",
    ),
    ("instant without seat", {"outcome": "draw", "instant": [{"type": "kong"}]}, "instant[0].seat"),
    (
        "instant liable to himself",
        {"outcome": "draw", "instant": [{"type": "kong", "seat": "E", "liable": "E"}]},
        "instant[0].liable",
    ),
    (
        "bad animal pair",
        {"outcome": "draw", "instant": [{"type": "animal_pair", "seat": "E", "pair": "cat_dog"}]},
        "instant[0].pair",
    ),
    (
        "concealed kong with a discarder",
        {"outcome": "draw", "instant": [{"type": "kong", "seat": "E", "concealed": True, "discarder": "S"}]},
        "instant[0].discarder",
    ),
    (
        "unknown instant field",
        {"outcome": "draw", "instant": [{"type": "kong", "seat": "E", "x": 1}]},
        "instant[0].x",
    ),
]


@pytest.mark.parametrize("case, data, field", MALFORMED, ids=[c[0] for c in MALFORMED])
def test_malformed_outcomes_are_invalid_input(case, data, field):
    with pytest.raises(InvalidInput) as exc:
        settle(data)
    error = exc.value.errors[0]
    assert error.field == field
    assert error.code and error.message


def test_seats_are_case_insensitive():
    result = settle(win("spgg-2023", winner="s", win="DISCARD", discarder="w", doubles=1))
    assert paid(result) == {"W": 2, "E": 1, "N": 1}


def test_below_the_minimum_doubles_is_not_a_legal_win():
    result = settle(win("spgg-2023", win="self_draw", doubles=0))
    assert result["win"] is False
    assert result["errors"][0]["code"] == "below_minimum_doubles"
    assert "transfers" not in result
    raised = settle(win("spgg-2023", win="self_draw", doubles=1, options={"min_doubles": 2}))
    assert raised["win"] is False
    assert settle(win("spgg-2023", win="self_draw", doubles=0, limit=True))["net"]["S"] == 3 * 405


# ----------------------------------------------------------- with a hand


@pytest.fixture
def fake_score(monkeypatch):
    """A stand-in for scoring.score (written by another engineer) that records what it was given."""
    module = types.ModuleType("scoring.score")
    module.calls = []
    module.answer = {"win": True, "doubles": 3, "limit": False, "items": []}

    def score_hand(data):
        module.calls.append(data)
        if isinstance(module.answer, Exception):
            raise module.answer
        return dict(module.answer)

    module.score_hand = score_hand
    monkeypatch.setitem(sys.modules, "scoring.score", module)
    return module


HAND = {"prevailing_wind": "E", "seat_wind": "S", "concealed": ["B1"], "winning_tile": "B1", "win": "discard"}


def test_a_hand_is_scored_and_paid(fake_score):
    result = settle(win("spgg-2023", win="discard", discarder="W", hand=HAND))
    assert paid(result) == {"W": 8, "E": 4, "N": 4}
    assert fake_score.calls[0]["rules"] == "spgg-2023"
    assert result["hand"]["doubles"] == 3


def test_a_hand_passes_on_the_outcomes_options(fake_score):
    settle(win("spgg-2023", win="discard", discarder="W", hand=HAND, options={"min_doubles": 2}))
    assert fake_score.calls[0]["options"] == {"min_doubles": 2}


def test_the_win_type_may_come_from_the_hand(fake_score):
    assert paid(settle(win("spgg-2023", discarder="W", hand=HAND))) == {"W": 8, "E": 4, "N": 4}


@pytest.mark.parametrize(
    "code, rule, expected",
    [
        ("thirteen_wonders", "001 rule 24j", {"W": 405, "E": 405, "N": 405}),
        ("ping_hu", "001 rule 21", {"W": 20, "E": 10, "N": 10}),
    ],
)
def test_a_hands_items_decide_the_price(fake_score, code, rule, expected):
    limit = code == "thirteen_wonders"
    fake_score.answer = {"win": True, "doubles": 4, "limit": limit, "items": [{"code": code, "doubles": 4}]}
    assert paid(settle(win("spgg-2023", win="discard", discarder="W", hand=HAND))) == expected, rule


@pytest.mark.parametrize(
    "change, field",
    [
        ({"seat_wind": "E"}, "hand.seat_wind"),
        ({"win": "self_draw"}, "hand.win"),
        ({"rules": "sg-classic"}, "hand.rules"),
    ],
)
def test_a_hand_that_disagrees_with_the_outcome_is_invalid(fake_score, change, field):
    with pytest.raises(InvalidInput) as exc:
        settle(win("spgg-2023", win="discard", discarder="W", hand={**HAND, **change}))
    assert exc.value.errors[0].field == field
    assert fake_score.calls == []


def test_an_illegal_hand_is_not_a_legal_win(fake_score):
    fake_score.answer = {
        "win": False,
        "errors": [{"code": "incomplete", "message": "Not complete.", "field": "concealed"}],
    }
    result = settle(win("spgg-2023", win="discard", discarder="W", hand=HAND))
    assert result == {
        "rules": "spgg-2023",
        "win": False,
        "errors": [{"code": "incomplete", "message": "Not complete.", "field": "hand.concealed"}],
    }
    from scoring.errors import Error

    fake_score.answer = IllegalHand(Error("too_few_doubles", "Below the minimum."))
    assert settle(win("spgg-2023", win="discard", discarder="W", hand=HAND))["win"] is False


def test_a_malformed_hand_is_invalid_input_with_hand_fields(fake_score):
    from scoring.errors import Error

    fake_score.answer = InvalidInput(Error("unknown_tile", "Unknown tile 'B0'.", "concealed[0]"))
    with pytest.raises(InvalidInput) as exc:
        settle(win("spgg-2023", win="discard", discarder="W", hand=HAND))
    assert exc.value.errors[0].field == "hand.concealed[0]"


def test_a_hand_that_is_not_an_object(fake_score):
    with pytest.raises(InvalidInput) as exc:
        settle(win("spgg-2023", win="discard", discarder="W", hand="B1 B2"))
    assert exc.value.errors[0].field == "hand"


def test_with_the_real_scoring_engine():
    score = pytest.importorskip("scoring.score")
    hand = {
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
    }
    scored = score.score_hand(dict(hand))
    result = settle({"outcome": "win", "winner": "S", "win": "discard", "discarder": "W", "hand": hand})
    assert sum(result["net"].values()) == 0
    if scored.get("win"):
        assert paid(result)["W"] == scored["payment"]["full"]


@pytest.mark.parametrize("rules_id", ["spgg-2023", "sg-classic"])
def test_a_limit_hand_entered_by_its_flag_counts_the_limit_doubles(rules_id):
    """001 rule 21 (spgg-2023: the table stops at TEN) and 002 (sg-classic: five): a limit hand counts the
    limit, whether scored from its tiles or entered quickly with ``"limit": true`` and no doubles."""
    from scoring.rulesets import get_ruleset

    limit = get_ruleset(rules_id)["limit_doubles"]
    answer = settle({"rules": rules_id, "outcome": "win", "winner": "S", "win": "self_draw", "limit": True})
    assert answer["doubles"] == limit and answer["limit"] is True
    assert answer["payment"] == dict(zip(("full", "half"), get_ruleset(rules_id)["limit_price"], strict=True))
