"""The round after the rounds so far when no plan is followed: its byes and its searched tables.

``generate.py`` calls ``remembered`` for each such round; ``search.py`` does the searching.
"""

from __future__ import annotations

import itertools
import random
import threading
import time
from typing import TypeVar

from .byes import bye_draws, choose_byes
from .report import meetings
from .search import perfect_round, search_round

V = TypeVar("V")


# A field this small with byes tries other byes (by the same rule) when the round's best seating repeats
# a pair: who sits out decides whether a round without repeats exists (18 players over 4 rounds, seed 2:
# 7 of the 66 fair draws of round 4 leave one), and an exact search of a few tables costs milliseconds
# (issue 17). Clubs and swiss seating weigh more than repeats, so they keep the first draw.
RETRY_PLAYERS = 40
DRAWS = 200


def searched(field, so_far, met, options, deadline, clubs, ranks) -> tuple[tuple, list, bool]:
    """The byes and the searched tables of the round after ``so_far``, and whether time ran out."""
    number = len(so_far) + 1
    byes = choose_byes(field, so_far, options.seed)
    sitting_out = set(byes)
    active = [p for p in field if p not in sitting_out]
    rng = random.Random(f"round/{options.seed}/{number}/{len(field)}")
    last = meetings(so_far[-1:])
    found, timed_out = search_round(
        active,
        met,
        rng,
        deadline,
        clubs=clubs,
        ranks={p: ranks[p] for p in active} if ranks is not None else None,
        last=last,
    )
    kept_apart = clubs is not None and any(c is not None for c in clubs.values())
    if timed_out or not (byes and len(field) <= RETRY_PLAYERS and not kept_apart and ranks is None):
        return byes, found, timed_out
    if not any(met.get(pair) for g in found for pair in meetings([[g]])):
        return byes, found, timed_out
    for draw in itertools.islice(bye_draws(field, so_far, options.seed, DRAWS), 1, None):
        if time.monotonic() > deadline:
            break
        out = set(draw)
        tables = perfect_round([p for p in field if p not in out], met, random.Random(f"{rng.random()}"))
        if tables is not None:
            return draw, tables, False
    return byes, found, timed_out


# The preview of a small field with byes runs the round's search (who sits out depends on it), and seating
# the round runs it again; an answer found in time depends only on the field, the rounds so far, the seed
# and the clubs (the search stops early only at its deadline), so the second asks these answers first.
_REMEMBERED: dict[tuple, tuple[tuple, list, bool]] = {}
REMEMBERED = 32


def remembered(field, so_far, met, options, deadline, clubs, ranks) -> tuple[tuple, list, bool]:
    """``searched``, its answers for small fields with byes kept (the last ``REMEMBERED``)."""
    if ranks is not None or not (len(field) % 4 and len(field) <= RETRY_PLAYERS):
        return searched(field, so_far, met, options, deadline, clubs, ranks)
    key = (
        tuple(field),
        tuple(tuple(tuple(t) for t in r) for r in so_far),
        options.seed,
        frozenset(clubs.items()) if clubs else None,
    )
    if (answer := _REMEMBERED.get(key)) is None:
        answer = searched(field, so_far, met, options, deadline, clubs, ranks)
        answer = (answer[0], [tuple(t) for t in answer[1]], answer[2])
        if not answer[2]:  # stopped by the deadline: another call may find more
            keep(_REMEMBERED, key, answer, REMEMBERED)
    return answer[0], list(answer[1]), answer[2]


def forget() -> None:
    """Drop the searches kept in the process."""
    _REMEMBERED.clear()


_KEEPING = threading.Lock()  # the development server answers requests in threads


def keep(kept: dict[tuple, V], key: tuple, value: V, most: int) -> None:
    """Keep ``value`` under ``key``, forgetting the oldest beyond ``most`` (answers kept in the process)."""
    with _KEEPING:
        while len(kept) >= most:
            kept.pop(next(iter(kept)))
        kept[key] = value
