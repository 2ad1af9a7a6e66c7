# ruff: noqa: E501  (the tables' cases are named by the matrix: one case a line)
"""Each clause of a rules-matrix row its own test (issue "Rules, third pass", items 1-3).

A row of docs/rules-matrix/ that states two clauses (a value and its exception, a rule under two rule
sets) or that was proved only by the generic settlement names a case here for the clause that had no
test: each case fails when the rule it names is deleted (tests/rules_mutation.py flips the rule's
setting and runs it). A case's name is the row's rule with the document's line.
"""

import pytest

from scoring import score_hand, settle
from scoring.bao import bao_advice
from scoring.errors import InvalidInput
from scoring.payments import cap_to_balances, instant_amount
from scoring.rulesets import get_ruleset
from tests.scoring.scoring_cases import hand, tally

PLAIN = "B1 B2 B3 D4 D5 D6 C7 C8 C9 D9 D9 B5 B5 B5"  # no double of its own
WITH_PONG = "B1 B2 B3 D4 D5 D6 C7 C8 C9 D9 D9 RD RD RD"
KONG_SELF_DRAWN = {"concealed": "B1 B2 B3 D4 D5 D6 C7 C8 C9 D9 D9", "melds": ["kong B5"], "win": "self_draw"}
THIRTEEN_TILES = "B1 B4 B7 D2 D5 D8 C3 C6 C9 EW SW WW NW"  # nothing near a winning hand
SEVEN_FLOWERS = "F1 F2 F3 F4 S1 S2 S3"
FOUR_KONGS = ["kong B1", "kong D2", "kong C3", "kong B7"]
FLUSH_OF_PONGS = "B1 B1 B1 B3 B3 B3 B5 B5 B5 B7 B7 B7 B9 B9"  # full flush 4 + all pongs 2 = 6
FLUSH_OF_CHOWS = "B1 B2 B3 B4 B5 B6 B7 B8 B9 B2 B3 B6 B6 B4"  # one suit, all chows, two-sided wait


def robbing(rules):
    return hand(
        THIRTEEN_TILES, winning=None, bonus=SEVEN_FLOWERS, events=["robbing_eighth_flower"], rules=rules
    )


def kong_replacement(rules):
    return hand(
        KONG_SELF_DRAWN["concealed"], melds=KONG_SELF_DRAWN["melds"], win="self_draw",
        events=["kong_replacement"], rules=rules,
    )  # fmt: skip


