"""spgg-2023: 001_e8fdc45b8fa360f3.txt, SPGG Mahjong Rules & Regulations (version June 2023).

The default rule set. What 001 changes from the base (``scoring.rulesets.presets.base``), each value
with its rule and the rule's words beside it; ``cite`` gives 001's words for a value the base holds.
Where 001 is silent or ambiguous the comment says which choice was made and why (and
docs/rules-matrix/payments.md).
"""

from __future__ import annotations

from scoring.rulesets.presets.base import Preset, Rule, cite

SPGG_2023 = Preset(
    id="spgg-2023",
    version="2023-06.1",
    title="SPGG Mahjong Rules & Regulations (June 2023)",
    source="001_e8fdc45b8fa360f3.txt",
    rules={
        "min_doubles": cite("001 rule 16", "Minimum attainment of one (1) double in order to game."),
        # no lower minimum for a self-drawn win in 001
        "min_doubles_self_drawn": cite(
            "001 rule 16", "Minimum attainment of one (1) double in order to game."
        ),
        # hands that win below the minimum (limit hands always do)
        "min_doubles_exempt": Rule(
            [], "001 rule 16", "Minimum attainment of one (1) double in order to game."
        ),
        # 001 rule 21: the price table stops at TEN doubles (the cap: choice)
        "limit_doubles": Rule(10, "001 rule 21", "Doubles ... TEN (10) 82 66"),
        "limit_hands": Rule(
            [  # 001 rule 24 a-j, "Special Hands (Limit games)"
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
            "001 rule 24",
            "Special Hands (Limit games) ... 405",
        ),
        # wins that need no complete hand: 23h "auto win, need not fulfilled game", 24a "no need to
        # fulfill", 24g "Auto Win"
        "instant_wins": Rule(
            ["big_dragons", "big_winds", "eight_flowers", "robbing_eighth_flower"],
            "001 rules 23h, 24a, 24g",
            "auto win, need not fulfilled game; no need to fulfill; game without fulfilling completeness",
        ),
        # 001 lists no seven-pairs hand (rules 23, 24)
        "seven_pairs": cite("001 rules 23-24", "(no seven-pairs hand is listed)"),
        "seat_flower": cite("001 rule 23a", "Own Flower or Season per your seating number 1"),
        # 23b; choice: the 2 include the own flower of the set (as 004, 002, 000 say)
        "flower_set": cite("001 rule 23b", "Complete set of Flowers or Seasons 2"),
        "animal": cite("001 rule 23c", "Each Animal 1"),
        # 23d: 5 in all (as 002, 000 say), not 5 on top of the four
        "animal_set": Rule(5, "001 rule 23d", "One complete sets of Animals 5"),
        "seven_flowers": Rule(None),
        "eight_flowers": Rule(None, "001 rule 24g", "8 Flowers/Season Tiles ... Auto Win 405"),  # limit (24g)
        # limit (24g)
        "robbing_eighth_flower": Rule(
            None,
            "001 rule 24g",
            "Player already having 7 flowers/season tiles can steal the last 8 th tile from any player",
        ),
        "dragon_pong": cite("001 rule 23g", "'Pong' of any triplets Dragon tiles 1"),
        "wind_pong": cite("001 rules 19, 20, 23e", "'Pong' of Round Wind or Own Wind (Rules 19 & 20) 1"),
        # 23f: one pong that is both round and own wind
        "double_wind_pong": cite(
            "001 rule 23f", "'Pong' of Round Wind and Own Wind (E.g. East Wind & Banker) 2"
        ),
        # 23i: "(1 double + two dragons doubles)" = 3 in all
        "little_dragons": cite(
            "001 rule 23i",
            "Pong any two Dragon tiles and remaining one pair as eye (1 double + two dragons doubles) 3",
        ),
        # 23h: 5 in all, an instant win, not a limit hand
        "big_dragons": Rule(
            5, "001 rule 23h", "'Pong' of all the 3 Dragon tiles (auto win, need not fulfilled game) 5"
        ),
        # 23h: the auto win is the same 5 doubles as a complete hand of them (empty: as big_dragons)
        "instant_big_dragons": Rule(
            None, "001 rule 23h", "'Pong' of all the 3 Dragon tiles (auto win, need not fulfilled game) 5"
        ),
        # 23k "3 or 4": choice 4, the value of 002 and 004 (001 cites 002 as its reference); as 002 says,
        # the wind pongs are not counted on top, the half flush and all pongs are.
        "little_winds": cite("001 rule 23k", "Pong 3 Winds with one pair of the 4th Wind 3 or 4"),
        "little_winds_counts_wind_pongs": Rule(
            False, "002 Four Lesser Blessings", "Bonus points ... will not be counted"
        ),
        "little_winds_counts_half_flush": Rule(
            True, "002 Four Lesser Blessings", "Stackable with 2 points Half Flush"
        ),
        # limit (24a)
        "big_winds": Rule(
            None, "001 rule 24a", "Pong all 4 winds (no need to fulfill) game (4 Blessings) 405"
        ),
        "all_pongs": cite("001 rule 23j", "Mixed 'Pong' 'Pong' Hu 2"),
        "half_flush": cite("001 rule 23l", "Half Flush (half color) 2"),
        "full_flush": cite(
            "001 rule 23m", "Full Flush (one color) mixed with pong or sequence without Dragons and Winds 4"
        ),
        # 23n; choice: it replaces the flush (the hand's colour is counted once)
        "all_green": Rule(
            4,
            "001 rule 23n",
            "Green Suit mixed with pong or sequence, with/without green dragons (sets of bamboos 2,3,4,6,8 "
            "and green dragons) 4",
        ),
        "all_green_needs_green_dragon": Rule(False, "001 rule 23n", "with/without green dragons"),
        # limit (24b)
        "all_honours": Rule(
            None, "001 rule 24b", "Pong all Winds and Dragons only without any numeric (All Honors hand)"
        ),
        # 23r; stacks with all pongs (23j), as 002's 4 = 2 + 2
        "mixed_terminals": Rule(
            2,
            "001 rule 23r",
            "Mixed 'pong' of 1 & 9 numeric with Dragons and Winds, minimum a pair of terminal tiles. 2",
        ),
        "mixed_terminals_counts_all_pongs": Rule(
            True, "002 Mixed Terminals", "scores 4 points (2 for triplets and 2 ...)"
        ),
        # limit (24e)
        "pure_terminals": Rule(
            None, "001 rule 24e", "Pong all numeric 1 & 9, pair must also be terminal tiles."
        ),
        "ping_hu": cite(
            "001 rule 23p",
            "Mixed 'Ping Hu' without Animal, Flowers/Seasons and Dragons or Round Wind or own win 4",
        ),
        "little_ping_hu": cite(
            "001 rule 23q",
            "Mixed 'Ping Hu' with Animal, Flowers/Seasons without dragons, round or own wind as eye. 1",
        ),
        # 23o "85": choice 8 = full flush 4 + Ping Hu 4 (002 gives the same hand "8 points"), one item
        "full_flush_ping_hu": Rule(
            8,
            "001 rule 23o",
            "Full Flush (one color) 'Ping Hu' without Dragons, Winds, Animals or Flowers/Seasons 85",
        ),
        # 26d-f: an edge, closed or lone single wait spoils it on a discard
        "ping_hu_wait_shapes": Rule(
            True, "001 rule 26d-f", "Gaming a tile in-between (Ka Long) numeric is not allowed."
        ),
        # 26g: a self-drawn win lifts c-f
        "ping_hu_melded_single_self_draw": Rule(
            True, "001 rule 26g", "c) through f) not relevant if game through self-drawn tile"
        ),
        "fully_concealed": Rule(None),  # not a double in 001
        # limit (24c)
        "hidden_treasure": cite(
            "001 rule 24c",
            "All triplets and an eye (Kam Kam Hu) and concealed win. Concealed Kong only. Hidden Treasures.",
        ),
        # 24c "concealed win": choice, self-drawn (as 002, 004)
        "hidden_treasure_self_drawn": cite("001 rule 24c", "and concealed win"),
        "hidden_treasure_concealed_kongs": cite("001 rule 24c", "Concealed Kong only."),
        "four_kongs": cite("001 rule 24d", "4 Kongs"),  # limit (24d)
        # limit (24f)
        "nine_gates": cite("001 rule 24f", "Nine Heavenly Gates-Flush 1112345678999. No open meld."),
        # 24f: any 1112345678999 + one tile, no open meld
        "nine_gates_pure_only_on_discard": Rule(False, "001 rule 24f", "Flush 1112345678999. No open meld."),
        "thirteen_wonders": Rule(None, "001 rule 24j", "13 Wonders"),  # limit (24j)
        "heavenly": cite("001 rule 24h", "Heavenly win (Tien Hu). Only happens to Banker"),  # limit (24h)
        # limit (24i)
        "earthly": cite(
            "001 rule 24i", "Earthly win (Teh Hu). Any non-banker player that games when Banker discarded"
        ),
        "earthly_self_drawn": Rule(
            False, "001 rule 24i", "Any non-banker player that games when Banker discarded the first tile"
        ),
        "flower_replacement": cite(
            "001 rule 25a", "Winning tile from replacement wall due to Kong/Flowers/Seasons/Animals 1"
        ),
        "kong_replacement": cite(
            "001 rule 25a", "Winning tile from replacement wall due to Kong/Flowers/Seasons/Animals 1"
        ),
        "double_kong_replacement": Rule(
            3, "001 rule 25b", "Winning tile from replacement wall after double Kong (Kong & Kong & game) 3"
        ),
        "last_tile": cite("001 rule 25c", "Last tile as the winning tile 1"),
        # choice (001 silent): a replacement tile is not "the last tile" (002 Note 1, 004 say so)
        "last_tile_with_replacement": cite(
            "002 Winning on the Last Available Tile", "does not stack with ..."
        ),
        "robbing_kong": Rule(None),  # not a double in 001
        # 001 rule 21, row d = [full, half] for d doubles. Row 0 is not in the
        # table (rule 16 needs one double); it is only reached if an organiser
        # lowers min_doubles, and costs half of row 1 rounded up.
        "price_table": Rule(
            [
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
            "001 rule 21",
            "Payments are according to how many doubles you have won ... ONE (1) 2 1 ... TEN (10) 82 66",
        ),
        # 001 rule 21: "PING HU (4) 20 10" -- a Ping Hu hand of exactly 4 doubles.
        "ping_hu_price": Rule([20, 10], "001 rule 21", "PING HU (4) 20 10"),
        "ping_hu_doubles": cite("001 rule 21", "PING HU (4) 20 10"),
        # 001 rule 24: every special hand is printed "405". Choice: 405 chips at
        # full price; half price is half of it rounded up (203), because rule 24j
        # singles out 13 Wonders as paying full "irrespective", so the other
        # special hands keep the full/half split of rule 17.
        "limit_price": Rule([405, 203], "001 rule 24", "Special Hands (Limit games) ... 405"),
        # 001 rule 21 is a printed table, not a doubling rule: a limit beyond its rows is refused, and
        # the limit price (rule 24's 405) does not depend on the limit.
        "prices_follow_limit": Rule(
            False, "001 rule 21", "Doubles Full Price Half Price ... (a printed table)"
        ),
        # only 13 Wonders pays full either way (24j)
        "limit_all_pay_full": Rule(
            False, "001 rule 17", "player discarded the tile ... pay full price while others pay half"
        ),
        "all_pay_full_hands": Rule(
            ["thirteen_wonders"],
            "001 rule 24j",
            "13 Wonders – pays full price irrespective of self-drawn or discarded.",
        ),
        # 001 rule 24g names robbing the 8th flower and no payment of its own: rule 17's discard, the
        # player who drew it being the discarder
        "robbing_eighth_flower_paid_by": Rule(
            "as_discard", "001 rule 17", "player discarded the tile ... pay full price while others pay half"
        ),
        # 001 section A: a kong's discarder is liable only for a fresh tile among the last 7 or 5
        "kong_discarder_pays_for_all": Rule(
            False,
            "001 section A",
            "Player drawing the last 5th tile will assumed all players liabilities if someone 'Kong' and or "
            "game under the fresh tile rules.",
        ),
        # 001 rule 17: discarder full, others half
        "shooter_pays_all": cite(
            "001 rule 17",
            "Self-drawn or player discarded the tile for another to game will have to pay full price "
            "while others pay half the price.",
        ),
        # 001 rule 22: each other player pays; "initial" = concealed / 1st hand.
        "instant": Rule(
            {
                "kong": {"concealed": 2, "exposed": 1},
                "flower_pair": {"initial": 2, "later": 1},
                "animal_pair": {"initial": 2, "later": 1},
                "bonus_set": {"initial": 4, "later": 2},
            },
            "001 rule 22",
            "Instant Payouts: 'Kong' 2 1; Flower same number marriage 2 1; Cat & Mouse Marriage 2 1; "
            "Rooster & Centipede Marriage 2 1; One set of Flowers or Animal 4 2",
        ),
        # 001 rule 27 (last paragraph): "No 'Bao' if player game on tile
        # discarded by a player not under the situation of assuming liabilities."
        "bao_self_draw": cite(
            "001 rule 27",
            "the last player who discarded a tile that fits the scenario will assume the liabilities, "
            "including self-drawn win.",
        ),
        "bao_on_other_discard": cite(
            "001 rule 27",
            "No 'Bao' if player game on tile discarded by a player not under the situation of assuming "
            "liabilities.",
        ),
        # 27: whatever the winning hand: "Game tile may or may not be the ones that fits the scenarios"
        "bao_needs_consequence": Rule(
            False,
            "001 rule 27",
            "the player assuming liabilities bears the responsibility should the player eventually game",
        ),
        # 27: every scenario, "including self-drawn win"
        "bao_discard_only_scenarios": Rule(
            [],
            "001 rule 27",
            "the last player who discarded a tile that fits the scenario will assume the liabilities, "
            "including self-drawn win",
        ),
        "bao_scenarios": Rule(
            [
                "same_suit",  # 27a
                "terminal_pongs",  # 27b
                "three_winds",  # 27c
                "honour_pongs",  # 27d
                "two_dragons",  # 27e
                "limit_shown",  # 27f, 27g
                "fresh_tile_kong",  # section A, last 7 tiles
                "fresh_tile_win",  # section A, last 5 tiles
            ],
            "001 rule 27 a-g, section A",
            "Situation assuming liabilities – 'Bao' Scenarios",
        ),
        "bao.same_suit": cite(
            "001 rule 27a", "3 sets of same numeric displayed, either pong or chow. Bao that numeric"
        ),
        "bao.terminal_pongs": cite("001 rule 27b", "3 sets of 1 & 9 pong. Bao 1 & 9 numeric"),
        "bao.three_winds": cite("001 rule 27c", "3 sets of Winds pong. Bao remaining wind"),
        "bao.honour_pongs": cite(
            "001 rule 27d", "3 sets of Mixed Winds and Dragons pongs. Bao remaining winds & dragon"
        ),
        "bao.two_dragons": cite("001 rule 27e", "2 sets dragon pong shown. Bao remaining dragons"),
        "bao.limit_shown": cite(
            "001 rule 27f-g",
            "3 doubles shown. Bao wind that gives 2 doubles on Rule 23f. 4 doubles shown. Bao on dragons, "
            "own wind and round wind",
        ),
        "bao.fresh_tile_kong": cite(
            "001 section A", "Player drawing the last 7th tile ... if someone 'Kong'"
        ),
        "bao.fresh_tile_win": cite(
            "001 section A", "Player drawing the last 5th tile ... 'Kong' and or game"
        ),
        # 27f "3 doubles shown. Bao wind that gives 2 doubles", 27g "4 doubles
        # shown. Bao on dragons, own wind and round wind": a discard is dangerous
        # when at least bao_min_shown doubles are shown and it can bring them to
        # bao_limit_doubles.
        "bao_min_shown": Rule(3),
        # Fresh-tile rules apply when fewer than N playable tiles are left in the
        # wall at the discard: drawing "the last 7th tile" leaves 6 (< 7).
        "fresh_tile_kong_tiles": Rule(
            7,
            "001 section A",
            "Player drawing the last 7th tile will assumed all players liabilities if someone 'Kong' under "
            "the fresh tile rules.",
        ),
        "fresh_tile_win_tiles": Rule(
            5,
            "001 section A",
            "Player drawing the last 5th tile will assumed all players liabilities if someone 'Kong' and or "
            "game under the fresh tile rules.",
        ),
        # 001 section A: "tiles not found on the discard pool and do not include
        # those 'pong' or 'chow' displayed by each player".
        "fresh_tile_seen_in": Rule("discards_and_melds"),
        # 001 rule 15: "pay minimum 5 doubles to the rest of the other players".
        # Choice: full price to each of the three others, whether or not the
        # false claim was on a discard (the rule names no discarder and treats
        # "the rest of the other players" alike; the offender is at fault, the
        # position of the full-price payer of rule 17).
        "false_win_doubles": cite(
            "001 rule 15",
            "Penalty of 'Za Hu' will have to pay minimum 5 doubles to the rest of the other players.",
        ),
        "false_win_payment": Rule(
            "full_each",
            "001 rule 15",
            "Penalty of 'Za Hu' will have to pay minimum 5 doubles to the rest of the other players.",
        ),
        # 001 rule 14: 400 chips of capital; the session ends when a player has
        # exhausted it, so a payer cannot pay more than the chips in front of him.
        "short_of_chips": Rule(
            "pay_what_they_have",
            "001 rule 14",
            "Player who has exhausted his or her capital the round will shall end",
        ),
        # Who pays an exposed kong? 001 rule 22 lists it among the instant
        # payouts with no exception: each other player.
        "capital": Rule(
            400, "001 rule 14", "only plastic chips of 400 dollars as Capital are given for each player"
        ),
    },
)
