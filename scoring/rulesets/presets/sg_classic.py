"""sg-classic: 002_cbbfbbe8c340939f.txt, "Singaporean Mahjong scoring rules" (Wikipedia, 2021).

What 002 changes from the base (``scoring.rulesets.presets.base``), each value with its section and
the document's words beside it; ``cite`` gives 002's words for a value the base holds. Amounts are in
units of the 5/1 rate: a one-point hand costs 1 (S$1).
"""

from __future__ import annotations

from scoring.rulesets.presets.base import Preset, Rule, cite, doubling_table

SG_CLASSIC = Preset(
    id="sg-classic",
    version="2021-05-30.1",
    title="Singaporean Mahjong scoring rules (Wikipedia, 30 May 2021)",
    source="002_cbbfbbe8c340939f.txt",
    rules={
        "min_doubles": cite(
            "002 Minimum & Maximum Points", "Some house rules play a minimum of either 1 or 2 points"
        ),
        # 002: "For a minimum 2 points to game, some hosts will allow you to game on 1 point provided you
        # won on a Self-Pick": an organiser sets this to 1 with min_doubles 2.
        "min_doubles_self_drawn": cite(
            "002 Minimum & Maximum Points",
            "some hosts will allow you to game on 1 point provided you won on a Self-Pick",
        ),
        "min_doubles_exempt": Rule([]),
        "limit_doubles": Rule(
            5, "002 Scoring points", "There is a typical maximum scoring limit of five (or six) points"
        ),
        "limit_hands": Rule(
            [
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
                # not Full Flush Greater Sequence: line 385 gives it 8 points (full_flush_ping_hu)
            ],
            "002",
            "awarded the limit / special hand",
        ),
        # "a common rule in Singapore": three dragon or four wind triplets win without the rest
        "instant_wins": Rule(
            ["eight_flowers", "robbing_eighth_flower", "big_dragons", "big_winds"],
            "002 Two complete flower groups; Three Great Scholars; Four Great Blessings",
            "A common rule in Singapore dictates that any player who collects all 3 triplets ...",
        ),
        # 002 Seven Pairs: a house-rule variant only ("Generally ... two points")
        "seven_pairs": cite("002 Seven Pairs", "(a house-rule variant)"),
        # 002 Seven Pairs Note 3 (a house rule): four alike as two pairs
        "seven_pairs_four_alike": cite(
            "002 Seven Pairs Note 3",
            "In some house rules, players are allowed to use four copies of the same tile as two pairs.",
        ),
        "seat_flower": cite(
            "002 Flower Tiles", "Each flower tile that matches a player's seat wind scores one point"
        ),
        # "a total of 2 points, 1 for the flower tile that matches ... and 1 for ... all four"
        "flower_set": cite("002 Complete flower group", "scores a total of 2 points"),
        "animal": cite("002 Animal Tiles", "Each animal tile obtained scores 1 point."),
        "animal_set": Rule(
            5, "002 Animal Tiles", "One extra point (for a total of 5) is awarded if all 4 animals"
        ),
        # "collecting 7 flowers scores 5 points ... now a house rule"
        "seven_flowers": Rule(None, "002 Two complete flower groups", "collecting 7 flowers scores 5 points"),
        # limit
        "eight_flowers": Rule(
            None, "002 Two complete flower groups", "'8 Flower Tile-set' ... that scores the limit"
        ),
        "robbing_eighth_flower": Rule(None, "002 Robbing the Eighth", "This a special hand"),  # limit
        "dragon_pong": cite("002 Triplet of any Dragon Tile", "scores 1 point"),
        "wind_pong": cite(
            "002 Winds", "Having a triplet of the seat wind or the prevailing wind scores 1 point."
        ),
        "double_wind_pong": cite("002 Winds", "a triplet of that wind, you score 2 points"),
        "little_dragons": cite("002 Three Lesser Scholars", "scores three points"),
        "big_dragons": Rule(None, "002 Three Great Scholars", "scores the limit"),  # limit
        # 002 line 574, Three Great Scholars Note 1: the auto win (the rest of the hand "does not matter")
        # earns 5 points, not the limit; a complete hand of three dragon pongs is still the limit (line 570).
        "instant_big_dragons": Rule(
            5,
            "002 line 574 Three Great Scholars Note 1",
            "Invoking this rule when a player collects all 3 triplets earns that player 5 points (which "
            "may not be the 'limit')",
        ),
        "little_winds": cite("002 Four Lesser Blessings", "scores four points"),
        "little_winds_counts_wind_pongs": Rule(
            False,
            "002 Four Lesser Blessings",
            "Bonus points for a pong/kong of the prevailing wind and/or player wind will not be counted",
        ),
        "little_winds_counts_half_flush": Rule(
            True, "002 Four Lesser Blessings", "Stackable with 2 points Half Flush"
        ),
        "big_winds": Rule(None, "002 Four Great Blessings", "scores the limit"),  # limit
        "all_pongs": cite("002 All Triplets", "scores 2 points"),
        "half_flush": cite("002 Half Flush", "scores 2 points"),
        "full_flush": cite("002 Full Flush", "This combination is awarded 4 points."),
        # "only played under house rules": an organiser lists it in limit_hands
        "all_green": Rule(None, "002 Pure Green Suit", "only played under house rules ... awarded the limit"),
        "all_green_needs_green_dragon": Rule(
            True, "002 Pure Green Suit", "plus the Green Dragon as a pair or triplet"
        ),
        "all_honours": Rule(None, "002 All Honours", "this is considered a special hand"),  # limit
        "mixed_terminals": Rule(
            2, "002 Mixed Terminals", "scores 4 points (2 for triplets and 2 for mixed terminals)"
        ),
        "mixed_terminals_counts_all_pongs": Rule(
            True, "002 Mixed Terminals", "(2 for triplets and 2 for mixed terminals)"
        ),
        # "Some house rules require ... both ones and nines"
        "mixed_terminals_needs_ones_and_nines": cite(
            "002 Mixed Terminals", "Some house rules require ... both"
        ),
        "pure_terminals": Rule(None, "002 Pure Terminals", "this is awarded the limit"),  # limit
        "ping_hu": cite("002 Greater Sequence Hand", "scores 4 points"),
        # Lesser Sequence Hand
        "little_ping_hu": cite("002 Greater Sequence Hand", "'Lesser Sequence Hand' ... awards only 1 point"),
        # line 385: 8 points, one item replacing both (the hand line 387 names; capped at the limit like any
        # hand: at five or six it counts the limit, at an organiser's 10 it counts 8). Line 387's "special
        # hand, whereby all players pay double that of the limit" is qualified ("most playing circles"): a
        # circle lists it in all_pay_full_hands (payments.md Special hands).
        "full_flush_ping_hu": Rule(
            8,
            "002 Full Flush Greater Sequence Hand",
            "it is generally awarded 8 points. 4 points for a full flush and 4 points for the sequence hand",
        ),
        # in-between, edge or single: not on a discard
        "ping_hu_wait_shapes": Rule(
            True,
            "002 Greater Sequence Hand",
            "cannot win on a discarded tile ... if that discarded tile is an in-between tile, edge tile, or "
            "only one tile required to complete the pair",
        ),
        "ping_hu_melded_single_self_draw": Rule(
            False,
            "002 Greater Sequence Hand",
            "a player melded all 4 sequences ... and is left with a single tile",
        ),
        "fully_concealed": Rule(1, "002 Fully Concealed Hand", "This adds one point to your hand."),
        "fully_concealed_allows_concealed_kong": cite(
            "002 Fully Concealed Hand", "you do not eat, pong or kong"
        ),
        "hidden_treasure": cite("002 Hidden Treasure", "it is generally awarded the limit"),  # limit
        # Note 2 (a house rule allows the eye on a discard)
        "hidden_treasure_self_drawn": cite(
            "002 Hidden Treasure Note 2", "must complete the game with a 'Self-Pick'"
        ),
        # Note 1 (some house rules refuse them)
        "hidden_treasure_concealed_kongs": cite(
            "002 Hidden Treasure Note 1", "can only perform 'Concealed Kong'"
        ),
        "four_kongs": cite("002 Eighteen Arhats/Four Kongs", "a special hand"),  # limit
        "nine_gates": cite("002 Nine Gates", "which awards the limit"),  # limit
        "nine_gates_pure_only_on_discard": Rule(
            True,
            "002 Nine Gates",
            "If a player is not waiting for all 9 tiles ... he has to complete the shape by Self-Pick",
        ),
        "thirteen_wonders": Rule(None, "002 Thirteen Wonders", "scores the limit"),  # limit
        "heavenly": cite("002 Heavenly Hand", "this criterion is awarded the limit"),  # limit
        "earthly": cite("002 Earthly Hand", "this criterion is awarded the limit"),  # limit
        "earthly_self_drawn": Rule(
            False, "002 Earthly Hand", "a non-dealer wins from the dealer's first discard"
        ),
        "flower_replacement": cite(
            "002 Winning on Replacement Tile", "'Winning on Replacement Tile For Flower' scores one point"
        ),
        "kong_replacement": cite(
            "002 Winning on Replacement Tile", "'Winning on Replacement Tile For Kong' scores one point"
        ),
        # limit
        "double_kong_replacement": Rule(
            None, "002 Winning on Replacement Tile", "'Kong on Kong' ... generally awarded the limit"
        ),
        "last_tile": cite("002 Winning on the Last Available Tile", "scores 1 point"),
        "last_tile_with_replacement": cite(
            "002 Winning on the Last Available Tile Note 1",
            "does not stack with 'Replacement Tile For Flower' or 'Replacement Tile For Kong'",
        ),
        "robbing_kong": Rule(1, "002 Robbing the Kong", "Robbing the Kong scores one point."),
        # 002 payout table: 1 2 4 8 16, guilty 2x
        "price_table": Rule(
            doubling_table(5),
            "002 Scoring points",
            "the party who is guilty of discarding the tile ... has to pay double the agreed payout",
        ),
        "ping_hu_price": Rule(None),
        "limit_price": Rule([32, 16], "002 Scoring points", "5 (Limit) S$16 S$32 S$64"),
        # 002 doubles the payout per point and names "five (or six)" as the limit: the table, the
        # limit price and the Point Limit Scenario's limit follow limit_doubles.
        "prices_follow_limit": Rule(
            True,
            "002 Scoring points",
            "There is a typical maximum scoring limit of five (or six) points ... 1 2 4 8 16",
        ),
        # Special hands (issue 37). 002 line 193 makes "special hands (e.g. 13 wonders) whereby all players
        # pay double that of the limit" a practice of "some playing circles"; line 387 (Full Flush Greater
        # Sequence), 427 (Pure Terminals), 632 (Eighteen Arhats) and 642 (Earthly Hand) of "most playing
        # circles"; 405 (Nine Gates), 548 (Pure Green), 574 (Three Great Scholars) and 584 (Four Great
        # Blessings) of "some". Only two hands are special without a qualifier: All Honours (line 433) and
        # Thirteen Wonders (line 594). Every other limit hand is paid as any hand: the discarder full, the
        # others half; a circle adds its special hands to all_pay_full_hands.
        "limit_all_pay_full": Rule(
            False,
            "002 line 193 Scoring points",
            "In some playing circles, there are special hands (e.g. 13 wonders) whereby all players pay "
            "double that of the limit",
        ),
        "all_pay_full_hands": Rule(
            ["thirteen_wonders", "all_honours"],
            "002 lines 433 All Honours, 594 Thirteen Wonders",
            "Due to its extreme rarity, this is considered a special hand / Due to the immense difficulty "
            "in assembling this hand, all players pay double that of the limit",
        ),
        # 002 line 329: the guilty player "has to pay the limit, as if the hand was won on a Self-Pick";
        # sharing it among the three is a house rule "agreed beforehand" (all_full).
        "robbing_eighth_flower_paid_by": Rule(
            "drawer_for_all",
            "002 line 329 Robbing the Eighth",
            "the 'guilty' player has to pay the limit, as if the hand was won on a Self-Pick",
        ),
        # 002 line 481 (Winning on Replacement Tile, case 2): the discarder of an exposed kong's tile pays
        # for all if the konger self-picks from the replacement tiles, with no fresh-tile condition.
        "kong_discarder_pays_for_all": Rule(
            True,
            "002 line 481 Winning on Replacement Tile",
            "if Player A discards for Player B to make a 'Exposed Kong', Player A has to pay for all "
            'players if Player B were to get a "Bite" or Self-Pick from the replacement tiles',
        ),
        # 002: "Another common mahjong payout involves 'shooter pays all'"
        "shooter_pays_all": cite(
            "002 Scoring points",
            "'shooter pays all' whereby the person who discards the winning and kong tile will have to "
            "compensate for the rest of the players",
        ),
        # 002 Kongs / Instant payment, at the 5/1 rate: melded kong and a bite
        # (咬到) $3, concealed kong and a bite at the deal (暗咬) $6; a set of
        # flowers of one colour is a 'Concealed Kong' event ($6); all four
        # animals "double of the agreed one-time payout" ($6).
        "instant": Rule(
            {
                "kong": {"concealed": 6, "exposed": 3},
                "flower_pair": {"initial": 6, "later": 3},
                "animal_pair": {"initial": 6, "later": 3},
                "bonus_set": {"initial": 6, "later": 6},
            },
            "002 Kongs; Instant payment",
            "+$3 ... for a melded kong, or ... $6 ... for a concealed kong (5/1 rate)",
        ),
        # 002's scenarios make the discarder liable for the win that follows, whatever it is worth
        "bao_needs_consequence": Rule(False),
        "bao_on_other_discard": cite(
            "002 Paying for all players under non-shooter mode",
            "if Player A eventually win by Self-Pick or on Player B's discard",
        ),
        # "if Player A eventually win by Self-Pick or on Player B's discard", whatever the scenario
        "bao_discard_only_scenarios": Rule([]),
        "bao_scenarios": Rule(
            [
                "fresh_tile_kong",
                "fresh_tile_win",
                "limit_shown",
                "same_suit",
                "terminal_pongs",
                "two_dragons",
                "three_winds",
                "honour_pongs",
            ]
        ),
        "bao.same_suit": cite(
            "002 Full Flush Scenario", "Player A has 3 or 4 sets of the same suit ... exposed"
        ),
        "bao.terminal_pongs": cite(
            "002 Pure Terminals Scenario", "Player A has 3 or 4 triplets exposed ... one or nine"
        ),
        "bao.three_winds": cite("002 Wind Tile Set Scenario", "requires three exposed Wind sets"),
        "bao.honour_pongs": cite("002 All Honours Scenario", "3 or 4 sets of ... honours ... exposed"),
        "bao.two_dragons": cite(
            "002 Dragon Tile Set Scenario", "Player A has two Dragon Pongs or Kongs exposed."
        ),
        "bao.limit_shown": cite(
            "002 Point Limit Scenario", "Player A has 4 points exposed in a game with a point limit of 5"
        ),
        "bao.fresh_tile_kong": cite(
            "002 Fresh Tile Discard Kong Scenario", "fewer than 7 tiles remaining in the wall"
        ),
        "bao.fresh_tile_win": cite(
            "002 Fresh Tile Mahjong Scenario", "fewer than 5 tiles remaining in the wall"
        ),
        # 002 Point Limit Scenario: 4 points exposed (or 3 and the double wind)
        # with a limit of 5.
        "bao_min_shown": Rule(3),
        # 002: "fewer than 7 tiles remaining"
        "fresh_tile_kong_tiles": Rule(7, "002 Fresh tile", "7 tiles Pao Kong,5 Tiles Pao Fresh"),
        # 002: "fewer than 5 tiles remaining"
        "fresh_tile_win_tiles": Rule(5, "002 Fresh tile", "7 tiles Pao Kong,5 Tiles Pao Fresh"),
        # 002: chow tiles are not 'discarded' tiles, pong sets are.
        "fresh_tile_seen_in": Rule("discards_and_pongs"),
        "false_win_doubles": cite(
            "002 Wrong Winning Claim Scenario",
            "Usually he will be penalised to pay 5 points or the Limit to the other three players.",
        ),
        "false_win_payment": Rule(
            "as_reverse_win",
            "002 Wrong Winning Claim Scenario",
            "The discarder will get double, whereas the other two players get the normal rate. If it is the "
            "offender that wrongly claim ... Self-Pick ... then he will pays all the three players double.",
        ),
        "short_of_chips": Rule("allow_negative"),
        # exposed_kong_paid_by as the base: "paid by each player" / "from each player"
        "capital": Rule(0),
    },
)