HANDS = [
    # (row: the clause and its line, hand, items it scores, doubles in all; every one a win)
    ("001 rule 16: one double is enough", hand(PLAIN, bonus="F2"), {"seat_flower": 1}, 1),
    ("004 minimum 1 tai: one tai is enough", hand(PLAIN, bonus="F2", rules="sg-tai-card"), {"seat_flower": 1}, 1),
    ("002 Minimum Points: one point is enough", hand(PLAIN, bonus="F2", rules="sg-classic"), {"seat_flower": 1}, 1),
    ("000 Minimum doubles (1): one double is enough", hand(PLAIN, bonus="F2", rules="sgmj-2002"),
     {"seat_flower": 1}, 1),
    ("000 Maximum doubles (5): a Full Color All Pong game of 6 is paid as 5",
     hand(FLUSH_OF_PONGS, rules="sgmj-2002"), {"full_flush": 4, "all_pongs": 2}, 5),
    ("004 1 replacement tile: a kong's replacement", kong_replacement("sg-tai-card"), {"kong_replacement": 1}, 1),
    ("004 1 last tile, unless a replacement tile",
     hand(PLAIN, win="self_draw", events=["flower_replacement", "last_tile"], bonus="F1", rules="sg-tai-card"),
     {"flower_replacement": 1, "fully_concealed": 1}, 2),
    ("004 5 robbing the last flower with 7, immediate", robbing("sg-tai-card"), {"robbing_eighth_flower": 5}, 5),
    ("002 Robbing the Eighth (line 327): the limit at once", robbing("sg-classic"), {"robbing_eighth_flower": 5}, 5),
    ("000 eight flower suit tile game, also robbing", robbing("sgmj-2002"), {"robbing_eighth_flower": 5}, 5),
    ("002 Hidden Treasure Note 1: concealed kongs allowed",
     hand("B1 B1 B1 D4 D4 D4 C7 C7 C7 D9 D9", melds=["kong B5 concealed"], win="self_draw", rules="sg-classic"),
     {"hidden_treasure": 5}, 5),
    ("002 Winning on Replacement Tile: 花上, a flower's replacement",
     hand(PLAIN, bonus="CAT", win="self_draw", events=["flower_replacement"], rules="sg-classic"),
     {"flower_replacement": 1, "fully_concealed": 1, "animal": 1}, 3),
    ("002 Winning on the Last Available Tile: 1",
     hand(PLAIN, win="self_draw", events=["last_tile"], rules="sg-classic"), {"last_tile": 1, "fully_concealed": 1}, 2),
    ("002 Four Great Blessings Note 1: the auto win",
     hand("B1", melds=["pong EW", "pong SW", "pong WW", "pong NW"], winning=None, rules="sg-classic"),
     {"big_winds": 5}, 5),
    ("002 Eighteen Arhats (line 631): the house rule completes it at once",
     hand("D9", melds=FOUR_KONGS, winning=None, rules="sg-classic",
          options={"instant_wins": ["eight_flowers", "robbing_eighth_flower", "big_dragons", "big_winds",
                                    "four_kongs"]}),
     {"four_kongs": 5}, 5),
    ("000 prevailing wind (1) and player wind (1): both on one pong",
     hand("B1 B2 B3 D4 D5 D6 C7 C8 C9 D9 D9 EW EW EW", seat="E", rules="sgmj-2002"), {"double_wind_pong": 2}, 2),
    ("000 Animal tiles: 1 each", hand(WITH_PONG, bonus="CAT", rules="sgmj-2002"), {"dragon_pong": 1, "animal": 1}, 2),
    ("001 rule 24a: four wind pongs, no need to fulfil",
     hand("B1", melds=["pong EW", "pong SW", "pong WW", "pong NW"], winning=None), {"big_winds": 10}, 10),
    ("002 Four Lesser Blessings: all triplets stack too",
     hand("EW EW EW SW SW SW WW WW WW NW NW B5 B5 B5", rules="sg-classic"),
     {"little_winds": 4, "half_flush": 2, "all_pongs": 2}, 5),
    ("002 Pure Green Suit (line 546): only a house rule, a half flush with its green dragons",
     hand("B2 B3 B4 B2 B3 B4 B6 B6 B6 B8 B8 GD GD GD", rules="sg-classic"), {"half_flush": 2, "dragon_pong": 1}, 3),
    ("002 Full Flush Greater Sequence (line 385): 8 points, paid at the limit of five",
     hand(FLUSH_OF_CHOWS, rules="sg-classic"), {"full_flush_ping_hu": 8}, 5),
    ("002 Full Flush Greater Sequence (line 385): 8 points, not an organiser's limit of 10",
     hand(FLUSH_OF_CHOWS, rules="sg-classic", options={"limit_doubles": 10}), {"full_flush_ping_hu": 8}, 8),
    ("000 replacement after a flower or animal: 1",
     hand(WITH_PONG, bonus="F1", win="self_draw", events=["flower_replacement"], rules="sgmj-2002"),
     {"dragon_pong": 1, "flower_replacement": 1}, 2),
]  # fmt: skip


@pytest.mark.parametrize(("row", "data", "items", "doubles"), HANDS)
def test_hand_clauses(row, data, items, doubles):
    result = score_hand(data)
    assert (result["win"], tally(result), result["doubles"]) == (True, items, doubles), (row, result)


@pytest.mark.parametrize("rules", ["spgg-2023", "sg-tai-card", "sg-classic", "sgmj-2002"])
def test_no_double_is_no_win(rules):
    """001 rule 16, 004 "minimum 1 tai", 002 Minimum Points, 000 Minimum doubles (1): nothing is not enough."""
    result = score_hand(hand(PLAIN, rules=rules))
    assert (result["win"], result["errors"][0]["code"]) == (False, "below_minimum_doubles")


def paid(result) -> dict[str, int]:
    out: dict[str, int] = {}
    for t in result["transfers"]:
        out[t["from"]] = out.get(t["from"], 0) + t["amount"]
    return out


def win(rules, **kw):
    return {"rules": rules, "outcome": "win", "winner": "S", **kw}


PAYMENTS = [
    # (row, outcome, what each seat pays in all)
    ("001 rule 16: a quick entry of one double is a win", win("spgg-2023", win="discard", discarder="W", doubles=1),
     {"W": 2, "E": 1, "N": 1}),
    ("002 Paying for all players: the liable player pays for all on a self-pick",
     win("sg-classic", win="self_draw", doubles=3, liable="N"), {"N": 24}),
    ("002 Paying for all players: not on another player's discard",
     win("sg-classic", win="discard", discarder="W", doubles=3, liable="N"), {"W": 8, "E": 4, "N": 4}),
    ("000 Pay all situations: not on another player's discard",
     win("sgmj-2002", win="discard", discarder="W", doubles=3, liable="N"), {"W": 16, "E": 8, "N": 8}),
    ("002 Shooter pays all (line 216): the discarder pays every share",
     win("sg-classic", options={"shooter_pays_all": True}, win="discard", discarder="W", doubles=3), {"W": 16}),
    ("002 Shooter pays all: the discarder of a kong tile pays that kong",
     {"rules": "sg-classic", "outcome": "draw", "options": {"exposed_kong_paid_by": "discarder"},
      "instant": [{"type": "kong", "seat": "S", "discarder": "W"}]}, {"W": 9}),
]  # fmt: skip


