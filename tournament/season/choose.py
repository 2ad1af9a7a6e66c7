"""Who is seated on a night, and who sits out (pure: the standard library only).

``choose_seated(candidates, sat_out, played, seed, reserves=())``: the candidates (checked in, else the
``yes`` replies, else every active entry) plus the organiser's reserves are seated in tables of four;
when they are not a multiple of four, ``len % 4`` of the candidates sit out (the **byes**). Byes go to
those who sat out least so far (``sat_out``: nights they came and sat out), then to those who played
the most nights (``played``), the rest of a tie by a shuffle seeded with ``seed``: the same night asked
twice gives the same answer. A reserve never sits out: the organiser called them to fill a table, so
reserves fill exactly the last table's free seats (else ``ValueError``): with them nobody sits out.

What it does not do: read who came (``tournament.season.selectors``) or draw the tables
(``tournament.seating``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class NightField:
    seated: tuple[int, ...]  # sorted
    byes: tuple[int, ...]  # sorted
    reserves: tuple[int, ...]  # sorted, all among ``seated``


def choose_seated(
    candidates: Iterable[int],
    sat_out: Mapping[int, int],
    played: Mapping[int, int],
    seed: int,
    reserves: Iterable[int] = (),
) -> NightField:
    """The night's seated players and byes; see the module docstring."""
    pool = sorted(set(candidates))
    extra = sorted(set(reserves) - set(pool))
    if extra and len(extra) != -len(pool) % 4:
        raise ValueError(
            f"{len(pool)} candidates leave {-len(pool) % 4} seats for reserves, not {len(extra)}"
        )
    need = (len(pool) + len(extra)) % 4
    order = list(pool)
    random.Random(f"night-byes/{seed}").shuffle(order)
    order.sort(key=lambda p: (sat_out.get(p, 0), -played.get(p, 0)))  # stable: the shuffle breaks ties
    byes = set(order[:need])
    seated = tuple(sorted(p for p in [*pool, *extra] if p not in byes))
    return NightField(seated, tuple(sorted(byes)), tuple(extra))
