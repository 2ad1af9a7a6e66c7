"""The common doubles of a winning hand: bonus tiles, honours, colour, shape, situations.

Vocabulary (see ``scoring.model`` for tile, set, eye, reading, double):

- **facts**: what is true of a hand whatever way it is read, computed once
  per hand (``hand_facts``): which suits it shows, whether it holds
  terminals, simples, honours (and how many of each honour: a kong gives
  four), whether it is all green, its bonus tiles, its declared melds.
  Doubles that depend only on facts are counted once per hand (bonus,
  colour, honour and situation items); the few that depend on the reading
  (all pongs, Ping Hu, Hidden Treasure...) are counted per reading by
  ``scoring.score``.
- **honour pong**: a pong or kong of a wind or dragon. An honour can never
  sit in a chow, so three or four of one honour in a complete standard hand
  is a pong in every reading and two is the eye: the honour doubles are
  facts too (``honour_items``), counted for standard readings only.
- **valued wind**: the prevailing wind or the seat wind (rules 19, 20).
- **value of a hand**: each named hand has a setting of the same name as its
  ``Item`` code in ``scoring.rulesets`` (the doubles it counts, or ``None``
  when the rule set does not count it); a code listed in ``limit_hands``
  is a limit hand and counts ``limit_doubles``. The value is the total the
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

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scoring.errors import Error, InvalidInput
from scoring.model import Hand, Item
from scoring.tiles import ANIMALS, DRAGONS, FLOWERS, SEASONS, SUITS, TILES, WIND_OF_SEAT, WINDS
from scoring.tiles import TERMINALS as _TERMINALS

NUMBER_TILES = frozenset(s + str(n) for s in SUITS for n in range(1, 10))
TERMINALS = frozenset(_TERMINALS)
HONOURS = frozenset(WINDS + DRAGONS)
GREEN = frozenset({"B2", "B3", "B4", "B6", "B8", "GD"})
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


# ------------------------------------------------------------- rule values


@dataclass(frozen=True, slots=True)
class Values:
    """A rule set's scoring settings, looked up once per rule set.

    ``hands`` maps an Item code to ``(doubles, limit, rule)``, or to None when
    the rule set does not count that hand. ``flags`` is the rest of the
    settings (booleans and lists), read as they are.
    """

    hands: dict[str, tuple[int, bool, str] | None]
    flags: Any  # the rule set's settings mapping
    limit_doubles: int
    min_doubles: int
    made: dict[tuple[str, str], Item]  # Items already built: an Item is immutable, so it is reused
    highest_minimum: int  # no hand with at least this many doubles can be below a minimum
    prices: dict[tuple[int, bool, bool], dict[str, int]]  # payments.price answers, remembered
    memo: dict[tuple, list[Item]]  # item lists of a few hand properties, remembered (scoring.score)

    def item(self, code: str, name: str) -> Item | None:
        """The Item for ``code`` under this rule set (None: not counted); Items are shared."""
        key = (code, name)
        hit = self.made.get(key)
        if hit is None:
            v = self.hands.get(code)
            if v is None:
                return None
            hit = self.made[key] = Item(code, name, v[0], v[2], v[1])
        return hit

    def counts(self, code: str) -> bool:
        return self.hands.get(code) is not None


HAND_CODES = (
    "seven_pairs",
    "seat_flower",
    "flower_set",
    "animal",
    "animal_set",
    "seven_flowers",
    "eight_flowers",
    "robbing_eighth_flower",
    "dragon_pong",
    "wind_pong",
    "double_wind_pong",
    "little_dragons",
    "big_dragons",
    "little_winds",
    "big_winds",
    "all_pongs",
    "half_flush",
    "full_flush",
    "all_green",
    "all_honours",
    "mixed_terminals",
    "pure_terminals",
    "ping_hu",
    "little_ping_hu",
    "full_flush_ping_hu",
    "fully_concealed",
    "hidden_treasure",
    "four_kongs",
    "nine_gates",
    "thirteen_wonders",
    "heavenly",
    "earthly",
    "flower_replacement",
    "kong_replacement",
    "double_kong_replacement",
    "last_tile",
    "robbing_kong",
)

_VALUES_CACHE: dict[int, tuple[object, Values]] = {}

# the settings that list hands, and the hands each may list
CODE_LISTS = {
    "limit_hands": frozenset(HAND_CODES),
    "min_doubles_exempt": frozenset(HAND_CODES),
    "instant_wins": frozenset(
        {"eight_flowers", "robbing_eighth_flower", "big_dragons", "big_winds", "four_kongs"}
    ),
}


def _check_code_lists(settings) -> None:
    """An organiser's list of hands must name known hands (``InvalidInput`` otherwise)."""
    errors = []
    for key, known in CODE_LISTS.items():
        unknown = [c for c in settings.get(key) or () if c not in known]
        if unknown:
            errors.append(
                Error(
                    "invalid_option",
                    f"Option {key!r}: unknown hands {unknown}; choose from {', '.join(sorted(known))}.",
                    f"options.{key}",
                )
            )
    if errors:
        raise InvalidInput(errors)


