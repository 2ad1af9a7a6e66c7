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

Settings that depend on each other stay consistent (issue 16). A rule set
that doubles the price per double (``prices_follow_limit``: 004, 002, 000)
derives ``price_table``, ``limit_price`` and ``bao_limit_doubles`` from
``limit_doubles`` unless the options set them (``following_settings``); a
rule set with a printed table (001 rule 21) keeps it, and a limit beyond its
rows is refused (``price_table_too_short``) naming the rows that are missing.

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
    # scoring (owned by the doubles engineer; read by scoring.doubles, limits, ping_hu, instant, score).
    # A hand's key is its Item code: the doubles it counts (None: not counted here); a code in
    # limit_hands counts limit_doubles instead and is a limit hand.
    "min_doubles": 1,  # 001 rule 16
    "min_doubles_self_drawn": None,  # no lower minimum for a self-drawn win in 001
    "min_doubles_exempt": [],  # hands that win below the minimum (limit hands always do)
    "limit_doubles": 10,  # 001 rule 21: the price table stops at TEN doubles (the cap: choice)
    "limit_hands": [  # 001 rule 24 a-j, "Special Hands (Limit games)"
        "big_winds",  # 24a
        "all_honours",  # 24b
        "hidden_treasure",  # 24c
        "four_kongs",  # 24d
        "pure_terminals",  # 24e
        "nine_gates",  # 24f
        "eight_flowers",  # 24g
        "robbing_eighth_flower",  # 24g
        "heavenly",  # 24h
        "earthly",  # 24i
        "thirteen_wonders",  # 24j
    ],
    # wins that need no complete hand: 23h "auto win, need not fulfilled game", 24a "no need to
    # fulfill", 24g "Auto Win"
    "instant_wins": ["big_dragons", "big_winds", "eight_flowers", "robbing_eighth_flower"],
    "seven_pairs": None,  # 001 lists no seven-pairs hand (rules 23, 24)
    "seven_pairs_four_alike": False,
    "seat_flower": 1,  # 23a
    "flower_set": 2,  # 23b; choice: the 2 include the own flower of the set (as 004, 002, 000 say)
    "animal": 1,  # 23c
    "animal_set": 5,  # 23d: 5 in all (as 002, 000 say), not 5 on top of the four
    "seven_flowers": None,
    "eight_flowers": None,  # limit (24g)
    "robbing_eighth_flower": None,  # limit (24g)
    "dragon_pong": 1,  # 23g
    "wind_pong": 1,  # 19, 20, 23e
    "double_wind_pong": 2,  # 23f: one pong that is both round and own wind
    "little_dragons": 3,  # 23i: "(1 double + two dragons doubles)" = 3 in all
    "big_dragons": 5,  # 23h: 5 in all, an instant win, not a limit hand
    # 23k "3 or 4": choice 4, the value of 002 and 004 (001 cites 002 as its reference); as 002 says,
    # the wind pongs are not counted on top, the half flush and all pongs are.
    "little_winds": 4,
    "little_winds_counts_wind_pongs": False,
    "little_winds_counts_half_flush": True,
    "big_winds": None,  # limit (24a)
    "all_pongs": 2,  # 23j
    "half_flush": 2,  # 23l
    "full_flush": 4,  # 23m
    "all_green": 4,  # 23n; choice: it replaces the flush (the hand's colour is counted once)
    "all_green_needs_green_dragon": False,  # 23n "with/without green dragons"
    "all_honours": None,  # limit (24b)
    "mixed_terminals": 2,  # 23r; stacks with all pongs (23j), as 002's 4 = 2 + 2
    "mixed_terminals_counts_all_pongs": True,
    "mixed_terminals_needs_ones_and_nines": False,
    "pure_terminals": None,  # limit (24e)
    "ping_hu": 4,  # 23p
    "little_ping_hu": 1,  # 23q
    # 23o "85": choice 8 = full flush 4 + Ping Hu 4 (002 gives the same hand "8 points"), one item
    "full_flush_ping_hu": 8,
    "ping_hu_wait_shapes": True,  # 26d-f: an edge, closed or lone single wait spoils it on a discard
    "ping_hu_melded_single_self_draw": True,  # 26g: a self-drawn win lifts c-f
    "fully_concealed": None,  # not a double in 001
    "fully_concealed_allows_concealed_kong": False,
    "hidden_treasure": None,  # limit (24c)
    "hidden_treasure_self_drawn": True,  # 24c "concealed win": choice, self-drawn (as 002, 004)
    "hidden_treasure_concealed_kongs": True,  # 24c "Concealed Kong only"
    "four_kongs": None,  # limit (24d)
    "nine_gates": None,  # limit (24f)
    "nine_gates_pure_only_on_discard": False,  # 24f: any 1112345678999 + one tile, no open meld
    "thirteen_wonders": None,  # limit (24j)
    "heavenly": None,  # limit (24h)
    "earthly": None,  # limit (24i)
    "earthly_self_drawn": False,  # 24i: "games when Banker discarded the first tile"
    "flower_replacement": 1,  # 25a
    "kong_replacement": 1,  # 25a
    "double_kong_replacement": 3,  # 25b
    "last_tile": 1,  # 25c
    # choice (001 silent): a replacement tile is not "the last tile" (002 Note 1, 004 say so)
    "last_tile_with_replacement": False,
    "robbing_kong": None,  # not a double in 001
}

