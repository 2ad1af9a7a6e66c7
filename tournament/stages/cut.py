"""A stage's cut, pure (issue 36): who of a ranked list goes on, and who is next in line.

Words:

- a **candidate** is one line of the standings the cut is made from, in their ranked order (the
  competition's tie-break order already applied by ``tournament.standings.rank``): the player, the
  place (``rank``, shared by players equal on every metric), the values of the tie-break metrics (shown
  beside the cut, so the room sees why), and whether the player has withdrawn;
- the **cut** lets the first ``size`` candidates who have not withdrawn in (``size`` None: all of them);
  the others are out, in order: the first of them is **next in line**;
- a **tie at the cut**: the last player in and the first player out share a place (equal on every
  metric of the tie-break order). The ranked order still decides (as the standings list them: by name,
  then id), and every player of that place is marked so the organiser can see and decide.

This module imports only the standard library; ``tournament.stages.selectors`` feeds it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Candidate:
    player_id: int
    name: str
    rank: int | None
    values: dict = field(default_factory=dict)  # tie-break metric -> value, in the order's order
    withdrawn: bool = False
    chips: int = 0  # net chips in the standings cut from (carried over when the stage says so)


@dataclass(frozen=True)
class CutLine:
    candidate: Candidate
    seed: int  # 1 first, in the ranked order
    qualified: bool
    tied_at_cut: bool


class CutError(ValueError):
    """The cut cannot be made as asked: the message says why."""


def cut(candidates: Sequence[Candidate], size: int | None) -> list[CutLine]:
    """The cut of ``candidates`` (ranked) to ``size`` players (module docstring)."""
    if size is not None and size < 1:
        raise CutError("a cut lets at least one player in")
    playing = [c for c in candidates if not c.withdrawn]
    wanted = len(playing) if size is None else size
    chosen = {c.player_id for c in playing[:wanted]}
    tied_rank = None
    if size is not None and 0 < wanted < len(playing):
        last_in, first_out = playing[wanted - 1], playing[wanted]
        if last_in.rank is not None and last_in.rank == first_out.rank:
            tied_rank = last_in.rank
    return [
        CutLine(
            candidate=c,
            seed=i,
            qualified=c.player_id in chosen,
            tied_at_cut=tied_rank is not None and c.rank == tied_rank and not c.withdrawn,
        )
        for i, c in enumerate(candidates, start=1)
    ]


def next_in_line(lines: Sequence[tuple[int, str]]) -> int | None:
    """The first player out, not withdrawn, from ``(player_id, status)`` in seed order (``"in"``,
    ``"out"``, ``"withdrawn"``): who takes a withdrawn qualifier's place."""
    return next((pid for pid, status in lines if status == "out"), None)