def values_of(rules: Any) -> Values:
    """The ``Values`` of a rule set (cached per rule-set object)."""
    hit = _VALUES_CACHE.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    s = rules.settings
    _check_code_lists(s)
    citations = getattr(rules, "citations", {}) or {}
    limit_doubles = s.get("limit_doubles", 5)
    limit_hands = frozenset(s.get("limit_hands") or ())
    hands: dict[str, tuple[int, bool, str] | None] = {}
    for code in HAND_CODES:
        cite = citations.get(code, (rules.id,))[0]
        if code in limit_hands:
            hands[code] = (limit_doubles, True, cite)
        else:
            v = s.get(code)
            hands[code] = None if v is None or v is False else (int(v), False, cite)
    min_doubles = s.get("min_doubles", 1)
    highest_minimum = max(min_doubles, s.get("min_doubles_self_drawn") or 0)
    values = Values(hands, s, limit_doubles, min_doubles, {}, highest_minimum, {}, {})
    if len(_VALUES_CACHE) > 64:  # organisers' copies come and go; keep the cache small
        _VALUES_CACHE.clear()
    _VALUES_CACHE[id(rules)] = (rules, values)
    return values


# ------------------------------------------------------------------- facts


# one bit per property of a playing tile, so a hand's properties are an OR over its distinct tiles
_HONOUR, _TERMINAL, _SIMPLE, _NOT_GREEN = 1, 2, 4, 8
_SUIT_BIT = {"B": 16, "D": 32, "C": 64}
_BITS: dict[str, int] = {}
for _t in NUMBER_TILES:
    _BITS[_t] = (_TERMINAL if _t in TERMINALS else _SIMPLE) | _SUIT_BIT[_t[0]]
    if _t not in GREEN:
        _BITS[_t] |= _NOT_GREEN
for _t in HONOURS:
    _BITS[_t] = _HONOUR | (0 if _t in GREEN else _NOT_GREEN)
_SUITS_OF_MASK = {m: frozenset(s for s, b in _SUIT_BIT.items() if m & b) for m in range(0, 128, 16)}
# the OR of a hand's tile bits -> (suits, honours, terminals, simples, green): the Facts it gives
_FACTS_OF_MASK = tuple(
    (_SUITS_OF_MASK[m & 112], bool(m & _HONOUR), bool(m & _TERMINAL), bool(m & _SIMPLE), not m & _NOT_GREEN)
    for m in range(128)
)


class Facts:
    """What is true of a hand in every reading (bonus tiles apart from the rest).

    A plain slotted class rather than a frozen dataclass: it is built once per
    hand on the hot path, and nothing changes it after ``hand_facts``.
    """

    __slots__ = (
        "honour_counts",
        "suits",
        "honours",
        "terminals",
        "simples",
        "green",
        "dragon_pongs",
        "wind_pongs",
        "dragon_pairs",
        "wind_pairs",
        "flowers",
        "seasons",
        "animals",
        "declared",
        "exposed",
        "concealed_kongs_only",
    )

    honour_counts: dict[str, int]  # honour -> copies held, concealed and declared (a kong gives 4)
    suits: frozenset[str]  # "B", "D", "C" present
    honours: bool  # any wind or dragon
    terminals: bool  # any 1 or 9
    simples: bool  # any 2..8
    green: bool  # only B2 B3 B4 B6 B8 GD
    dragon_pongs: Sequence[str]  # dragons held three or four times, in DRAGONS order
    wind_pongs: Sequence[str]  # in WINDS order
    dragon_pairs: Sequence[str]  # dragons held exactly twice
    wind_pairs: Sequence[str]
    flowers: Sequence[str]  # F1..F4 held (bonus tiles are unique: parse_hand checks)
    seasons: Sequence[str]  # S1..S4 held
    animals: Sequence[str]  # in ANIMALS order
    declared: bool  # any declared meld
    exposed: bool  # any exposed meld (a concealed kong is not)
    concealed_kongs_only: bool  # declared melds are all concealed kongs (or none)

    @property
    def n_flowers(self) -> int:
        return len(self.flowers) + len(self.seasons)


_NO_COUNTS: dict[str, int] = {}
_BONUS_KIND = {t: "F" for t in FLOWERS} | {t: "S" for t in SEASONS} | {t: "A" for t in ANIMALS}
_ANIMAL_ORDER = {a: i for i, a in enumerate(ANIMALS)}


