"""Byes inside a design: a field of ``4m + b`` players follows a design on ``4m`` points.

Each round ``b`` design players sit out and the ``b`` **extras** (players ``4m .. 4m + b - 1``
of the plan) take their seats: extra ``i`` sits where the ``i``-th player sitting out would
have sat. Pairs of design players still meet at most once; the schedule below also keeps each
extra from meeting anyone twice:

- nobody sits out twice (so never twice before everyone once, never two rounds running), and
  the extras never sit out while the schedule lasts;
- the tablemates an extra takes over are new to that extra every round, and two extras share a
  table at most once.

``bye_schedule(players)`` finds, for as many of the design's classes as it can, the points that
sit out (a min-conflicts search from a fixed seed, so it depends only on the number of players;
cached per process): 34 players follow the 32-player design with nobody meeting twice for all its
10 rounds, 37 the 36-player one for 11, 101 the 100-player one for 32 of 33 (2.4 s to find).
"""

from __future__ import annotations

import random
from functools import lru_cache

from .choose import design_for
from .design_types import Design

_STEPS = 3000  # moves per attempt
# The most classes scheduled: max(40, v / 8) for a design on v points. Near a long design's end an
# extra must meet nearly every point once, which the search finds slowly or not at all (203 players
# on the 65-class design for 200: 9 s); far from it the first attempt succeeds.
MAX_CLASSES = 40


def _attempt(tables: list[list[tuple[int, ...]]], v: int, b: int, rng: random.Random) -> list | None:
    """Byes for every class given (``tables[j][p]`` = the table of point ``p``), or None.

    Min-conflicts: a conflict is a point sitting out twice or an extra meeting a point twice; two
    points of one table never sit out in the same class (so extras never meet each other).
    """
    rounds = len(tables)
    if rounds * b > v:
        return None
    picks: list[list[int]] = []
    order = list(range(v))
    rng.shuffle(order)
    for j in range(rounds):  # greedy start: distinct points, not two at one table
        ys: list[int] = []
        for y in order[j * b :] + order:
            if len(ys) < b and y not in ys and not any(y in tables[j][z] for z in ys):
                ys.append(y)
        picks.append(ys)
    used = [0] * v
    meet = [[0] * v for _ in range(b)]  # extra i has met point p meet[i][p] times

    def move(j: int, i: int, y: int, sign: int) -> None:
        used[y] += sign
        row = meet[i]
        for p in tables[j][y]:
            if p != y:
                row[p] += sign

    def bad(j: int, i: int, y: int) -> int:  # conflicts that seating y adds (y not counted yet)
        row = meet[i]
        return (used[y] > 0) + sum(row[p] > 0 for p in tables[j][y] if p != y)

    for j in range(rounds):
        for i in range(b):
            move(j, i, picks[j][i], 1)
    variables = [(j, i) for j in range(rounds) for i in range(b)]

    def clash(j: int, i: int) -> bool:
        y = picks[j][i]
        return used[y] > 1 or any(meet[i][p] > 1 for p in tables[j][y] if p != y)

    conflicted: list[tuple[int, int]] = []
    for step in range(_STEPS):
        if step % 16 == 0 or not conflicted:  # the list is refreshed now and then, checked on use
            conflicted = [(j, i) for j, i in variables if clash(j, i)]
            if not conflicted:
                return picks
        j, i = conflicted.pop(rng.randrange(len(conflicted)))
        if not clash(j, i):
            continue
        move(j, i, picks[j][i], -1)
        others = [z for k, z in enumerate(picks[j]) if k != i]
        allowed = [y for y in range(v) if not any(y in tables[j][z] for z in others)]
        if rng.random() < 0.1:
            y = rng.choice(allowed)
        else:
            scored = [(bad(j, i, y), rng.random(), y) for y in allowed]
            y = min(scored)[2]
        picks[j][i] = y
        move(j, i, y, 1)
    return None


@lru_cache(maxsize=16)
def bye_schedule(players: int) -> tuple[Design, tuple[int, ...], tuple[tuple[int, ...], ...]] | None:
    """For a field of ``players`` with byes: (design, the classes followed, who sits out in each).

    The classes are in the design's order; entry ``j`` of the byes sits out in class ``classes[j]``
    and extra ``i`` (point ``design.points + i``) takes the seat of its ``i``-th point. None when no
    design without repeats fits (or not even three rounds can be scheduled).
    """
    b = players % 4
    design = design_for(players - b) if b and players - b >= 16 else None
    if design is None or design.repeats:
        return None
    v = design.points
    lines = []
    for j in range(design.length):
        where: list[tuple[int, ...]] = [()] * v
        for block in design.cls(j):
            for p in block:
                where[p] = block
        lines.append(where)
    rng = random.Random(f"byes in a design/{players}")
    for length in range(min(design.length, v // b, max(MAX_CLASSES, v // 8)), 2, -1):
        for _ in range(2):
            classes = sorted(rng.sample(range(design.length), length))
            found = _attempt([lines[j] for j in classes], v, b, rng)
            if found is not None:
                return design, tuple(classes), tuple(tuple(ys) for ys in found)
    return None


def substituted_class(design: Design, klass: int, byes: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Class ``klass`` of ``design`` with ``byes[i]`` replaced by extra ``design.points + i``."""
    swap = {y: design.points + i for i, y in enumerate(byes)}
    return tuple(tuple(swap.get(p, p) for p in block) for block in design.cls(klass))
