"""The shape of a seating design: a block (a table of four), a class (a round), a design (its classes built
on demand), and classes developed over a cyclic group from a base class.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

Block = tuple[int, int, int, int]


Class = tuple[Block, ...]


@dataclass(frozen=True)
class Design:
    """A resolvable (partial) design on ``points`` points with ``length`` classes.

    ``groups``: sets of points that never share a block (club-mates go there);
    empty when every pair meets. ``cls(j)`` builds class ``j`` on demand so that
    a 1,000-point design with 125 classes costs nothing until a round is asked for.
    """

    name: str
    points: int
    length: int
    groups: tuple[tuple[int, ...], ...]
    build: Callable[[int], Class]
    repeats: int = 0  # a stored schedule that is not a design: how many meetings it repeats
    recipe: str = ""  # a design composed of smaller ones (``compose.py``): how, e.g. "36^4 + 3^12"

    def cls(self, j: int) -> Class:
        if not 0 <= j < self.length:
            raise IndexError(f"{self.name} has {self.length} classes, not {j + 1}")
        return self.build(j)


def developed(n: int, levels: int, fixed: int, base) -> Callable[[int], Class]:
    """Class ``t`` of a design developed over ``Z_n``: ``t`` added to every ``x`` of the base class.

    Point ``(x, i)`` is numbered ``i * n + x``; base block ``a < fixed`` also holds the fixed point
    numbered ``levels * n + a``, which every translate keeps.
    """

    def move(p: int, t: int) -> int:
        return (p // n) * n + (p % n + t) % n

    def build(t: int) -> Class:
        blocks: list[Block] = []
        for a, block in enumerate(base):
            moved = [move(p, t) for p in block] + ([levels * n + a] if a < fixed else [])
            blocks.append(tuple(sorted(moved)))  # type: ignore[arg-type]
        return tuple(blocks)

    return build
