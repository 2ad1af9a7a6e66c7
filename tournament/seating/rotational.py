"""Resolvable 4-GDDs developed over a cyclic group, a small stored schedule, and what a field can reach.

A **1-rotational resolvable 4-GDD** here has points ``Z_n x {0, 1, 2}`` (point
``(x, i)`` numbered ``i * n + x``) and ``k`` fixed points ``3n .. 3n + k - 1``.
Its base class is ``k`` blocks ``{fixed a, (x, 0), (y, 1), (z, 2)}`` (written
without the fixed point) and blocks of four finite points; class ``t`` adds
``t`` to every ``x`` (``n`` classes). It never repeats a pair when every
difference it needs occurs exactly once in the base class, which the tests
check by developing every class:

- ``k = 3``, groups ``{(x,0), (x,1), (x,2)}`` and the three fixed points: a
  resolvable 4-GDD of type ``3^(n+1)`` on ``N = 3n + 3`` players (``N``
  divisible by 12), ``(N - 3) / 3`` rounds in which each player meets everyone
  but the two others of their group: the most rounds ``N`` players can play
  with nobody meeting twice (a player meets three new players a round).
- ``k = 2``, groups ``{(x,i), (x + n/2, i)}`` and the two fixed points: type
  ``2^(3n/2+1)``, ``(N - 2) / 3`` rounds.

The base classes were found by ``tools/designs/find_design_gdd.py`` (simulated
annealing over base classes invariant under turning the levels, the symmetry
also used for 40 players in ``tools/designs/find_design.py``), those of ``_TURNING``
(72 players on) by ``tools/designs/find_design_turning.py`` (SAT over the residues of
such base classes); each is checked by the tests, pair by pair. Resolvable
4-GDDs of type ``3^u`` are expected for every ``u = 0 (mod 4)``, ``u >= 8``
(issue 17; the literature on resolvable group divisible designs with blocks of
four); only the ones stored here are used.
"""

from __future__ import annotations

from .design_types import Design, developed
from .levels import levels_for

# n -> (k, base class); finite point (x, i) written i * n + x, the first k blocks hold the fixed points
_BASES: dict[int, tuple[int, tuple[tuple[int, ...], ...]]] = {
    # 24 players, 7 rounds (social golfer 6-4-7)
    7: (3, ((3, 13, 18), (10, 20, 4), (17, 6, 11), (14, 2, 19, 15), (0, 9, 5, 1), (7, 16, 12, 8))),
    # 36 players, 11 rounds (social golfer 9-4-11)
    11: (
        3,
        (
            (5, 13, 26),
            (16, 24, 4),
            (27, 2, 15),
            (32, 14, 29, 31),
            (23, 0, 6, 30),
            (10, 25, 7, 9),
            (1, 11, 17, 8),
            (21, 3, 18, 20),
            (12, 22, 28, 19),
        ),
    ),
    # 48 players, 15 rounds (social golfer 12-4-15)
    15: (
        3,
        (
            (4, 20, 41),
            (19, 35, 11),
            (34, 5, 26),
            (1, 25, 8, 6),
            (30, 7, 39, 27),
            (17, 29, 3, 28),
            (16, 40, 23, 21),
            (0, 22, 9, 42),
            (32, 44, 18, 43),
            (31, 10, 38, 36),
            (15, 37, 24, 12),
            (2, 14, 33, 13),
        ),
    ),
}


