"""How a stage seats its round (issue 36): the one rule every door that seats a round asks.

``tournament.rounds.seating.round_seat`` is the door that seats a round: the round page's "Generate
seating" and "Seat again", ``POST /api/v1/rounds/{id}/seating/``, a season night's seating, and the stage
page's button (``stages.services.stage_seat_round``) all go through it, and it asks ``stage_seating``
first:

- a round in no stage, or in a first stage seated by the usual draw: ``None``, the usual door's rules
  (every entrant, or who is here tonight);
- a round of any other stage: its players and its method (a ``StagePlan``). The players are the stage's
  qualifiers once its cut is published, best first; a first stage's, every entrant. The method is the
  generator's draw or swiss from those players, or the tables the stage chose: placing groups, or knockout
  tables from who goes on from the stage's round before;
- a ``StageError`` saying why the round cannot be seated now: the cut is not published, the knockout's
  round before is not finished, the players do not sit four to a table.

``stage_decides`` says only whether the stage decides: ``competition_plan`` (every round at once) refuses a
stage's round with it. Reads only: the door writes the tables and the audit entry.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournament.models import Qualifier, Round, Stage
from tournament.rounds.seating_rows import round_tables
from tournament.stages.errors import StageError
from tournament.stages.seats import SeatsError, knockout_advancers, placing_groups
from tournament.stages.selectors import round_chips, stage_before, stage_rounds, stage_standings


@dataclass(frozen=True)
class StagePlan:
    """How ``stage`` seats one of its rounds: ``tables`` the stage chose (E, S, W, N each), or the
    generator's draw (swiss when ``method`` says so) of ``players`` (``None``: the usual field)."""

    stage: Stage
    method: str
    players: tuple[int, ...] | None = None
    tables: tuple[tuple[int, int, int, int], ...] | None = None

    @property
    def swiss(self) -> bool:
        return self.method == Stage.Seating.SWISS


def round_stage(round_: Round) -> Stage | None:
    return Stage.objects.select_related("competition").filter(stage_rounds__round=round_).first()


def stage_decides(round_: Round) -> Stage | None:
    """The stage whose rule seats ``round_``; ``None`` when the usual draw of every entrant does."""
    stage = round_stage(round_)
    if stage is None or (stage.seating == Stage.Seating.DRAW and stage_before(stage) is None):
        return None
    return stage


def _order(stage: Stage) -> list[int]:
    """The stage's players, best first: its standings once played, else the cut's seeds."""
    seeds = dict(
        Qualifier.objects.filter(stage=stage, status=Qualifier.Status.IN).values_list("player_id", "seed")
    )
    rows = [r for r in stage_standings(stage) if r.totals.player_id in seeds and not r.totals.withdrawn]
    if any(r.totals.sessions for r in rows):
        return [r.totals.player_id for r in rows]
    return sorted(seeds, key=seeds.get)


def _groups(stage: Stage, players: list[int]) -> tuple[tuple[int, int, int, int], ...]:
    if not players or len(players) % 4:
        raise StageError(
            _("The stage %(stage)s has %(n)s players to seat: they do not sit four to a table.")
            % {"stage": stage.name, "n": len(players)}
        )
    try:
        return tuple(placing_groups(players))
    except SeatsError as exc:
        raise StageError(str(exc)) from None


def stage_seating(round_: Round) -> StagePlan | None:
    """How ``round_``'s stage seats it (the module's docstring), or a ``StageError`` saying why not now."""
    stage = stage_decides(round_)
    if stage is None:
        return None
    first = stage_before(stage) is None
    if not first and stage.status != Stage.Status.PUBLISHED:
        raise StageError(
            _("Round %(n)s belongs to the stage %(stage)s: publish its cut before seating it.")
            % {"n": round_.number, "stage": stage.name}
        )
    players = None if first else _order(stage)
    if stage.seating in (Stage.Seating.DRAW, Stage.Seating.SWISS):
        return StagePlan(stage, stage.seating, players=None if players is None else tuple(players))
    if players is None:  # the first stage: every entrant, by the competition's standings
        players = [r.totals.player_id for r in stage_standings(stage) if not r.totals.withdrawn]
    if stage.seating == Stage.Seating.KNOCKOUT:
        earlier = [r for r in stage_rounds(stage) if r.number < round_.number]
        if earlier:  # who goes on from the stage's round before this one
            last = earlier[-1]
            if last.status != Round.Status.FINISHED:
                raise StageError(
                    _("Round %(last)s, before it in the stage %(stage)s, is not finished: who goes on to "
                      "round %(n)s is not known yet.")
                    % {"last": last.number, "stage": stage.name, "n": round_.number}
                )  # fmt: skip
            seeds = dict(Qualifier.objects.filter(stage=stage).values_list("player_id", "seed"))
            seeds = seeds or {p: i for i, p in enumerate(players)}  # the first stage: its order
            try:
                players = knockout_advancers(round_tables(last), round_chips(last), seeds, stage.advance)
            except SeatsError as exc:
                raise StageError(str(exc)) from None
    return StagePlan(stage, stage.seating, players=tuple(players), tables=_groups(stage, players))
