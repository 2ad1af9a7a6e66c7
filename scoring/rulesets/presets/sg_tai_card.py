"""sg-tai-card: 004_fc2aff3e4f98b910.txt, a concise Singaporean rule card.

What 004 changes from the base (``scoring.rulesets.presets.base``), each value with its source and
the card's words beside it; ``cite`` gives the card's words for a value the base holds. Every 5-tai
entry of the tai table is a limit hand: 5 tai is the most a hand scores ("5 or more").
"""

from __future__ import annotations

from scoring.rulesets.presets.base import Preset, Rule, cite, doubling_table

SG_TAI_CARD = Preset(
    id="sg-tai-card",
    version="1",
    title="Singaporean Mahjong tai card",
    source="004_fc2aff3e4f98b910.txt",
    rules={
        "min_doubles": cite("004", "Minimum 1 tai required to win."),
        "min_doubles_exempt": Rule([]),
        # 004 tai to points: "5 or more" -> 16
        "limit_doubles": Rule(5, "004 Tai to points conversion", "5 or more: 16"),
        "limit_hands": Rule(
            [
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
            "004 tai table",
            "5 ... (the 5-tai entries)",
        ),
        # 004: "immediate win (does not have to complete the hand)"
        "instant_wins": Rule(
            ["robbing_eighth_flower", "eight_flowers", "big_dragons", "big_winds"],
            "004 tai table",
            "immediate win (does not have to complete the hand)",
        ),
        "seven_pairs": cite("004", "No seven pairs hands are allowed."),
        "seat_flower": cite("004 tai table", "1 Seat Flower - flower or season matching Seat Wind"),
        "flower_set": cite(
            "004 tai table",
            "2 Flower Set - all 4 flowers or all 4 seasons (already includes tai for Seat Flower)",
        ),
        "animal": cite("004 tai table", "1 Animal - any animal"),
        "animal_set": Rule(None, "004 tai table", "5 Animal Set - all 4 animals"),  # limit
        "seven_flowers": Rule(None),
        "eight_flowers": Rule(None, "004 tai table", "5 All 8 flowers and seasons - immediate win"),  # limit
        # limit
        "robbing_eighth_flower": Rule(
            None,
            "004 tai table",
            "5 7 flowers/seasons and robbing the last flower/season from another player who draws it",
        ),
        "dragon_pong": cite("004 tai table", "1 Dragon pung"),
        "wind_pong": cite("004 tai table", "1 Valued wind pung (Seat Wind or Prevailing Wind)"),
        # choice: the card gives "1 Valued wind pung (Seat Wind or Prevailing Wind)"; a pung that is
        # both counts for each (2), as in 001 rule 23f and 002 Winds
        "double_wind_pong": cite("004 tai table", "1 Valued wind pung (Seat Wind or Prevailing Wind)"),
        # "(already includes tai for each dragon pung)"
        "little_dragons": cite("004 tai table", "3 Little Dragons - 2 pungs and 1 pair of dragons"),
        # limit
        "big_dragons": Rule(None, "004 tai table", "5 Big Dragons - 3 pungs of dragons, immediate win"),
        "instant_big_dragons": Rule(  # the same limit hand, won at once (empty: as big_dragons)
            None, "004 tai table", "5 Big Dragons - 3 pungs of dragons, immediate win"
        ),
        # "(already includes tai for Half Flush; can add tai for valued wind pungs)"
        "little_winds": cite("004 tai table", "4 Little Winds - 3 pungs and 1 pair of winds"),
        "little_winds_counts_wind_pongs": Rule(True, "004 tai table", "can add tai for valued wind pungs"),
        "little_winds_counts_half_flush": Rule(False, "004 tai table", "already includes tai for Half Flush"),
        "big_winds": Rule(None, "004 tai table", "5 Big Winds - 4 pungs of winds, immediate win"),  # limit
        "all_pongs": cite("004 tai table", "2 All Pungs - 4 pungs and 1 pair"),
        "half_flush": cite("004 tai table", "2 Half Flush - everything is one suit or honours"),
        "full_flush": cite("004 tai table", "4 Full Flush - everything is one suit only"),
        "all_green": Rule(None, "004 tai table", "5 All Green - everything is completely green"),  # limit
        "all_green_needs_green_dragon": Rule(False),
        "all_honours": Rule(None, "004 tai table", "5 All Honours - everything is honours only"),  # limit
        "mixed_terminals": Rule(
            4, "004 tai table", "4 All Terminals or Honours (already includes tai for All Pungs)"
        ),
        "mixed_terminals_counts_all_pongs": Rule(
            False, "004 tai table", "already includes tai for All Pungs"
        ),
        # limit
        "pure_terminals": Rule(None, "004 tai table", "5 All Terminals - everything is terminals only"),
        "ping_hu": cite("004 tai table", "4 Ping Hu ... must not have any animals, flowers or seasons"),
        "little_ping_hu": cite("004 tai table", "1 Little (Smelly) Ping Hu - 4 chows and 1 pair"),
        "full_flush_ping_hu": Rule(None),  # full flush and Ping Hu simply add up
        # "must have multiple wait to win on discard": the wait, not its shape
        "ping_hu_wait_shapes": Rule(False, "004 tai table", "must have multiple wait to win on discard"),
        # "except when waiting with a single tile after melding 4 chows"
        "ping_hu_melded_single_self_draw": Rule(
            False,
            "004 tai table",
            "self-drawn win is always allowed except when waiting with a single tile after melding 4 chows",
        ),
        "fully_concealed": Rule(
            1, "004 tai table", "1 Fully Concealed Hand - no melds ..., and self-drawn win"
        ),
        "fully_concealed_allows_concealed_kong": cite(
            "004 tai table", "no melds (except flowers/seasons/animals)"
        ),
        # limit
        "hidden_treasure": cite("004 tai table", "5 Hidden Treasure - 4 concealed pungs, and self-drawn win"),
        "hidden_treasure_concealed_kongs": cite("004 tai table", "(concealed kongs are allowed)"),
        "four_kongs": cite("004 tai table", "5 4 Kongs - 4 kongs and 1 pair"),  # limit
        # limit
        "nine_gates": cite(
            "004 tai table", "5 9 Gates - 1112345678999 all in one suit and any tile in the same suit"
        ),
        "nine_gates_pure_only_on_discard": Rule(False),  # "and any tile in the same suit"
        "thirteen_wonders": Rule(None, "004 tai table", "5 13 Orphans"),  # limit
        "heavenly": cite("004 tai table", "5 Heavenly Hand - dealer wins on her initial turn"),  # limit
        # limit
        "earthly": cite(
            "004 tai table", "5 Earthy Hand - non-dealer wins on her 1st turn or on discard before"
        ),
        # 004: "non-dealer wins on her 1st turn or on discard before"
        "earthly_self_drawn": Rule(True, "004 tai table", "Earthy Hand - non-dealer wins on her 1st turn"),
        "flower_replacement": cite(
            "004 tai table", "1 Winning on a replacement tile for a flower/season/animal"
        ),
        "kong_replacement": cite("004 tai table", "1 ... or a replacement tile for a kong"),
        "double_kong_replacement": Rule(None, "004 tai table", "5 Kong on Kong"),  # limit (Kong on Kong)
        "last_tile": cite("004 tai table", "1 Winning on last tile draw (unless it is a replacement tile)"),
        "last_tile_with_replacement": cite("004 tai table", "(unless it is a replacement tile)"),
        "robbing_kong": Rule(1, "004 tai table", "1 Robbing a kong"),
        # 004 "Tai to points conversion" 1, 2, 4, 8, 16 = the score; "Payments to
        # winner": discarder 2 x score (full), others 1 x score (half).
        "price_table": Rule(
            doubling_table(5),
            "004 Tai to points conversion; Payments to winner",
            "Tai 1 2 3 4 5 or more; Score 1 2 4 8 16. Win on discard: discarder pays 2 x score, "
            "other players pay 1 x score. Self-drawn win: 2 x score.",
        ),
        "ping_hu_price": Rule(None),
        "limit_price": Rule([32, 16], "004 Tai to points conversion", "5 or more: 16"),  # 5 tai: score 16
        # 004 doubles the score per tai ("1, 2, 4, 8, 16"): the table, limit price and the pay-for-all
        # limit ("wins with 5 or more tai") follow limit_doubles.
        "prices_follow_limit": Rule(
            True, "004 Tai to points conversion", "Tai 1 2 3 4 5 or more; Score 1 2 4 8 16"
        ),
        "limit_all_pay_full": Rule(False),
        # 004: 13 Orphans is "always paid as self-drawn win even when won on discard"
        "all_pay_full_hands": Rule(
            ["thirteen_wonders"],
            "004 tai table",
            "13 Orphans ... always paid as self-drawn win even when won on discard",
        ),
        # 004 line 29: robbing the last flower "paid as win on discard" (the player who drew it discards)
        "robbing_eighth_flower_paid_by": Rule(
            "as_discard", "004 line 29 tai table", "robbing the last flower/season ... paid as win on discard"
        ),
        # 004 line 66: a kong on a discard makes its discarder liable only for a fresh tile, 5 or less left
        "kong_discarder_pays_for_all": Rule(
            False,
            "004 line 66 pay-for-all",
            "the discard is claimed to make a kong, with winning during the same turn on replacement tile",
        ),
        # 004 "Points instantly paid by each player". Flower Set and Animal Set
        # have one value only (printed under "initially dealt"): choice, the same
        # value when drawn later.
        "instant": Rule(
            {
                "kong": {"concealed": 4, "exposed": 2},
                "flower_pair": {"initial": 4, "later": 2},
                "animal_pair": {"initial": 4, "later": 2},
                "bonus_set": {"initial": 4, "later": 4},
            },
            "004 Points instantly paid by each player",
            "Kong 4 2; Wedding 4 2; Bite 4 2; Flower Set 4; Animal Set 4 (in addition to Bite payments)",
        ),
        # 004 "Payments to winner": "Win on discard; discarder is not
        # pay-for-all": the pay-for-all player pays only 1 x score, i.e. no Bao.
        # 004: "Self-drawn win: last pay-for-all pays 6 x score"
        "bao_self_draw": cite(
            "004 Payments to winner", "Self-drawn win: last pay-for-all player pays 6 x score"
        ),
        "bao_on_other_discard": cite(
            "004 Payments to winner",
            "Win on discard; discarder is not pay-for-all: 2 x score, 1 x score, 1 x score",
        ),
        # 004 lines 65-71, "Consequences that result in pay-for-all": a self-drawn win makes the liable
        # player pay for all only with 5 or more tai, on Full Flush or All Honours ("make a meld, and
        # wins ... later"), or on a kong's replacement tile (line 66); a win on his own discard always
        # may be the fresh tile "claimed to win" of line 66, which the engine cannot see.
        "bao_needs_consequence": Rule(
            True,
            "004 lines 65-71 pay-for-all table",
            "Consequences that result in pay-for-all: ... wins with 5 or more tai later; ... wins on "
            "Full Flush later; ... wins on All Honours later; ... winning during the same turn on "
            "replacement tile",
        ),
        # every scenario on a self-drawn win, where it meets a consequence (bao_needs_consequence)
        "bao_discard_only_scenarios": Rule([]),
        "bao_scenarios": Rule(
            [
                "fresh_tile_kong",
                "fresh_tile_win",
                "limit_shown",
                "same_suit",
                "two_dragons",
                "three_winds",
                "honour_pongs",
            ],
            "004",
            "When a player becomes pay-for-all to a winner or a potential winner",
        ),
        "bao.same_suit": cite(
            "004 pay-for-all table", "3 or more melds in the same suit: A tile of the same suit"
        ),
        "bao.three_winds": cite("004 pay-for-all table", "3 wind pungs melded: The remaining wind"),
        "bao.honour_pongs": cite(
            "004 pay-for-all table", "3 or more honour pungs melded: Any of remaining honours"
        ),
        "bao.two_dragons": cite("004 pay-for-all table", "2 dragon pungs melded: The remaining dragon"),
        "bao.limit_shown": cite(
            "004 pay-for-all table",
            "4 or more tai visible ...: A dragon, prevailing wind or seat wind of the potential winner",
        ),
        "bao.fresh_tile_kong": cite(
            "004 pay-for-all table", "7 or less playable tiles remaining: Any fresh tile"
        ),
        "bao.fresh_tile_win": cite(
            "004 pay-for-all table", "5 or less playable tiles remaining: Any fresh tile"
        ),
        # 004: "4 or more tai visible ... A dragon, prevailing wind or seat wind"
        # and "wins with 5 or more tai".
        "bao_min_shown": Rule(4),
        # 004: "7 or less" / "5 or less" playable tiles = fewer than 8 / 6.
        "fresh_tile_kong_tiles": Rule(8, "004", "There are 7 or less playable tiles remaining in the wall"),
        "fresh_tile_win_tiles": Rule(6, "004", "There are 5 or less playable tiles remaining in the wall"),
        "fresh_tile_seen_in": Rule("discards_and_melds"),  # 004: "not yet appeared among discards and melds"
        # 004 is silent on false wins. Choice: the common practice of 002
        # ("Wrong Winning Claim Scenario"): the limit, the discarder at full and
        # the others at half; on a self-drawn claim all three at full.
        "false_win_doubles": cite(
            "002 Wrong Winning Claim Scenario", "penalised to pay 5 points or the Limit"
        ),
        "false_win_payment": Rule(
            "as_reverse_win",
            "002 Wrong Winning Claim Scenario",
            "The discarder will get double, whereas the other two players get the normal rate.",
        ),
        # 004 is a money game with no capital: a payer owes what he owes.
        "short_of_chips": Rule("allow_negative", "(none)", "(004 has no capital)"),
        # exposed_kong_paid_by as the base: "paid by each player" / "from each player"
        "capital": Rule(0),
    },
)
