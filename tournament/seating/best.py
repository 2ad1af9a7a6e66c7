"""What a field can reach: the most rounds so many players play here with nobody meeting twice (the
organiser's report).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .choose import design_for
from .plan import MIN_BYE_PLAN
from .substitutes import bye_schedule


def best_rounds(players: int) -> int:
    """The most rounds ``players`` play here with nobody meeting twice (0 when no design is known).

    A player meets three new players a round, so ``(players - 1) // 3`` is the
    most any schedule reaches; the designs of 16, 28, 40, 64, 100, 136, 208 players
    reach it, those of 24, 36, 48, 60, 72, 84, 96, 108, 132, 144 players ``(players - 3) / 3``,
    the most when ``players`` is divisible by 12 (a player then cannot meet
    everyone), and those of 32, 44, 56, 80, 128 players ``(players - 2) / 3``, the
    most when ``players = 8 (mod 12)``. With byes it is the length of the plan
    with stand-ins (``substitutes.py``).
    """
    if players % 4:  # a design on the tables' players, with stand-ins for those sitting out
        found = bye_schedule(players)
        return len(found[1]) if found is not None and len(found[1]) >= MIN_BYE_PLAN else 0
    design = design_for(players)
    return design.length if design is not None and not design.repeats else 0


def fewest_same_club_tables(clubs: Sequence[str | None], tables: int) -> int:
    """The fewest tables with club-mates any seating of these players at ``tables`` tables reaches.

    ``clubs``: each seated player's club (None: no club). A table is free of
    club-mates when its four players come from four clubs (or none); a club
    gives at most one player to each such table. So ``c`` tables can be free
    when the players without a club plus, for each club, ``min(size, c)``
    fill their ``4c`` seats, and then they can (deal each club's players out
    to the ``c`` tables in turn: no table gets two). The answer is ``tables``
    minus the largest such ``c`` (issue 32): the report says when fewer is
    impossible, so a count it flags is not taken for a fault of the draw.
    """
    sizes = Counter(c for c in clubs if c)
    clubless = sum(1 for c in clubs if not c)
    free = max(
        (c for c in range(tables + 1) if clubless + sum(min(k, c) for k in sizes.values()) >= 4 * c),
        default=0,
    )
    return tables - free