SPGG_HAND_CITATIONS: dict[str, tuple[str, str]] = {
    "min_doubles_self_drawn": ("001 rule 16", "Minimum attainment of one (1) double in order to game."),
    "min_doubles_exempt": ("001 rule 16", "Minimum attainment of one (1) double in order to game."),
    "limit_hands": ("001 rule 24", "Special Hands (Limit games) ... 405"),
    "instant_wins": (
        "001 rules 23h, 24a, 24g",
        "auto win, need not fulfilled game; no need to fulfill; game without fulfilling completeness",
    ),
    "seat_flower": ("001 rule 23a", "Own Flower or Season per your seating number 1"),
    "flower_set": ("001 rule 23b", "Complete set of Flowers or Seasons 2"),
    "animal": ("001 rule 23c", "Each Animal 1"),
    "animal_set": ("001 rule 23d", "One complete sets of Animals 5"),
    "eight_flowers": ("001 rule 24g", "8 Flowers/Season Tiles ... Auto Win 405"),
    "robbing_eighth_flower": (
        "001 rule 24g",
        "Player already having 7 flowers/season tiles can steal the last 8 th tile from any player",
    ),
    "dragon_pong": ("001 rule 23g", "'Pong' of any triplets Dragon tiles 1"),
    "wind_pong": ("001 rules 19, 20, 23e", "'Pong' of Round Wind or Own Wind (Rules 19 & 20) 1"),
    "double_wind_pong": ("001 rule 23f", "'Pong' of Round Wind and Own Wind (E.g. East Wind & Banker) 2"),
    "little_dragons": (
        "001 rule 23i",
        "Pong any two Dragon tiles and remaining one pair as eye (1 double + two dragons doubles) 3",
    ),
    "big_dragons": ("001 rule 23h", "'Pong' of all the 3 Dragon tiles (auto win, need not fulfilled game) 5"),
    "little_winds": ("001 rule 23k", "Pong 3 Winds with one pair of the 4th Wind 3 or 4"),
    "little_winds_counts_wind_pongs": ("002 Four Lesser Blessings", "Bonus points ... will not be counted"),
    "little_winds_counts_half_flush": ("002 Four Lesser Blessings", "Stackable with 2 points Half Flush"),
    "big_winds": ("001 rule 24a", "Pong all 4 winds (no need to fulfill) game (4 Blessings) 405"),
    "all_pongs": ("001 rule 23j", "Mixed 'Pong' 'Pong' Hu 2"),
    "half_flush": ("001 rule 23l", "Half Flush (half color) 2"),
    "full_flush": (
        "001 rule 23m",
        "Full Flush (one color) mixed with pong or sequence without Dragons and Winds 4",
    ),
    "all_green": (
        "001 rule 23n",
        "Green Suit mixed with pong or sequence, with/without green dragons (sets of bamboos 2,3,4,6,8 "
        "and green dragons) 4",
    ),
    "all_green_needs_green_dragon": ("001 rule 23n", "with/without green dragons"),
    "all_honours": ("001 rule 24b", "Pong all Winds and Dragons only without any numeric (All Honors hand)"),
    "mixed_terminals": (
        "001 rule 23r",
        "Mixed 'pong' of 1 & 9 numeric with Dragons and Winds, minimum a pair of terminal tiles. 2",
    ),
    "mixed_terminals_counts_all_pongs": ("002 Mixed Terminals", "scores 4 points (2 for triplets and 2 ...)"),
    "pure_terminals": ("001 rule 24e", "Pong all numeric 1 & 9, pair must also be terminal tiles."),
    "ping_hu": (
        "001 rule 23p",
        "Mixed 'Ping Hu' without Animal, Flowers/Seasons and Dragons or Round Wind or own win 4",
    ),
    "little_ping_hu": (
        "001 rule 23q",
        "Mixed 'Ping Hu' with Animal, Flowers/Seasons without dragons, round or own wind as eye. 1",
    ),
    "full_flush_ping_hu": (
        "001 rule 23o",
        "Full Flush (one color) 'Ping Hu' without Dragons, Winds, Animals or Flowers/Seasons 85",
    ),
    "ping_hu_wait_shapes": ("001 rule 26d-f", "Gaming a tile in-between (Ka Long) numeric is not allowed."),
    "ping_hu_melded_single_self_draw": (
        "001 rule 26g",
        "c) through f) not relevant if game through self-drawn tile",
    ),
    "hidden_treasure": (
        "001 rule 24c",
        "All triplets and an eye (Kam Kam Hu) and concealed win. Concealed Kong only. Hidden Treasures.",
    ),
    "hidden_treasure_self_drawn": ("001 rule 24c", "and concealed win"),
    "hidden_treasure_concealed_kongs": ("001 rule 24c", "Concealed Kong only."),
    "four_kongs": ("001 rule 24d", "4 Kongs"),
    "nine_gates": ("001 rule 24f", "Nine Heavenly Gates-Flush 1112345678999. No open meld."),
    "nine_gates_pure_only_on_discard": ("001 rule 24f", "Flush 1112345678999. No open meld."),
    "thirteen_wonders": ("001 rule 24j", "13 Wonders"),
    "heavenly": ("001 rule 24h", "Heavenly win (Tien Hu). Only happens to Banker"),
    "earthly": (
        "001 rule 24i",
        "Earthly win (Teh Hu). Any non-banker player that games when Banker discarded",
    ),
    "earthly_self_drawn": (
        "001 rule 24i",
        "Any non-banker player that games when Banker discarded the first tile",
    ),
    "flower_replacement": (
        "001 rule 25a",
        "Winning tile from replacement wall due to Kong/Flowers/Seasons/Animals 1",
    ),
    "kong_replacement": (
        "001 rule 25a",
        "Winning tile from replacement wall due to Kong/Flowers/Seasons/Animals 1",
    ),
    "double_kong_replacement": (
        "001 rule 25b",
        "Winning tile from replacement wall after double Kong (Kong & Kong & game) 3",
    ),
    "last_tile": ("001 rule 25c", "Last tile as the winning tile 1"),
    "last_tile_with_replacement": ("002 Winning on the Last Available Tile", "does not stack with ..."),
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
    # 001 rule 21 is a printed table, not a doubling rule: a limit beyond its rows is refused, and
    # the limit price (rule 24's 405) does not depend on the limit.
    "prices_follow_limit": False,
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
    "bao.same_suit": (
        "001 rule 27a",
        "3 sets of same numeric displayed, either pong or chow. Bao that numeric",
    ),
    "bao.terminal_pongs": ("001 rule 27b", "3 sets of 1 & 9 pong. Bao 1 & 9 numeric"),
    "bao.three_winds": ("001 rule 27c", "3 sets of Winds pong. Bao remaining wind"),
    "bao.honour_pongs": (
        "001 rule 27d",
        "3 sets of Mixed Winds and Dragons pongs. Bao remaining winds & dragon",
    ),
    "bao.two_dragons": ("001 rule 27e", "2 sets dragon pong shown. Bao remaining dragons"),
    "bao.limit_shown": (
        "001 rule 27f-g",
        "3 doubles shown. Bao wind that gives 2 doubles on Rule 23f. 4 doubles shown. Bao on dragons, "
        "own wind and round wind",
    ),
    "bao.fresh_tile_kong": ("001 section A", "Player drawing the last 7th tile ... if someone 'Kong'"),
    "bao.fresh_tile_win": ("001 section A", "Player drawing the last 5th tile ... 'Kong' and or game"),
    **SPGG_HAND_CITATIONS,  # the scoring section's hands
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
    "prices_follow_limit": ("001 rule 21", "Doubles Full Price Half Price ... (a printed table)"),
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
    # scoring (owned by the doubles engineer); keys as in SPGG_SCORING. Every 5-tai entry of the
    # tai table is a limit hand: 5 tai is the most a hand scores ("5 or more").
    "min_doubles": 1,  # 004: "Minimum 1 tai required to win."
    "min_doubles_self_drawn": None,
    "min_doubles_exempt": [],
    "limit_doubles": 5,  # 004 tai to points: "5 or more" -> 16
    "limit_hands": [
        "robbing_eighth_flower",
        "eight_flowers",
        "animal_set",
        "big_dragons",
        "big_winds",
        "all_honours",
        "pure_terminals",
        "hidden_treasure",
        "thirteen_wonders",
        "all_green",
        "nine_gates",
        "four_kongs",
        "double_kong_replacement",
        "heavenly",
        "earthly",
    ],
    # 004: "immediate win (does not have to complete the hand)"
    "instant_wins": ["robbing_eighth_flower", "eight_flowers", "big_dragons", "big_winds"],
    "seven_pairs": None,  # 004: "No seven pairs hands are allowed."
    "seven_pairs_four_alike": False,
    "seat_flower": 1,
    "flower_set": 2,  # "(already includes tai for Seat Flower)"
    "animal": 1,
    "animal_set": None,  # limit
    "seven_flowers": None,
    "eight_flowers": None,  # limit
    "robbing_eighth_flower": None,  # limit
    "dragon_pong": 1,
    "wind_pong": 1,
    # choice: the card gives "1 Valued wind pung (Seat Wind or Prevailing Wind)"; a pung that is
    # both counts for each (2), as in 001 rule 23f and 002 Winds
    "double_wind_pong": 2,
    "little_dragons": 3,  # "(already includes tai for each dragon pung)"
    "big_dragons": None,  # limit
    "little_winds": 4,  # "(already includes tai for Half Flush; can add tai for valued wind pungs)"
    "little_winds_counts_wind_pongs": True,
    "little_winds_counts_half_flush": False,
    "big_winds": None,  # limit
    "all_pongs": 2,
    "half_flush": 2,
    "full_flush": 4,
    "all_green": None,  # limit
    "all_green_needs_green_dragon": False,
    "all_honours": None,  # limit
    "mixed_terminals": 4,  # "All Terminals or Honours ... (already includes tai for All Pungs)"
    "mixed_terminals_counts_all_pongs": False,
    "mixed_terminals_needs_ones_and_nines": False,
    "pure_terminals": None,  # limit
    "ping_hu": 4,
    "little_ping_hu": 1,
    "full_flush_ping_hu": None,  # full flush and Ping Hu simply add up
    "ping_hu_wait_shapes": False,  # "must have multiple wait to win on discard": the wait, not its shape
    # "except when waiting with a single tile after melding 4 chows"
    "ping_hu_melded_single_self_draw": False,
    "fully_concealed": 1,
    "fully_concealed_allows_concealed_kong": False,  # "no melds (except flowers/seasons/animals)"
    "hidden_treasure": None,  # limit
    "hidden_treasure_self_drawn": True,
    "hidden_treasure_concealed_kongs": True,  # "(concealed kongs are allowed)"
    "four_kongs": None,  # limit
    "nine_gates": None,  # limit
    "nine_gates_pure_only_on_discard": False,  # "and any tile in the same suit"
    "thirteen_wonders": None,  # limit
    "heavenly": None,  # limit
    "earthly": None,  # limit
    "earthly_self_drawn": True,  # 004: "non-dealer wins on her 1st turn or on discard before"
    "flower_replacement": 1,
    "kong_replacement": 1,
    "double_kong_replacement": None,  # limit (Kong on Kong)
    "last_tile": 1,
    "last_tile_with_replacement": False,  # "(unless it is a replacement tile)"
    "robbing_kong": 1,
}

