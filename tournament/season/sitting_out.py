"""Who sits out a published round, and who is out of a stage (issue 49): what their messages and their
season page say.

- a **bye** is a player who is here and has no seat: on a league night, ``night_here`` (checked
  in, a seated reserve, or said yes on a night seated from the replies); on a team night, a player their
  team named; on a round of a stage that seats its own players (``tournament.stages``), a qualifier of
  the stage the draw left without a table. Nobody who said no, never answered on a night with answers, or
  said yes and stayed home is a bye;
- **out** of a stage: a player the stage's cut left out, or a knockout stage's player who sat in one of
  its rounds before and has no table now. They are told once that they are out, never that they sit out.

Reads only.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q

from tournament.models import Attendance, Entry, Qualifier, Round, Seat, Stage
from tournament.season.models import Reply
from tournament.stages.selectors import stage_before
from tournament.teams.selectors import lineup_field


def night_here(round_: Round) -> set[int]:
    """The players (ids) here for the night, seated or not (issue 49): only they are told they sit out.

    Checked in, or a reserve seated to fill a table. On a night seated from the replies, and where nobody
    seated is checked in, those who replied ``yes`` too (a yes who stayed home on a night seated from
    check-ins is a no-show: not here). On a night nobody answered yes nor was checked in (seated from
    every active entry), every active entry who did not say no."""
    active = Entry.objects.filter(competition=round_.competition_id, status=Entry.Status.ACTIVE)
    rows = Attendance.objects.filter(round=round_, entry__in=active.values("pk"))
    if not rows.filter(Q(checked_in=True) | Q(reply=Reply.YES) | Q(reserve=True)).exists():
        said_no = rows.filter(reply=Reply.NO).values("entry_id")
        return set(active.exclude(pk__in=said_no).values_list("player_id", flat=True))
    here = Q(checked_in=True) | Q(reserve=True)
    seated = Seat.objects.filter(round=round_).values("player_id")
    if not rows.filter(checked_in=True, entry__player_id__in=seated).exists():  # check-ins are not taken
        here |= Q(reply=Reply.YES, no_show=False)
    return set(rows.filter(here).values_list("entry__player_id", flat=True))


@dataclass(frozen=True)
class SittingOut:
    byes: frozenset[int]  # player ids
    out: frozenset[int]  # out of ``stage``
    stage: Stage | None = None


def _stage_deciding(round_: Round) -> tuple[Stage | None, Stage | None]:
    """(the round's stage when it seats its own players, the stage before it)."""
    stage = Stage.objects.select_related("competition").filter(stage_rounds__round=round_).first()
    if stage is None:
        return None, None
    before = stage_before(stage)
    if stage.seating == Stage.Seating.DRAW and before is None:
        return None, None  # a first stage of the usual draw: the night's rules
    return stage, before


def round_sitting_out(round_: Round, seated: set[int] | None = None) -> SittingOut:
    """The byes of ``round_`` and who is out of its stage, as it is seated now (``seated``: its players)."""
    if seated is None:
        seated = set(Seat.objects.filter(round=round_).values_list("player_id", flat=True))
    active = set(
        Entry.objects.filter(competition=round_.competition_id, status=Entry.Status.ACTIVE).values_list(
            "player_id", flat=True
        )
    )
    stage, before = _stage_deciding(round_)
    if stage is None:
        named = lineup_field(round_)
        here = set(named) if named is not None else night_here(round_)
        return SittingOut(frozenset((here & active) - seated), frozenset())
    if before is None:
        playing, out = active, set()
    else:
        lines = Qualifier.objects.filter(stage=stage).values_list("player_id", "status")
        playing = {p for p, s in lines if s == Qualifier.Status.IN} & active
        out = {p for p, s in lines if s == Qualifier.Status.OUT} & active
    unseated = playing - seated
    if stage.seating == Stage.Seating.KNOCKOUT:  # a knockout table lost: out, not sitting out
        earlier = Seat.objects.filter(round__stage_round__stage=stage, round__number__lt=round_.number)
        lost = unseated & set(earlier.values_list("player_id", flat=True))
        out, unseated = out | lost, unseated - lost
    return SittingOut(frozenset(unseated), frozenset(out - seated), stage)
