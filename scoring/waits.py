"""Waits: which tiles a hand was one tile short of winning on, and the shape of the wait.

Words as in ``scoring.model``. The hand **before the win** is the concealed
tiles minus the winning tile, plus the declared melds. Its **waits** are the
tiles that would complete it: as a standard hand (sets and an eye, through the
lookup tables of ``scoring._tables``), as 13 Wonders (001 rule 24j), or as
seven pairs where the rule set allows it (002 "Seven Pairs"). A tile whose
four copies are all in the player's own hand (concealed or declared) is not a
wait: it cannot be won on.

The **shape** of a wait is judged per reading, from the set the winning tile
completed in it (``wait_shape``):

- ``two_sided``: the tile completes a chow at either end of two in a row
  (4-5 waiting on 3 or 6);
- ``edge``: 1-2 waiting on 3, 8-9 waiting on 7 (001 rule 26e);
- ``closed``: the middle of a chow, 4-6 waiting on 5 (001 rule 26d, "Ka Long");
- ``single``: the tile pairs a lone tile to make the eye (001 rule 26f);
- ``pong``: two pairs waiting, the tile makes one of them a pong;
- ``special``: 13 Wonders and 9 Gates read as special shapes.

Whether a wait is a "multiple wait" (001 rule 26c, 26f: "4567 waiting for
either 4 or 7") is a question about ``waits``, the same for every reading of
one hand; rule 26 itself is judged in ``scoring.ping_hu``, not here.
"""

from __future__ import annotations

from scoring._tables import COMBINE, HONOUR_MASK, SUIT_MASK, add_masks
from scoring.tiles import INDEX, TERMINALS_AND_HONOURS, TILES

TWO_SIDED = "two_sided"
EDGE = "edge"
CLOSED = "closed"
SINGLE = "single"
PONG = "pong"
SPECIAL = "special"
SHAPES = (TWO_SIDED, EDGE, CLOSED, SINGLE, PONG, SPECIAL)

_WONDERS = tuple(INDEX[t] for t in TERMINALS_AND_HONOURS)
_NOT_WONDERS = tuple(i for i in range(34) if i not in _WONDERS)
# a 9-bit offset mask -> the offsets it holds
_BITS = tuple(tuple(t for t in range(9) if m >> t & 1) for m in range(512))


def standard_waits(counts) -> list[int]:
    """Indices of the tiles completing ``counts`` (a 34-count of concealed tiles before the
    win, 3n+1 of them) into sets and one eye. Copies already used are not checked here."""
    b = bytes(counts)
    keys = (b[0:9], b[9:18], b[18:27], b[27:34])
    masks = (
        SUIT_MASK.get(keys[0], 0),
        SUIT_MASK.get(keys[1], 0),
        SUIT_MASK.get(keys[2], 0),
        HONOUR_MASK.get(keys[3], 0),
    )
    return part_waits(masks, [add_masks(k) for k in keys])


def part_waits(masks, adds) -> list[int]:
    """``standard_waits`` of a 34-count given by its four parts (three suits, the honours):
    their masks and ``add_masks`` (``scoring._tables``)."""
    out: list[int] = []
    for p, others in _CANDIDATES[masks[0] | masks[1] << 2 | masks[2] << 4 | masks[3] << 6]:
        no_eye, one_eye = adds[p]
        completing = (no_eye if others & 2 else 0) | (one_eye if others & 1 else 0)
        if completing:
            out.extend(_OFFSETS[p][completing & 511])
    return out


# a 4-bit mask of the parts that do not split -> the parts a wait can be in: every part when all
# split, the one that does not, none when two do not (one tile cannot complete both)
_INCOMPLETE = tuple(
    (0, 1, 2, 3) if m == 0 else (m.bit_length() - 1,) if m & (m - 1) == 0 else () for m in range(16)
)
_OTHERS = ((1, 2, 3), (0, 2, 3), (0, 1, 3), (0, 1, 2))


def _candidates(code: int) -> tuple[tuple[int, int], ...]:
    """For the masks of the four parts (2 bits each, part 0 lowest): the parts a wait can be
    in, each with the mask the three other parts combine to (when they split at all)."""
    masks = [code >> 2 * p & 3 for p in range(4)]
    incomplete = _INCOMPLETE[sum((not m) << p for p, m in enumerate(masks))]
    out = []
    for p in incomplete:
        others = 1  # the neutral mask: no parts, no eye
        for q in _OTHERS[p]:
            others = COMBINE[others << 2 | masks[q]]
        if others:
            out.append((p, others))
    return tuple(out)


