"""Byes: who sits out when the field is not a multiple of four.

A player has had a **bye** in a round of the history when they are in the field
but not at any of that round's tables (a player entered late therefore counts
the rounds before their entry as byes, and is not due another before the rest).
Each round ``len(field) % 4`` players sit out, drawn from those with the
fewest byes so far: nobody sits out twice before everyone has sat out once.
Ties are broken by a shuffle seeded with the seed and the round number.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator, Sequence

from .model import PlayerId, Table


def bye_counts(field: Sequence[PlayerId], history: Sequence[Sequence[Table]]) -> dict[PlayerId, int]:
    """Byes so far for each player of the field."""
    counts = dict.fromkeys(field, 0)
    for rnd in history:
        seated = {p for table in rnd for p in table}
        for p in field:
            if p not in seated:
                counts[p] += 1
    return counts


def due_for_bye(field: Sequence[PlayerId], history: Sequence[Sequence[Table]]) -> tuple[PlayerId, ...]:
    """The players with the fewest byes so far, in field order (empty when nobody sits out)."""
    if len(field) % 4 == 0:
        return ()
    counts = bye_counts(field, history)
    low = min(counts.values())
    return tuple(p for p in field if counts[p] == low)


def choose_byes(
    field: Sequence[PlayerId], history: Sequence[Sequence[Table]], seed: int
) -> tuple[PlayerId, ...]:
    """Who sits out the next round (``field`` in canonical order), deterministic for the seed."""
    need = len(field) % 4
    if need == 0:
        return ()
    counts = bye_counts(field, history)
    order = list(field)
    random.Random(f"byes/{seed}/{len(history)}").shuffle(order)
    order.sort(key=lambda p: counts[p])  # stable: the shuffle breaks ties
    chosen = set(order[:need])
    return tuple(p for p in field if p in chosen)


def bye_draws(
    field: Sequence[PlayerId], history: Sequence[Sequence[Table]], seed: int, limit: int
) -> Iterator[tuple[PlayerId, ...]]:
    """Up to ``limit`` choices of who sits out the next round, all by the rule above (the fewest byes
    first), ``choose_byes``'s first and the others in a seeded order; for a round whose first draw leaves
    only seatings that repeat a pair (who sits out decides whether one without exists: ``generate``)."""
    first = choose_byes(field, history, seed)
    if not first:
        return
    yield first
    need, counts = len(field) % 4, bye_counts(field, history)
    levels = sorted(set(counts.values()))
    must: list[PlayerId] = []
    for level in levels:  # the players below the tie level all sit out; the rest come from the tie
        tied = [p for p in field if counts[p] == level]
        if len(must) + len(tied) >= need:
            break
        must += tied
    k, rng = need - len(must), random.Random(f"bye-draws/{seed}/{len(history)}")
    if math.comb(len(tied), k) <= 10_000:
        others = list(itertools.combinations(tied, k))
        rng.shuffle(others)
    else:  # a big field: a sample is as good
        others = [tuple(rng.sample(tied, k)) for _ in range(limit * 2)]
    given = 1
    for extra in others:
        chosen = set(must) | set(extra)
        draw = tuple(p for p in field if p in chosen)
        if draw != first and given < limit:
            given += 1
            yield draw