TAI_CARD_HAND_CITATIONS: dict[str, tuple[str, str]] = {
    "limit_hands": ("004 tai table", "5 ... (the 5-tai entries)"),
    "instant_wins": ("004 tai table", "immediate win (does not have to complete the hand)"),
    "seat_flower": ("004 tai table", "1 Seat Flower - flower or season matching Seat Wind"),
    "flower_set": (
        "004 tai table",
        "2 Flower Set - all 4 flowers or all 4 seasons (already includes tai for Seat Flower)",
    ),
    "animal": ("004 tai table", "1 Animal - any animal"),
    "animal_set": ("004 tai table", "5 Animal Set - all 4 animals"),
    "eight_flowers": ("004 tai table", "5 All 8 flowers and seasons - immediate win"),
    "robbing_eighth_flower": (
        "004 tai table",
        "5 7 flowers/seasons and robbing the last flower/season from another player who draws it",
    ),
    "dragon_pong": ("004 tai table", "1 Dragon pung"),
    "wind_pong": ("004 tai table", "1 Valued wind pung (Seat Wind or Prevailing Wind)"),
    "double_wind_pong": ("004 tai table", "1 Valued wind pung (Seat Wind or Prevailing Wind)"),
    "little_dragons": ("004 tai table", "3 Little Dragons - 2 pungs and 1 pair of dragons"),
    "big_dragons": ("004 tai table", "5 Big Dragons - 3 pungs of dragons, immediate win"),
    "little_winds": ("004 tai table", "4 Little Winds - 3 pungs and 1 pair of winds"),
    "little_winds_counts_wind_pongs": ("004 tai table", "can add tai for valued wind pungs"),
    "little_winds_counts_half_flush": ("004 tai table", "already includes tai for Half Flush"),
    "big_winds": ("004 tai table", "5 Big Winds - 4 pungs of winds, immediate win"),
    "all_pongs": ("004 tai table", "2 All Pungs - 4 pungs and 1 pair"),
    "half_flush": ("004 tai table", "2 Half Flush - everything is one suit or honours"),
    "full_flush": ("004 tai table", "4 Full Flush - everything is one suit only"),
    "all_green": ("004 tai table", "5 All Green - everything is completely green"),
    "all_honours": ("004 tai table", "5 All Honours - everything is honours only"),
    "mixed_terminals": ("004 tai table", "4 All Terminals or Honours (already includes tai for All Pungs)"),
    "mixed_terminals_counts_all_pongs": ("004 tai table", "already includes tai for All Pungs"),
    "pure_terminals": ("004 tai table", "5 All Terminals - everything is terminals only"),
    "ping_hu": ("004 tai table", "4 Ping Hu ... must not have any animals, flowers or seasons"),
    "little_ping_hu": ("004 tai table", "1 Little (Smelly) Ping Hu - 4 chows and 1 pair"),
    "ping_hu_wait_shapes": ("004 tai table", "must have multiple wait to win on discard"),
    "ping_hu_melded_single_self_draw": (
        "004 tai table",
        "self-drawn win is always allowed except when waiting with a single tile after melding 4 chows",
    ),
    "fully_concealed": ("004 tai table", "1 Fully Concealed Hand - no melds ..., and self-drawn win"),
    "fully_concealed_allows_concealed_kong": ("004 tai table", "no melds (except flowers/seasons/animals)"),
    "hidden_treasure": ("004 tai table", "5 Hidden Treasure - 4 concealed pungs, and self-drawn win"),
    "hidden_treasure_concealed_kongs": ("004 tai table", "(concealed kongs are allowed)"),
    "four_kongs": ("004 tai table", "5 4 Kongs - 4 kongs and 1 pair"),
    "nine_gates": (
        "004 tai table",
        "5 9 Gates - 1112345678999 all in one suit and any tile in the same suit",
    ),
    "thirteen_wonders": ("004 tai table", "5 13 Orphans"),
    "heavenly": ("004 tai table", "5 Heavenly Hand - dealer wins on her initial turn"),
    "earthly": ("004 tai table", "5 Earthy Hand - non-dealer wins on her 1st turn or on discard before"),
    "earthly_self_drawn": ("004 tai table", "Earthy Hand - non-dealer wins on her 1st turn"),
    "flower_replacement": ("004 tai table", "1 Winning on a replacement tile for a flower/season/animal"),
    "kong_replacement": ("004 tai table", "1 ... or a replacement tile for a kong"),
    "double_kong_replacement": ("004 tai table", "5 Kong on Kong"),
    "last_tile": ("004 tai table", "1 Winning on last tile draw (unless it is a replacement tile)"),
    "last_tile_with_replacement": ("004 tai table", "(unless it is a replacement tile)"),
    "robbing_kong": ("004 tai table", "1 Robbing a kong"),
}

