"""What a field can reach: the most rounds so many players play here with nobody meeting twice (the
organiser's report).
"""

from __future__ import annotations

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