_CANDIDATES = tuple(_candidates(code) for code in range(256))
# part p, 9-bit offset mask -> tile indices
_OFFSETS = tuple(tuple(tuple(p * 9 + t for t in _BITS[m]) for m in range(512)) for p in range(4))


def thirteen_wonders_waits(counts) -> list[int]:
    """001 rule 24j / 000 "13 Wonders": one of each terminal and honour plus any one of
    them again. Before the win: all thirteen (waits on each) or twelve and a pair
    (waits on the missing one)."""
    if sum(counts) != 13 or any(counts[i] for i in _NOT_WONDERS):
        return []
    missing = [i for i in _WONDERS if counts[i] == 0]
    if not missing:
        return list(_WONDERS) if all(counts[i] == 1 for i in _WONDERS) else []
    if len(missing) == 1 and max(counts) == 2:
        return missing
    return []


def seven_pairs_waits(counts, four_alike: bool = False) -> list[int]:
    """002 "Seven Pairs": six pairs and a lone tile wait on the lone tile (four alike count as
    two pairs only where the rule set allows it, 002 Note 3)."""
    if sum(counts) != 13:
        return []
    pairs = 0
    odd = []
    for i, c in enumerate(counts):
        if not c:
            continue
        if c == 4 and not four_alike:
            return []
        if c == 3 and not four_alike:
            return []  # pair + lone tile would make four alike
        pairs += c // 2
        if c % 2:
            odd.append(i)
    return odd if pairs == 6 and len(odd) == 1 else []


def waiting_tiles(
    counts, melds=(), *, seven_pairs: bool = False, seven_pairs_four_alike: bool = False
) -> frozenset[str]:
    """Every tile the hand before the win was waiting on.

    ``counts``: 34-count of the concealed tiles before the win (the winning
    tile taken out); ``melds``: the declared melds (``scoring.model.Meld``),
    whose tiles count as used copies. Special shapes need a fully concealed
    hand with no declared meld.
    """
    return waits_of(counts, melds, seven_pairs, seven_pairs_four_alike, standard_waits(counts))


def waits_of(
    counts, melds, seven_pairs: bool, seven_pairs_four_alike: bool, found: list[int]
) -> frozenset[str]:
    """``waiting_tiles`` given ``found``, the standard waits (``standard_waits``, or ``part_waits``
    in ``scoring.decompose``)."""
    if not melds:
        special = thirteen_wonders_waits(counts) if _may_be_wonders(counts) else []
        if seven_pairs:
            special += seven_pairs_waits(counts, seven_pairs_four_alike)
        if special:
            found = sorted(set(found + special))
        # four copies in the concealed tiles already are never a wait (add_masks skips them)
        return frozenset(map(TILES.__getitem__, found))
    if not found:
        return _EMPTY
    waits = []
    for i in found:  # copies in the declared melds count as used
        tile = TILES[i]
        used = counts[i]
        for m in melds:
            used += m.tiles.count(tile)
        if used < 4:
            waits.append(tile)
    return frozenset(waits)


_EMPTY: frozenset[str] = frozenset()


def _may_be_wonders(counts) -> bool:
    """Cheap pre-check for 13 Wonders: at least six of the seven honours held."""
    return (not counts[27]) + (not counts[28]) + (not counts[29]) + (not counts[30]) + (not counts[31]) + (
        not counts[32]
    ) + (not counts[33]) <= 1


def chow_shape(start: int, tile: int) -> str:
    """The shape the ``tile`` (an index) completed in the chow starting at index ``start``."""
    offset = start % 9
    if tile == start + 1:
        return CLOSED
    if tile == start:
        return EDGE if offset == 6 else TWO_SIDED  # 8-9 waiting on 7
    return EDGE if offset == 0 else TWO_SIDED  # 1-2 waiting on 3


def wait_shape(meld_or_eye, tile: str) -> str | None:
    """The shape the winning ``tile`` completed in one set (a ``Meld``) or the eye (a pair)."""
    if isinstance(meld_or_eye, tuple):
        return SINGLE if tile in meld_or_eye else None
    tiles = meld_or_eye.tiles
    if tile not in tiles:
        return None
    if meld_or_eye.kind == "chow":
        return chow_shape(INDEX[tiles[0]], INDEX[tile])
    return PONG
