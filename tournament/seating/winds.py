"""Starting seat winds: which of a table's four players sits East, South, West, North.

Each player's **seat counts** (how often they started East, South, West, North)
come from the history. A table's order is the one of the 24 that keeps counts
level: it minimises the sum of ``8 ** count`` over the seats taken (a steep
weight, so one player's third East costs more than several players' second
seats), and a player who has started East twice is placed where they have
been least. Tables are
independent (each player sits at one), so choosing per table is exact.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence

from .model import PlayerId, Table

_ORDERS = tuple(itertools.permutations(range(4)))


def seat_counts(history: Iterable[Sequence[Table]]) -> dict[PlayerId, list[int]]:
    """Times each player started in E, S, W, N over the history."""
    counts: dict[PlayerId, list[int]] = {}
    for rnd in history:
        for table in rnd:
            for seat, player in enumerate(table):
                counts.setdefault(player, [0, 0, 0, 0])[seat] += 1
    return counts


def order_table(members: Sequence[PlayerId], counts: Mapping[PlayerId, Sequence[int]]) -> Table:
    """The seat order for four players that keeps their seat counts most even.

    Ties go to the first order in the members' given sequence, so the result is
    deterministic.
    """
    zero = (0, 0, 0, 0)
    best: tuple[int, tuple[int, ...]] | None = None
    for order in _ORDERS:
        cost = 0
        for seat, k in enumerate(order):
            c = counts.get(members[k], zero)
            cost += 8 ** c[seat]
        if best is None or cost < best[0]:
            best = (cost, order)
    assert best is not None
    order = best[1]
    return (members[order[0]], members[order[1]], members[order[2]], members[order[3]])


def order_round(
    groups: Iterable[Sequence[PlayerId]], counts: Mapping[PlayerId, Sequence[int]]
) -> tuple[Table, ...]:
    """Seat every table of a round."""
    return tuple(order_table(list(g), counts) for g in groups)
