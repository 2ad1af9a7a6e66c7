"""Bigger designs from smaller ones: inflating every point, and filling every group.

Words as in ``designs.py``; the **type** ``g^u`` of a design is ``u`` groups of ``g`` points each
(``1^v``: every pair meets). A complete resolvable 4-GDD of type ``g^u`` has ``g (u - 1) / 3``
classes: each point meets every point outside its group exactly once.

- **Inflating** by ``m`` (``D × m``): every point ``p`` of a design ``D`` becomes ``m`` points
  ``(p, 0) .. (p, m-1)``, and every block of ``D`` carries a resolvable transversal design
  TD(4, m) on its ``4m`` points (``designs.transversal(m)``: ``m`` classes when every prime power
  of ``m`` is at least 4). Class ``c`` of ``D`` gives ``m`` classes, the ``k``-th holding the
  ``k``-th class of the TD of each block. Two points ``(p, s)``, ``(q, t)`` meet, once, exactly
  when ``p`` and ``q`` met in ``D``: a 4-RGDD of type ``g^u`` with ``r`` classes becomes one of
  type ``(gm)^u`` with ``r m`` classes (a design with no groups is read as type ``1^v``).
- **Filling** (``D + E``): when every group of ``D`` has as many points as ``E``, the classes of
  ``E`` are played in every group at once, after those of ``D``: a 4-RGDD of type ``G^u`` and one
  of type ``g^(G/g)`` give one of type ``g^(Gu/g)`` with the classes of both. A group of four is
  filled by one table (type ``1^4``).

With complete ingredients the result is complete, so it lasts as long as any schedule of its
field without a repeat (the inflation and filling constructions for resolvable GDDs, Handbook of
Combinatorial Designs, 2nd ed., IV.5; e.g. 144 players: the TD(4,36) of type 36^4 filled with
the 36-player design of type 3^12, 36 + 11 = 47 rounds). ``compositions(v, design_for)`` lists
those found for ``v`` points from what ``design_for`` gives for smaller fields. A composed design
is named by its type and recipe: ``resolvable 4-GDD of type 3^48 (36^4 + 3^12)``.
"""

from __future__ import annotations

from collections.abc import Callable

from .design_types import Class, Design
from .designs import transversal

_ONE_TABLE = Design("one table", 4, 1, (), lambda j: ((0, 1, 2, 3),))


def design_type(design: Design) -> str:
    """``g^u`` when the groups are ``u`` groups of ``g`` points (no groups: ``1^v``), else ``""``."""
    if not design.groups:
        return f"1^{design.points}"
    sizes = {len(g) for g in design.groups}
    if len(sizes) == 1 and sum(len(g) for g in design.groups) == design.points:
        return f"{sizes.pop()}^{len(design.groups)}"
    return ""


def _term(design: Design) -> str:
    return f"({design.recipe})" if design.recipe else design_type(design)


def _composed(points: int, length: int, groups, recipe: str, build: Callable[[int], Class]) -> Design:
    if groups:
        name = f"resolvable 4-GDD of type {len(groups[0])}^{len(groups)} ({recipe})"
    else:
        name = f"resolvable ({points},4,1) design ({recipe})"
    return Design(name, points, length, groups, build, recipe=recipe)


def inflated(design: Design, m: int) -> Design | None:
    """``design × m`` (see the module docstring), or None when no resolvable TD(4, m) is known here."""
    td = transversal(m)
    if design.repeats or m < 4 or td.length != m or not design_type(design):
        return None

    def build(j: int) -> Class:
        c, k = divmod(j, m)
        return tuple(
            tuple(sorted(block[p // m] * m + p % m for p in td_block))  # type: ignore[misc]
            for block in design.cls(c)
            for td_block in td.cls(k)
        )

    groups = tuple(
        tuple(p * m + s for p in group for s in range(m))
        for group in design.groups or tuple((p,) for p in range(design.points))
    )
    return _composed(design.points * m, design.length * m, groups, f"{_term(design)} × {m}", build)


def filled(design: Design, fill: Design) -> Design | None:
    """``design + fill`` (see the module docstring), or None when the groups do not fit ``fill``."""
    groups = design.groups
    if design.repeats or fill.repeats or not groups or {len(g) for g in groups} != {fill.points}:
        return None
    if not design_type(design) or not design_type(fill):
        return None

    def build(j: int) -> Class:
        if j < design.length:
            return design.cls(j)
        inner = fill.cls(j - design.length)
        return tuple(tuple(sorted(g[p] for p in block)) for g in groups for block in inner)  # type: ignore[misc]

    new_groups = tuple(tuple(g[p] for p in sub) for g in groups for sub in fill.groups)
    recipe = f"{_term(design)} + {_term(fill)}"
    return _composed(design.points, design.length + fill.length, new_groups, recipe, build)


def compositions(v: int, design_for: Callable[[int], Design | None]) -> list[Design]:
    """Designs on ``v`` points: a smaller field's design inflated, and TD(4, v/4) or an inflated
    design with its groups filled by the design ``design_for`` gives for them."""
    inflations = []
    for m in range(4, v // 4 + 1):
        small = design_for(v // m) if v % m == 0 and v // m >= 16 else None
        found = inflated(small, m) if small is not None else None
        if found is not None:
            inflations.append(found)
    td = transversal(v // 4) if v % 4 == 0 and v >= 16 else None
    to_fill = inflations + ([td] if td is not None and td.length == v // 4 else [])
    out = list(inflations)
    for base in to_fill:
        size = len(base.groups[0])
        inner = _ONE_TABLE if size == 4 else design_for(size) if size >= 16 else None
        both = filled(base, inner) if inner is not None else None
        if both is not None:
            out.append(both)
    return out
