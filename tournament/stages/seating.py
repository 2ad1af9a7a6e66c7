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
  round before is not finished. Players beyond a multiple of four sit out (``seats.split_byes``).

``stage_decides`` says only whether the stage decides: ``competition_plan`` (every round at once) refuses a
stage's round with it. Reads only: the door writes the tables and the audit entry.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournament.models import Qualifier, Round, Stage
from tournament.rounds.seating_rows import round_tables
from tournament.stages.errors import StageError
from tournament.stages.seats import SeatsError, knockout_advancers, placing_groups, split_byes
from tournament.stages.selectors import round_chips, stage_before, stage_rounds, stage_standings


@dataclass(frozen=True)
class StagePlan:
    """How ``stage`` seats one of its rounds: ``tables`` the stage chose (E, S, W, N each), or the
    generator's draw (swiss when ``method`` says so) of ``players`` (``None``: the usual field)."""

    stage: Stage
    method: str
    players: tuple[int, ...] | None = None
    tables: tuple[tuple[int, int, int, int], ...] | None = None
    byes: tuple[int, ...] = ()  # of the stage's own tables: who sits out (issue 49)

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


def _groups(stage: Stage, players: list[int], *, best_sit_out: bool = False):
    """Placing groups of ``players`` (best first) with the remainder over four as byes (``split_byes``)."""
    playing, byes = split_byes(players, best_sit_out=best_sit_out)
    if not playing:
        raise StageError(
            _("The stage %(stage)s has %(n)s players to seat: fewer than a table of four.")
            % {"stage": stage.name, "n": len(players)}
        )
    try:
        return tuple(placing_groups(playing)), tuple(byes)
    except SeatsError as exc:
        raise StageError(str(exc)) from None


def _knockout_field(stage: Stage, round_: Round, players: list[int]) -> list[int]:
    """Who plays ``round_`` of a knockout stage: from each earlier round of the stage in turn, the top of
    each table and the byes of that round (who did not sit), in seed order."""
    seeds = dict(Qualifier.objects.filter(stage=stage).values_list("player_id", "seed"))
    seeds = seeds or {p: i for i, p in enumerate(players)}  # the first stage: its order
    field = list(players)
    for last in [r for r in stage_rounds(stage) if r.number < round_.number]:
        if last.status != Round.Status.FINISHED:
            raise StageError(
                _("Round %(last)s, before it in the stage %(stage)s, is not finished: who goes on to "
                  "round %(n)s is not known yet.")
                % {"last": last.number, "stage": stage.name, "n": round_.number}
            )  # fmt: skip
        tables = round_tables(last)
        seated = {p for t in tables for p in t}
        try:
            going = knockout_advancers(tables, round_chips(last), seeds, stage.advance)
        except SeatsError as exc:
            raise StageError(str(exc)) from None
        field = sorted(
            set(going) | {p for p in field if p not in seated}, key=lambda p: (seeds.get(p, 10**9), p)
        )
    return field


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
    knockout = stage.seating == Stage.Seating.KNOCKOUT
    if knockout:
        players = _knockout_field(stage, round_, players)
    tables, byes = _groups(stage, players, best_sit_out=knockout)
    return StagePlan(stage, stage.seating, players=tuple(players), tables=tables, byes=byes)
