"""The rows of the rules matrix (docs/rules-matrix/) that had no test of their own (issue 37).

Each case is one row: its name is the row's rule, so that the matrix can name it
(``test_matrix_rows.py::test_payment_rows[002 Robbing the kong, Note 1.1: …]``), and each cites the
document's line. ``play.md`` is the matrix of the rules of play (claiming, missed discards, the last
tile, long and short hands, penalties in shooter mode): what the engine does with each, or the choice.
"""

import pytest

from scoring import score_hand, settle
from scoring.bao import bao_advice
from scoring.payments import instant_amount, price
from scoring.rulesets import get_ruleset
from tests.scoring.scoring_cases import hand, tally


def paid(result) -> dict[str, int]:
    """{payer: total paid} over every transfer of the settlement (win, Bao, instant payouts, penalty)."""
    out: dict[str, int] = {}
    for t in result["transfers"]:
        out[t["from"]] = out.get(t["from"], 0) + t["amount"]
    return out


def outcome(rules, **kw):
    return {"rules": rules, "outcome": "win", "winner": "S", **kw}


CLASSIC_SHOOTER = {"shooter_pays_all": True, "exposed_kong_paid_by": "discarder"}

# ------------------------------------------------------------ payments.md

PAYMENTS = [
    # (row, outcome, what each seat pays in all)
    ("002 Robbing the kong, Note 1.1: the konger is the guilty discarder and is not paid for the kong",
     outcome("sg-classic", win="discard", discarder="W", doubles=2), {"W": 4, "E": 2, "N": 2}),
    ("002 Overriding of penalty: the last player to trigger is the one liable",
     outcome("sg-classic", win="self_draw", doubles=5, liable="N"), {"N": 96}),
    ("000 the player that last encountered it pays for all",
     outcome("sgmj-2002", win="self_draw", doubles=5, liable="E"), {"E": 192}),  # at the limit (line 349)
    ("001 A, last 5 tiles: a win on a fresh tile, the 5th-last drawer pays all",
     outcome("spgg-2023", win="discard", discarder="W", doubles=3, liable="W"), {"W": 16}),
    ("004 pay-for-all table, 5 or less: a kong and a win on its replacement, one liable seat",
     outcome("sg-tai-card", win="self_draw", doubles=2, liable="W", kong_replacement=True,
             instant=[{"type": "kong", "seat": "S", "liable": "W"}]), {"W": 18}),
]  # fmt: skip


@pytest.mark.parametrize(("row", "data", "expected"), PAYMENTS)
def test_payment_rows(row, data, expected):
    assert paid(settle(data)) == expected, row


PRICES = [
    # (choice of payments.md, rule set, what is priced, arguments, amount: (full, half) or each payer's)
    ("3. Row 0: spgg 1/1, half of 2/1 rounded up", "spgg-2023", "price", {"doubles": 0}, (1, 1)),
    ("3. Row 0: the tai card as one tai", "sg-tai-card", "price", {"doubles": 0}, (2, 1)),
    ("3. Row 0: classic as one point", "sg-classic", "price", {"doubles": 0}, (2, 1)),
    ("3. Row 0: 2002 prices no doubles, 2 and 1", "sgmj-2002", "price", {"doubles": 0}, (2, 1)),
    ("4. 85 read as 8: the table's row 8", "spgg-2023", "price", {"doubles": 8, "ping_hu": True}, (62, 46)),
    ("4. the Ping Hu price only at exactly four doubles", "spgg-2023", "price",
     {"doubles": 5, "ping_hu": True}, (32, 16)),
    ("11. 004 flower set drawn later: 4 as at the deal", "sg-tai-card", "bonus_set", {"initial": False}, 4),
    ("12. 000 concealed kong: the only kong value, 2", "sgmj-2002", "kong", {"concealed": True}, 2),
]  # fmt: skip


@pytest.mark.parametrize(("row", "rules", "what", "kwargs", "expected"), PRICES)
def test_price_rows(row, rules, what, kwargs, expected):
    ruleset = get_ruleset(rules)
    if what == "price":
        got = price(ruleset, kwargs.pop("doubles"), **kwargs)
        assert (got["full"], got["half"]) == expected, row
    else:
        assert instant_amount(ruleset, what, **kwargs) == expected, row


def pong(tile):
    return {"type": "pong", "tiles": [tile] * 3}


ADVICE = [
    # (row, melds shown, a dangerous tile, the scenario)
    ("004 two dragon pungs: the remaining dragon", [pong("RD"), pong("GD")], "WD", "two_dragons"),
    ("004 three wind pungs: the remaining wind", [pong("EW"), pong("SW"), pong("WW")], "NW", "three_winds"),
    ("004 three or more honour pungs: any remaining honour", [pong("EW"), pong("RD"), pong("NW")], "GD",
     "honour_pongs"),
]  # fmt: skip


