"""What each setting of a rule set means: the one list of the settings, in order, described.

Every rule set has exactly these settings, in this order, in two sections:

- scoring settings (minimum doubles, limit, which hands count and for how
  many doubles, seven pairs allowed...): read by ``scoring.doubles`` and
  ``scoring.score``;
- payment settings (price table, who pays a win, instant payouts, Bao,
  Za Hu, what a payer short of chips pays): read by ``scoring.payments``
  and ``scoring.settle``.

Each setting's description here is what the API gives as its
``description`` (``GET /api/v1/rulesets/``, ``describe_settings``); the
rule document's words for its value are beside the value in that rule set's
preset (``scoring.rulesets.presets``). ``CHOICES`` lists the values a
setting of words may take. (The organiser's rules page words the same
settings in English and Chinese as a label and a line of help:
``tournament/league/rulecard.py``.)
"""

from __future__ import annotations

# The scoring section. A hand's key is its Item code: the doubles it counts (None: not counted
# here); a code in limit_hands counts limit_doubles instead and is a limit hand.
SCORING_SETTINGS: dict[str, str] = {
    "min_doubles": "Fewest doubles a hand needs to win.",
    "min_doubles_self_drawn": "Fewest doubles a self-drawn hand needs to win (empty: min_doubles).",
    "min_doubles_exempt": "Hands that win below the minimum (limit hands always do).",
    "limit_doubles": "Most doubles a hand can count (the cap); more are paid as this many.",
    "limit_hands": "Hands that are limit hands: each counts limit_doubles and pays the limit price.",
    "instant_wins": "Hands that win without a complete hand (no winning tile needed).",
    "seven_pairs": "Doubles for seven pairs (empty: not a winning hand).",
    "seven_pairs_four_alike": "Whether four alike may count as two of the seven pairs.",
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
    "instant_big_dragons": "Doubles for pongs of all three dragons won at once, without a complete hand "
    "(an instant win; not a limit hand); empty: as big_dragons.",
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
}

PAYMENT_SETTINGS: dict[str, str] = {
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
    "robbing_eighth_flower_paid_by": "Who pays a win by robbing the eighth flower, the player who drew "
    "it counting as the discarder: as_discard (he pays full, the others half), drawer_for_all (he pays "
    "all three shares at the self-drawn price) or all_full (each pays his share at the self-drawn price).",
    "kong_discarder_pays_for_all": "Whether the player who discarded the tile of an exposed kong pays "
    "for all when the kong's owner then wins on its replacement tile, wherever the wall stands.",
    "instant": "Instant payouts, paid by each other player: kong (concealed/exposed), own flower and "
    "season pair, animal pair, complete bonus set (at the opening deal / later).",
    "bao_self_draw": "Whether a liable player pays for all on a self-drawn win.",
    "bao_on_other_discard": "Whether a liable player pays for all when someone else discarded the "
    "winning tile.",
    "bao_needs_consequence": "Whether a liable player pays for a self-drawn win only when it meets a "
    "consequence of the pay-for-all table: bao_limit_doubles or more, a Full Flush, All Honours, or a "
    "win on a kong's replacement tile (a win on his own discard may always be a fresh tile claimed to "
    "win).",
    "bao_scenarios": "The situations in which a discard makes the discarder liable (Bao).",
    "bao_discard_only_scenarios": "Scenarios whose liable player pays for all only when his discard is "
    "the winning tile, not on a self-drawn win: a liable seat entered for a self-drawn win must then "
    "show another scenario's consequence (three dragon or four wind pongs, the Bao limit reached, ...).",
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
    "exposed_kong_paid_by": "Who pays an exposed kong: each_other (every other player pays the "
    "instant payout) or discarder (the player who discarded the fourth tile pays all three shares; "
    "a kong promoted from one's own pong is still paid by each other player).",
    "capital": "Chips each player starts a session with (0: no capital).",
}

SETTINGS_DOC: dict[str, str] = {**SCORING_SETTINGS, **PAYMENT_SETTINGS}

CHOICES: dict[str, tuple[str, ...]] = {
    "false_win_payment": ("full_each", "as_reverse_win"),
    "short_of_chips": ("pay_what_they_have", "allow_negative"),
    "exposed_kong_paid_by": ("each_other", "discarder"),
    "robbing_eighth_flower_paid_by": ("as_discard", "drawer_for_all", "all_full"),
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
CHOICES["bao_discard_only_scenarios"] = CHOICES["bao_scenarios"]
