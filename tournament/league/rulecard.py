"""The rule card: every rule-set setting named and explained in words, grouped as an organiser reads them.

Pure data (issue 14): the organiser's rules page (``tournament.forms.rulecard``, which lays the
card out: ``card_groups``) shows each setting under a heading with its label, a line of help, and the
rule document's wording (``RuleSet.citations``). A setting the code adds later
and this card does not name still shows, under "Other settings", by its key.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from tournament.words import word_list

# (heading, settings in the order they are read)
GROUPS: tuple[tuple[str, object, tuple[str, ...]], ...] = (
    ("win", _("Winning and minimum doubles"), (
        "min_doubles", "min_doubles_self_drawn", "min_doubles_exempt", "instant_wins",
        "seven_pairs", "seven_pairs_four_alike", "heavenly", "earthly", "earthly_self_drawn",
    )),
    ("prices", _("Prices"), (
        "price_table", "prices_follow_limit", "shooter_pays_all", "capital", "short_of_chips",
    )),
    ("limit", _("Limit hands"), (
        "limit_doubles", "limit_hands", "limit_price", "limit_all_pay_full", "all_pay_full_hands",
        "big_winds", "all_honours", "pure_terminals", "hidden_treasure", "hidden_treasure_self_drawn",
        "hidden_treasure_concealed_kongs", "four_kongs", "nine_gates", "nine_gates_pure_only_on_discard",
        "thirteen_wonders",
    )),
    ("pongs", _("Pongs, winds and dragons"), (
        "dragon_pong", "wind_pong", "double_wind_pong", "little_dragons", "big_dragons", "little_winds",
        "little_winds_counts_wind_pongs", "little_winds_counts_half_flush", "all_pongs",
    )),
    ("suits", _("Flushes, terminals and concealed hands"), (
        "half_flush", "full_flush", "all_green", "all_green_needs_green_dragon", "mixed_terminals",
        "mixed_terminals_counts_all_pongs", "mixed_terminals_needs_ones_and_nines", "fully_concealed",
        "fully_concealed_allows_concealed_kong",
    )),
    ("ping_hu", _("Ping Hu"), (
        "ping_hu", "little_ping_hu", "full_flush_ping_hu", "ping_hu_wait_shapes",
        "ping_hu_melded_single_self_draw", "ping_hu_price", "ping_hu_doubles",
    )),
    ("bonus", _("Kongs and bonus tiles"), (
        "seat_flower", "flower_set", "animal", "animal_set", "seven_flowers", "eight_flowers",
        "robbing_eighth_flower", "robbing_eighth_flower_paid_by", "instant", "exposed_kong_paid_by",
    )),
    ("tile", _("The winning tile"), (
        "flower_replacement", "kong_replacement", "double_kong_replacement", "robbing_kong", "last_tile",
        "last_tile_with_replacement",
    )),
    ("penalties", _("Penalties"), ("false_win_doubles", "false_win_payment")),
    ("bao", _("Bao (paying for all)"), (
        "bao_self_draw", "bao_on_other_discard", "bao_scenarios", "bao_discard_only_scenarios",
        "bao_limit_doubles", "bao_min_shown", "fresh_tile_kong_tiles", "fresh_tile_win_tiles",
        "fresh_tile_seen_in", "kong_discarder_pays_for_all",
    )),
)  # fmt: skip
OTHER = ("other", _("Other settings"))

# key: (label, help). A hand's label is the hand's name: the lists of hands use it too.
SETTINGS: dict[str, tuple[object, object]] = {
    "min_doubles": (_("Minimum doubles to win"), _("Fewest doubles a hand needs to win.")),
    "min_doubles_self_drawn": (
        _("Minimum doubles for a self-drawn win"),
        _("Empty: the same minimum as any other win."),
    ),
    "min_doubles_exempt": (
        _("Hands that win below the minimum"),
        _("Limit hands always may; list any other hand here."),
    ),
    "instant_wins": (
        _("Hands that win at once"),
        _("These win without a complete hand or a winning tile."),
    ),
    "seven_pairs": (_("Seven Pairs"), _("Doubles for seven pairs; empty: not a winning hand.")),
    "seven_pairs_four_alike": (
        _("Four alike count as two pairs"),
        _("Whether four identical tiles may count as two of the seven pairs."),
    ),
    "heavenly": (_("Heavenly Hand"), _("The dealer wins on the opening hand.")),
    "earthly": (_("Earthly Hand"), _("A non-dealer wins on the dealer's first discard.")),
    "earthly_self_drawn": (
        _("Earthly Hand also on one's first draw"),
        _("Whether a self-drawn win on the first draw also counts as an Earthly Hand."),
    ),
    "price_table": (
        _("Price table"),
        _(
            "What each payer pays for a number of doubles: full price (the discarder, or everyone on a "
            "self-drawn win) and half price (the others). More doubles than the last row pay the last row."
        ),
    ),
    "prices_follow_limit": (
        _("Prices double up to the limit"),
        _(
            "If ticked, changing the limit alone also sets the price table, the limit price and the Bao "
            "limit."
        ),
    ),
    "shooter_pays_all": (
        _("The discarder pays for everyone"),
        _("Whether the player who discarded the winning tile also pays the other players' shares."),
    ),
    "capital": (_("Chips at the start of a session"), _("0: no capital.")),
    "short_of_chips": (
        _("A player short of chips"),
        _("What a payer who has fewer chips than the price pays."),
    ),
    "limit_doubles": (
        _("Limit (most doubles counted)"),
        _("A hand with more doubles is paid as this many. Limit hands count this many."),
    ),
    "limit_hands": (_("Limit hands"), _("Each counts the limit and pays the limit price.")),
    "limit_price": (_("Limit price"), _("What each payer pays for a limit hand.")),
    "limit_all_pay_full": (
        _("Everyone pays full for a limit hand"),
        _("Whether every payer pays full price for a limit hand, even on a discard."),
    ),
    "all_pay_full_hands": (
        _("Hands everyone pays in full"),
        _("Every payer pays full price for these, even on a discard."),
    ),
    "big_winds": (_("Big Four Winds"), _("Pongs of all four winds.")),
    "all_honours": (_("All Honours"), _("Winds and dragons only.")),
    "pure_terminals": (_("Pure Terminals"), _("Ones and nines only.")),
    "hidden_treasure": (_("Hidden Treasure"), _("Four concealed pongs and an eye.")),
    "hidden_treasure_self_drawn": (
        _("Hidden Treasure must be self-drawn"),
        _("If not, a discard may complete the eye."),
    ),
    "hidden_treasure_concealed_kongs": (
        _("Hidden Treasure may hold concealed kongs"),
        _("Whether declared concealed kongs keep the hand a Hidden Treasure."),
    ),
    "four_kongs": (_("Four Kongs"), _("Four kongs in one hand.")),
    "nine_gates": (_("Nine Gates"), _("1112345678999 and one more tile of the suit, no meld.")),
    "nine_gates_pure_only_on_discard": (
        _("Nine Gates on a discard must wait on all nine"),
        _("Whether a win on a discard needs the pure nine-sided wait."),
    ),
    "thirteen_wonders": (_("Thirteen Wonders"), _("One of each terminal and honour, and one pair.")),
    "dragon_pong": (_("Dragon pong"), _("Doubles for each pong or kong of dragons.")),
    "wind_pong": (_("Round or seat wind pong"), _("Doubles for a pong or kong of the round or seat wind.")),
    "double_wind_pong": (
        _("Pong of a wind that is both round and seat wind"),
        _("Doubles for that one pong."),
    ),
    "little_dragons": (
        _("Little Three Dragons"),
        _("Two dragon pongs and the third dragon as the eye (the pongs included)."),
    ),
    "big_dragons": (_("Big Three Dragons"), _("Pongs of all three dragons (the pongs included).")),
    "little_winds": (_("Little Four Winds"), _("Three wind pongs and the fourth wind as the eye.")),
    "little_winds_counts_wind_pongs": (
        _("Little Four Winds also counts its wind pongs"),
        _("Whether the round and seat wind pongs count on top."),
    ),
    "little_winds_counts_half_flush": (
        _("Little Four Winds also counts the half flush"),
        _("Whether the half flush counts on top."),
    ),
    "all_pongs": (_("All Pongs"), _("Four pongs or kongs and an eye.")),
    "half_flush": (_("Half Flush"), _("One suit with honours.")),
    "full_flush": (_("Full Flush"), _("One suit only.")),
    "all_green": (_("All Green"), _("Bamboo 2, 3, 4, 6, 8 and green dragons only, in place of the flush.")),
    "all_green_needs_green_dragon": (
        _("All Green needs green dragons"),
        _("Whether the hand must hold green dragons."),
    ),
    "mixed_terminals": (_("Mixed Terminals"), _("Ones, nines and honours only.")),
    "mixed_terminals_counts_all_pongs": (
        _("Mixed Terminals also counts All Pongs"),
        _("Whether All Pongs counts on top."),
    ),
    "mixed_terminals_needs_ones_and_nines": (
        _("Mixed Terminals needs both ones and nines"),
        _("Whether the hand must hold both."),
    ),
    "fully_concealed": (_("Fully Concealed"), _("A self-drawn win with no meld.")),
    "fully_concealed_allows_concealed_kong": (
        _("A concealed kong keeps a hand fully concealed"),
        _("Whether a declared concealed kong still counts as concealed."),
    ),
    "ping_hu": (_("Ping Hu"), _("Four chows, an unvalued eye, a fair wait, no bonus tile.")),
    "little_ping_hu": (_("Little Ping Hu"), _("Ping Hu with bonus tiles.")),
    "full_flush_ping_hu": (
        _("Full Flush Ping Hu"),
        _("In place of both; empty: the full flush and Ping Hu add up."),
    ),
    "ping_hu_wait_shapes": (
        _("A poor wait spoils Ping Hu on a discard"),
        _("Whether an edge, closed or single-tile wait spoils Ping Hu when won on a discard."),
    ),
    "ping_hu_melded_single_self_draw": (
        _("Self-drawn Ping Hu on a single-tile wait"),
        _("Whether a self-drawn Ping Hu may wait on a single tile after four melded chows."),
    ),
    "ping_hu_price": (
        _("Ping Hu price"),
        _("What each payer pays for a Ping Hu hand of exactly the doubles below; empty: the price table."),
    ),
    "ping_hu_doubles": (_("Doubles for the Ping Hu price"), _("The Ping Hu price applies at exactly this.")),
    "seat_flower": (_("Own flower or season"), _("Doubles for each flower or season of one's seat number.")),
    "flower_set": (_("Complete set of flowers or seasons"), _("Doubles for all four (own flower included).")),
    "animal": (_("Animal"), _("Doubles for each animal.")),
    "animal_set": (_("All four animals"), _("Doubles for the set, in place of the single animals.")),
    "seven_flowers": (_("Seven flowers"), _("Seven flowers and seasons in a complete hand.")),
    "eight_flowers": (_("Eight flowers"), _("All eight flowers and seasons.")),
    "robbing_eighth_flower": (
        _("Robbing the eighth flower"),
        _("Taking the eighth flower while holding seven."),
    ),
    "robbing_eighth_flower_paid_by": (
        _("Who pays for robbing the eighth flower"),
        _("The player who drew the eighth flower counts as the discarder."),
    ),
    "instant": (
        _("Instant payouts"),
        _("Chips each other player pays at once, when the kong or bonus tiles are shown."),
    ),
    "exposed_kong_paid_by": (
        _("Who pays an exposed kong"),
        _("The instant payout for a kong from a discard."),
    ),
    "flower_replacement": (_("Win on a bonus tile's replacement"), _("Doubles for winning on it.")),
    "kong_replacement": (_("Win on a kong's replacement"), _("Doubles for winning on it.")),
    "double_kong_replacement": (
        _("Win on a second kong's replacement"),
        _("Doubles for winning on the replacement of a second kong in a row."),
    ),
    "robbing_kong": (_("Robbing a kong"), _("Doubles for winning on a tile robbed from a kong.")),
    "last_tile": (_("Win on the last tile"), _("Doubles for winning on the last tile of the wall.")),
    "last_tile_with_replacement": (
        _("Last tile adds to a replacement tile"),
        _("Whether the last-tile double adds to a replacement-tile double."),
    ),
    "false_win_doubles": (_("False win penalty (doubles)"), _("The false win (Za Hu) is priced at this.")),
    "false_win_payment": (_("How a false win is paid"), _("Who receives the penalty and at what price.")),
    "bao_self_draw": (
        _("Bao on a self-drawn win"),
        _("Whether the liable player pays for all when the winner draws the tile."),
    ),
    "bao_on_other_discard": (
        _("Bao when someone else discarded"),
        _("Whether the liable player pays for all when another player discarded the winning tile."),
    ),
    "bao_scenarios": (
        _("When a discard makes the discarder liable"),
        _("Tick every situation in which the rules say Bao."),
    ),
    "bao_discard_only_scenarios": (
        _("Situations that pay only on the winning discard"),
        _(
            "For these, the liable player pays for all only when his discard is the winning tile; a liable "
            "player entered for a self-drawn win must show another situation's hand."
        ),
    ),
    "bao_limit_doubles": (
        _("Bao limit (doubles)"),
        _("A discard is dangerous if it can bring the doubles shown to this many."),
    ),
    "bao_min_shown": (_("Doubles shown before that applies"), _("Fewest doubles on the table.")),
    "fresh_tile_kong_tiles": (
        _("Fresh tile rule for a kong (tiles left)"),
        _(
            "Below this many tiles in the wall, the discarder of a fresh tile claimed for a kong is liable; "
            "0: no such rule."
        ),
    ),
    "fresh_tile_win_tiles": (
        _("Fresh tile rule for a win (tiles left)"),
        _(
            "Below this many tiles in the wall, the discarder of a fresh winning tile is liable; "
            "0: no such rule."
        ),
    ),
    "fresh_tile_seen_in": (
        _("A tile is no longer fresh once seen in"),
        _("Where the tile must have been seen."),
    ),
    "kong_discarder_pays_for_all": (
        _("A kong's discarder pays for a win on its replacement"),
        _(
            "Whether the player who discarded the tile of an exposed kong pays for all when its owner "
            "wins on the kong's replacement tile, anywhere in the wall."
        ),
    ),
}

# the words for a choice
CHOICE_WORDS: dict[str, object] = {
    "full_each": _("full price to each other player"),
    "as_reverse_win": _("like a win paid backwards"),
    "pay_what_they_have": _("pays what they have (never below zero)"),
    "allow_negative": _("pays in full; balances may go below zero"),
    "each_other": _("each other player"),
    "discarder": _("the discarder pays all three shares"),
    "as_discard": _("as a win on his discard: he pays full, the others half"),
    "drawer_for_all": _("he pays all three shares, as if self-drawn"),
    "all_full": _("each pays his share as if self-drawn"),
    "discards": _("the discards"),
    "discards_and_pongs": _("the discards and pongs"),
    "discards_and_melds": _("the discards and all melds"),
    "same_suit": _("three sets of one suit shown"),
    "terminal_pongs": _("three pongs of ones and nines shown"),
    "three_winds": _("three wind pongs shown"),
    "honour_pongs": _("three honour pongs shown"),
    "two_dragons": _("two dragon pongs shown"),
    "limit_shown": _("near the limit shown"),
    "fresh_tile_kong": _("a fresh tile for a kong late in the wall"),
    "fresh_tile_win": _("a fresh winning tile late in the wall"),
}

# the entries of the instant payouts
INSTANT_WORDS: dict[str, object] = {
    "kong": _("Kong"),
    "flower_pair": _("Own flower and season pair"),
    "animal_pair": _("Animal pair"),
    "bonus_set": _("Complete set of bonus tiles"),
    "concealed": _("concealed"),
    "exposed": _("exposed"),
    "initial": _("at the deal"),
    "later": _("later"),
}


def group_of(key: str) -> tuple[str, object]:
    for slug, heading, keys in GROUPS:
        if key in keys:
            return slug, heading
    return OTHER


def label(key: str) -> str:
    return str(SETTINGS[key][0]) if key in SETTINGS else key


def help_text(key: str) -> str:
    return str(SETTINGS[key][1]) if key in SETTINGS else ""


def words(code: str) -> str:
    """A hand, choice or payout entry in words (its code if the card does not know it)."""
    if code in CHOICE_WORDS:
        return str(CHOICE_WORDS[code])
    if code in INSTANT_WORDS:
        return str(INSTANT_WORDS[code])
    return label(code)


# the rule sets by a short name, for the mark "changed from ..."
SHORT_NAMES: dict[str, object] = {
    "spgg-2023": "SPGG 2023",
    "sg-tai-card": _("the tai card"),
    "sg-classic": _("the classic rules"),
    "sgmj-2002": "SGMJ 2002",
}


def in_words(key: str, value: Any) -> str:
    """A setting's value as the page says it: yes/no, hands by name, a table as doubles: full/half."""
    if value is None:
        return str(_("not counted"))
    if isinstance(value, bool):
        return str(_("yes") if value else _("no"))
    if isinstance(value, str):
        return words(value)
    if isinstance(value, dict):
        return "; ".join(
            f"{words(entry)}: " + word_list(f"{words(p)} {n}" for p, n in parts.items())
            for entry, parts in value.items()
        )
    if isinstance(value, list):
        if not value:
            return str(_("none"))
        if isinstance(value[0], list):
            return ", ".join(f"{d}: {row[0]}/{row[1]}" for d, row in enumerate(value))
        if key in ("ping_hu_price", "limit_price"):
            return f"{value[0]}/{value[1]}"
        return word_list(words(v) for v in value)
    return str(value)
