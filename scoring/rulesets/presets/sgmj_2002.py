"""sgmj-2002: 000_d9177c78063555ad.txt, "Rules for Singapore Mahjong" (June 18, 2002).

What 000 changes from the base (``scoring.rulesets.presets.base``), each value with its section and
the document's words beside it; ``cite`` gives 000's words for a value the base holds. 000 has no
limit hands: every hand counts doubles, capped at limit_doubles.
"""

from __future__ import annotations

from scoring.rulesets.presets.base import Preset, Rule, cite

SGMJ_2002 = Preset(
    id="sgmj-2002",
    version="2002-06-18.1",
    title="Rules for Singapore Mahjong (June 18, 2002)",
    source="000_d9177c78063555ad.txt",
    rules={
        "min_doubles": cite(
            "000 Minimum doubles to win the game", "The default setting for the game is 1 double"
        ),
        # 000 How does a player win: "The only exceptions to this rule is when the player has 13 wonders
        # or 8 flowers."
        "min_doubles_exempt": Rule(
            ["thirteen_wonders", "eight_flowers", "robbing_eighth_flower"],
            "000 How does a player win the game?",
            "The only exceptions to this rule is when the player has 13 wonders or 8 flowers.",
        ),
        "limit_doubles": Rule(5, "000 Maximum doubles", "The default setting for the game is 5 doubles"),
        "limit_hands": Rule([], "000 Maximum doubles", "(no limit hands: doubles are capped)"),
        # 000 Eight flower suit tile game: "automatically wins the game regardless of their other tiles".
        # Rule Variations "Winning with Dragon or Wind Set": an organiser adds big_dragons, big_winds.
        "instant_wins": Rule(
            ["eight_flowers", "robbing_eighth_flower"],
            "000 Eight flower suit tile game",
            "that person automatically wins the game regardless of their other tiles",
        ),
        # seven_pairs as the base: 000 lists no seven-pairs hand
        "seat_flower": cite(
            "000 How to get doubles?", "Flower Suit tiles that match the Players Wind - 1 double for each"
        ),
        "flower_set": cite(
            "000 How to get doubles?", "Complete set of Red Flower Suit - 1 extra double (2 doubles total)"
        ),
        "animal": cite("000 How to get doubles?", "Animal Suit tiles - 1 double for each"),
        "animal_set": Rule(
            5, "000 How to get doubles?", "Complete set of the Animal Suit - 1 extra double (5 doubles total)"
        ),
        "seven_flowers": Rule(
            5, "000 How to get doubles?", "Winning the game with seven or eight flower suit tiles - 5 doubles"
        ),
        "eight_flowers": Rule(
            5, "000 How to get doubles?", "Winning the game with seven or eight flower suit tiles - 5 doubles"
        ),
        "robbing_eighth_flower": Rule(
            5,
            "000 Eight flower suit tile game",
            "this eighth Flower Suit tile is automatically transferred to the player with seven",
        ),
        "dragon_pong": cite(
            "000 How to get doubles?", "A Pong or Kong of any the Dragon Tiles - 1 double for each"
        ),
        "wind_pong": cite(
            "000 How to get doubles?", "A Pong or Kong of the Prevailing Wind / Player Game Wind - 1 double"
        ),
        # the prevailing-wind and player-wind doubles of one pong
        "double_wind_pong": cite(
            "000 How to get doubles?", "Prevailing Wind - 1 double; Player Game Wind - 1 double"
        ),
        "little_dragons": cite(
            "000 How to get doubles?", "two of the three Dragon Tiles ... 1 extra double (3 doubles total)"
        ),
        "big_dragons": Rule(
            5, "000 How to get doubles?", "each of the Dragon Tiles - 2 extra doubles (5 doubles total)"
        ),
        "instant_big_dragons": Rule(None),  # the auto win is a Rule Variation: as big_dragons where added
        # "three of the four [Wind] tiles and having the [fourth] as the EYE - 4 doubles total" (the
        # document says "Dragon" by mistake): the 4 include the wind pongs
        "little_winds": cite(
            "000 How to get doubles?",
            "three of the four ... and having the [fourth] as the EYE - 4 doubles total",
        ),
        "little_winds_counts_wind_pongs": Rule(False),
        "little_winds_counts_half_flush": Rule(True),
        "big_winds": Rule(
            5, "000 How to get doubles?", "each of the Wind Tiles - 3 extra doubles (5 doubles total)"
        ),
        "all_pongs": cite("000 How to get doubles?", "All Pong Game - 2 doubles"),
        "half_flush": cite("000 How to get doubles?", "Half Color Game - 2 doubles"),
        "full_flush": cite("000 How to get doubles?", "Full Color Game - 4 doubles"),
        "all_green": Rule(None),
        "all_green_needs_green_dragon": Rule(False),
        "all_honours": Rule(4, "000 Full Color game", "the Numbers Suit only, or the Honor Suit only"),
        # Half one's and nine's game
        "mixed_terminals": Rule(1, "000 How to get doubles?", "Half one's and nine's game - 1 double"),
        "mixed_terminals_counts_all_pongs": Rule(True),
        # All one's and nine's game
        "pure_terminals": Rule(5, "000 How to get doubles?", "All one's and nine's game - 5 doubles"),
        "ping_hu": cite("000 Ping Wu game", "Ping Wu Game - 4 doubles"),
        "little_ping_hu": cite("000 All Chow game", "All Chow Game - 1 double"),
        "full_flush_ping_hu": Rule(None),
        "ping_hu_wait_shapes": Rule(
            False,
            "000 All Chow game",
            "there must be more than one unique tile that could have caused the player to win the game",
        ),
        "ping_hu_melded_single_self_draw": Rule(True),
        "fully_concealed": Rule(
            None, "000 Rule Variations", "Extra double for concealed game ... not supported"
        ),
        "nine_gates_pure_only_on_discard": Rule(False),
        "thirteen_wonders": Rule(5, "000 How to get doubles?", "13 Wonders Game - 5 doubles"),
        # 000 has no earthly hand: the event counts nothing, refuses nothing
        "earthly_self_drawn": Rule(True),
        "flower_replacement": cite(
            "000 How to get doubles?", "after a flower suit or animal suit with a replacement tile - 1 double"
        ),
        "kong_replacement": cite(
            "000 How to get doubles?", "after a Kong Move with a replacement tile - 1 double"
        ),
        "double_kong_replacement": Rule(None),  # counted as one kong replacement (1)
        "last_tile": cite(
            "000 How to get doubles?",
            "Picking the winning tile on the last valid tile left in the game - 1 double",
        ),
        # last_tile_with_replacement as the base: choice (000 silent), as 002 Note 1 and 004
        "robbing_kong": Rule(1, "000 How to get doubles?", "Robbing the Kong - 1 double"),
        # 000 How do you score: 1 point doubled per double from each player,
        # double from the discarder and from everyone on a self-pick. "If they
        # have no doubles they receive 1 point from each player."
        "price_table": Rule(
            [[2 * 2**d, 2**d] for d in range(6)],
            "000 How do you score?",
            "1 point is doubled for each double the winning player has ... the winning player receives "
            "double the points from the player who discarded the winning tile.",
        ),
        "ping_hu_price": Rule(None),
        "limit_price": Rule([64, 32]),
        # 000: "1 point doubled per double" up to the maximum doubles
        "prices_follow_limit": Rule(True, "000 How do you score?", "1 point is doubled for each double"),
        "limit_all_pay_full": Rule(False),
        # 000: "When a player wins with a 13 Wonders Game, the scoring is treated
        # as if he picked the winning tile himself"
        "all_pay_full_hands": Rule(
            ["thirteen_wonders"],
            "000 How do you score?",
            "When a player wins with a 13 Wonders Game, the scoring is treated as if he picked the winning "
            "tile himself",
        ),
        # 000 gives robbing the eighth flower no payment of its own: a win on a discard ("double the points
        # from the player who discarded"), the player who picked the eighth flower discarding it
        "robbing_eighth_flower_paid_by": Rule(
            "as_discard",
            "000 Eight flower suit tile game",
            "this eighth Flower Suit tile is automatically transferred to the player with seven",
        ),
        # 000 names no kong liability: only a fresh discard among the last 7 tiles (End of Game)
        "kong_discarder_pays_for_all": Rule(False),
        # 000 How do you score. A concealed kong is not mentioned: choice, the
        # exposed-kong value (2), the document's only kong value.
        "instant": Rule(
            {
                "kong": {"concealed": 2, "exposed": 2},
                "flower_pair": {"initial": 4, "later": 2},
                "animal_pair": {"initial": 4, "later": 2},
                "bonus_set": {"initial": 4, "later": 4},
            },
            "000 How do you score?",
            "Exposed Kong ... 2 points from each player; all four tiles in the Animal Suit ... 4 points; "
            "cat and the mouse ... 2 points ... initial 13 tiles ... 4 points",
        ),
        "bao_self_draw": cite(
            "000 Pay all situations",
            "player B would pay for all the other players if player A won by picking his own winning tile "
            "or player B threw the winning tile",
        ),
        # 000 Pay all: "or player B threw the winning tile" -- only the liable
        # player's own discard or a self-pick; another's discard is no pay-all.
        "bao_on_other_discard": cite(
            "000 Pay all situations",
            "if player A won by picking his own winning tile or player B threw the winning tile",
        ),
        # the scenarios say what the discard completes, not what the win must be worth
        "bao_needs_consequence": Rule(False),
        "bao_scenarios": Rule(["two_dragons", "three_winds", "limit_shown", "same_suit", "fresh_tile_win"]),
        # The Dragon and Wind Tile Set and Double Limit scenarios (lines 321-355) pay "if player A won by
        # picking his own winning tile or player B threw the winning tile"; the Full Color (lines 360-363)
        # and End of Game (line 369) scenarios only when B "throws a tile ... that causes that player to
        # win": a liable seat on a self-drawn win must show three dragon or four wind pongs or the limit.
        "bao_discard_only_scenarios": Rule(
            ["same_suit", "fresh_tile_win"],
            "000 Full Color Scenario; End of Game Scenario",
            "player B throws a tile of that same suit that causes that player to win the game; any player "
            "that discards a tile that is not contained in the discarded tiles which causes another player "
            "to win the game",
        ),
        "bao.same_suit": cite(
            "000 Full Color Scenario", "3 or 4 sets ... all in the same suit in the exposed tiles"
        ),
        "bao.three_winds": cite("000 Wind Tile Set Scenario", "a Pong or a Kong of 3 of the 4 Wind tiles"),
        "bao.two_dragons": cite(
            "000 Dragon Tile Set Scenario", "a Pong or a Kong of 2 of the 3 Dragon tiles"
        ),
        "bao.limit_shown": cite(
            "000 Double Limit Scenario", "the number of Doubles Limit (default to 5) showing"
        ),
        "bao.fresh_tile_win": cite("000 End of Game Scenario", "When there is less than 7 tiles to play"),
        # 000 Double Limit Scenario: any dragon or valued wind once the limit is
        # shown, or one that brings the shown doubles to the limit.
        "bao_min_shown": Rule(0),
        "fresh_tile_kong_tiles": Rule(0),  # 000 has no fresh-tile kong rule
        "fresh_tile_win_tiles": Rule(
            7,
            "000 End of Game Scenario",
            "When there is less than 7 tiles to play in the game, any player that discards a tile that is "
            "not contained in the discarded tiles which causes another player to win the game, the player "
            'who discarded the "fresh" tile will pay for all.',
        ),
        "fresh_tile_seen_in": Rule("discards"),  # 000: "not contained in the discarded tiles"
        # false_win_doubles as the base: 000 is silent: choice as sg-tai-card
        "false_win_payment": Rule("as_reverse_win"),
        "short_of_chips": Rule("allow_negative"),
        # exposed_kong_paid_by as the base: "paid by each player" / "from each player"
        "capital": Rule(0),
    },
)