# n -> the turning orbits of the base round, found by ``tools/designs/find_design_turning.py n`` (27 Nov 2026,
# SAT; 96, 108, 132, 136 players with ``--mult m``: the base round also invariant under x -> m x):
# a block is residues mod n with a level each, its three turns (every level + t) are tables; the first
# block is the fixed points' (its turn t sits with fixed point t; type 3^(n+1)), or one residue whose
# three points sit with the one fixed point (``--kind bibd``: every pair once, 3n + 1 players).
_TURNING: dict[int, tuple[tuple[tuple[int, int], ...], ...]] = {
    # 72 players, 23 rounds (social golfer 18-4-23), SAT in 104 s
    23: (
        ((0, 0), (17, 1), (1, 2)),
        ((2, 0), (14, 0), (15, 1), (22, 0)),
        ((3, 0), (6, 2), (8, 0), (10, 0)),
        ((4, 0), (7, 1), (13, 1), (19, 2)),
        ((5, 0), (9, 0), (18, 2), (20, 1)),
        ((11, 0), (12, 0), (16, 2), (21, 0)),
    ),
    # 84 players, 27 rounds (social golfer 21-4-27), SAT in 396 s
    27: (
        ((0, 0), (17, 1), (14, 2)),
        ((1, 0), (9, 1), (10, 1), (22, 0)),
        ((2, 0), (6, 0), (16, 0), (18, 0)),
        ((3, 0), (11, 2), (20, 2), (23, 0)),
        ((4, 0), (8, 2), (15, 1), (26, 0)),
        ((5, 0), (7, 2), (12, 1), (13, 0)),
        ((19, 0), (21, 1), (24, 1), (25, 2)),
    ),
    # 96 players, 31 rounds (social golfer 24-4-31), SAT in 1 s with the multiplier 5
    31: (
        ((4, 2), (7, 1), (20, 0)),
        ((0, 0), (6, 0), (26, 0), (30, 0)),
        ((1, 0), (9, 1), (11, 1), (15, 0)),
        ((2, 0), (16, 2), (17, 1), (29, 2)),
        ((3, 0), (8, 1), (25, 0), (27, 1)),
        ((5, 0), (13, 0), (14, 1), (24, 1)),
        ((10, 0), (18, 2), (21, 2), (23, 1)),
        ((12, 0), (19, 1), (22, 2), (28, 0)),
    ),
    # 108 players, 35 rounds (social golfer 27-4-35), SAT in 2 s with the multiplier 16
    35: (
        ((1, 1), (11, 0), (16, 2)),
        ((0, 0), (7, 2), (21, 2), (28, 0)),
        ((2, 0), (3, 2), (6, 0), (25, 2)),
        ((4, 0), (5, 0), (17, 2), (34, 2)),
        ((8, 0), (14, 2), (18, 0), (23, 0)),
        ((9, 0), (12, 2), (20, 0), (24, 2)),
        ((10, 0), (19, 2), (27, 2), (29, 0)),
        ((13, 0), (15, 0), (26, 1), (32, 1)),
        ((22, 0), (30, 2), (31, 0), (33, 2)),
    ),
    # 132 players, 43 rounds (social golfer 33-4-43), SAT in 1 s with the multiplier 6
    43: (
        ((9, 1), (11, 0), (23, 2)),
        ((0, 0), (4, 0), (15, 0), (24, 0)),
        ((1, 0), (2, 1), (17, 0), (26, 2)),
        ((3, 0), (20, 1), (25, 2), (41, 1)),
        ((5, 0), (13, 0), (19, 0), (42, 1)),
        ((6, 0), (12, 1), (16, 0), (27, 2)),
        ((7, 0), (8, 2), (38, 2), (39, 2)),
        ((10, 0), (29, 1), (33, 2), (36, 0)),
        ((14, 0), (22, 2), (32, 0), (40, 1)),
        ((18, 0), (21, 2), (31, 1), (34, 1)),
        ((28, 0), (30, 0), (35, 0), (37, 1)),
    ),
    # 136 players, 45 rounds (every pair once: a resolvable (136,4,1) design), SAT in 44 s with the multiplier
    # 26 (of order 2); the first block is the residue whose three points sit with the one fixed point
    45: (
        ((0, 1),),
        ((1, 0), (5, 0), (16, 1), (22, 1)),
        ((2, 0), (31, 1), (33, 1), (44, 1)),
        ((3, 0), (7, 2), (19, 0), (41, 0)),
        ((4, 0), (6, 2), (14, 0), (21, 2)),
        ((8, 0), (13, 1), (20, 2), (30, 1)),
        ((9, 0), (18, 1), (27, 1), (36, 0)),
        ((10, 0), (29, 1), (34, 1), (35, 0)),
        ((11, 0), (26, 2), (32, 0), (40, 2)),
        ((12, 0), (24, 0), (37, 1), (38, 1)),
        ((15, 0), (23, 0), (25, 1), (28, 2)),
        ((17, 0), (39, 2), (42, 2), (43, 0)),
    ),
}


def _turned(n: int) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """A base round of ``_TURNING`` as ``_BASES`` holds one: every block with its three turns (a first
    block of one residue: its three points, at the one fixed point's table)."""
    first, *rest = _TURNING[n]
    turns = tuple(tuple(((i + t) % 3) * n + x for x, i in block) for block in rest for t in range(3))
    if len(first) == 1:
        return 1, (tuple(i * n + first[0][0] for i in range(3)), *turns)
    return 3, tuple(tuple(((i + t) % 3) * n + x for x, i in first) for t in range(3)) + turns


def rotational_gdd(n: int) -> Design:
    """The stored 1-rotational resolvable 4-GDD over ``Z_n`` (see the module docstring)."""
    k, base = _BASES[n] if n in _BASES else _turned(n)
    v = 3 * n + k
    if k == 1:  # every pair once
        return Design(f"resolvable ({v},4,1) design over Z{n}", v, n, (), developed(n, 3, k, base))
    if k == 3:
        groups = tuple((x, n + x, 2 * n + x) for x in range(n)) + ((3 * n, 3 * n + 1, 3 * n + 2),)
        kind = f"3^{n + 1}"
    else:
        half = n // 2
        groups = tuple((i * n + x, i * n + x + half) for i in range(3) for x in range(half))
        groups += ((3 * n, 3 * n + 1),)
        kind = f"2^{v // 2}"

    return Design(f"resolvable 4-GDD of type {kind} over Z{n}", v, n, groups, developed(n, 3, k, base))


def rotational_for(v: int) -> Design | None:
    """The stored rotational design on ``v`` points (or one of ``levels.py``), if there is one."""
    for n, (k, _) in _BASES.items():
        if 3 * n + k == v:
            return rotational_gdd(n)
    if (v - 3) // 3 in _TURNING and v % 12 == 0:
        return rotational_gdd((v - 3) // 3)
    if (v - 1) // 3 in _TURNING and v % 12 == 4:
        return rotational_gdd((v - 1) // 3)
    return levels_for(v)


# 12 players over 3 rounds: 6 repeated meetings, the least possible (each table of rounds 2 and 3 draws
# four players from three earlier tables, so holds a pair that met before); found by random search.
_TWELVE = (
    ((0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11)),
    ((2, 5, 7, 9), (3, 6, 10, 11), (0, 1, 4, 8)),
    ((0, 1, 6, 9), (2, 4, 10, 11), (3, 5, 7, 8)),
)


def twelve() -> Design:
    """The stored three rounds for 12 players (6 repeats; not a design: pairs do meet twice)."""
    return Design(
        "stored 12-player schedule (6 repeats, the least possible)", 12, 3, (), _TWELVE.__getitem__, repeats=6
    )
