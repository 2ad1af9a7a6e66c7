"""Resolvable 4-GDDs developed over ``Z_n`` on levels, found by a SAT search and stored as data.

Points ``(x, i)``, ``x`` in ``Z_n``, ``i`` a level, numbered ``i * n + x``, and ``k`` fixed points
numbered from ``levels * n`` on. Round ``t < n`` is the stored base round with ``t`` added to
every ``x`` (the fixed point ``a`` sits at base table ``a``, with one player of each of three
levels); the rounds after those are each the ``n`` translates of one stored transversal block
``{(0, 0), (a1, 1), (a2, 2), (a3, 3)}``. Every pair outside the groups meets exactly once, which the
tests check pair by pair. Found by ``tools/designs/find_design_levels.py`` and ``find_design_halves.py``
(python-sat, CaDiCaL; the shape and run are named with each design below).
"""

from __future__ import annotations

from .design_types import Block, Class, Design, developed

# players -> (n, levels, fixed points, base round, invariant blocks (a1, a2, a3), type of the groups)
_STORED: dict[int, tuple] = {
    # 44 players, 14 rounds: a resolvable 4-GDD of type 2^22 over Z11 x 4 levels (11 developed rounds and
    # 3 invariant ones), groups {(x,0), (x,1)} and {(x,2), (x,3)}; `find_design_levels.py 44`, SAT in
    # 188 s (25 Nov 2026). Social golfer 11-4-14.
    44: (
        11,
        4,
        0,
        (
            (0, 3, 29, 34),
            (1, 2, 8, 40),
            (4, 6, 11, 18),
            (5, 14, 22, 24),
            (7, 15, 20, 32),
            (9, 33, 39, 42),
            (10, 26, 30, 31),
            (12, 23, 37, 41),
            (13, 27, 35, 36),
            (16, 17, 19, 43),
            (21, 25, 28, 38),
        ),
        ((4, 2, 3), (6, 0, 4), (10, 1, 7)),
        "2^22",
    ),
    # 56 players, 18 rounds: a resolvable 4-GDD of type 2^28 over Z14 x 4 levels (14 developed rounds and 4
    # invariant ones), groups {(x,i), (x+7,i)}; the base round invariant under trading levels i and i + 2,
    # found by `tools/designs/find_design_halves.py 14 --fixed 0`, SAT in 55 s (27 Nov 2026). Social golfer
    # 14-4-18.
    56: (
        14,
        4,
        0,
        (
            (0, 37, 41, 27),
            (28, 9, 13, 55),
            (1, 6, 12, 42),
            (29, 34, 40, 14),
            (2, 36, 51, 53),
            (30, 8, 23, 25),
            (3, 33, 35, 17),
            (31, 5, 7, 45),
            (4, 16, 47, 24),
            (32, 44, 19, 52),
            (10, 11, 15, 18),
            (38, 39, 43, 46),
            (20, 49, 50, 54),
            (48, 21, 22, 26),
        ),
        ((2, 11, 6), (9, 3, 5), (10, 7, 3), (11, 0, 11)),
        "2^28",
    ),
    # 60 players, 19 rounds: a resolvable 4-GDD of type 3^20 over Z19 x 3 levels + 3 fixed points (57, 58,
    # 59), groups {(x,0), (x,1), (x,2)} and the fixed three; the base round is invariant under turning the
    # levels, (x, i) -> (x, i + 1) with fixed point a -> a + 1; `find_design_levels.py 60r --mult 1`, SAT in
    # 12 s (25 Nov 2026). Social golfer 15-4-19.
    60: (
        19,
        3,
        3,
        (
            (16, 26, 41),
            (3, 35, 45),
            (7, 22, 54),
            (38, 39, 43, 46),
            (0, 1, 5, 8),
            (19, 20, 24, 27),
            (17, 23, 44, 50),
            (6, 12, 36, 42),
            (4, 25, 31, 55),
            (18, 21, 30, 47),
            (9, 37, 40, 49),
            (2, 11, 28, 56),
            (14, 32, 34, 48),
            (10, 33, 51, 53),
            (13, 15, 29, 52),
        ),
        (),
        "3^20",
    ),
    # 80 players, 26 rounds: a resolvable 4-GDD of type 2^40 over Z26 x 3 levels + 2 fixed points (78, 79),
    # groups {(x,i), (x+13,i)} and the fixed pair; the base round is invariant under (x, i) -> (3x, i + 1)
    # with both fixed points kept; `find_design_levels.py 80r --mult 3`, SAT in 39 s (27 Nov 2026). Social
    # golfer 20-4-26.
    80: (
        26,
        3,
        2,
        (
            (22, 40, 68),
            (20, 34, 76),
            (4, 6, 11, 53),
            (3, 33, 38, 44),
            (35, 54, 62, 73),
            (9, 19, 48, 59),
            (21, 27, 31, 66),
            (16, 37, 55, 67),
            (0, 57, 58, 74),
            (14, 15, 18, 26),
            (28, 42, 45, 52),
            (8, 69, 71, 75),
            (5, 17, 25, 50),
            (41, 49, 51, 72),
            (7, 24, 29, 77),
            (23, 46, 47, 61),
            (1, 43, 60, 63),
            (12, 32, 39, 64),
            (10, 36, 65, 70),
            (2, 13, 30, 56),
        ),
        (),
        "2^40",
    ),
}


def _group_key(kind: str, n: int, x: int, i: int) -> tuple[int, int]:
    if kind == "2^22":  # levels paired: {(x,0), (x,1)}, {(x,2), (x,3)}
        return (x, i // 2)
    if kind.startswith("2^"):  # n even: {(x,i), (x + n/2, i)}
        return (x % (n // 2), i)
    return (x, 0)  # 3^20: {(x,0), (x,1), (x,2)}; the fixed points are a group of their own (2^40: a pair)


def levels_gdd(players: int) -> Design:
    """The stored design for ``players`` (see the module docstring)."""
    n, levels, fixed, base, invariant, kind = _STORED[players]
    finite = levels * n
    by_key: dict[tuple[int, int], list[int]] = {}
    for p in range(finite):
        by_key.setdefault(_group_key(kind, n, p % n, p // n), []).append(p)
    groups = tuple(tuple(g) for g in by_key.values())
    if fixed:
        groups += (tuple(range(finite, finite + fixed)),)

    develop = developed(n, levels, fixed, base)

    def build(j: int) -> Class:
        if j < n:
            return develop(j)
        a = (0, *invariant[j - n])
        blocks: list[Block] = [tuple(i * n + (a[i] + t) % n for i in range(4)) for t in range(n)]  # type: ignore[misc]
        return tuple(blocks)

    name = f"resolvable 4-GDD of type {kind} over Z{n} x {levels} levels"
    return Design(name, finite + fixed, n + len(invariant), groups, build)


def levels_for(players: int) -> Design | None:
    """The stored design on ``players`` points, if there is one."""
    return levels_gdd(players) if players in _STORED else None
