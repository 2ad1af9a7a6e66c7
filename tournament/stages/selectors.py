"""Reads of a competition's stages (issue 36): each stage's standings, and the cut before it is published.

A stage's **standings** add up, player by player, the standings of each of its rounds
(``tournament.standings.compute.scope_totals``, the public view: held rounds left out), plus the chips a
qualifier carried over when the stage says so, and rank them by the competition's tie-break order
(``tournament.standings.rank``). Who is listed: the stage's qualifiers once its cut is published; for a
stage without a cut (the preliminaries), every entrant and whoever sat at its tables.

The **cut preview** is the cut (``tournament.stages.cut``) of the stage before's standings, or of one
club's players in them (``Stage.category_club``), as it would be published now. ``cut_waits`` says, in
words, why it cannot be published yet: a round of the stage before not finished, or its results held (the
standings would be live, or leave the held round out).
"""

from __future__ import annotations

from dataclasses import replace

from django.utils.translation import gettext as _

from tournament.models import ChipTransfer, Entry, EntryCategory, Hand, Qualifier, Round, Stage
from tournament.stages.cut import Candidate, CutLine, cut
from tournament.standings.compute import scope_totals
from tournament.standings.fair import fair_rank
from tournament.standings.rank import PlayerTotals, RankedRow, totals_plus


def stage_rounds(stage: Stage) -> list[Round]:
    return list(Round.objects.filter(stage_round__stage=stage).order_by("number"))


def stage_before(stage: Stage) -> Stage | None:
    """The stage whose standings ``stage``'s cut is made from: the one it names (``source``), else the
    stage numbered just before it; None for a first stage (every entrant, no cut)."""
    if stage.source_id is not None:
        return stage.source  # read once, then kept on the stage (``stage_rows`` reads it with the stage)
    return (
        Stage.objects.filter(competition_id=stage.competition_id, number__lt=stage.number)
        .order_by("-number")
        .first()
    )


def has_cut(stage: Stage) -> bool:
    return stage_before(stage) is not None


def stage_totals(stage: Stage) -> list[PlayerTotals]:
    competition = stage.competition
    withdrawn = set(
        Entry.objects.filter(competition=competition, status=Entry.Status.WITHDRAWN).values_list(
            "player_id", flat=True
        )
    )
    lines: dict[int, PlayerTotals] = {}
    for round_ in stage_rounds(stage):
        for totals in scope_totals(competition, round_):
            lines[totals.player_id] = (
                totals_plus(lines[totals.player_id], totals) if totals.player_id in lines else totals
            )
    qualifiers = list(
        Qualifier.objects.filter(stage=stage, status=Qualifier.Status.IN).select_related("player__club")
    )
    if qualifiers or (stage.status == Stage.Status.PUBLISHED and has_cut(stage)):
        listed = {}
        for q in qualifiers:
            base = lines.get(q.player_id) or PlayerTotals(
                player_id=q.player_id, name=q.player.name, club=q.player.club.name if q.player.club else None
            )
            carried = q.carried_chips if stage.carry_over == Stage.CarryOver.CHIPS else 0
            listed[q.player_id] = replace(base, net_chips=base.net_chips + carried)
        lines = listed
    else:
        for entry in Entry.objects.filter(competition=competition).select_related("player__club"):
            player = entry.player
            lines.setdefault(
                player.pk,
                PlayerTotals(
                    player_id=player.pk, name=player.name, club=player.club.name if player.club else None
                ),
            )
    return [replace(t, withdrawn=t.player_id in withdrawn) for t in lines.values()]


def stage_standings(stage: Stage) -> list[RankedRow]:
    """The stage's standings; a player who has not played in it has no place yet, listed last (issue 49)."""
    return fair_rank(stage_totals(stage), **stage.competition.ranking())


def tie_break_metrics(stage: Stage) -> list[str]:
    return [name.lstrip("-") for name in stage.competition.ranking()["order"]]