TAI_CARD_PAYMENTS: dict[str, Any] = {
    # payments
    # 004 "Tai to points conversion" 1, 2, 4, 8, 16 = the score; "Payments to
    # winner": discarder 2 x score (full), others 1 x score (half).
    "price_table": _doubling_table(5),
    "ping_hu_price": None,
    "ping_hu_doubles": 4,
    "limit_price": [32, 16],  # 5 tai: score 16
    # 004 doubles the score per tai ("1, 2, 4, 8, 16"): the table, limit price and the pay-for-all
    # limit ("wins with 5 or more tai") follow limit_doubles.
    "prices_follow_limit": True,
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
    "bao.same_suit": ("004 pay-for-all table", "3 or more melds in the same suit: A tile of the same suit"),
    "bao.three_winds": ("004 pay-for-all table", "3 wind pungs melded: The remaining wind"),
    "bao.honour_pongs": ("004 pay-for-all table", "3 or more honour pungs melded: Any of remaining honours"),
    "bao.two_dragons": ("004 pay-for-all table", "2 dragon pungs melded: The remaining dragon"),
    "bao.limit_shown": (
        "004 pay-for-all table",
        "4 or more tai visible ...: A dragon, prevailing wind or seat wind of the potential winner",
    ),
    "bao.fresh_tile_kong": ("004 pay-for-all table", "7 or less playable tiles remaining: Any fresh tile"),
    "bao.fresh_tile_win": ("004 pay-for-all table", "5 or less playable tiles remaining: Any fresh tile"),
    **TAI_CARD_HAND_CITATIONS,  # the scoring section's hands
    "min_doubles": ("004", "Minimum 1 tai required to win."),
    "limit_doubles": ("004 Tai to points conversion", "5 or more: 16"),
    "seven_pairs": ("004", "No seven pairs hands are allowed."),
    "price_table": (
        "004 Tai to points conversion; Payments to winner",
        "Tai 1 2 3 4 5 or more; Score 1 2 4 8 16. Win on discard: discarder pays 2 x score, "
        "other players pay 1 x score. Self-drawn win: 2 x score.",
    ),
    "limit_price": ("004 Tai to points conversion", "5 or more: 16"),
    "prices_follow_limit": ("004 Tai to points conversion", "Tai 1 2 3 4 5 or more; Score 1 2 4 8 16"),
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
    # scoring (owned by the doubles engineer); keys as in SPGG_SCORING.
    "min_doubles": 1,  # 002 Minimum & Maximum Points: "a minimum of either 1 or 2 points"
    # 002: "For a minimum 2 points to game, some hosts will allow you to game on 1 point provided you
    # won on a Self-Pick": an organiser sets this to 1 with min_doubles 2.
    "min_doubles_self_drawn": None,
    "min_doubles_exempt": [],
    "limit_doubles": 5,  # 002 Scoring points: "a typical maximum scoring limit of five (or six)"
    "limit_hands": [
        "eight_flowers",  # Two complete flower groups: "scores the limit"
        "robbing_eighth_flower",
        "hidden_treasure",
        "nine_gates",
        "pure_terminals",
        "all_honours",
        "big_dragons",  # Three Great Scholars
        "big_winds",  # Four Great Blessings
        "thirteen_wonders",
        "four_kongs",  # Eighteen Arhats
        "double_kong_replacement",  # Kong on Kong
        "heavenly",
        "earthly",
        # Full Flush Greater Sequence: "generally awarded 8 points ... Most playing circles consider
        # this a special hand" (choice: the special hand, as most circles do)
        "full_flush_ping_hu",
    ],
    # "a common rule in Singapore": three dragon or four wind triplets win without the rest
    "instant_wins": ["eight_flowers", "robbing_eighth_flower", "big_dragons", "big_winds"],
    "seven_pairs": None,  # 002 Seven Pairs: a house-rule variant only ("Generally ... two points")
    "seven_pairs_four_alike": False,  # 002 Seven Pairs Note 3 (a house rule): four alike as two pairs
    "seat_flower": 1,
    "flower_set": 2,  # "a total of 2 points, 1 for the flower tile that matches ... and 1 for ... all four"
    "animal": 1,
    "animal_set": 5,  # "One extra point (for a total of 5)"
    "seven_flowers": None,  # "collecting 7 flowers scores 5 points ... now a house rule"
    "eight_flowers": None,  # limit
    "robbing_eighth_flower": None,  # limit
    "dragon_pong": 1,
    "wind_pong": 1,
    "double_wind_pong": 2,  # "you score 2 points"
    "little_dragons": 3,  # Three Lesser Scholars "scores three points"
    "big_dragons": None,  # limit
    "little_winds": 4,  # Four Lesser Blessings
    "little_winds_counts_wind_pongs": False,  # "Bonus points for ... wind will not be counted"
    "little_winds_counts_half_flush": True,  # "Stackable with 2 points Half Flush"
    "big_winds": None,  # limit
    "all_pongs": 2,
    "half_flush": 2,
    "full_flush": 4,
    "all_green": None,  # "only played under house rules": an organiser lists it in limit_hands
    "all_green_needs_green_dragon": True,  # "plus the Green Dragon as a pair or triplet"
    "all_honours": None,  # limit
    "mixed_terminals": 2,  # "4 points (2 for triplets and 2 for mixed terminals)"
    "mixed_terminals_counts_all_pongs": True,
    "mixed_terminals_needs_ones_and_nines": False,  # "Some house rules require ... both ones and nines"
    "pure_terminals": None,  # limit
    "ping_hu": 4,  # Greater Sequence Hand
    "little_ping_hu": 1,  # Lesser Sequence Hand
    "full_flush_ping_hu": None,  # limit (see limit_hands)
    "ping_hu_wait_shapes": True,  # in-between, edge or single: not on a discard
    "ping_hu_melded_single_self_draw": False,  # "melded all 4 sequences ... left with a single tile"
    "fully_concealed": 1,
    "fully_concealed_allows_concealed_kong": False,  # "you do not eat, pong or kong"
    "hidden_treasure": None,  # limit
    "hidden_treasure_self_drawn": True,  # Note 2 (a house rule allows the eye on a discard)
    "hidden_treasure_concealed_kongs": True,  # Note 1 (some house rules refuse them)
    "four_kongs": None,  # limit
    "nine_gates": None,  # limit
    "nine_gates_pure_only_on_discard": True,  # "If a player is not waiting for all 9 tiles ... Self-Pick"
    "thirteen_wonders": None,  # limit
    "heavenly": None,  # limit
    "earthly": None,  # limit
    "earthly_self_drawn": False,  # 002: "a non-dealer wins from the dealer's first discard"
    "flower_replacement": 1,
    "kong_replacement": 1,
    "double_kong_replacement": None,  # limit
    "last_tile": 1,
    "last_tile_with_replacement": False,  # Note 1: "does not stack with ... Replacement Tile"
    "robbing_kong": 1,
}

