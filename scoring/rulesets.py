"""Rule sets as data: the four Singapore rule sets of ../shared/spec/rulesets.md.

A **rule set** is a named, versioned mapping of settings. The engine never
branches on a rule set's *id*; it reads settings (``rules["min_doubles"]``).
An organiser's copy is the same rule set with ``options`` applied
(``RuleSet.with_options`` / ``get_ruleset(id, options)``); a stored result
keeps the exact settings it was scored with (``RuleSet.as_dict`` /
``RuleSet.from_dict``).

Settings are grouped in two sections in each rule set below:

- scoring settings (minimum doubles, limit, which hands count and for how
  many doubles, seven pairs allowed...): read by ``scoring.doubles`` and
  ``scoring.score``;
- payment settings (price table, who pays a win, instant payouts, Bao,
  Za Hu, what a payer short of chips pays): read by ``scoring.payments``
  and ``scoring.settle``.

Words used for payments (see ``scoring.payments``): the **price** of a hand
is what one payer pays, at **full** price (the discarder, or everyone on a
self-drawn win) or at **half** price (the other players on a win on a
discard); the **limit** is the most a hand can be worth; the **liable**
player (Bao, pay-for-all) pays what every payer would have paid.

Where a document is ambiguous the setting records the choice made and why,
in a comment beside it (and in docs/rules-matrix/payments.md). Every setting
has a human description in ``SETTINGS_DOC`` and, per rule set, the rule
document's wording it comes from (``RuleSet.citations``);
``describe_settings(rules)`` joins them for the Django layer.

An option overrides one setting with a value of the same shape (a bool for a
bool, a whole number >= 0 for a number, one of the listed choices for a
choice, a list of the same shape for a table, a mapping with known keys for a
mapping). Anything else is ``InvalidInput`` with field ``options.<key>``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from scoring.errors import Error, InvalidInput

DEFAULT_RULESET = "spgg-2023"


def _doubling_table(limit: int, half_of_one: int = 1) -> list[list[int]]:
    """[full, half] for 0..limit doubles when each double doubles the price.

    Row 0 (no doubles) costs the same as one double unless a document says
    otherwise (sgmj-2002 does: "1 point from each player").
    """
    rows = []
    for d in range(limit + 1):
        half = half_of_one * 2 ** max(d - 1, 0)
        rows.append([2 * half, half])
    return rows


# ---------------------------------------------------------------- spgg-2023
# 001_e8fdc45b8fa360f3.txt, SPGG Mahjong Rules & Regulations (version June 2023).

SPGG_SCORING: dict[str, Any] = {
    # scoring (owned by the doubles engineer)
    "min_doubles": 1,  # 001 rule 16
    "limit_doubles": 10,  # 001 rule 21: the price table stops at TEN doubles
    "seven_pairs": False,  # 001 lists no seven-pairs hand (rules 23, 24)
}

SPGG_PAYMENTS: dict[str, Any] = {
    # payments
    # 001 rule 21, row d = [full, half] for d doubles. Row 0 is not in the
    # table (rule 16 needs one double); it is only reached if an organiser
    # lowers min_doubles, and costs half of row 1 rounded up.
    "price_table": [
        [1, 1],
        [2, 1],
        [4, 2],
        [8, 4],
        [16, 8],
        [32, 16],
        [42, 26],
        [52, 36],
        [62, 46],
        [72, 56],
        [82, 66],
    ],
    # 001 rule 21: "PING HU (4) 20 10" -- a Ping Hu hand of exactly 4 doubles.
    "ping_hu_price": [20, 10],
    "ping_hu_doubles": 4,
    # 001 rule 24: every special hand is printed "405". Choice: 405 chips at
    # full price; half price is half of it rounded up (203), because rule 24j
    # singles out 13 Wonders as paying full "irrespective", so the other
    # special hands keep the full/half split of rule 17.
    "limit_price": [405, 203],
    "limit_all_pay_full": False,  # only 13 Wonders pays full either way (24j)
    "all_pay_full_hands": ["thirteen_wonders"],  # 001 rule 24j
    "shooter_pays_all": False,  # 001 rule 17: discarder full, others half
    # 001 rule 22: each other player pays; "initial" = concealed / 1st hand.
    "instant": {
        "kong": {"concealed": 2, "exposed": 1},
        "flower_pair": {"initial": 2, "later": 1},
        "animal_pair": {"initial": 2, "later": 1},
        "bonus_set": {"initial": 4, "later": 2},
    },
    # 001 rule 27 (last paragraph): "No 'Bao' if player game on tile
    # discarded by a player not under the situation of assuming liabilities."
    "bao_self_draw": True,  # 001 rule 27: "including self-drawn win"
    "bao_on_other_discard": False,
    "bao_scenarios": [
        "same_suit",  # 27a
        "terminal_pongs",  # 27b
        "three_winds",  # 27c
        "honour_pongs",  # 27d
        "two_dragons",  # 27e
        "limit_shown",  # 27f, 27g
        "fresh_tile_kong",  # section A, last 7 tiles
        "fresh_tile_win",  # section A, last 5 tiles
    ],
    # 27f "3 doubles shown. Bao wind that gives 2 doubles", 27g "4 doubles
    # shown. Bao on dragons, own wind and round wind": a discard is dangerous
    # when at least bao_min_shown doubles are shown and it can bring them to
    # bao_limit_doubles.
    "bao_limit_doubles": 5,
    "bao_min_shown": 3,
    # Fresh-tile rules apply when fewer than N playable tiles are left in the
    # wall at the discard: drawing "the last 7th tile" leaves 6 (< 7).
    "fresh_tile_kong_tiles": 7,  # 001 section A: "last 7th tile ... 'Kong'"
    "fresh_tile_win_tiles": 5,  # 001 section A: "last 5th tile ... 'Kong' and or game"
    # 001 section A: "tiles not found on the discard pool and do not include
    # those 'pong' or 'chow' displayed by each player".
    "fresh_tile_seen_in": "discards_and_melds",
    # 001 rule 15: "pay minimum 5 doubles to the rest of the other players".
    # Choice: full price to each of the three others, whether or not the
    # false claim was on a discard (the rule names no discarder and treats
    # "the rest of the other players" alike; the offender is at fault, the
    # position of the full-price payer of rule 17).
    "false_win_doubles": 5,
    "false_win_payment": "full_each",
    # 001 rule 14: 400 chips of capital; the session ends when a player has
    # exhausted it, so a payer cannot pay more than the chips in front of him.
    "short_of_chips": "pay_what_they_have",
    # Who pays an exposed kong? 001 rule 22 lists it among the instant
    # payouts with no exception: each other player.
    "exposed_kong_paid_by": "each_other",
    "capital": 400,
}

SPGG_CITATIONS: dict[str, tuple[str, str]] = {
    "min_doubles": ("001 rule 16", "Minimum attainment of one (1) double in order to game."),
    "limit_doubles": ("001 rule 21", "Doubles ... TEN (10) 82 66"),
    "seven_pairs": ("001 rules 23-24", "(no seven-pairs hand is listed)"),
    "price_table": (
        "001 rule 21",
        "Payments are according to how many doubles you have won ... ONE (1) 2 1 ... TEN (10) 82 66",
    ),
    "ping_hu_price": ("001 rule 21", "PING HU (4) 20 10"),
    "ping_hu_doubles": ("001 rule 21", "PING HU (4) 20 10"),
    "limit_price": ("001 rule 24", "Special Hands (Limit games) ... 405"),
    "limit_all_pay_full": (
        "001 rule 17",
        "player discarded the tile ... pay full price while others pay half",
    ),
    "all_pay_full_hands": (
        "001 rule 24j",
        "13 Wonders – pays full price irrespective of self-drawn or discarded.",
    ),
    "shooter_pays_all": (
        "001 rule 17",
        "Self-drawn or player discarded the tile for another to game will have to pay full price "
        "while others pay half the price.",
    ),
    "instant": (
        "001 rule 22",
        "Instant Payouts: 'Kong' 2 1; Flower same number marriage 2 1; Cat & Mouse Marriage 2 1; "
        "Rooster & Centipede Marriage 2 1; One set of Flowers or Animal 4 2",
    ),
    "bao_self_draw": (
        "001 rule 27",
        "the last player who discarded a tile that fits the scenario will assume the liabilities, "
        "including self-drawn win.",
    ),
    "bao_on_other_discard": (
        "001 rule 27",
        "No 'Bao' if player game on tile discarded by a player not under the situation of assuming "
        "liabilities.",
    ),
    "bao_scenarios": ("001 rule 27 a-g, section A", "Situation assuming liabilities – 'Bao' Scenarios"),
    "fresh_tile_kong_tiles": (
        "001 section A",
        "Player drawing the last 7th tile will assumed all players liabilities if someone 'Kong' under "
        "the fresh tile rules.",
    ),
    "fresh_tile_win_tiles": (
        "001 section A",
        "Player drawing the last 5th tile will assumed all players liabilities if someone 'Kong' and or "
        "game under the fresh tile rules.",
    ),
    "false_win_doubles": (
        "001 rule 15",
        "Penalty of 'Za Hu' will have to pay minimum 5 doubles to the rest of the other players.",
    ),
    "false_win_payment": (
        "001 rule 15",
        "Penalty of 'Za Hu' will have to pay minimum 5 doubles to the rest of the other players.",
    ),
    "short_of_chips": (
        "001 rule 14",
        "Player who has exhausted his or her capital the round will shall end",
    ),
    "capital": ("001 rule 14", "only plastic chips of 400 dollars as Capital are given for each player"),
}

# -------------------------------------------------------------- sg-tai-card
# 004_fc2aff3e4f98b910.txt, a concise Singaporean rule card.

TAI_CARD_SCORING: dict[str, Any] = {
    # scoring (owned by the doubles engineer)
    "min_doubles": 1,  # 004: "Minimum 1 tai required to win."
    "limit_doubles": 5,  # 004 tai to points: "5 or more" -> 16
    "seven_pairs": False,  # 004: "No seven pairs hands are allowed."
}

TAI_CARD_PAYMENTS: dict[str, Any] = {
    # payments
    # 004 "Tai to points conversion" 1, 2, 4, 8, 16 = the score; "Payments to
    # winner": discarder 2 x score (full), others 1 x score (half).
    "price_table": _doubling_table(5),
    "ping_hu_price": None,
    "ping_hu_doubles": 4,
    "limit_price": [32, 16],  # 5 tai: score 16
    "limit_all_pay_full": False,
    # 004: 13 Orphans is "always paid as self-drawn win even when won on discard"
    "all_pay_full_hands": ["thirteen_wonders"],
    "shooter_pays_all": False,
    # 004 "Points instantly paid by each player". Flower Set and Animal Set
    # have one value only (printed under "initially dealt"): choice, the same
    # value when drawn later.
    "instant": {
        "kong": {"concealed": 4, "exposed": 2},
        "flower_pair": {"initial": 4, "later": 2},
        "animal_pair": {"initial": 4, "later": 2},
        "bonus_set": {"initial": 4, "later": 4},
    },
    # 004 "Payments to winner": "Win on discard; discarder is not
    # pay-for-all": the pay-for-all player pays only 1 x score, i.e. no Bao.
    "bao_self_draw": True,  # 004: "Self-drawn win: last pay-for-all pays 6 x score"
    "bao_on_other_discard": False,
    "bao_scenarios": [
        "fresh_tile_kong",
        "fresh_tile_win",
        "limit_shown",
        "same_suit",
        "two_dragons",
        "three_winds",
        "honour_pongs",
    ],
    # 004: "4 or more tai visible ... A dragon, prevailing wind or seat wind"
    # and "wins with 5 or more tai".
    "bao_limit_doubles": 5,
    "bao_min_shown": 4,
    # 004: "7 or less" / "5 or less" playable tiles = fewer than 8 / 6.
    "fresh_tile_kong_tiles": 8,
    "fresh_tile_win_tiles": 6,
    "fresh_tile_seen_in": "discards_and_melds",  # 004: "not yet appeared among discards and melds"
    # 004 is silent on false wins. Choice: the common practice of 002
    # ("Wrong Winning Claim Scenario"): the limit, the discarder at full and
    # the others at half; on a self-drawn claim all three at full.
    "false_win_doubles": 5,
    "false_win_payment": "as_reverse_win",
    # 004 is a money game with no capital: a payer owes what he owes.
    "short_of_chips": "allow_negative",
    "exposed_kong_paid_by": "each_other",  # "paid by each player" / "from each player"
    "capital": 0,
}

TAI_CARD_CITATIONS: dict[str, tuple[str, str]] = {
    "min_doubles": ("004", "Minimum 1 tai required to win."),
    "limit_doubles": ("004 Tai to points conversion", "5 or more: 16"),
    "seven_pairs": ("004", "No seven pairs hands are allowed."),
    "price_table": (
        "004 Tai to points conversion; Payments to winner",
        "Tai 1 2 3 4 5 or more; Score 1 2 4 8 16. Win on discard: discarder pays 2 x score, "
        "other players pay 1 x score. Self-drawn win: 2 x score.",
    ),
    "limit_price": ("004 Tai to points conversion", "5 or more: 16"),
    "all_pay_full_hands": (
        "004 tai table",
        "13 Orphans ... always paid as self-drawn win even when won on discard",
    ),
    "instant": (
        "004 Points instantly paid by each player",
        "Kong 4 2; Wedding 4 2; Bite 4 2; Flower Set 4; Animal Set 4 (in addition to Bite payments)",
    ),
    "bao_self_draw": ("004 Payments to winner", "Self-drawn win: last pay-for-all player pays 6 x score"),
    "bao_on_other_discard": (
        "004 Payments to winner",
        "Win on discard; discarder is not pay-for-all: 2 x score, 1 x score, 1 x score",
    ),
    "bao_scenarios": ("004", "When a player becomes pay-for-all to a winner or a potential winner"),
    "fresh_tile_kong_tiles": ("004", "There are 7 or less playable tiles remaining in the wall"),
    "fresh_tile_win_tiles": ("004", "There are 5 or less playable tiles remaining in the wall"),
    "false_win_doubles": ("002 Wrong Winning Claim Scenario", "penalised to pay 5 points or the Limit"),
    "false_win_payment": (
        "002 Wrong Winning Claim Scenario",
        "The discarder will get double, whereas the other two players get the normal rate.",
    ),
    "short_of_chips": ("(none)", "(004 has no capital)"),
}

# --------------------------------------------------------------- sg-classic
# 002_cbbfbbe8c340939f.txt, "Singaporean Mahjong scoring rules" (Wikipedia, 2021).
# Amounts are in units of the 5/1 rate: a one-point hand costs 1 (S$1).

CLASSIC_SCORING: dict[str, Any] = {
    # scoring (owned by the doubles engineer)
    "min_doubles": 1,  # 002 Minimum & Maximum Points: "a minimum of either 1 or 2 points"
    "limit_doubles": 5,  # 002 Scoring points: "a typical maximum scoring limit of five (or six)"
    "seven_pairs": False,  # 002 Seven Pairs: a house-rule variant only
}

CLASSIC_PAYMENTS: dict[str, Any] = {
    # payments
    "price_table": _doubling_table(5),  # 002 payout table: 1 2 4 8 16, guilty 2x
    "ping_hu_price": None,
    "ping_hu_doubles": 4,
    "limit_price": [32, 16],  # 002: "5 (Limit) S$16 S$32"
    # 002: "Special Hands S$32 S$32 S$96": a hand scored as the limit pays 2x
    # the limit from everyone.
    "limit_all_pay_full": True,
    "all_pay_full_hands": ["thirteen_wonders"],
    "shooter_pays_all": False,  # 002: "Another common mahjong payout involves 'shooter pays all'"
    # 002 Kongs / Instant payment, at the 5/1 rate: melded kong and a bite
    # (咬到) $3, concealed kong and a bite at the deal (暗咬) $6; a set of
    # flowers of one colour is a 'Concealed Kong' event ($6); all four
    # animals "double of the agreed one-time payout" ($6).
    "instant": {
        "kong": {"concealed": 6, "exposed": 3},
        "flower_pair": {"initial": 6, "later": 3},
        "animal_pair": {"initial": 6, "later": 3},
        "bonus_set": {"initial": 6, "later": 6},
    },
    "bao_self_draw": True,
    "bao_on_other_discard": False,
    "bao_scenarios": [
        "fresh_tile_kong",
        "fresh_tile_win",
        "limit_shown",
        "same_suit",
        "terminal_pongs",
        "two_dragons",
        "three_winds",
        "honour_pongs",
    ],
    # 002 Point Limit Scenario: 4 points exposed (or 3 and the double wind)
    # with a limit of 5.
    "bao_limit_doubles": 5,
    "bao_min_shown": 3,
    "fresh_tile_kong_tiles": 7,  # 002: "fewer than 7 tiles remaining"
    "fresh_tile_win_tiles": 5,  # 002: "fewer than 5 tiles remaining"
    # 002: chow tiles are not 'discarded' tiles, pong sets are.
    "fresh_tile_seen_in": "discards_and_pongs",
    "false_win_doubles": 5,  # 002 Wrong Winning Claim: "5 points or the Limit"
    "false_win_payment": "as_reverse_win",
    "short_of_chips": "allow_negative",
    "exposed_kong_paid_by": "each_other",  # "paid by each player" / "from each player"
    "capital": 0,
}

CLASSIC_CITATIONS: dict[str, tuple[str, str]] = {
    "min_doubles": (
        "002 Minimum & Maximum Points",
        "Some house rules play a minimum of either 1 or 2 points",
    ),
    "limit_doubles": (
        "002 Scoring points",
        "There is a typical maximum scoring limit of five (or six) points",
    ),
    "seven_pairs": ("002 Seven Pairs", "(a house-rule variant)"),
    "price_table": (
        "002 Scoring points",
        "the party who is guilty of discarding the tile ... has to pay double the agreed payout",
    ),
    "limit_price": ("002 Scoring points", "5 (Limit) S$16 S$32 S$64"),
    "limit_all_pay_full": (
        "002 Scoring points",
        "special hands (e.g. 13 wonders) whereby all players pay double that of the limit",
    ),
    "shooter_pays_all": (
        "002 Scoring points",
        "'shooter pays all' whereby the person who discards the winning and kong tile will have to "
        "compensate for the rest of the players",
    ),
    "instant": (
        "002 Kongs; Instant payment",
        "+$3 ... for a melded kong, or ... $6 ... for a concealed kong (5/1 rate)",
    ),
    "fresh_tile_kong_tiles": ("002 Fresh tile", "7 tiles Pao Kong,5 Tiles Pao Fresh"),
    "fresh_tile_win_tiles": ("002 Fresh tile", "7 tiles Pao Kong,5 Tiles Pao Fresh"),
    "false_win_doubles": (
        "002 Wrong Winning Claim Scenario",
        "Usually he will be penalised to pay 5 points or the Limit to the other three players.",
    ),
    "false_win_payment": (
        "002 Wrong Winning Claim Scenario",
        "The discarder will get double, whereas the other two players get the normal rate. If it is "
        "the offender that wrongly claim ... Self-Pick ... then he will pays all the three players double.",
    ),
}

# ---------------------------------------------------------------- sgmj-2002
# 000_d9177c78063555ad.txt, "Rules for Singapore Mahjong" (June 18, 2002).

SGMJ_SCORING: dict[str, Any] = {
    # scoring (owned by the doubles engineer)
    "min_doubles": 1,  # 000 Minimum doubles: "The default setting for the game is 1 double"
    "limit_doubles": 5,  # 000 Maximum doubles: "The default setting for the game is 5 doubles"
    "seven_pairs": False,  # 000 lists no seven-pairs hand
}

SGMJ_PAYMENTS: dict[str, Any] = {
    # payments
    # 000 How do you score: 1 point doubled per double from each player,
    # double from the discarder and from everyone on a self-pick. "If they
    # have no doubles they receive 1 point from each player."
    "price_table": [[2 * 2**d, 2**d] for d in range(6)],
    "ping_hu_price": None,
    "ping_hu_doubles": 4,
    "limit_price": [64, 32],
    "limit_all_pay_full": False,
    # 000: "When a player wins with a 13 Wonders Game, the scoring is treated
    # as if he picked the winning tile himself"
    "all_pay_full_hands": ["thirteen_wonders"],
    "shooter_pays_all": False,
    # 000 How do you score. A concealed kong is not mentioned: choice, the
    # exposed-kong value (2), the document's only kong value.
    "instant": {
        "kong": {"concealed": 2, "exposed": 2},
        "flower_pair": {"initial": 4, "later": 2},
        "animal_pair": {"initial": 4, "later": 2},
        "bonus_set": {"initial": 4, "later": 4},
    },
    "bao_self_draw": True,  # 000 Pay all: "if player A won by picking his own winning tile"
    # 000 Pay all: "or player B threw the winning tile" -- only the liable
    # player's own discard or a self-pick; another's discard is no pay-all.
    "bao_on_other_discard": False,
    "bao_scenarios": ["two_dragons", "three_winds", "limit_shown", "same_suit", "fresh_tile_win"],
    # 000 Double Limit Scenario: any dragon or valued wind once the limit is
    # shown, or one that brings the shown doubles to the limit.
    "bao_limit_doubles": 5,
    "bao_min_shown": 0,
    "fresh_tile_kong_tiles": 0,  # 000 has no fresh-tile kong rule
    "fresh_tile_win_tiles": 7,  # 000: "When there is less than 7 tiles to play"
    "fresh_tile_seen_in": "discards",  # 000: "not contained in the discarded tiles"
    "false_win_doubles": 5,  # 000 is silent: choice as sg-tai-card
    "false_win_payment": "as_reverse_win",
    "short_of_chips": "allow_negative",
    "exposed_kong_paid_by": "each_other",  # "paid by each player" / "from each player"
    "capital": 0,
}

SGMJ_CITATIONS: dict[str, tuple[str, str]] = {
    "min_doubles": ("000 Minimum doubles to win the game", "The default setting for the game is 1 double"),
    "limit_doubles": ("000 Maximum doubles", "The default setting for the game is 5 doubles"),
    "price_table": (
        "000 How do you score?",
        "1 point is doubled for each double the winning player has ... the winning player receives "
        "double the points from the player who discarded the winning tile.",
    ),
    "all_pay_full_hands": (
        "000 How do you score?",
        "When a player wins with a 13 Wonders Game, the scoring is treated as if he picked the winning "
        "tile himself",
    ),
    "instant": (
        "000 How do you score?",
        "Exposed Kong ... 2 points from each player; all four tiles in the Animal Suit ... 4 points; "
        "cat and the mouse ... 2 points ... initial 13 tiles ... 4 points",
    ),
    "bao_self_draw": (
        "000 Pay all situations",
        "player B would pay for all the other players if player A won by picking his own winning tile "
        "or player B threw the winning tile",
    ),
    "fresh_tile_win_tiles": (
        "000 End of Game Scenario",
        "When there is less than 7 tiles to play in the game, any player that discards a tile that is "
        "not contained in the discarded tiles which causes another player to win the game, the player "
        'who discarded the "fresh" tile will pay for all.',
    ),
}

# ------------------------------------------------------ what each setting is

SETTINGS_DOC: dict[str, str] = {
    # scoring
    "min_doubles": "Fewest doubles a hand needs to win.",
    "limit_doubles": "Most doubles a hand can count (the cap); more are paid as this many.",
    "seven_pairs": "Whether seven pairs is a winning hand.",
    # payments
    "price_table": "Price per payer by doubles: row d is [full, half] for d doubles; "
    "doubles beyond the last row pay the last row.",
    "ping_hu_price": "[full, half] for a Ping Hu hand of exactly ping_hu_doubles doubles "
    "(empty: priced by the table).",
    "ping_hu_doubles": "The doubles a Ping Hu hand must have for ping_hu_price to apply.",
    "limit_price": "[full, half] for a limit (special) hand.",
    "limit_all_pay_full": "Whether every payer pays full price for a limit hand, even on a discard.",
    "all_pay_full_hands": "Hands every payer pays at full price for, even on a discard.",
    "shooter_pays_all": "Whether the discarder of the winning tile also pays the other payers' shares.",
    "instant": "Instant payouts, paid by each other player: kong (concealed/exposed), own flower and "
    "season pair, animal pair, complete bonus set (at the opening deal / later).",
    "bao_self_draw": "Whether a liable player pays for all on a self-drawn win.",
    "bao_on_other_discard": "Whether a liable player pays for all when someone else discarded the "
    "winning tile.",
    "bao_scenarios": "The situations in which a discard makes the discarder liable (Bao).",
    "bao_limit_doubles": "Doubles shown on the table that make a discard dangerous (limit_shown).",
    "bao_min_shown": "Fewest doubles shown before limit_shown applies.",
    "fresh_tile_kong_tiles": "A fresh discard claimed for a kong makes the discarder liable for that "
    "kong when fewer than this many playable tiles are left in the wall (0: no such rule).",
    "fresh_tile_win_tiles": "A fresh discard claimed to win makes the discarder liable when fewer "
    "than this many playable tiles are left in the wall (0: no such rule).",
    "fresh_tile_seen_in": "Where a tile must have been seen to be no longer fresh: discards, "
    "discards_and_pongs, or discards_and_melds.",
    "false_win_doubles": "The doubles the false-win (Za Hu) penalty is priced at.",
    "false_win_payment": "How the Za Hu penalty is paid: full_each (full price to each other player) "
    "or as_reverse_win (like a win paid backwards: the discarder full, others half; a self-drawn "
    "claim full to all).",
    "short_of_chips": "What a payer short of chips pays: pay_what_they_have (never below zero; "
    "winners share the shortfall) or allow_negative (balances may go below zero).",
    "capital": "Chips each player starts a session with (0: no capital).",
    "exposed_kong_paid_by": "Who pays an exposed kong: each_other (every other player pays the "
    "instant payout) or discarder (the player who discarded the fourth tile pays all three shares; "
    "a kong promoted from one's own pong is still paid by each other player).",
}

CHOICES: dict[str, tuple[str, ...]] = {
    "false_win_payment": ("full_each", "as_reverse_win"),
    "short_of_chips": ("pay_what_they_have", "allow_negative"),
    "exposed_kong_paid_by": ("each_other", "discarder"),
    "bao_scenarios": (
        "same_suit",
        "terminal_pongs",
        "three_winds",
        "honour_pongs",
        "two_dragons",
        "limit_shown",
        "fresh_tile_kong",
        "fresh_tile_win",
    ),
    "fresh_tile_seen_in": ("discards", "discards_and_pongs", "discards_and_melds"),
}


# ---------------------------------------------------------------- the type


def _freeze(value: Any) -> Any:
    if isinstance(value, Mapping):
        return MappingProxyType({k: _freeze(v) for k, v in value.items()})
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _thaw(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_thaw(v) for v in value]
    return value


@dataclass(frozen=True)
class RuleSet:
    """One rule set: an id, its version, the document it implements, its settings.

    ``settings`` is read-only (nested mappings and lists too). Read a setting
    with ``rules["min_doubles"]`` or ``rules.get("x", default)``.
    """

    id: str
    version: str
    title: str
    source: str
    settings: Mapping[str, Any]
    scoring_keys: frozenset[str] = field(default=frozenset(), compare=False, repr=False)
    citations: Mapping[str, tuple[str, str]] = field(
        default_factory=lambda: MappingProxyType({}), compare=False, repr=False
    )

    def __post_init__(self) -> None:
        if not isinstance(self.settings, MappingProxyType):
            object.__setattr__(self, "settings", _freeze(self.settings))

    def __getitem__(self, key: str) -> Any:
        return self.settings[key]

    def __contains__(self, key: object) -> bool:
        return key in self.settings

    def __hash__(self) -> int:
        return hash((self.id, self.version, json.dumps(_thaw(self.settings), sort_keys=True)))

    def get(self, key: str, default: Any = None) -> Any:
        return self.settings.get(key, default)

    def with_options(self, options: Mapping[str, Any] | None) -> RuleSet:
        """This rule set with an organiser's overrides applied (validated)."""
        if not options:
            return self
        if not isinstance(options, Mapping):
            raise InvalidInput(
                Error("invalid_options", "Options must be an object of setting: value.", "options")
            )
        errors: list[Error] = []
        merged = _thaw(self.settings)
        for key, value in options.items():
            where = f"options.{key}"
            if key not in self.settings:
                errors.append(
                    Error(
                        "unknown_option",
                        f"The rule set {self.id} has no setting called {key!r}.",
                        where,
                    )
                )
                continue
            problem = _check_value(key, value, self._shape_of(key))
            if problem:
                errors.append(Error("invalid_option", f"Option {key!r}: {problem}.", where))
                continue
            merged[key] = _merge(merged[key], _thaw(value))
        if errors:
            raise InvalidInput(errors)
        return RuleSet(
            self.id, self.version, self.title, self.source, merged, self.scoring_keys, self.citations
        )

    def _shape_of(self, key: str) -> Any:
        value = self.settings[key]
        if value is None:  # take the shape another rule set gives this key
            for other in RULESETS.values():
                if other.settings.get(key) is not None:
                    return other.settings[key]
        return value

    def as_dict(self) -> dict:
        """Plain JSON-able data; ``RuleSet.from_dict`` gives the same rule set back."""
        return {
            "id": self.id,
            "version": self.version,
            "title": self.title,
            "source": self.source,
            "settings": _thaw(self.settings),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RuleSet:
        """Rebuild a stored rule set exactly as it was (version and settings).

        Settings the code knows today but the stored copy lacks (added after
        it was stored) take today's default of that rule set, so an old result
        can still be re-scored; stored settings are kept as they are.
        """
        if not isinstance(data, Mapping):
            raise InvalidInput(Error("invalid_rules", "A stored rule set must be an object.", "rules"))
        try:
            rules_id = data["id"]
            settings = data["settings"]
        except KeyError as exc:
            raise InvalidInput(
                Error("invalid_rules", f"A stored rule set lacks {exc.args[0]!r}.", "rules")
            ) from None
        if not isinstance(settings, Mapping):
            raise InvalidInput(Error("invalid_rules", "Stored settings must be an object.", "rules"))
        base = RULESETS.get(rules_id)
        merged = _thaw(base.settings) if base else {}
        merged.update(_thaw(settings))
        return cls(
            id=str(rules_id),
            version=str(data.get("version", base.version if base else "")),
            title=str(data.get("title", base.title if base else rules_id)),
            source=str(data.get("source", base.source if base else "")),
            settings=merged,
            scoring_keys=base.scoring_keys if base else frozenset(),
            citations=base.citations if base else MappingProxyType({}),
        )


def _check_value(key: str, value: Any, shape: Any) -> str | None:
    """Why ``value`` cannot replace a setting shaped like ``shape`` (None if it can)."""
    if key in CHOICES and isinstance(shape, str):
        if not isinstance(value, str) or value not in CHOICES[key]:
            return "must be one of " + ", ".join(CHOICES[key])
        return None
    if shape is None:
        return None if value is None or _is_count(value) else "must be a whole number or null"
    if isinstance(shape, bool):
        return None if isinstance(value, bool) else "must be true or false"
    if isinstance(shape, int):
        return None if _is_count(value) else "must be a whole number, 0 or more"
    if isinstance(shape, str):
        return None if isinstance(value, str) else "must be text"
    if isinstance(shape, Mapping):
        if not isinstance(value, Mapping):
            return "must be an object"
        for k, v in value.items():
            if k not in shape:
                return f"has no entry {k!r}"
            problem = _check_value(f"{key}.{k}", v, shape[k])
            if problem:
                return f"{k}: {problem}"
        return None
    if isinstance(shape, tuple | list):
        if value is None and key in _NULLABLE:
            return None
        if not isinstance(value, list | tuple):
            return "must be a list"
        if key in CHOICES:
            bad = [v for v in value if v not in CHOICES[key]]
            return f"unknown entries {bad}; choose from " + ", ".join(CHOICES[key]) if bad else None
        if not shape:
            return None
        if not value:
            return "must not be empty"
        for i, v in enumerate(value):
            problem = _check_value(f"{key}[{i}]", v, shape[0])
            if problem:
                return f"entry {i}: {problem}"
        if isinstance(shape[0], tuple | list) and any(len(v) != len(shape[0]) for v in value):
            return f"every row must have {len(shape[0])} numbers"
        if not isinstance(shape[0], tuple | list) and len(value) != len(shape) and key in _PAIRS:
            return f"must have {len(shape)} numbers"
        return None
    return None


def _merge(old: Any, new: Any) -> Any:
    """A mapping option replaces only the entries it names; anything else replaces the whole value."""
    if isinstance(old, dict) and isinstance(new, dict):
        return {**old, **{k: _merge(old.get(k), v) for k, v in new.items()}}
    return new


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


# Settings whose value is a [full, half] pair, and those that may be null.
_PAIRS = frozenset({"ping_hu_price", "limit_price"})
_NULLABLE = frozenset({"ping_hu_price"})


def _ruleset(rid, version, title, source, scoring, payments, citations) -> RuleSet:
    return RuleSet(
        id=rid,
        version=version,
        title=title,
        source=source,
        settings={**scoring, **payments},
        scoring_keys=frozenset(scoring),
        citations=MappingProxyType(dict(citations)),
    )


RULESETS: dict[str, RuleSet] = {
    r.id: r
    for r in (
        _ruleset(
            "spgg-2023",
            "2023-06.1",
            "SPGG Mahjong Rules & Regulations (June 2023)",
            "001_e8fdc45b8fa360f3.txt",
            SPGG_SCORING,
            SPGG_PAYMENTS,
            SPGG_CITATIONS,
        ),
        _ruleset(
            "sg-tai-card",
            "1",
            "Singaporean Mahjong tai card",
            "004_fc2aff3e4f98b910.txt",
            TAI_CARD_SCORING,
            TAI_CARD_PAYMENTS,
            TAI_CARD_CITATIONS,
        ),
        _ruleset(
            "sg-classic",
            "2021-05-30.1",
            "Singaporean Mahjong scoring rules (Wikipedia, 30 May 2021)",
            "002_cbbfbbe8c340939f.txt",
            CLASSIC_SCORING,
            CLASSIC_PAYMENTS,
            CLASSIC_CITATIONS,
        ),
        _ruleset(
            "sgmj-2002",
            "2002-06-18.1",
            "Rules for Singapore Mahjong (June 18, 2002)",
            "000_d9177c78063555ad.txt",
            SGMJ_SCORING,
            SGMJ_PAYMENTS,
            SGMJ_CITATIONS,
        ),
    )
}


def get_ruleset(rules_id: str = DEFAULT_RULESET, options: Mapping[str, Any] | None = None) -> RuleSet:
    """The rule set called ``rules_id`` with ``options`` applied.

    Raises ``InvalidInput`` (field ``rules``) for an unknown id and (field
    ``options.<key>``) for an unknown setting or a value of the wrong shape.
    """
    if rules_id is None:
        rules_id = DEFAULT_RULESET
    if not isinstance(rules_id, str) or rules_id.lower() not in RULESETS:
        raise InvalidInput(
            Error(
                "unknown_rules",
                f"Unknown rule set {rules_id!r}; choose one of {', '.join(RULESETS)}.",
                "rules",
            )
        )
    return RULESETS[rules_id.lower()].with_options(options)


def describe_settings(rules: RuleSet) -> list[dict]:
    """Every setting of ``rules`` for a page: key, section, value, description, source, wording."""
    out = []
    for key, value in rules.settings.items():
        source, wording = rules.citations.get(key, ("", ""))
        out.append(
            {
                "key": key,
                "section": "scoring" if key in rules.scoring_keys else "payments",
                "value": _thaw(value),
                "description": SETTINGS_DOC.get(key, ""),
                "source": source,
                "wording": wording,
            }
        )
    return out
