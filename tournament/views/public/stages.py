"""The competition's stages in public (issue 49): who is in and who is out at each published cut, the cut
line and how a tie at it was broken, qualifiers who withdrew and who took their place, and each stage's
own standings (held rounds left out, as everywhere in public: ``stages.selectors.stage_totals``)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe

from tournament.forms.competitions import metric_label
from tournament.models import Competition, Qualifier, Stage
from tournament.project.http_cache import PAGE, shared
from tournament.stages.selectors import stage_before, stage_rounds, stage_standings, tie_break_metrics


def _cut(stage: Stage) -> dict | None:
    """The published cut of ``stage`` as the page lists it, or None (no cut, or not published yet)."""
    if stage.status != Stage.Status.PUBLISHED:
        return None
    lines = list(Qualifier.objects.filter(stage=stage).select_related("player", "replaced_by__player"))
    if not lines:
        return None
    # the line falls under the last player in (or the last who qualified, then withdrew and was replaced); one
    # who withdrew before the cut was never above it
    last_in = max(
        (q.seed for q in lines if q.status == Qualifier.Status.IN or q.replaced_by_id is not None), default=0
    )
    going = {q.replaced_by_id: q.player.name for q in lines if q.replaced_by_id is not None}
    for q in lines:
        q.in_place_of = going.get(q.pk, "")  # a replacement is marked as one (issue 49)
    return {
        "lines": lines,
        "line_after": last_in,  # the cut line is drawn under this seed
        "qualified": sum(q.status == Qualifier.Status.IN for q in lines),
        "tie": any(q.tied_at_cut for q in lines),
        "metrics": [metric_label(m) for m in tie_break_metrics(stage)],
    }


@require_safe
@shared(PAGE)
def competition_stages(request, pk: int):
    competition = get_object_or_404(Competition, pk=pk)
    shown = Stage.objects.filter(competition=competition).select_related("competition", "category_club")
    stages = [
        {
            "stage": s,
            "cut": _cut(s),
            "rounds": stage_rounds(s),
            "standings": stage_standings(s),
            "cut_from": stage_before(s),
        }  # the stage the cut was made from (issue 49)
        for s in shown
        if s.number == 1 or s.status == Stage.Status.PUBLISHED  # an unpublished cut is the organiser's
    ]
    return render(request, "public/stages.html", {"competition": competition, "stages": stages})