DRAGONS_SELF_DRAWN = hand(
    "B1 B2 B3 B5 B5", melds=["pong RD", "pong GD", "pong WD"], win="self_draw", rules="sgmj-2002"
)
# one suit shown in three sets (000 Full Color Scenario, line 360): a full flush of 4 doubles
FULL_COLOR = {"concealed": "B2 B3 B4 B9 B9", "melds": ["chow B1 B2 B3", "pong B5", "chow B6 B7 B8"]}


def full_color(win):
    return hand(FULL_COLOR["concealed"], melds=FULL_COLOR["melds"], win=win, rules="sgmj-2002")


PAYMENTS += [
    ("000 Dragon Tile Set Scenario (line 324): the liable player pays for all on a self-pick",
     win("sgmj-2002", win="self_draw", liable="N", hand=DRAGONS_SELF_DRAWN), {"N": 192}),
    ("000 Double Limit Scenario (line 349): the limit reached, on a self-pick", win("sgmj-2002", win="self_draw", doubles=5, liable="N"), {"N": 192}),
    ("002 Fresh Tile Discard Kong (line 783): W's fresh tile konged, S wins on the replacement: W pays all",
     win("sg-classic", win="self_draw", doubles=2, kong_replacement=True,
         instant=[{"type": "kong", "seat": "S", "discarder": "W", "liable": "W"}]), {"W": 21}),
    ("000 Full Color Scenario (line 361): the liable discarder of the winning tile pays for all",
     win("sgmj-2002", win="discard", discarder="N", liable="N", hand=full_color("discard")), {"N": 64}),
]  # fmt: skip


@pytest.mark.parametrize(("row", "data", "expected"), PAYMENTS)
def test_payment_clauses(row, data, expected):
    assert paid(settle(data)) == expected, row


@pytest.mark.parametrize(
    "row, outcome",
    [
        ("000 Full Color Scenario (lines 360-363): a full flush self-picked",
         win("sgmj-2002", win="self_draw", liable="N", hand=full_color("self_draw"))),
        ("000 End of Game Scenario (line 369): a fresh-tile liability on a self-pick (quick entry)",
         win("sgmj-2002", win="self_draw", doubles=2, liable="N")),
    ],
)  # fmt: skip
def test_000_discard_only_scenarios_refuse_a_self_pick(row, outcome):
    """000's Full Color and End of Game scenarios make B pay only when his tile "causes that player to win"
    (lines 361, 369), unlike the Dragon, Wind and Double Limit scenarios' "won by picking his own winning
    tile" (lines 324, 338, 349): a liable seat for a self-picked win that shows none of theirs is refused,
    and the same win stands without it."""
    with pytest.raises(InvalidInput) as refused:
        settle(outcome)
    assert [(e.code, e.field) for e in refused.value.errors] == [("bao_self_draw_discard_only", "liable")], (
        row
    )
    assert "Full Color" in refused.value.errors[0].message
    plain = {k: v for k, v in outcome.items() if k != "liable"}
    assert len(paid(settle(plain))) == 3, row  # each pays his own share


def test_001_rule_14_a_player_short_of_chips_pays_what_he_has_out_of_400():
    """001 rule 14: 400 chips of capital, and a player who has exhausted it pays no more (the session ends)."""
    rules = get_ruleset("spgg-2023")
    assert rules["capital"] == 400
    transfers = [{"from": "W", "to": "S", "amount": 32}]
    capped = cap_to_balances(transfers, {"E": 400, "S": 400, "W": 10, "N": 400}, rules["short_of_chips"])
    assert capped["net"]["W"] == -10 and capped["unpaid"]["W"] == 22


def test_001_rule_21_price_table_as_printed():
    """001 rule 21, read from the rule set (the test of the table's rows reads it once at import)."""
    table = get_ruleset("spgg-2023")["price_table"]
    assert (table[1], table[4], table[10]) == ((2, 1), (16, 8), (82, 66))


def _advice(rules, melds, wall=60, options=None):
    data = {"rules": rules, "prevailing_wind": "E", "seat": "S", "melds": melds, "wall_tiles_left": wall,
            "discards": []}  # fmt: skip
    return bao_advice({**data, "options": options} if options else data)