CLASSIC_HAND_CITATIONS: dict[str, tuple[str, str]] = {
    "min_doubles_self_drawn": (
        "002 Minimum & Maximum Points",
        "some hosts will allow you to game on 1 point provided you won on a Self-Pick",
    ),
    "limit_hands": ("002", "awarded the limit / special hand"),
    "instant_wins": (
        "002 Two complete flower groups; Three Great Scholars; Four Great Blessings",
        "A common rule in Singapore dictates that any player who collects all 3 triplets ...",
    ),
    "seat_flower": (
        "002 Flower Tiles",
        "Each flower tile that matches a player's seat wind scores one point",
    ),
    "flower_set": ("002 Complete flower group", "scores a total of 2 points"),
    "animal": ("002 Animal Tiles", "Each animal tile obtained scores 1 point."),
    "animal_set": ("002 Animal Tiles", "One extra point (for a total of 5) is awarded if all 4 animals"),
    "seven_flowers": ("002 Two complete flower groups", "collecting 7 flowers scores 5 points"),
    "eight_flowers": ("002 Two complete flower groups", "'8 Flower Tile-set' ... that scores the limit"),
    "robbing_eighth_flower": ("002 Robbing the Eighth", "This a special hand"),
    "dragon_pong": ("002 Triplet of any Dragon Tile", "scores 1 point"),
    "wind_pong": ("002 Winds", "Having a triplet of the seat wind or the prevailing wind scores 1 point."),
    "double_wind_pong": ("002 Winds", "a triplet of that wind, you score 2 points"),
    "little_dragons": ("002 Three Lesser Scholars", "scores three points"),
    "big_dragons": ("002 Three Great Scholars", "scores the limit"),
    "little_winds": ("002 Four Lesser Blessings", "scores four points"),
    "little_winds_counts_wind_pongs": (
        "002 Four Lesser Blessings",
        "Bonus points for a pong/kong of the prevailing wind and/or player wind will not be counted",
    ),
    "little_winds_counts_half_flush": ("002 Four Lesser Blessings", "Stackable with 2 points Half Flush"),
    "big_winds": ("002 Four Great Blessings", "scores the limit"),
    "all_pongs": ("002 All Triplets", "scores 2 points"),
    "half_flush": ("002 Half Flush", "scores 2 points"),
    "full_flush": ("002 Full Flush", "This combination is awarded 4 points."),
    "all_green": ("002 Pure Green Suit", "only played under house rules ... awarded the limit"),
    "all_green_needs_green_dragon": ("002 Pure Green Suit", "plus the Green Dragon as a pair or triplet"),
    "all_honours": ("002 All Honours", "this is considered a special hand"),
    "mixed_terminals": ("002 Mixed Terminals", "scores 4 points (2 for triplets and 2 for mixed terminals)"),
    "mixed_terminals_counts_all_pongs": ("002 Mixed Terminals", "(2 for triplets and 2 for mixed terminals)"),
    "mixed_terminals_needs_ones_and_nines": ("002 Mixed Terminals", "Some house rules require ... both"),
    "pure_terminals": ("002 Pure Terminals", "this is awarded the limit"),
    "ping_hu": ("002 Greater Sequence Hand", "scores 4 points"),
    "little_ping_hu": ("002 Greater Sequence Hand", "'Lesser Sequence Hand' ... awards only 1 point"),
    "full_flush_ping_hu": (
        "002 Full Flush Greater Sequence Hand",
        "Most playing circles consider this a special hand",
    ),
    "ping_hu_wait_shapes": (
        "002 Greater Sequence Hand",
        "cannot win on a discarded tile ... if that discarded tile is an in-between tile, edge tile, or "
        "only one tile required to complete the pair",
    ),
    "ping_hu_melded_single_self_draw": (
        "002 Greater Sequence Hand",
        "a player melded all 4 sequences ... and is left with a single tile",
    ),
    "fully_concealed": ("002 Fully Concealed Hand", "This adds one point to your hand."),
    "fully_concealed_allows_concealed_kong": ("002 Fully Concealed Hand", "you do not eat, pong or kong"),
    "hidden_treasure": ("002 Hidden Treasure", "it is generally awarded the limit"),
    "hidden_treasure_self_drawn": ("002 Hidden Treasure Note 2", "must complete the game with a 'Self-Pick'"),
    "hidden_treasure_concealed_kongs": ("002 Hidden Treasure Note 1", "can only perform 'Concealed Kong'"),
    "four_kongs": ("002 Eighteen Arhats/Four Kongs", "a special hand"),
    "nine_gates": ("002 Nine Gates", "which awards the limit"),
    "nine_gates_pure_only_on_discard": (
        "002 Nine Gates",
        "If a player is not waiting for all 9 tiles ... he has to complete the shape by Self-Pick",
    ),
    "thirteen_wonders": ("002 Thirteen Wonders", "scores the limit"),
    "heavenly": ("002 Heavenly Hand", "this criterion is awarded the limit"),
    "earthly": ("002 Earthly Hand", "this criterion is awarded the limit"),
    "earthly_self_drawn": ("002 Earthly Hand", "a non-dealer wins from the dealer's first discard"),
    "flower_replacement": (
        "002 Winning on Replacement Tile",
        "'Winning on Replacement Tile For Flower' scores one point",
    ),
    "kong_replacement": (
        "002 Winning on Replacement Tile",
        "'Winning on Replacement Tile For Kong' scores one point",
    ),
    "double_kong_replacement": (
        "002 Winning on Replacement Tile",
        "'Kong on Kong' ... generally awarded the limit",
    ),
    "last_tile": ("002 Winning on the Last Available Tile", "scores 1 point"),
    "last_tile_with_replacement": (
        "002 Winning on the Last Available Tile Note 1",
        "does not stack with 'Replacement Tile For Flower' or 'Replacement Tile For Kong'",
    ),
    "robbing_kong": ("002 Robbing the Kong", "Robbing the Kong scores one point."),
    "seven_pairs_four_alike": (
        "002 Seven Pairs Note 3",
        "In some house rules, players are allowed to use four copies of the same tile as two pairs.",
    ),
}

