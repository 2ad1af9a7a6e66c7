"""Lookup tables behind ``scoring.decompose`` and ``scoring.waits``: no search per hand.

Words as in ``scoring.model``. A **suit pattern** is the 9 counts of one suit
in a hand (how many 1s, 2s ... 9s), held as 9 bytes; an **honour pattern**
is the 7 counts of the honours (E S W N winds, R G W dragons).

Built once, at import, by enumerating every multiset of at most four sets
(seven chows, nine pongs of a suit) with or without an eye (about 48,000
patterns, ~0.1 s):

- ``SUIT_MASK[pattern]``: bit 1 if the suit splits into sets alone, bit 2 if
  it splits into sets and one eye (absent: neither).
- ``SUIT_DECOMP[pattern]``: every such split, as ``(sets, eye)`` with sets a
  sorted tuple of *set codes* (0-6: the chow starting at offset 0-6, 7-15:
  the pong of offset 0-8) and eye an offset or -1.
- ``HONOUR_MASK[pattern]``: honours only form pongs and the eye, so a pattern
  is complete iff every count is 0, 2 or 3 and at most one is 2.

``combine(a, b)`` joins the masks of two parts of a hand; a hand is complete
when the masks of its three suits and its honours combine to a mask with
bit 2 (exactly one eye). Lazily cached: ``add_masks(pattern)``, the tiles
whose addition completes a part (for waits).
"""

from __future__ import annotations

from itertools import combinations_with_replacement

NO_EYE = 1  # the part splits into sets alone
ONE_EYE = 2  # the part splits into sets and one eye


def _combine(a: int, b: int) -> int:
    out = 0
    if a & NO_EYE and b & NO_EYE:
        out |= NO_EYE
    if (a & NO_EYE and b & ONE_EYE) or (a & ONE_EYE and b & NO_EYE):
        out |= ONE_EYE
    return out


#: COMBINE[a << 2 | b] == mask of two parts with masks a and b
COMBINE: tuple[int, ...] = tuple(_combine(a, b) for a in range(4) for b in range(4))


def _set_counts(code: int) -> list[tuple[int, int]]:
    """(offset, copies) of the tiles of set code ``code``."""
    if code < 7:
        return [(code, 1), (code + 1, 1), (code + 2, 1)]
    return [(code - 7, 3)]


def _set_sort_key(code: int) -> tuple[int, ...]:
    """Order of sets within a suit: by their tiles (111 < 123 < 222 < 234 ...)."""
    return (code - 7,) * 3 if code >= 7 else (code, code + 1, code + 2)


def _build_suit_tables() -> tuple[dict[bytes, int], dict[bytes, tuple]]:
    decomp: dict[bytes, list] = {}
    for k in range(5):
        for combo in combinations_with_replacement(range(16), k):
            counts = [0] * 9
            for code in combo:
                if code < 7:
                    counts[code] += 1
                    counts[code + 1] += 1
                    counts[code + 2] += 1
                else:
                    counts[code - 7] += 3
            if max(counts) > 4:
                continue
            sets = tuple(sorted(combo, key=_set_sort_key))
            decomp.setdefault(bytes(counts), []).append((sets, -1))
            for eye in range(9):
                if counts[eye] <= 2:
                    counts[eye] += 2
                    decomp.setdefault(bytes(counts), []).append((sets, eye))
                    counts[eye] -= 2
    mask = {}
    frozen = {}
    for key, splits in decomp.items():
        splits.sort(key=lambda s: ([_set_sort_key(c) for c in s[0]], s[1]))
        frozen[key] = tuple(splits)
        m = 0
        for _, eye in splits:
            m |= NO_EYE if eye < 0 else ONE_EYE
        mask[key] = m
    return mask, frozen


def _build_honour_table() -> dict[bytes, int]:
    table = {}
    for combo in _product((0, 2, 3), 7):
        twos = combo.count(2)
        if twos <= 1:
            table[bytes(combo)] = ONE_EYE if twos else NO_EYE
    return table


def _product(values, n):
    if n == 0:
        yield ()
        return
    for rest in _product(values, n - 1):
        for v in values:
            yield rest + (v,)


SUIT_MASK, SUIT_DECOMP = _build_suit_tables()
HONOUR_MASK: dict[bytes, int] = _build_honour_table()

_ADD_CACHE: dict[bytes, tuple[int, int]] = {}
_ADD_CACHE_LIMIT = 200_000


def add_masks(pattern: bytes) -> tuple[int, int]:
    """For a suit (9 bytes) or honour (7 bytes) pattern: bit masks of the offsets whose
    addition makes the part split into (sets alone, sets and one eye)."""
    cached = _ADD_CACHE.get(pattern)
    if cached is not None:
        return cached
    table = SUIT_MASK if len(pattern) == 9 else HONOUR_MASK
    counts = bytearray(pattern)
    no_eye = one_eye = 0
    for t in range(len(counts)):
        if counts[t] >= 4:
            continue
        counts[t] += 1
        m = table.get(bytes(counts), 0)
        counts[t] -= 1
        if m & NO_EYE:
            no_eye |= 1 << t
        if m & ONE_EYE:
            one_eye |= 1 << t
    result = (no_eye, one_eye)
    if len(_ADD_CACHE) < _ADD_CACHE_LIMIT:
        _ADD_CACHE[pattern] = result
    return result
