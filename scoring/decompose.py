"""Readings: every way to split a winning hand into sets and an eye, and its special shapes.

Words as in ``scoring.model``: a **reading** is the declared melds plus one
split of the concealed tiles into sets and an eye (001 glossary: chow, pong,
kong; 002 "Winning hand": four sets and a pair), or a **special shape**:

- ``thirteen_wonders``: one of each terminal and honour and any one of them
  again, fully concealed (001 rule 24j, 000 "13 Wonders game");
- ``nine_gates``: 1112345678999 of one suit plus any tile of that suit, with
  no declared meld (001 rule 24f "No open meld", 004 "9 Gates"). It is also
  read as a standard hand, so a flush is still counted where it pays more;
- ``seven_pairs``: seven pairs, fully concealed, only when the rule set's
  ``seven_pairs`` setting is true (002 "Seven Pairs"; none of the shipped
  rule sets allows it; the setting holds its doubles, None when not allowed); four
  alike count as two pairs only with
  ``seven_pairs_four_alike`` (002 Note 3).

The concealed tiles are split through the per-suit tables of
``scoring._tables`` (no search per hand). Each reading also says, in
``wait``, the shape the winning tile completed in it (``scoring.waits``):
when the winning tile could sit in more than one set of a split, the split
is given once per distinct shape, so a scorer taking the best reading gets
the most favourable shape (e.g. 3-4-5-5 + 5 reads as a single wait on the
eye *and* as a two-sided wait on 3-4-5). Readings come in a fixed order,
``reading_sort_key``.

This module does not judge doubles, limits or rule 26 (``scoring.doubles``),
nor whether a hand is legal input (``scoring.hand``).
"""

from __future__ import annotations

from itertools import product

from scoring._tables import COMBINE, HONOUR_MASK, SUIT_DECOMP, SUIT_MASK, add_masks
from scoring.model import Hand, Meld, Reading
from scoring.tiles import INDEX, TILES
from scoring.waits import PONG, SHAPES, SINGLE, SPECIAL, chow_shape, part_waits, waits_of

THIRTEEN_WONDERS = "thirteen_wonders"
NINE_GATES = "nine_gates"
SEVEN_PAIRS = "seven_pairs"

# ------------------------------------------------------------ concealed sets
# Every set the engine can form from concealed tiles (21 chows, 34 pongs), numbered in
# the order of their tiles, so a sorted tuple of ids is a reading's sets in canonical order.


def _all_sets() -> list[tuple[str, tuple[int, ...]]]:
    sets = [("chow", (s * 9 + o, s * 9 + o + 1, s * 9 + o + 2)) for s in range(3) for o in range(7)]
    sets += [("pong", (i, i, i)) for i in range(34)]
    sets.sort(key=lambda s: s[1])
    return sets


_SETS = _all_sets()
SET_TILES: tuple[tuple[int, ...], ...] = tuple(t for _, t in _SETS)
SET_MELDS: tuple[Meld, ...] = tuple(
    Meld(kind, tuple(TILES[i] for i in t), concealed=True, declared=False) for kind, t in _SETS
)
_SET_ID = {t: n for n, t in enumerate(SET_TILES)}
# SET_SHAPE[id][tile index] -> the shape that tile completes in that set
SET_SHAPE: tuple[dict[int, str], ...] = tuple(
    {t[0]: PONG} if kind == "pong" else {i: chow_shape(t[0], i) for i in t} for kind, t in _SETS
)
# suit s, table set code (0-6 chow, 7-15 pong) -> set id
_CODE_ID = tuple(
    tuple(
        _SET_ID[(s * 9 + c, s * 9 + c + 1, s * 9 + c + 2)] if c < 7 else _SET_ID[(s * 9 + c - 7,) * 3]
        for c in range(16)
    )
    for s in range(3)
)
_SHAPE_RANK = {shape: n for n, shape in enumerate(SHAPES)}
_SHAPE_RANK[None] = len(SHAPES)

