"""A competition's stages on the organiser's pages (issue 36): add one, put rounds in it, see the cut
(who is in, who is out, the tie-break values, a tie at the cut) before publishing it, replace a qualifier
who withdrew, seat a stage's round. Each change is a door of ``tournament.stages.services``."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from tournament.access.request_meta import request_meta
from tournament.models import Club, Round, Stage
from tournament.stages import services
from tournament.stages.selectors import (
    cut_preview,
    cut_waits,
    published_cut,
    stage_before,
    stage_rounds,
    stage_standings,
    tie_break_metrics,
)

from .access import managed_competition, managed_round, organiser_required

METRIC_LABELS = {
    "net_chips": gettext_lazy("Net chips"),
    "hands_won": gettext_lazy("Hands won"),
    "biggest_hand": gettext_lazy("Biggest hand"),
    "self_drawn_wins": gettext_lazy("Self-drawn wins"),
    "za_hu": gettext_lazy("Za Hu"),
    "sessions": gettext_lazy("Sessions"),
    "chips_per_session": gettext_lazy("Chips per session"),
}


def _int_or_none(text: str):
    text = (text or "").strip()
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        raise services.StageError(_("Give the cut as a whole number of players.")) from None


@organiser_required
@require_http_methods(["GET", "HEAD", "POST"])
def stages(request, pk: int):
    competition = managed_competition(request, pk)
    context = {
        "competition": competition,
        "stages": list(competition.stages.all()),
        "seatings": Stage.Seating.choices,
        "carry_overs": Stage.CarryOver.choices,
        "clubs": Club.objects.order_by("name"),
    }
    if request.method == "POST":
        post = request.POST
        try:
            club_id = _int_or_none(post.get("category_club", ""))
            club = get_object_or_404(Club, pk=club_id) if club_id else None
            stage = services.stage_create(
                competition, name=post.get("name", ""), seating=post.get("seating", ""),
                carry_over=post.get("carry_over", ""), cut_size=_int_or_none(post.get("cut_size", "")),
                category_club=club, advance=_int_or_none(post.get("advance", "")) or 2,
                user=request.user, meta=request_meta(request),
            )  # fmt: skip
        except services.StageError as exc:
            return render(request, "organiser/stages.html", context | {"problem": str(exc)}, status=400)
        messages.success(request, _("Stage %(name)s added.") % {"name": stage.name})
        return redirect("organiser:stage", stage.pk)
    return render(request, "organiser/stages.html", context)


def managed_stage(request, pk: int) -> Stage:
    stage = get_object_or_404(Stage.objects.select_related("competition", "category_club"), pk=pk)
    managed_competition(request, stage.competition_id)
    return stage


def _cut_lines(stage: Stage) -> list[dict]:
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


def _stage_page(request, stage: Stage, *, status: int = 200):
    lines = _cut_lines(stage)
    context = {
        "competition": stage.competition,
        "stage": stage,
        "rounds": stage_rounds(stage),
        "free_rounds": Round.objects.filter(competition=stage.competition, stage_round__isnull=True),
        "has_cut": stage_before(stage) is not None,
        "lines": lines,
        "metric_labels": [METRIC_LABELS.get(m, m) for m in tie_break_metrics(stage)],
        "qualified": sum(line["status"] == "in" for line in lines),
        "tie": any(line["tied"] for line in lines),
        "cut_waits": cut_waits(stage) if stage.status != Stage.Status.PUBLISHED else "",
    }
    return render(request, "organiser/stage.html", context, status=status)


@organiser_required
def stage_detail(request, pk: int):
    return _stage_page(request, managed_stage(request, pk))


@organiser_required
@require_POST
def stage_action(request, pk: int):
    stage = managed_stage(request, pk)
    action, meta = request.POST.get("action", ""), request_meta(request)
    try:
        if action == "add_round":
            round_ = managed_round(request, _int_or_none(request.POST.get("round", "")) or 0)
            services.stage_add_round(stage, round_, user=request.user, meta=meta)
            text = _("Round %(n)s is in the stage.") % {"n": round_.number}
        elif action == "publish":
            services.stage_publish(stage, user=request.user, meta=meta)
            text = _("The cut is published.")
        elif action == "replace":
            coming = services.qualifier_replace(
                stage, _int_or_none(request.POST.get("player", "")) or 0, user=request.user, meta=meta
            )
            text = _("%(name)s takes the place.") % {"name": coming.player.name}
        elif action == "seat":
            round_ = managed_round(request, _int_or_none(request.POST.get("round", "")) or 0)
            services.stage_seat_round(stage, round_, user=request.user, meta=meta)
            text = _("Round %(n)s is seated as a draft: review it on the round's page.") % {
                "n": round_.number
            }
        else:
            messages.error(request, _("Unknown action."))
            return redirect("organiser:stage", stage.pk)
    except services.StageError as exc:  # refused, nothing changed: the page again, with the words
        messages.error(request, str(exc))
        return _stage_page(request, managed_stage(request, pk), status=409)
    messages.success(request, text)
    return redirect("organiser:stage", stage.pk)