def cut_preview(stage: Stage) -> list[CutLine]:
    """The cut as it would be published now (every candidate, in ranked order, in or out)."""
    before = stage_before(stage)
    if before is None:
        return []
    metrics = tie_break_metrics(stage)
    ranked = stage_standings(before)
    if stage.category_club_id is not None:
        club = stage.category_club.name
        ranked = [row for row in ranked if row.totals.club == club]
    if stage.category:  # one category of entries only (issue 49): newcomers, women, a club's own word
        members = set(
            EntryCategory.objects.filter(
                entry__competition_id=stage.competition_id, name=stage.category
            ).values_list("entry__player_id", flat=True)
        )
        ranked = [row for row in ranked if row.totals.player_id in members]
    candidates = [
        Candidate(
            player_id=row.totals.player_id,
            name=row.totals.name,
            rank=row.rank,
            values={m: _value(row.totals, m) for m in metrics},
            withdrawn=row.totals.withdrawn,
            chips=row.totals.net_chips,
        )
        for row in ranked
    ]
    return cut(candidates, stage.cut_size)


def cut_short(stage: Stage, lines: list[CutLine]) -> str:
    """Words when the cut asks for more players than the stage it is made from has (issue 49: a cut to 13
    from 8 players must say it is short); ``""`` when it has enough."""
    available = sum(
        line["status"] != "withdrawn" if isinstance(line, dict) else not line.candidate.withdrawn
        for line in lines
    )
    group = stage.category_label or (stage.category_club.name if stage.category_club_id else "")
    if group and not available:  # an empty category (or a club with nobody in the standings) cuts nobody
        return _(
            "Nobody of %(group)s is in the standings of %(source)s: put players in the category, or change "
            "the stage's category."
        ) % {"group": group, "source": stage_before(stage).name}
    if stage.cut_size is None or available >= stage.cut_size:
        return ""
    return _(
        "The cut lets %(size)s players in, but %(source)s has only %(n)s to cut from: change the stage's cut "
        "or the stage it is made from."
    ) % {"size": stage.cut_size, "source": stage_before(stage).name, "n": available}


def cut_waits(stage: Stage) -> str:
    """Why the cut of ``stage`` cannot be published yet, naming each round of the stage before that is not
    finished or whose results are held; ``""`` when it can (or when the stage has no cut)."""
    before = stage_before(stage)
    if before is None:
        return ""
    rounds = stage_rounds(before)
    if not rounds:
        return _("The stage %(stage)s has no rounds yet: the cut is made from its finished rounds.") % {
            "stage": before.name
        }
    unfinished = [
        (_("round %(n)s is still playing") if r.status == Round.Status.PLAYING else
         _("round %(n)s has not started")) % {"n": r.number}
        for r in rounds
        if r.status != Round.Status.FINISHED
    ]  # fmt: skip
    held = [_("round %(n)s's results are held") % {"n": r.number} for r in rounds if r.results_held]
    if not unfinished and not held:
        return ""
    reasons = "; ".join(unfinished + held)
    return _(
        "%(reasons)s: the cut waits until every round of %(stage)s is finished and its results released."
    ) % {"reasons": reasons[:1].upper() + reasons[1:], "stage": before.name}


def _value(totals: PlayerTotals, metric: str):
    value = getattr(totals, metric)
    return float(value) if metric == "chips_per_session" else value


def round_chips(round_: Round) -> dict[int, int]:
    """Each player's net chips in one round (a player sits at one table a round): knockout's measure."""
    net: dict[int, int] = {}
    moves = ChipTransfer.objects.filter(table__round=round_).values_list(
        "from_player_id", "to_player_id", "amount"
    )
    for payer, payee, amount in moves:
        net[payer] = net.get(payer, 0) - amount
        net[payee] = net.get(payee, 0) + amount
    return net


def published_cut(stage: Stage) -> list[Qualifier]:
    return list(Qualifier.objects.filter(stage=stage).select_related("player", "replaced_by__player"))


