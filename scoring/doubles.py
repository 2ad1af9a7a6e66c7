"""The common doubles of a winning hand: bonus tiles, honours, colour, shape, situations.

Vocabulary (see ``scoring.model`` for tile, set, eye, reading, double):

- **facts**: what is true of a hand whatever way it is read, computed once
  per hand (``scoring.hand_facts``). The doubles here depend only on facts
  and are counted once per hand (bonus, colour, honour and situation
  items); the few that depend on the reading (all pongs, Ping Hu, Hidden
  Treasure...) are counted per reading by ``scoring.score``.
- **honour pong**: a pong or kong of a wind or dragon. An honour can never
  sit in a chow, so three or four of one honour in a complete standard hand
  is a pong in every reading and two is the eye: the honour doubles are
  facts too (``honour_items``), counted for standard readings only.
- **valued wind**: the prevailing wind or the seat wind (rules 19, 20).
- **value of a hand**: each named hand has a setting of the same name as its
  ``Item`` code in ``scoring.rulesets`` (the doubles it counts, or ``None``
  when the rule set does not count it; ``scoring.hand_values``); a code listed
  in ``limit_hands`` is a limit hand and counts ``limit_doubles``. The value is the total the
  document gives: a combination that "already includes" its parts
  (Little Three Dragons includes its two dragon pongs) *replaces* the
  items of those parts, so the items always add up to the hand's doubles.

Rules implemented here, per document (001 = spgg-2023, 004 = sg-tai-card,
002 = sg-classic, 000 = sgmj-2002; the rule matrix is
docs/rules-matrix/hands.md): own flower, flower set, animals, animal set,
seven flowers (001 23a-d; 004 tai table; 002 Animal Tiles, Flower Tiles;
000 How to get doubles), dragon and wind pongs, Little/Big Three Dragons,
Little Four Winds (001 19, 20, 23e-i, 23k), all pongs, half and full flush,
all green, mixed terminals (001 23j, 23l-n, 23r), fully concealed (004,
002), and the bonus situations: replacement tile, kong on kong, last tile,
robbing the kong (001 25a-c).

Not here: Ping Hu (``scoring.ping_hu``), limit hands (``scoring.limits``),
wins without a complete hand (``scoring.instant_wins``), choosing the best
reading, the cap and the minimum (``scoring.score``), and prices
(``scoring.payments``).

This module imports nothing outside the standard library and ``scoring``.
"""

from __future__ import annotations

from scoring.hand_facts import TERMINALS, Facts
from scoring.hand_values import Values
from scoring.model import Hand, Item
from scoring.tiles import WIND_OF_SEAT

SEAT_NUMBER = {"E": "1", "S": "2", "W": "3", "N": "4"}

TILE_NAMES = {
    "EW": "East Wind",
    "SW": "South Wind",
    "WW": "West Wind",
    "NW": "North Wind",
    "RD": "Red Dragons",
    "GD": "Green Dragons",
    "WD": "White Dragons",
    "CAT": "Cat",
    "RAT": "Rat",
    "ROOSTER": "Rooster",
    "CENTIPEDE": "Centipede",
}
SUIT_NAMES = {"B": "Bamboo", "D": "Dots", "C": "Characters"}

# Events that mean the winning tile came from the replacement wall.
REPLACEMENT_EVENTS = frozenset({"flower_replacement", "kong_replacement", "double_kong_replacement"})


# ------------------------------------------------------------- bonus tiles


def bonus_items(hand: Hand, facts: Facts, v: Values) -> list[Item]:
    """Own flowers, flower sets, animals, animal set, seven or eight flowers (001 rule 23a-d)."""
    items: list[Item] = []
    flowers_done = False
    n_flowers = facts.n_flowers
    if "robbing_eighth_flower" in hand.events and n_flowers >= 7 and v.counts("robbing_eighth_flower"):
        # the robbed eighth may be listed among the bonus tiles or not
        items.append(v.item("robbing_eighth_flower", "Robbing the eighth flower"))
        flowers_done = True
    elif n_flowers == 8 and v.counts("eight_flowers"):
        items.append(v.item("eight_flowers", "All eight flowers and seasons"))
        flowers_done = True
    elif n_flowers == 7 and v.counts("seven_flowers"):
        items.append(v.item("seven_flowers", "Seven flowers and seasons"))
        flowers_done = True
    if not flowers_done:
        n = SEAT_NUMBER[hand.seat_wind]
        for group, kind in ((facts.flowers, "flowers"), (facts.seasons, "seasons")):
            if len(group) == 4 and v.counts("flower_set"):
                # the set "already includes" the own flower of that group (004; 002; 000)
                items.append(v.item("flower_set", f"Complete set of {kind}"))
                continue
            own = ("F" if kind == "flowers" else "S") + n
            if own in group and v.counts("seat_flower"):
                label = "flower" if kind == "flowers" else "season"
                items.append(v.item("seat_flower", f"Own {label} {own}"))
    if len(facts.animals) == 4 and v.counts("animal_set"):
        items.append(v.item("animal_set", "Complete set of animals"))
    elif v.counts("animal"):
        for a in facts.animals:
            items.append(v.item("animal", f"Animal: {TILE_NAMES[a]}"))
    return items


# ----------------------------------------------------------------- honours