# Remembered per pattern of honours held and per set of bonus tiles (shared tuples: read only).
_HONOUR_SLOT = {t: i for i, t in enumerate(WINDS + DRAGONS)}
_HONOUR_FACTS: dict[bytes, tuple] = {}
_BONUS_FACTS: dict[tuple[str, ...], tuple] = {}


def _honour_facts(pattern: bytes) -> tuple:
    """(honour counts, dragon pongs, wind pongs, dragon pairs, wind pairs) of the copies held of
    each honour (``pattern``, in ``WINDS + DRAGONS`` order)."""
    counts = {t: c for t, c in zip(WINDS + DRAGONS, pattern, strict=True) if c}
    found = (
        counts,
        tuple(d for d in DRAGONS if counts.get(d, 0) >= 3),
        tuple(w for w in WINDS if counts.get(w, 0) >= 3),
        tuple(d for d in DRAGONS if counts.get(d) == 2),
        tuple(w for w in WINDS if counts.get(w) == 2),
    )
    if len(_HONOUR_FACTS) < 10_000:
        _HONOUR_FACTS[pattern] = found
    return found


def _bonus_facts(bonus: tuple[str, ...]) -> tuple:
    """(flowers, seasons, animals) among ``bonus``; animals in ``ANIMALS`` order."""
    kind = _BONUS_KIND
    found = (
        tuple(t for t in bonus if kind[t] == "F"),
        tuple(t for t in bonus if kind[t] == "S"),
        tuple(sorted((t for t in bonus if kind[t] == "A"), key=_ANIMAL_ORDER.__getitem__)),
    )
    if len(_BONUS_FACTS) < 10_000:
        _BONUS_FACTS[bonus] = found
    return found


class _PartBits(dict):
    """The OR of the tile bits of one part of a 34-count (a suit's nine counts, or the seven
    honours'), per pattern of counts: a hand's concealed bits are four look-ups, not one per tile."""

    def __init__(self, tiles: tuple[str, ...]) -> None:
        super().__init__()
        self.tiles = tiles

    def __missing__(self, key: bytes) -> int:
        bits = 0
        for t, c in zip(self.tiles, key, strict=True):
            if c:
                bits |= _BITS[t]
        if len(self) < 10_000:
            self[key] = bits
        return bits


_B_BITS, _D_BITS, _C_BITS, _HONOUR_BITS = (
    _PartBits(TILES[i : i + n]) for i, n in ((0, 9), (9, 9), (18, 9), (27, 7))
)


def hand_facts(hand: Hand) -> Facts:
    """The facts of ``hand``: from its tile counts and declared melds (the hot path of every scoring)."""
    counts = hand.counts  # the concealed tiles' 34-count, in tile index order
    honour_key = counts[27:34]  # in ``WINDS + DRAGONS`` order, as the tile indices
    mask = _B_BITS[counts[0:9]] | _D_BITS[counts[9:18]] | _C_BITS[counts[18:27]] | _HONOUR_BITS[honour_key]
    bits = _BITS
    melds = hand.melds
    for m in melds:
        for t in m.tiles:
            mask |= bits[t]
    f = Facts()
    f.suits, f.honours, f.terminals, f.simples, f.green = _FACTS_OF_MASK[mask]
    honours = f.honours
    if honours:
        # the honours held: the concealed ones with the declared melds' (a kong gives four)
        pattern = honour_key
        if melds:
            held = bytearray(honour_key)
            slot = _HONOUR_SLOT
            for m in melds:
                h = slot.get(m.tiles[0])
                if h is not None:
                    held[h] += len(m.tiles)
            pattern = bytes(held)
        honour = _HONOUR_FACTS.get(pattern) or _honour_facts(pattern)
        f.honour_counts, f.dragon_pongs, f.wind_pongs, f.dragon_pairs, f.wind_pairs = honour
    else:
        f.honour_counts = _NO_COUNTS
        f.dragon_pongs = f.wind_pongs = f.dragon_pairs = f.wind_pairs = ()
    bonus = hand.bonus
    if bonus:
        f.flowers, f.seasons, f.animals = _BONUS_FACTS.get(bonus) or _bonus_facts(bonus)
    else:
        f.flowers = f.seasons = f.animals = ()
    if melds:
        f.declared = True
        exposed = False
        kongs_only = True
        for m in melds:
            if not m.concealed:
                exposed = True
                kongs_only = False
            elif m.kind != "kong":
                kongs_only = False
        f.exposed, f.concealed_kongs_only = exposed, kongs_only
    else:
        f.declared = f.exposed = False
        f.concealed_kongs_only = True
    return f


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
