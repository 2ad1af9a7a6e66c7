"""The plan: a design followed round by round, with players mapped to its points.

When swiss seating is off and the field admits a design (``choose.design_for``; with clubs to keep
apart, the longest of ``choose.ranked`` whose groups hold every club whole), the plan is that
design with players mapped to points by a shuffle seeded by the seed, and its classes played in a
seeded order. Club-mates are put in one of the design's groups, which never meet, or, in a
design where every pair meets, at one table of its last round. A field with byes (``4m + b``
players) follows the design on ``4m`` points with ``b`` players standing in for those sitting out
(``substitutes.bye_schedule``), when no clubs are to be kept apart and the schedule lasts a block
of four rounds at least. The plan depends only on the seed, the field and the clubs, never on how
many rounds are asked for.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from .choose import ranked
from .design_types import Design
from .model import PlayerId, Round, SeatingOptions
from .substitutes import bye_schedule, substituted_class

MIN_BYE_PLAN = 4  # a schedule with byes shorter than this is left to the search


class Plan:
    """The design seating of the whole field, if there is one (see the module docstring)."""

    def __init__(
        self, field: tuple[PlayerId, ...], options: SeatingOptions, clubs: Mapping[PlayerId, str | None]
    ):
        self.design: Design | None = None
        self.sitting_out: list[tuple[int, ...]] = []  # per class of the design (points), with byes
        if not options.use_designs or options.swiss:
            return
        clubbed = options.avoid_same_club and any(clubs.get(p) for p in field)
        if len(field) % 4 == 0:
            # the longest design, or with clubs the longest whose groups hold each club whole
            for design in ranked(len(field))[: None if clubbed else 1]:
                self._map(design, field, options, clubs if clubbed else {})
                if self.design is not None:
                    return
        elif not clubbed:
            self._with_byes(len(field))
            if self.design is not None:
                self._map(self.design, field, options, {})

    def _map(
        self,
        design: Design,
        field: tuple[PlayerId, ...],
        options: SeatingOptions,
        clubs: Mapping[PlayerId, str | None],
    ) -> None:
        """Follow ``design``: players to points, classes in a seeded order; not when it splits a club."""
        rng = random.Random(f"plan/{options.seed}/{len(field)}")
        order = list(field)
        rng.shuffle(order)
        self.classes = list(range(design.length))
        rng.shuffle(self.classes)
        slots = list(range(design.points))
        if clubs:
            # Club-mates go into one group of the design, which never meets; a design in which every pair
            # meets has no groups, so the tables of its last round serve instead: club-mates meet there only.
            groups = design.groups or design.cls(self.classes[-1])
            size: dict[str, int] = {}
            for p in field:
                if clubs.get(p):
                    size[clubs[p]] = size.get(clubs[p], 0) + 1
            # biggest clubs first, each club's players together, then everyone else
            order.sort(key=lambda p: (0, -size[clubs[p]], clubs[p]) if clubs.get(p) else (1, 0, ""))
            grouped = [pt for g in groups for pt in g]
            rest = set(slots) - set(grouped)
            slots = grouped + [pt for pt in slots if pt in rest]
        self.player = dict(zip(slots, order, strict=True))
        self.design = design
        if design.groups and clubs and self._splits_a_club(clubs):
            self.design = None  # club-mates would sit together in its rounds: search keeps them apart
            return
        self._cache: dict[int, frozenset[frozenset[PlayerId]]] = {}

    def _with_byes(self, players: int) -> None:
        found = bye_schedule(players)
        if found is None or len(found[1]) < MIN_BYE_PLAN:
            return
        design, classes, byes = found
        self.sitting_out = list(byes)
        self.design = Design(
            f"{design.name} with {players % 4} standing in for those sitting out",
            players,
            len(classes),
            (),
            lambda j: substituted_class(design, classes[j], byes[j]),
        )

    def _splits_a_club(self, clubs: Mapping[PlayerId, str | None]) -> bool:
        assert self.design is not None
        group_of = {self.player[pt]: g for g, members in enumerate(self.design.groups) for pt in members}
        seen: dict[str, int | None] = {}
        for p, g in group_of.items():
            club = clubs.get(p)
            if club is not None and seen.setdefault(club, g) != g:
                return True
        return any(clubs.get(p) is not None and p not in group_of for p in self.player.values())

    def groups(self, k: int) -> list[tuple[PlayerId, ...]]:
        assert self.design is not None
        return [tuple(self.player[pt] for pt in block) for block in self.design.cls(self.classes[k])]

    def byes(self, k: int) -> tuple[PlayerId, ...]:
        """Who sits out in the plan's round ``k`` (none when the field is a multiple of four)."""
        if not self.sitting_out:
            return ()
        return tuple(self.player[pt] for pt in self.sitting_out[self.classes[k]])

    def firsts_ahead(self, so_far: Sequence[Round], start: int) -> list[list[tuple[PlayerId, ...]]] | None:
        """With byes, while ``so_far`` follows the plan: the groups of its rounds ``start``, ``start + 4``,
        ... (the first rounds of later blocks of four) while it lasts; None otherwise."""
        if not self.sitting_out or not self.follows(so_far):
            return None
        assert self.design is not None
        return [self.groups(k) for k in range(start, self.design.length, 4)]

    def as_sets(self, k: int) -> frozenset[frozenset[PlayerId]]:
        if k not in self._cache:
            self._cache[k] = frozenset(frozenset(g) for g in self.groups(k))
        return self._cache[k]

    def follows(self, so_far: Sequence[Round]) -> bool:
        """Is the history exactly the plan's first rounds, with a round of the plan left?"""
        if self.design is None or len(so_far) >= self.design.length:
            return False
        return all(frozenset(frozenset(t) for t in rnd) == self.as_sets(k) for k, rnd in enumerate(so_far))