def honour_items(hand: Hand, facts: Facts, v: Values) -> list[Item]:
    """Dragon and wind pongs and their combinations (001 rules 19, 20, 23e-i, 23k, 24a).

    Counted for standard readings only (and for a win without a complete
    hand, ``scoring.instant_wins``): seven pairs holds no pongs.
    """
    items: list[Item] = []
    dp = facts.dragon_pongs
    if len(dp) == 3 and v.counts("big_dragons"):
        items.append(v.item("big_dragons", "Big Three Dragons"))
    elif len(dp) == 2 and facts.dragon_pairs and v.counts("little_dragons"):
        items.append(v.item("little_dragons", "Little Three Dragons"))
    elif dp and v.counts("dragon_pong"):
        for d in dp:
            items.append(v.item("dragon_pong", f"Pong of {TILE_NAMES[d]}"))
    wp = facts.wind_pongs
    if len(wp) == 4 and v.counts("big_winds"):
        items.append(v.item("big_winds", "Big Four Winds (Four Blessings)"))
        return items
    little = len(wp) == 3 and facts.wind_pairs and v.counts("little_winds")
    if little:
        items.append(v.item("little_winds", "Little Four Winds"))
        if not v.flags.get("little_winds_counts_wind_pongs"):
            return items
    prevailing = WIND_OF_SEAT[hand.prevailing_wind]
    seat = WIND_OF_SEAT[hand.seat_wind]
    for w in wp:
        if w == prevailing and w == seat:
            item = v.item("double_wind_pong", f"Pong of {TILE_NAMES[w]} (prevailing and own wind)")
        elif w == prevailing:
            item = v.item("wind_pong", f"Pong of {TILE_NAMES[w]} (prevailing wind)")
        elif w == seat:
            item = v.item("wind_pong", f"Pong of {TILE_NAMES[w]} (own wind)")
        else:
            continue
        if item is not None:
            items.append(item)
    return items


# ------------------------------------------------------ colour and terminals


def colour_items(hand: Hand, facts: Facts, v: Values) -> list[Item]:
    """Half flush, full flush, all green (001 rules 23l-n; all honours is in ``limits``)."""
    if len(facts.suits) != 1:
        return []
    suit = SUIT_NAMES[next(iter(facts.suits))]
    if facts.green and v.counts("all_green"):
        needs_dragon = v.flags.get("all_green_needs_green_dragon")
        if not needs_dragon or "GD" in facts.honour_counts:
            # All Green is the hand's colour: it takes the place of the flush (choice, hands.md)
            return [v.item("all_green", "All Green")]
    if facts.honours:
        item = v.item("half_flush", f"Half Flush ({suit} and honours)")
    else:
        item = v.item("full_flush", f"Full Flush ({suit})")
    return [item] if item is not None else []


def all_tiles(hand: Hand) -> list[str]:
    """Every playing tile of the hand, concealed and declared."""
    tiles = list(hand.concealed)
    for m in hand.melds:
        tiles.extend(m.tiles)
    return tiles


def mixed_terminals_item(hand: Hand, facts: Facts, v: Values) -> Item | None:
    """Terminals and honours only, with both (001 rule 23r; 004; 002 Mixed Terminals; 000)."""
    if facts.simples or not facts.terminals or not facts.honours:
        return None
    if v.flags.get("mixed_terminals_needs_ones_and_nines"):
        ranks = {t[1] for t in all_tiles(hand) if t in TERMINALS}
        if ranks != {"1", "9"}:
            return None
    return v.item("mixed_terminals", "Mixed Terminals (ones, nines and honours)")


# -------------------------------------------------------------- situations


def situation_items(hand: Hand, facts: Facts, v: Values) -> list[Item]:
    """How the hand was won (001 rule 25a-c; 004; 002; 000), and a fully concealed self-draw."""
    items: list[Item] = []
    ev = hand.events
    replaced = False
    if "double_kong_replacement" in ev and v.counts("double_kong_replacement"):
        items.append(v.item("double_kong_replacement", "Won on the replacement tile of a second kong"))
        replaced = True
    elif "kong_replacement" in ev or "double_kong_replacement" in ev:
        item = v.item("kong_replacement", "Won on a replacement tile for a kong")
        if item is not None:
            items.append(item)
            replaced = True
    if "flower_replacement" in ev:
        item = v.item("flower_replacement", "Won on a replacement tile for a bonus tile")
        if item is not None:
            items.append(item)
            replaced = True
    if "last_tile" in ev and (not replaced or v.flags.get("last_tile_with_replacement")):
        item = v.item("last_tile", "Won on the last tile")
        if item is not None:
            items.append(item)
    if "robbing_kong" in ev:
        item = v.item("robbing_kong", "Robbing the kong")
        if item is not None:
            items.append(item)
    if hand.win == "self_draw" and v.counts("fully_concealed"):
        allowed = not facts.declared or (
            facts.concealed_kongs_only and v.flags.get("fully_concealed_allows_concealed_kong")
        )
        if allowed:
            items.append(v.item("fully_concealed", "Fully concealed hand, self-drawn"))
    return items


# ------------------------------------------------------------ combinations


_COMBINATIONS = frozenset({"little_winds", "mixed_terminals", "full_flush_ping_hu"})


def combine(items: list[Item], v: Values) -> list[Item]:
    """Drop the items a combination already includes (the settings say which)."""
    for i in items:
        if i.code in _COMBINATIONS:
            break
    else:
        return items
    codes = {i.code for i in items}
    drop: set[str] = set()
    if "little_winds" in codes and not v.flags.get("little_winds_counts_half_flush", True):
        drop.add("half_flush")
    if "mixed_terminals" in codes and not v.flags.get("mixed_terminals_counts_all_pongs", True):
        drop.add("all_pongs")
    if "full_flush_ping_hu" in codes:
        drop.update(("full_flush", "ping_hu"))
    if not drop:
        return items
    return [i for i in items if i.code not in drop]
