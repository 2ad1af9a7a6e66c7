"""Choosing a design for a field: every construction known here for so many players, and the one with the
most rounds.
"""

from __future__ import annotations

from functools import lru_cache

from .compose import compositions
from .design_types import Design
from .designs import affine, factorise, gf25_levels, golf_32, three_q_plus_one, transversal
from .rotational import rotational_for, twelve


def candidates(v: int) -> list[Design]:
    """Every construction known here for ``v`` points (each with at least 3 classes)."""
    out = []
    if v == 16:
        out.append(affine(2))
    if v == 64:
        out.append(affine(3))
    if v == 32:
        out.append(golf_32())
    if v == 100:
        out.append(gf25_levels())
    out += [twelve()] if v == 12 else [d for d in (rotational_for(v),) if d is not None]
    q = (v - 1) // 3
    if v % 12 == 4 and len(factorise(q)) == 1:
        out.append(three_q_plus_one(q))
    if v % 4 == 0 and v >= 16:
        out.append(transversal(v // 4))
    out += compositions(v, design_for)
    return [d for d in out if d.length >= 3]


@lru_cache(maxsize=64)
def ranked(v: int) -> tuple[Design, ...]:
    """Every construction for ``v`` points, the most classes first (ties in the order found)."""
    return tuple(sorted(candidates(v), key=lambda d: -d.length))


def design_for(v: int) -> Design | None:
    """The construction with the most classes for ``v`` points, or ``None``.

    Depends on ``v`` alone, never on the number of rounds asked for, so that a
    plan for five rounds is the first five rounds of the plan for ten.
    """
    found = ranked(v)
    return found[0] if found else None
