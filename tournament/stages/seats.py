"""Seating a later stage's round from its qualifiers, pure (issue 36).

- **placing groups**: players in seed (or standings) order, four at a time: the 1st-4th at table 1, the
  5th-8th at table 2, ... The group's order gives the first seats (E, S, W, N): the highest seed East.
- **knockout**: at each table of the round before, the top ``advance`` players by chips at that table
  (ties broken by seed) go on; those who go on are then seated in placing groups by seed.

A player count that is not a multiple of four sits out its remainder as **byes** (issue 49, as the usual
draw gives byes): in placing groups the last in order sit out; in knockout the best seeds, who go on to the
next round as if they had won their table (``split_byes``). Imports only the standard library.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence


class SeatsError(ValueError):
    """The players cannot be seated this way: the message says why."""


def placing_groups(order: Sequence[int]) -> list[tuple[int, int, int, int]]:
    if len(set(order)) != len(order):
        raise SeatsError("a player is listed twice")
    if not order or len(order) % 4:
        raise SeatsError(f"{len(order)} players cannot sit four to a table")
    return [tuple(order[i : i + 4]) for i in range(0, len(order), 4)]  # type: ignore[misc]


def knockout_advancers(
    tables: Sequence[Sequence[int]], chips: Mapping[int, int], seeds: Mapping[int, int], advance: int
) -> list[int]:
    """Who goes on from each table (the top ``advance`` by chips, then seed), in seed order."""
    if advance not in (1, 2):
        raise SeatsError("one or two players of each table go on")
    going = []
    for table in tables:
        ranked = sorted(table, key=lambda p: (-chips.get(p, 0), seeds.get(p, 10**9), p))
        going.extend(ranked[:advance])
    return sorted(going, key=lambda p: (seeds.get(p, 10**9), p))


def split_byes(order: Sequence[int], *, best_sit_out: bool) -> tuple[list[int], list[int]]:
    """``(playing, byes)``: ``order`` (best first) less its remainder over four, taken from the top
    (``best_sit_out``: knockout, the best seeds go on without playing) or from the bottom (placing groups)."""
    order = list(order)
    spare = len(order) % 4
    if not spare:
        return order, []
    if best_sit_out:
        return order[spare:], order[:spare]
    return order[:-spare], order[-spare:]