def cut_made_from(round_: Round) -> Stage | None:
    """The later stage whose published cut was made from the stage ``round_`` is in, or None. Such a round
    is the ground the cut stands on: it is not reopened, held or joined by another round (issue 48)."""
    stage = Stage.objects.filter(stage_rounds__round=round_).first()
    return None if stage is None else published_after(stage)


def published_after(stage: Stage) -> Stage | None:
    """A later stage of ``stage``'s competition whose cut, made from ``stage``, is published; or None."""
    return next((s for s in stages_cut_from(stage) if s.status == Stage.Status.PUBLISHED), None)


def stages_cut_from(stage: Stage) -> list[Stage]:
    """The later stages whose cut is made from ``stage`` (named, or the next by number): what deleting it or
    changing it would pull the ground from under."""
    later = list(
        Stage.objects.filter(competition_id=stage.competition_id, number__gt=stage.number).order_by("number")
    )
    return [s for i, s in enumerate(later) if s.source_id == stage.pk or (s.source_id is None and i == 0)]


def cut_lines(stage: Stage) -> list[dict]:
    """The cut as the organiser's stage page lists it: the published lines, or the preview (issue 53: the
    page's reads, here)."""
    metrics = tie_break_metrics(stage)
    if stage.status == Stage.Status.PUBLISHED:
        before = {r.totals.player_id: r.totals for r in stage_standings(stage_before(stage))}
        return [
            {"seed": q.seed, "player_id": q.player_id, "name": q.player.name, "rank": q.rank,
             "status": q.status, "tied": q.tied_at_cut,
             "values": [getattr(before.get(q.player_id), m, "") for m in metrics],
             "replaced_by": q.replaced_by.player.name if q.replaced_by else ""}
            for q in published_cut(stage)
        ]  # fmt: skip
    return [
        {"seed": line.seed, "player_id": line.candidate.player_id, "name": line.candidate.name,
         "rank": line.candidate.rank,
         "status": "in" if line.qualified else ("withdrawn" if line.candidate.withdrawn else "out"),
         "tied": line.tied_at_cut, "replaced_by": "",
         "values": [line.candidate.values.get(m) for m in metrics]}
        for line in cut_preview(stage)
    ]  # fmt: skip


def free_rounds(competition) -> list[Round]:
    """The competition's rounds in no stage (to put in one)."""
    return list(Round.objects.filter(competition=competition, stage_round__isnull=True).order_by("number"))


def stage_locked_reason(stage: Stage, doing: str | None = None) -> str | None:
    """Why the stage may no longer be changed or deleted (``doing``, "changed" by default), or None if it
    still may: its cut published, hands recorded in it, or a later cut from it published. The stage page
    asks it whether to offer the form; ``stage_update`` and ``stage_delete`` refuse with its words."""
    words = {"stage": stage.name, "doing": doing or _("changed")}
    if stage.status == Stage.Status.PUBLISHED and stage_before(stage) is not None:
        return _("The cut of %(stage)s is published: it can no longer be %(doing)s.") % words
    if Hand.objects.filter(table__round__stage_round__stage=stage).exists():
        return _("Hands are recorded in %(stage)s: it can no longer be %(doing)s.") % words
    after = published_after(stage)
    if after is not None:
        words["next"] = after.name
        return _("The cut of %(next)s is published from %(stage)s: it can no longer be %(doing)s.") % words
    return None


def competition_stages(competition) -> list[Stage]:
    """The competition's stages in order, with what their rows name (the organiser's list)."""
    return list(competition.stages.select_related("category_club", "source"))


def stage_rows():
    """Stages with their competition, category and source: the stage page's lookup by id."""
    return Stage.objects.select_related("competition", "category_club", "source")


def round_stage_names(competition) -> dict[int, str]:
    """Each round's stage, by round id, as the competition page names it beside the round: only where the
    competition has more than one stage (one stage names nothing a reader needs); {} otherwise. One query."""
    rows = list(
        Stage.objects.filter(competition=competition).values_list("pk", "name", "stage_rounds__round_id")
    )
    if len({pk for pk, _name, _round in rows}) < 2:
        return {}
    return {round_id: name for _pk, name, round_id in rows if round_id is not None}