CLASSIC_PAYMENTS: dict[str, Any] = {
    # payments
    "price_table": _doubling_table(5),  # 002 payout table: 1 2 4 8 16, guilty 2x
    "ping_hu_price": None,
    "ping_hu_doubles": 4,
    "limit_price": [32, 16],  # 002: "5 (Limit) S$16 S$32"
    # 002 doubles the payout per point and names "five (or six)" as the limit: the table, the
    # limit price and the Point Limit Scenario's limit follow limit_doubles.
    "prices_follow_limit": True,
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
    "bao_on_other_discard": (
        "002 Paying for all players under non-shooter mode",
        "if Player A eventually win by Self-Pick or on Player B's discard",
    ),
    "bao.same_suit": ("002 Full Flush Scenario", "Player A has 3 or 4 sets of the same suit ... exposed"),
    "bao.terminal_pongs": (
        "002 Pure Terminals Scenario",
        "Player A has 3 or 4 triplets exposed ... one or nine",
    ),
    "bao.three_winds": ("002 Wind Tile Set Scenario", "requires three exposed Wind sets"),
    "bao.honour_pongs": ("002 All Honours Scenario", "3 or 4 sets of ... honours ... exposed"),
    "bao.two_dragons": ("002 Dragon Tile Set Scenario", "Player A has two Dragon Pongs or Kongs exposed."),
    "bao.limit_shown": (
        "002 Point Limit Scenario",
        "Player A has 4 points exposed in a game with a point limit of 5",
    ),
    "bao.fresh_tile_kong": (
        "002 Fresh Tile Discard Kong Scenario",
        "fewer than 7 tiles remaining in the wall",
    ),
    "bao.fresh_tile_win": ("002 Fresh Tile Mahjong Scenario", "fewer than 5 tiles remaining in the wall"),
    **CLASSIC_HAND_CITATIONS,  # the scoring section's hands
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
    "prices_follow_limit": (
        "002 Scoring points",
        "There is a typical maximum scoring limit of five (or six) points ... 1 2 4 8 16",
    ),
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
    # scoring (owned by the doubles engineer); keys as in SPGG_SCORING. 000 has no limit hands:
    # every hand counts doubles, capped at limit_doubles.
    "min_doubles": 1,  # 000 Minimum doubles: "The default setting for the game is 1 double"
    "min_doubles_self_drawn": None,
    # 000 How does a player win: "The only exceptions to this rule is when the player has 13 wonders
    # or 8 flowers."
    "min_doubles_exempt": ["thirteen_wonders", "eight_flowers", "robbing_eighth_flower"],
    "limit_doubles": 5,  # 000 Maximum doubles: "The default setting for the game is 5 doubles"
    "limit_hands": [],
    # 000 Eight flower suit tile game: "automatically wins the game regardless of their other tiles".
    # Rule Variations "Winning with Dragon or Wind Set": an organiser adds big_dragons, big_winds.
    "instant_wins": ["eight_flowers", "robbing_eighth_flower"],
    "seven_pairs": None,  # 000 lists no seven-pairs hand
    "seven_pairs_four_alike": False,
    "seat_flower": 1,  # "Flower Suit tiles that match the Players Wind - 1 double for each"
    "flower_set": 2,  # "Complete set of Red Flower Suit - 1 extra double (2 doubles total)"
    "animal": 1,
    "animal_set": 5,  # "1 extra double (5 doubles total)"
    "seven_flowers": 5,  # "Winning the game with seven or eight flower suit tiles - 5 doubles"
    "eight_flowers": 5,
    "robbing_eighth_flower": 5,
    "dragon_pong": 1,
    "wind_pong": 1,
    "double_wind_pong": 2,  # the prevailing-wind and player-wind doubles of one pong
    "little_dragons": 3,  # "1 extra double (3 doubles total)"
    "big_dragons": 5,  # "2 extra doubles (5 doubles total)"
    # "three of the four [Wind] tiles and having the [fourth] as the EYE - 4 doubles total" (the
    # document says "Dragon" by mistake): the 4 include the wind pongs
    "little_winds": 4,
    "little_winds_counts_wind_pongs": False,
    "little_winds_counts_half_flush": True,
    "big_winds": 5,  # "3 extra doubles (5 doubles total)"
    "all_pongs": 2,
    "half_flush": 2,
    "full_flush": 4,
    "all_green": None,
    "all_green_needs_green_dragon": False,
    "all_honours": 4,  # Full Color game: "... or the Honor Suit only"
    "mixed_terminals": 1,  # Half one's and nine's game
    "mixed_terminals_counts_all_pongs": True,
    "mixed_terminals_needs_ones_and_nines": False,
    "pure_terminals": 5,  # All one's and nine's game
    "ping_hu": 4,  # Ping Wu game
    "little_ping_hu": 1,  # All Chow game
    "full_flush_ping_hu": None,
    "ping_hu_wait_shapes": False,  # "more than one unique tile that could have caused the player to win"
    "ping_hu_melded_single_self_draw": True,
    "fully_concealed": None,  # Rule Variations: "Extra double for concealed game ... not supported"
    "fully_concealed_allows_concealed_kong": False,
    "hidden_treasure": None,
    "hidden_treasure_self_drawn": True,
    "hidden_treasure_concealed_kongs": True,
    "four_kongs": None,
    "nine_gates": None,
    "nine_gates_pure_only_on_discard": False,
    "thirteen_wonders": 5,  # "13 Wonders Game - 5 doubles"
    "heavenly": None,
    "earthly": None,
    "earthly_self_drawn": True,  # 000 has no earthly hand: the event counts nothing, refuses nothing
    "flower_replacement": 1,
    "kong_replacement": 1,
    "double_kong_replacement": None,  # counted as one kong replacement (1)
    "last_tile": 1,
    "last_tile_with_replacement": False,  # choice (000 silent), as 002 Note 1 and 004
    "robbing_kong": 1,
}