# ------------------------------------------------------------ parts
# A hand's 34-count is read as four parts: the three suits (9 counts each) and the honours
# (7 counts). A part's **record**, remembered per pattern, is ``(mask, splits, adds, before)``:
#
# - its mask of ``scoring._tables``;
# - every split of it into sets and at most one eye, each as ``(set ids, eye index or -1,
#   shapes)`` where ``shapes`` maps a tile of the part to the wait shapes it completes in that
#   split (``SHAPES`` order). A winning tile sits in one part only, so the shapes of a reading are
#   those of that part's split;
# - ``adds``: ``add_masks`` of the pattern (for waits);
# - ``before``: per offset, ``(mask, adds)`` of the pattern with one tile fewer there (the part
#   before the win, when the winning tile is that one); filled in when first needed.

_PART_SLICES = (slice(0, 9), slice(9, 18), slice(18, 27), slice(27, 34))
_PART_OF = tuple(min(i // 9, 3) for i in range(34))  # tile index -> its part
_PART_CACHE: tuple[dict[bytes, tuple], ...] = ({}, {}, {}, {})
# per part: a record is about 1.1 kB, so at most ~11 MB each (the bench's 12,000 hands need ~1,000)
_PART_CACHE_LIMIT = 10_000


def _part(p: int, key: bytes) -> tuple:
    """The record of part ``p`` (0-2 a suit, 3 the honours) with pattern ``key``."""
    cache = _PART_CACHE[p]
    record = cache.get(key)
    if record is None:
        record = _suit_part(p, key) if p < 3 else _honour_part(key)
        if len(cache) < _PART_CACHE_LIMIT:
            cache[key] = record
    return record


def _suit_part(s: int, key: bytes) -> tuple:
    codes = _CODE_ID[s]
    base = s * 9
    splits = []
    for sets, eye in SUIT_DECOMP.get(key, ()):
        ids = tuple(codes[c] for c in sets)
        eye = base + eye if eye >= 0 else -1
        splits.append((ids, eye, _shapes(ids, eye)))
    return SUIT_MASK.get(key, 0), tuple(splits), add_masks(key), [None] * 9


def _honour_part(key: bytes) -> tuple:
    mask = HONOUR_MASK.get(key, 0)
    splits: tuple = ()
    if mask:
        eye = -1
        ids = []
        for h, c in enumerate(key):
            if c == 3:
                ids.append(_SET_ID[(27 + h,) * 3])
            elif c == 2:
                eye = 27 + h
        ids = tuple(ids)
        splits = ((ids, eye, _shapes(ids, eye)),)
    return mask, splits, add_masks(key), [None] * 7


def _before(p: int, key: bytes, offset: int) -> tuple[int, tuple[int, int]]:
    """``(mask, add_masks)`` of part ``p``'s pattern ``key`` with one tile fewer at ``offset``."""
    fewer = bytearray(key)
    fewer[offset] -= 1
    fewer = bytes(fewer)
    return (SUIT_MASK if p < 3 else HONOUR_MASK).get(fewer, 0), add_masks(fewer)


def _shapes(ids: tuple[int, ...], eye: int) -> dict[int, tuple[str, ...]]:
    """Tile index -> the shapes it completes among the sets ``ids`` and the eye (most favourable
    first, each once)."""
    found: dict[int, list[str]] = {}
    if eye >= 0:
        found[eye] = [SINGLE]
    for i in ids:
        for tile, shape in SET_SHAPE[i].items():
            shapes = found.setdefault(tile, [])
            if shape not in shapes:
                shapes.append(shape)
    return {tile: tuple(sorted(shapes, key=_SHAPE_RANK.__getitem__)) for tile, shapes in found.items()}


def _join(records) -> list[tuple]:
    """Every choice of one split per part with exactly one eye, as ``(set ids, eye, splits)``,
    in canonical order (by set ids, then eye); empty when some part does not split."""
    s0, s1, s2, s3 = records[0][1], records[1][1], records[2][1], records[3][1]
    if not (s0 and s1 and s2 and s3):
        return []
    if len(s0) == 1 and len(s1) == 1 and len(s2) == 1 and len(s3) == 1:
        combos: tuple | product = ((s0[0], s1[0], s2[0], s3[0]),)
    else:
        combos = product(s0, s1, s2, s3)
    out = []
    for combo in combos:
        eye = -1
        eyes = 0
        ids = ()
        for sets, e, _ in combo:
            ids += sets
            if e >= 0:
                eye = e
                eyes += 1
        if eyes == 1:
            out.append((ids, eye, combo))
    if len(out) > 1:
        out.sort(key=_ids_and_eye)
    return out


def _ids_and_eye(joined: tuple) -> tuple:
    return joined[0], joined[1]


# ------------------------------------------------------------ completeness


def is_complete(counts) -> bool:
    """Whether a 34-count (values 0-4) splits into sets and exactly one eye.

    Three dictionary look-ups and a table join: no search.
    """
    b = bytes(counts)
    m = HONOUR_MASK.get(b[27:34], 0)
    if not m:
        return False
    m = COMBINE[m << 2 | SUIT_MASK.get(b[0:9], 0)]
    m = COMBINE[m << 2 | SUIT_MASK.get(b[9:18], 0)]
    m = COMBINE[m << 2 | SUIT_MASK.get(b[18:27], 0)]
    return m > 1


def decompositions(counts) -> list[tuple[tuple[int, ...], int]]:
    """Every split of a 34-count into sets and one eye: ``(set ids, eye index)``, in canonical
    order. Set ids index ``SET_MELDS`` / ``SET_TILES``; empty when the counts are not complete."""
    b = bytes(counts)
    return [(ids, eye) for ids, eye, _ in _join([_part(p, b[part]) for p, part in enumerate(_PART_SLICES)])]


# ------------------------------------------------------------ special shapes

_WONDERS = tuple(
    INDEX[t] for t in ("B1", "B9", "D1", "D9", "C1", "C9", "EW", "SW", "WW", "NW", "RD", "GD", "WD")
)
_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def is_thirteen_wonders(counts) -> bool:
    """001 rule 24j: each terminal and honour once, one of them twice, nothing else."""
    return sum(counts) == 14 and all(counts[i] for i in _WONDERS) and sum(counts[i] for i in _WONDERS) == 14


def nine_gates_suit(counts) -> int | None:
    """001 rule 24f: the suit (0 B, 1 D, 2 C) of 1112345678999 + one more of it, else None."""
    if sum(counts) != 14:
        return None
    for s in range(3):
        part = counts[s * 9 : s * 9 + 9]
        if sum(part) == 14 and all(c >= g for c, g in zip(part, _GATES, strict=True)):
            return s
    return None


def is_seven_pairs(counts, four_alike: bool = False) -> bool:
    """002 "Seven Pairs": seven pairs; four alike as two pairs only if allowed (Note 3)."""
    if sum(counts) != 14:
        return False
    pairs = 0
    for c in counts:
        if c == 2:
            pairs += 1
        elif c == 4 and four_alike:
            pairs += 2
        elif c:
            return False
    return pairs == 7


def _setting(rules, key: str) -> bool:
    """A setting that allows something: on unless missing, None or False (0 doubles is on)."""
    get = getattr(rules, "get", None)
    if get is None:
        return False
    value = get(key, None)
    return value is not None and value is not False


# ------------------------------------------------------------ readings of a hand


def readings(hand: Hand) -> tuple[Reading, ...]:
    """Every reading of ``hand`` (a parsed ``Hand``), in ``reading_sort_key`` order.

    Empty when the hand is not complete. ``waits`` is the same for every
    reading; ``wait`` is None only when the hand has no winning tile (an
    instant win).
    """
    b = hand.counts  # counted once, by scoring.hand
    melds = hand.melds
    seven_pairs, four_alike = _flags(hand.rules)
    winning = hand.winning_tile
    win = INDEX[winning] if winning is not None else -1
    keys = (b[0:9], b[9:18], b[18:27], b[27:34])
    cache = _PART_CACHE
    records = (
        cache[0].get(keys[0]) or _part(0, keys[0]),
        cache[1].get(keys[1]) or _part(1, keys[1]),
        cache[2].get(keys[2]) or _part(2, keys[2]),
        cache[3].get(keys[3]) or _part(3, keys[3]),
    )
    if win >= 0 and b[win]:
        # the hand before the win: only the winning tile's part differs
        p = _PART_OF[win]
        masks = [records[0][0], records[1][0], records[2][0], records[3][0]]
        adds = [records[0][2], records[1][2], records[2][2], records[3][2]]
        before = records[p][3]
        offset = win - 9 * p
        found = before[offset]
        if found is None:
            found = before[offset] = _before(p, keys[p], offset)
        masks[p], adds[p] = found
        counts = bytearray(b)
        counts[win] -= 1
        waits = waits_of(counts, melds, seven_pairs, four_alike, part_waits(masks, adds))
    else:
        p = _PART_OF[win] if win >= 0 else 0
        waits = _NO_WAITS
    splits = _join(records)
    out = []
    if splits:
        declared = melds  # a tuple
        for ids, eye, chosen in splits:
            sets = declared + tuple(map(SET_MELDS.__getitem__, ids))
            pair = _PAIRS[eye]
            if win < 0:
                out.append(Reading(sets, pair, None, waits))
                continue
            for shape in chosen[p][2].get(win, _NO_SHAPE):
                out.append(Reading(sets, pair, shape, waits))
    if not melds:
        counts = b
        wait = SPECIAL if win >= 0 else None
        if _may_be_nine_gates(counts) and nine_gates_suit(counts) is not None:
            out.append(Reading((), None, wait, waits, NINE_GATES))
        if seven_pairs and is_seven_pairs(counts, four_alike):
            out.append(Reading((), None, SINGLE if win >= 0 else None, waits, SEVEN_PAIRS))
        if not splits and is_thirteen_wonders(counts):  # never also a standard hand
            out.append(Reading((), None, wait, waits, THIRTEEN_WONDERS))
    return tuple(out)


_NO_WAITS: frozenset[str] = frozenset()
_NO_SHAPE = (None,)  # a winning tile in no set of the reading (not among the concealed tiles)
_PAIRS = tuple((t, t) for t in TILES[:34])
_last_flags: tuple = (None, (False, False))  # the rule set seen last, and its flags


def _flags(rules) -> tuple[bool, bool]:
    """(seven pairs allowed, four alike as two pairs) of ``rules``, remembered for the last one."""
    global _last_flags
    last = _last_flags
    if last[0] is rules:
        return last[1]
    flags = (_setting(rules, "seven_pairs"), _setting(rules, "seven_pairs_four_alike"))
    _last_flags = (rules, flags)
    return flags


def _may_be_nine_gates(counts) -> bool:
    """Cheap pre-check: three 1s and three 9s of one suit."""
    return (
        (counts[0] >= 3 and counts[8] >= 3)
        or (counts[9] >= 3 and counts[17] >= 3)
        or (counts[18] >= 3 and counts[26] >= 3)
    )


def reading_sort_key(reading: Reading) -> tuple:
    """A total order on readings, the order ``readings`` returns them in: standard readings
    first, then special shapes by name; then by sets (by their tiles), eye, and wait shape
    (two_sided, edge, closed, single, pong, special). Use it to break ties between readings
    of equal value the same way every time."""
    return (
        reading.special or "",
        tuple((tuple(INDEX[t] for t in m.tiles), m.kind, m.concealed, m.declared) for m in reading.sets),
        INDEX[reading.eye[0]] if reading.eye else -1,
        _SHAPE_RANK[reading.wait],
    )