@pytest.mark.parametrize(("row", "melds", "tile", "code"), ADVICE)
def test_tai_card_honour_scenarios(row, melds, tile, code):
    advice = bao_advice({"rules": "sg-tai-card", "prevailing_wind": "E", "seat": "S", "melds": melds})
    reasons = next(d["reasons"] for d in advice["dangerous"] if d["tile"] == tile)
    assert code in [r["code"] for r in reasons], row


# ------------------------------------------------------------ hands.md

PLAIN = "B1 B2 B3 D4 D5 D6 C7 C8 C9 D9 D9"
HANDS = [
    # (row, hand, doubles, limit)
    # full flush 4, seat flower and season 2, animal 1: 7 paid as 5
    ("004 tai to points: 5 or more is the cap",
     hand("B1 B2 B3 B4 B5 B6 B7 B8 B9 B2 B3 B4 B5 B5", rules="sg-tai-card", bonus="F2 S2 CAT"), 5, False),
    ("002 Kong on Kong: the limit",
     hand("B1 B2 B3 D4 D5 D6 D9 D9", melds=["kong B5", "kong C5"], win="self_draw",
          events=["double_kong_replacement"], rules="sg-classic"), 5, True),
    ("000 last valid tile: 1", hand("B1 B2 B3 D4 D5 D6 C7 C8 C9 D9 D9 RD RD RD", win="self_draw",
                                    events=["last_tile"], rules="sgmj-2002"), 2, False),
]  # fmt: skip


@pytest.mark.parametrize(("row", "data", "doubles", "limit"), HANDS)
def test_hand_rows(row, data, doubles, limit):
    result = score_hand(data)
    assert (result["doubles"], result["limit"]) == (doubles, limit), (row, result)


# ------------------------------------------------------------ play.md


def _shooter_pays_what_follows_his_kong():
    # 002 line 216: with the kong's payout and a bite on the replacement, and a self-pick on it
    instant = [{"type": "kong", "seat": "S", "discarder": "W"},
               {"type": "flower_pair", "seat": "S", "liable": "W"}]  # fmt: skip
    data = outcome("sg-classic", options=CLASSIC_SHOOTER, win="self_draw", doubles=2, kong_replacement=True,
                   instant=instant)  # fmt: skip
    return paid(settle(data)) == {"W": 12 + 9 + 9}


def _twelfth_tile_rule():
    # 002 line 666: B fed A's fourth set; A self-picks: B (entered as liable) pays all
    data = outcome("sg-classic", options=CLASSIC_SHOOTER, win="self_draw", doubles=3, liable="W")
    return paid(settle(data)) == {"W": 24}


def _long_hand_in_shooter_mode():
    # 002 lines 817, 825, 829: the offender cannot win, is not paid for his kongs, and pays for all
    long_hand = score_hand(hand(PLAIN + " B5 B5 B5 B5", win="self_draw"))
    instant = [{"type": "kong", "seat": "E", "concealed": True, "liable": "N"}]
    data = outcome(
        "sg-classic", options=CLASSIC_SHOOTER, win="self_draw", doubles=1, liable="N", instant=instant
    )
    return long_hand["errors"][0]["code"] == "wrong_tile_count" and paid(settle(data)) == {"N": 6 + 18}


def _short_hand_still_paid_for_a_kong():
    # 002 line 815: a short hand forfeits the win but may still kong for the payout
    short = score_hand(hand("B1 B2 B3 D4 D5 D6 C7 C8 C9 D9", melds=["kong B5"], win="self_draw"))
    draw = settle({"rules": "sg-classic", "outcome": "draw", "instant": [{"type": "kong", "seat": "N"}]})
    return short["win"] is False and paid(draw) == {"E": 3, "S": 3, "W": 3}


def _luan_xiang_pays_for_all():
    # 002 lines 829, 865: the offender pays on behalf of all for another's self-pick (entered as liable)
    data = outcome("sg-classic", options=CLASSIC_SHOOTER, win="self_draw", doubles=4, liable="E")
    result = settle(data)
    return paid(result) == {"E": 48} and {t["reason"] for t in result["transfers"]} == {"win", "bao"}


def _claim_against_the_rules_is_a_false_win(rules, discarder, expected):
    def check():
        data = {"rules": rules, "outcome": "false_win", "offender": "S"}
        if discarder:
            data["discarder"] = discarder
        return paid(settle(data)) == expected

    return check


def _thirteen_wonders_snatching_a_self_drawn_win():
    # 002 line 596 (house rule): entered as 13 Wonders won on the self-drawer's tile: all pay in full
    result = settle(outcome("sg-classic", win="discard", discarder="W", thirteen_wonders=True))
    return (
        paid(result) == {"W": 32, "E": 32, "N": 32}
        and result["decided_by"][0]["setting"] == "all_pay_full_hands"
    )


SEVEN_PAIRS = "B1 B1 B3 B3 D4 D4 D6 D6 C7 C7 C8 C8 D9 D9"