FRESH = [
    # (row, rule set, tiles left, the scenario named, whether the fresh tile is dangerous for it)
    ("002 Fresh Tile Mahjong: 5 left is not yet fewer than 5", "sg-classic", 5, "fresh_tile_win", False),
    ("002 Fresh Tile Mahjong: fewer than 5", "sg-classic", 4, "fresh_tile_win", True),
    ("000 End of Game: a fresh discard claimed for a kong is no scenario", "sgmj-2002", 0, "fresh_tile_kong", False),
    ("000 Pay all End of Game variant (line 381): not yet with 4 tiles remaining", "sgmj-2002", 4,
     "fresh_tile_win", False),
    ("000 Pay all End of Game variant (line 381): with 3 remaining", "sgmj-2002", 3, "fresh_tile_win", True),
]  # fmt: skip


@pytest.mark.parametrize(("row", "rules", "left", "code", "dangerous"), FRESH)
def test_fresh_tile_clauses(row, rules, left, code, dangerous):
    options = {"fresh_tile_win_tiles": 4} if "variant" in row else None  # 000 line 382: "selectable"
    advice = _advice(rules, [{"type": "pong", "tiles": ["B2"] * 3}], wall=left, options=options)
    codes = {r["code"] for d in advice["dangerous"] for r in d["reasons"]}
    assert (code in codes) is dangerous, (row, advice)


WITH_FRESH_KONG = [
    "two_dragons",
    "three_winds",
    "limit_shown",
    "same_suit",
    "fresh_tile_win",
    "fresh_tile_kong",
]

THRESHOLDS = [
    # (row, rule set, options, potential winner's seat, bonus tiles, tiles left, scenario, the tiles it lists)
    ("001 rule 27f: 2 doubles shown is below the rule's 3, even where a pong reaches an organiser's Bao limit of 4",
     "spgg-2023", {"bao_limit_doubles": 4}, "E", ["F1", "S1"], None, "limit_shown", set()),
    ("001 rule 27f: 3 doubles shown and an organiser's Bao limit of 4: the double wind and the dragons",
     "spgg-2023", {"bao_limit_doubles": 4}, "E", ["F1", "S1", "CAT"], None, "limit_shown", {"EW", "RD", "GD", "WD"}),
    ("000 Double Limit Scenario (line 351): less than the limit shown, none at all: a pong bringing an organiser's limit of 2",
     "sgmj-2002", {"limit_doubles": 2}, "E", [], None, "limit_shown", {"EW"}),
    ("000 Pay all for Kong at the End of Game (line 384): not supported, even with the scenario ticked",
     "sgmj-2002", {"bao_scenarios": WITH_FRESH_KONG}, "S", [], 0, "fresh_tile_kong", set()),
    ("000 Pay all for Kong at the End of Game (line 384): an organiser's fewer than 7, at 6 left",
     "sgmj-2002", {"bao_scenarios": WITH_FRESH_KONG, "fresh_tile_kong_tiles": 7}, "S", [], 6, "fresh_tile_kong",
     "fresh"),
]  # fmt: skip


@pytest.mark.parametrize(("row", "rules", "options", "seat", "bonus", "left", "code", "tiles"), THRESHOLDS)
def test_bao_threshold_clauses(row, rules, options, seat, bonus, left, code, tiles):
    data = {"rules": rules, "options": options, "prevailing_wind": "E", "seat": seat, "melds": [], "bonus": bonus,
            "discards": ["B1"]}  # fmt: skip
    if left is not None:
        data["wall_tiles_left"] = left
    found = {d["tile"] for d in bao_advice(data)["dangerous"] if code in {r["code"] for r in d["reasons"]}}
    if tiles == "fresh":  # every tile not yet discarded
        assert len(found) == 33 and "B1" not in found, row
    else:
        assert found == tiles, row


INSTANT = [
    # (row: the clause and its line, rule set, payout, its flags, what each other player pays)
    ("002 Instant payment: a bite after the deal, 3 (5/1 rate)", "sg-classic", "flower_pair", {}, 3),
    ("002 Instant payment: a bite at the deal, 6", "sg-classic", "flower_pair", {"initial": True}, 6),
    ("002 Instant payment (line 176): a flower set of one colour, 6", "sg-classic", "bonus_set", {}, 6),
]


@pytest.mark.parametrize(("row", "rules", "kind", "flags", "amount"), INSTANT)
def test_instant_clauses(row, rules, kind, flags, amount):
    assert instant_amount(get_ruleset(rules), kind, **flags) == amount, row
