"""The facts of a winning hand: what is true of it whatever way it is read, computed once per hand.

``hand_facts(hand)`` gives which suits the hand shows, whether it holds
terminals, simples, honours (and how many of each honour: a kong gives
four), whether it is all green, its bonus tiles, its declared melds. Doubles
that depend only on facts are counted once per hand (``scoring.doubles``:
bonus, colour, honour and situation items; ``scoring.limits``); the few that
depend on the reading (all pongs, Ping Hu, Hidden Treasure...) are counted
per reading by ``scoring.score``. Words as in ``scoring.model``.
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring.model import Hand
from scoring.tiles import ANIMALS, DRAGONS, FLOWERS, SEASONS, SUITS, TILES, WINDS
from scoring.tiles import TERMINALS as _TERMINALS

NUMBER_TILES = frozenset(s + str(n) for s in SUITS for n in range(1, 10))
TERMINALS = frozenset(_TERMINALS)
HONOURS = frozenset(WINDS + DRAGONS)
GREEN = frozenset({"B2", "B3", "B4", "B6", "B8", "GD"})


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