def _seven_pairs(win, options, expected):
    def check():
        result = score_hand(
            hand(SEVEN_PAIRS, win=win, rules="sg-classic", options={"seven_pairs": 2, **options})
        )
        return (result["doubles"], result["limit"], "ping_hu" in tally(result)) == expected

    return check


# Seven pairs that also read as four chows and an eye (B1-B2-B3 twice, D4-D5-D6 twice, C9 C9), won on the
# D4 that makes D5-D6 a two-sided wait: the chow reading is a Greater Sequence Hand (4), or with a flower a
# Lesser Sequence Hand (1)
SEVEN_PAIRS_AS_CHOWS = "B1 B1 B2 B2 B3 B3 D5 D5 D6 D6 C9 C9 D4 D4"


def _seven_pairs_never_a_sequence_hand():
    # 002 line 626 (Note 4): "does not stack with either 'Greater Sequence' or 'Lesser Sequence'": one
    # reading or the other, the better, never 2 + 4 (capped 5) or 2 + 1
    options = {"seven_pairs": 2}
    greater = score_hand(hand(SEVEN_PAIRS_AS_CHOWS, rules="sg-classic", options=options))
    lesser = score_hand(hand(SEVEN_PAIRS_AS_CHOWS, bonus="F1", rules="sg-classic", options=options))
    return (tally(greater), greater["doubles"], tally(lesser), lesser["doubles"]) == (
        {"ping_hu": 4}, 4, {"seven_pairs": 2}, 2,
    )  # fmt: skip


def _last_tile_drawer_does_not_discard():
    # 001 line 17, 000 "When is the game finished?": nobody wins on the last tile's discard
    on_a_discard = score_hand(hand(PLAIN + " RD RD RD", events=["last_tile"]))
    return on_a_discard["errors"][0]["event"] == "last_tile"


def _nobody_wins_after_the_last_tile():
    draw = settle({"rules": "spgg-2023", "outcome": "draw"})
    return draw["transfers"] == []


def _kong_on_the_last_tile():
    # 004 line 14: the kong on the last tile is paid; no replacement, so the hand is a draw (with a kong)
    draw = settle({"rules": "sg-tai-card", "outcome": "draw", "instant": [{"type": "kong", "seat": "S"}]})
    return paid(draw) == {"E": 2, "W": 2, "N": 2}


PLAY = [
    ("002 line 216: the shooter also pays what follows from his kong tile",
     _shooter_pays_what_follows_his_kong),
    ("002 line 666: the twelfth-tile rule in shooter mode", _twelfth_tile_rule),
    ("002 lines 817, 825, 829: long hand, short hand and rule-breaking in shooter mode",
     _long_hand_in_shooter_mode),
    ("002 line 815: a short hand may still kong for the payout", _short_hand_still_paid_for_a_kong),
    ("002 line 865: discarding the tile just melded on is rule-breaking in shooter mode",
     _luan_xiang_pays_for_all),
    ("002 lines 831-861: a win claimed on a missed discard is a false win",
     _claim_against_the_rules_is_a_false_win("sg-classic", "W", {"S": 64})),
    ("002 line 135: call pong must pong, a win with the undeclared tiles is zhahu",
     _claim_against_the_rules_is_a_false_win("sg-classic", None, {"S": 96})),
    ("004 lines 11-12: a claim against the claiming restrictions is a false win",
     _claim_against_the_rules_is_a_false_win("sg-tai-card", "W", {"S": 64})),
    ("000 GAME MOVE: a win on a tile passed or last discarded is a false win",
     _claim_against_the_rules_is_a_false_win("sgmj-2002", "W", {"S": 128})),
    ("002 line 596: 13 Wonders snatching a self-drawn win", _thirteen_wonders_snatching_a_self_drawn_win),
    ("002 line 618: Seven Pairs, generally two points", _seven_pairs("discard", {}, (2, False, False))),
    ("002 line 620: Seven Pairs Note 1, one value on either win (plus the concealed hand self-drawn)",
     _seven_pairs("self_draw", {}, (3, False, False))),
    ("002 line 622: Seven Pairs Note 2, the limit where the host lists it",
     _seven_pairs("self_draw", {"limit_hands": ["seven_pairs"]}, (5, True, False))),
    ("002 line 626: Seven Pairs Note 4, never a sequence hand", _seven_pairs_never_a_sequence_hand),
    ("001 line 17: the player who draws the last tile does not discard", _last_tile_drawer_does_not_discard),
    ("001 line 17: nobody won: a draw moves no chips", _nobody_wins_after_the_last_tile),
    ("004 line 14: a kong on the last tile needs no replacement and is paid", _kong_on_the_last_tile),
]  # fmt: skip


@pytest.mark.parametrize(("row", "check"), PLAY)
def test_rules_of_play(row, check):
    assert check(), row