SGMJ_HAND_CITATIONS: dict[str, tuple[str, str]] = {
    "min_doubles_exempt": (
        "000 How does a player win the game?",
        "The only exceptions to this rule is when the player has 13 wonders or 8 flowers.",
    ),
    "limit_hands": ("000 Maximum doubles", "(no limit hands: doubles are capped)"),
    "instant_wins": (
        "000 Eight flower suit tile game",
        "that person automatically wins the game regardless of their other tiles",
    ),
    "seat_flower": (
        "000 How to get doubles?",
        "Flower Suit tiles that match the Players Wind - 1 double for each",
    ),
    "flower_set": (
        "000 How to get doubles?",
        "Complete set of Red Flower Suit - 1 extra double (2 doubles total)",
    ),
    "animal": ("000 How to get doubles?", "Animal Suit tiles - 1 double for each"),
    "animal_set": (
        "000 How to get doubles?",
        "Complete set of the Animal Suit - 1 extra double (5 doubles total)",
    ),
    "seven_flowers": (
        "000 How to get doubles?",
        "Winning the game with seven or eight flower suit tiles - 5 doubles",
    ),
    "eight_flowers": (
        "000 How to get doubles?",
        "Winning the game with seven or eight flower suit tiles - 5 doubles",
    ),
    "robbing_eighth_flower": (
        "000 Eight flower suit tile game",
        "this eighth Flower Suit tile is automatically transferred to the player with seven",
    ),
    "dragon_pong": ("000 How to get doubles?", "A Pong or Kong of any the Dragon Tiles - 1 double for each"),
    "wind_pong": (
        "000 How to get doubles?",
        "A Pong or Kong of the Prevailing Wind / Player Game Wind - 1 double",
    ),
    "double_wind_pong": (
        "000 How to get doubles?",
        "Prevailing Wind - 1 double; Player Game Wind - 1 double",
    ),
    "little_dragons": (
        "000 How to get doubles?",
        "two of the three Dragon Tiles ... 1 extra double (3 doubles total)",
    ),
    "big_dragons": (
        "000 How to get doubles?",
        "each of the Dragon Tiles - 2 extra doubles (5 doubles total)",
    ),
    "little_winds": (
        "000 How to get doubles?",
        "three of the four ... and having the [fourth] as the EYE - 4 doubles total",
    ),
    "big_winds": ("000 How to get doubles?", "each of the Wind Tiles - 3 extra doubles (5 doubles total)"),
    "all_pongs": ("000 How to get doubles?", "All Pong Game - 2 doubles"),
    "half_flush": ("000 How to get doubles?", "Half Color Game - 2 doubles"),
    "full_flush": ("000 How to get doubles?", "Full Color Game - 4 doubles"),
    "all_honours": ("000 Full Color game", "the Numbers Suit only, or the Honor Suit only"),
    "mixed_terminals": ("000 How to get doubles?", "Half one's and nine's game - 1 double"),
    "pure_terminals": ("000 How to get doubles?", "All one's and nine's game - 5 doubles"),
    "ping_hu": ("000 Ping Wu game", "Ping Wu Game - 4 doubles"),
    "little_ping_hu": ("000 All Chow game", "All Chow Game - 1 double"),
    "ping_hu_wait_shapes": (
        "000 All Chow game",
        "there must be more than one unique tile that could have caused the player to win the game",
    ),
    "fully_concealed": ("000 Rule Variations", "Extra double for concealed game ... not supported"),
    "thirteen_wonders": ("000 How to get doubles?", "13 Wonders Game - 5 doubles"),
    "flower_replacement": (
        "000 How to get doubles?",
        "after a flower suit or animal suit with a replacement tile - 1 double",
    ),
    "kong_replacement": ("000 How to get doubles?", "after a Kong Move with a replacement tile - 1 double"),
    "last_tile": (
        "000 How to get doubles?",
        "Picking the winning tile on the last valid tile left in the game - 1 double",
    ),
    "robbing_kong": ("000 How to get doubles?", "Robbing the Kong - 1 double"),
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
    "prices_follow_limit": True,  # 000: "1 point doubled per double" up to the maximum doubles
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
    "bao_on_other_discard": (
        "000 Pay all situations",
        "if player A won by picking his own winning tile or player B threw the winning tile",
    ),
    "bao.same_suit": ("000 Full Color Scenario", "3 or 4 sets ... all in the same suit in the exposed tiles"),
    "bao.three_winds": ("000 Wind Tile Set Scenario", "a Pong or a Kong of 3 of the 4 Wind tiles"),
    "bao.two_dragons": ("000 Dragon Tile Set Scenario", "a Pong or a Kong of 2 of the 3 Dragon tiles"),
    "bao.limit_shown": ("000 Double Limit Scenario", "the number of Doubles Limit (default to 5) showing"),
    "bao.fresh_tile_win": ("000 End of Game Scenario", "When there is less than 7 tiles to play"),
    **SGMJ_HAND_CITATIONS,  # the scoring section's hands
    "min_doubles": ("000 Minimum doubles to win the game", "The default setting for the game is 1 double"),
    "limit_doubles": ("000 Maximum doubles", "The default setting for the game is 5 doubles"),
    "price_table": (
        "000 How do you score?",
        "1 point is doubled for each double the winning player has ... the winning player receives "
        "double the points from the player who discarded the winning tile.",
    ),
    "prices_follow_limit": ("000 How do you score?", "1 point is doubled for each double"),
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
    "seven_pairs": "Doubles for seven pairs (empty: not a winning hand).",
    "seven_pairs_four_alike": "Whether four alike may count as two of the seven pairs.",
    "min_doubles_self_drawn": "Fewest doubles a self-drawn hand needs to win (empty: min_doubles).",
    "min_doubles_exempt": "Hands that win below the minimum (limit hands always do).",
    "limit_hands": "Hands that are limit hands: each counts limit_doubles and pays the limit price.",
    "instant_wins": "Hands that win without a complete hand (no winning tile needed).",
    "seat_flower": "Doubles for each own flower or season (number = seat).",
    "flower_set": "Doubles for a complete set of four flowers or four seasons (own flower included).",
    "animal": "Doubles for each animal.",
    "animal_set": "Doubles for all four animals (in place of the four single animals).",
    "seven_flowers": "Doubles for seven flowers and seasons in a complete hand.",
    "eight_flowers": "Doubles for all eight flowers and seasons.",
    "robbing_eighth_flower": "Doubles for robbing the eighth flower with seven.",
    "dragon_pong": "Doubles for each pong or kong of dragons.",
    "wind_pong": "Doubles for a pong or kong of the prevailing wind or of the seat wind.",
    "double_wind_pong": "Doubles for a pong or kong of a wind that is both prevailing and seat wind.",
    "little_dragons": "Doubles for two dragon pongs and the third dragon as the eye (pongs included).",
    "big_dragons": "Doubles for pongs of all three dragons (pongs included).",
    "little_winds": "Doubles for three wind pongs and the fourth wind as the eye.",
    "little_winds_counts_wind_pongs": "Whether Little Four Winds also counts its valued wind pongs.",
    "little_winds_counts_half_flush": "Whether Little Four Winds also counts the half flush.",
    "big_winds": "Doubles for pongs of all four winds (pongs included).",
    "all_pongs": "Doubles for four pongs or kongs and an eye.",
    "half_flush": "Doubles for one suit with honours.",
    "full_flush": "Doubles for one suit only.",
    "all_green": "Doubles for bamboo 2 3 4 6 8 and green dragons only (in place of the flush).",
    "all_green_needs_green_dragon": "Whether All Green needs green dragons.",
    "all_honours": "Doubles for winds and dragons only.",
    "mixed_terminals": "Doubles for ones, nines and honours only.",
    "mixed_terminals_counts_all_pongs": "Whether Mixed Terminals also counts all pongs.",
    "mixed_terminals_needs_ones_and_nines": "Whether Mixed Terminals needs both ones and nines.",
    "pure_terminals": "Doubles for ones and nines only.",
    "ping_hu": "Doubles for Ping Hu (four chows, unvalued eye, allowed wait) with no bonus tile.",
    "little_ping_hu": "Doubles for Ping Hu with bonus tiles.",
    "full_flush_ping_hu": "Doubles for a full flush Ping Hu (in place of both; empty: they add up).",
    "ping_hu_wait_shapes": "Whether an edge, closed or lone single wait spoils Ping Hu on a discard.",
    "ping_hu_melded_single_self_draw": "Whether a self-drawn Ping Hu may wait on a single tile after "
    "four melded chows.",
    "fully_concealed": "Doubles for a self-drawn win with no meld.",
    "fully_concealed_allows_concealed_kong": "Whether a concealed kong keeps a hand fully concealed.",
    "hidden_treasure": "Doubles for four concealed pongs and an eye.",
    "hidden_treasure_self_drawn": "Whether Hidden Treasure must be self-drawn (else a discard may "
    "complete the eye).",
    "hidden_treasure_concealed_kongs": "Whether Hidden Treasure may hold declared concealed kongs.",
    "four_kongs": "Doubles for four kongs.",
    "nine_gates": "Doubles for Nine Gates (1112345678999 and one more of the suit, no meld).",
    "nine_gates_pure_only_on_discard": "Whether Nine Gates on a discard must have waited on all nine.",
    "thirteen_wonders": "Doubles for 13 Wonders.",
    "heavenly": "Doubles for the dealer's win on the opening hand.",
    "earthly": "Doubles for a non-dealer's win on the dealer's first discard.",
    "earthly_self_drawn": "Whether an earthly hand may also be won on the winner's first draw "
    "(self-drawn), not only on the dealer's first discard.",
    "flower_replacement": "Doubles for winning on a replacement tile for a bonus tile.",
    "kong_replacement": "Doubles for winning on a replacement tile for a kong.",
    "double_kong_replacement": "Doubles for winning on the replacement tile of a second kong in a row.",
    "last_tile": "Doubles for winning on the last tile of the wall.",
    "last_tile_with_replacement": "Whether the last-tile double adds to a replacement-tile double.",
    "robbing_kong": "Doubles for winning on a tile robbed from a kong.",
    # payments
    "price_table": "Price per payer by doubles: row d is [full, half] for d doubles; "
    "doubles beyond the last row pay the last row.",
    "ping_hu_price": "[full, half] for a Ping Hu hand of exactly ping_hu_doubles doubles "
    "(empty: priced by the table).",
    "ping_hu_doubles": "The doubles a Ping Hu hand must have for ping_hu_price to apply.",
    "limit_price": "[full, half] for a limit (special) hand.",
    "prices_follow_limit": "Whether the price doubles per double up to the limit: then changing "
    "limit_doubles alone also sets price_table (rows up to the limit, each double doubling), "
    "limit_price (the limit's row) and bao_limit_doubles (the limit).",
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
            problem = None
            if value is not None or not _nullable(key):
                problem = _check_value(key, value, self._shape_of(key))
            if problem:
                errors.append(Error("invalid_option", f"Option {key!r}: {problem}.", where))
                continue
            merged[key] = _merge(merged[key], _thaw(value))
        if errors:
            raise InvalidInput(errors)
        _follow_the_limit(merged, options)
        errors = _limit_problems(merged, options, self.citations)
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

    def as_options(self) -> dict:
        """Every setting as plain ``options``: ``get_ruleset(self.id, self.as_options())`` equals ``self``.

        This is how a stored rule set (``RuleSet.from_dict``) is handed to
        ``score_hand`` / ``settle``, which take an id and options, so a result
        is re-scored under exactly the settings it was entered with.
        """
        return _thaw(self.settings)

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


# Settings that a rule set pricing by doubling (prices_follow_limit) derives from limit_doubles
# when the options leave them out.
FOLLOW_THE_LIMIT = ("price_table", "limit_price", "bao_limit_doubles")


def following_settings(rules: RuleSet) -> frozenset[str]:
    """The settings of ``rules`` that follow ``limit_doubles`` unless an option sets them."""
    return frozenset(FOLLOW_THE_LIMIT) if rules.get("prices_follow_limit") else frozenset()


def _follow_the_limit(merged: dict, options: Mapping[str, Any]) -> None:
    """A rule set that doubles the price per double keeps its prices at its limit (002 "five (or six)").

    The price table gets one row per double up to ``limit_doubles`` (each new
    row doubling the last, rows past the limit dropped), the limit price is
    the limit's row and the Bao limit (002 Point Limit Scenario, 004 "wins
    with 5 or more tai", 000 Double Limit Scenario) is the limit, each unless
    the options set it.
    """
    if not merged.get("prices_follow_limit"):
        return
    limit = merged["limit_doubles"]
    if "price_table" not in options:
        table = [list(row) for row in merged["price_table"][: limit + 1]]
        while len(table) <= limit and 2 * max(table[-1]) <= MAX_SETTING:
            table.append([2 * n for n in table[-1]])
        merged["price_table"] = table
    if "limit_price" not in options and len(merged["price_table"]) > limit:
        merged["limit_price"] = list(merged["price_table"][limit])
    if "bao_limit_doubles" not in options:
        merged["bao_limit_doubles"] = limit


def _limit_problems(merged: Mapping, options: Mapping[str, Any], citations: Mapping) -> list[Error]:
    """A limit the price table cannot pay (001 rule 21's table stops at TEN): what is missing."""
    limit, table = merged["limit_doubles"], merged["price_table"]
    if len(table) > limit:
        return []
    first = len(table)
    missing = str(first) if first == limit else f"{first} to {limit}"
    source = citations.get("price_table", ("", ""))[0]
    where = "options.price_table" if "price_table" in options else "options.limit_doubles"
    return [
        Error(
            "price_table_too_short",
            f"A limit of {limit} doubles needs a price for every double up to it, but the price table"
            f"{' (' + source + ')' if source else ''} stops at {first - 1}: add a [full, half] row to "
            f"price_table for each of {missing} doubles, or set limit_doubles to {first - 1} or less.",
            where,
        )
    ]


def _check_value(key: str, value: Any, shape: Any) -> str | None:
    """Why ``value`` cannot replace a setting shaped like ``shape`` (None if it can)."""
    if key in CHOICES and isinstance(shape, str):
        if not isinstance(value, str) or value not in CHOICES[key]:
            return "must be one of " + ", ".join(CHOICES[key])
        return None
    if shape is None:
        return (
            None
            if value is None or _is_count(value)
            else f"must be a whole number up to {MAX_SETTING} or null"
        )
    if isinstance(shape, bool):
        return None if isinstance(value, bool) else "must be true or false"
    if isinstance(shape, int):
        return _count_problem(value, "must be a whole number, 0 or more")
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
        if not shape or (not value and key in _HAND_LISTS):
            return None  # a list of hands may be empty: none is exempt, none is a limit, none wins at once
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


def _nullable(key: str) -> bool:
    """A setting may be null (empty) when some preset leaves it empty ("not counted", "no such price")."""
    return key in _NULLABLE or any(key in r.settings and r.settings[key] is None for r in RULESETS.values())


def _merge(old: Any, new: Any) -> Any:
    """A mapping option replaces only the entries it names; anything else replaces the whole value."""
    if isinstance(old, dict) and isinstance(new, dict):
        return {**old, **{k: _merge(old.get(k), v) for k, v in new.items()}}
    return new


MAX_SETTING = 10**9  # every count and price of a rule set: amounts, doubles, caps (no table needs more)


def _count_problem(value: Any, wrong: str) -> str | None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        return wrong
    return None if value <= MAX_SETTING else f"must be at most {MAX_SETTING}"


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_SETTING


# Settings whose value is a [full, half] pair, and those that may be null.
_PAIRS = frozenset({"ping_hu_price", "limit_price"})
_NULLABLE = frozenset({"ping_hu_price"})
_HAND_LISTS = frozenset({"limit_hands", "min_doubles_exempt", "instant_wins"})  # scoring.doubles.CODE_LISTS


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
