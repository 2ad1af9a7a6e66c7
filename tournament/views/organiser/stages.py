"""A competition's stages on the organiser's pages (issues 36, 49): add one, change or delete it while
nothing of it is played or published, put rounds in it, see the cut (who is in, who is out, the tie-break
values, a tie at the cut, the stage it is made from) before publishing it, replace a qualifier who withdrew,
seat a stage's round; the entries' categories a cut may take. Each change is a door of
``tournament.stages.services`` or ``tournament.stages.categories``; the forms are ``tournament.forms.stages``
and the reads ``tournament.stages.selectors`` (issue 53)."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from tournament.access.request_meta import request_meta
from tournament.forms.competitions import metric_label
from tournament.forms.stages import CategoryForm, StageActionForm, StageForm
from tournament.models import Stage
from tournament.stages import services
from tournament.stages.categories import category_members, category_names, entry_categories_set
from tournament.stages.selectors import (
    competition_stages,
    cut_lines,
    cut_short,
    cut_waits,
    free_rounds,
    stage_before,
    stage_locked_reason,
    stage_rounds,
    stage_rows,
    tie_break_metrics,
)

from .access import managed_competition, managed_round, organiser_required


def _list_page(request, competition, *, form=None, category_form=None, problem="", status=200):
    context = {
        "competition": competition,
        "stages": competition_stages(competition),
        "form": form or StageForm(competition=competition),
        "category_form": category_form or CategoryForm(competition=competition),
        "categories": category_members(competition),
        "category_names": category_names(competition),
        "problem": problem,
    }
    return render(request, "organiser/stages.html", context, status=status)


@organiser_required
@require_http_methods(["GET", "HEAD", "POST"])
def stages(request, pk: int):
    competition = managed_competition(request, pk)
    if request.method != "POST":
        return _list_page(request, competition)
    form = StageForm(request.POST, competition=competition)
    if not form.is_valid():
        return _list_page(request, competition, form=form, status=400)
    try:
        stage = services.stage_create(
            competition, user=request.user, meta=request_meta(request), **form.door_values()
        )
    except services.StageError as exc:
        return _list_page(request, competition, form=form, problem=str(exc), status=400)
    messages.success(request, _("Stage %(name)s added.") % {"name": stage.name})
    return redirect("organiser:stage", stage.pk)


@organiser_required
@require_POST
def stage_categories(request, pk: int):
    """Put players in a category of entries, or take them out (``entry_categories_set``)."""
    competition = managed_competition(request, pk)
    form = CategoryForm(request.POST, competition=competition)
    if not form.is_valid():
        return _list_page(request, competition, category_form=form, status=400)
    data = form.cleaned_data
    try:
        changed = entry_categories_set(
            competition, data["name"], data["players"], add=not data["remove"], user=request.user,
            meta=request_meta(request),
        )  # fmt: skip
    except services.StageError as exc:
        return _list_page(request, competition, category_form=form, problem=str(exc), status=400)
    messages.success(
        request,
        ngettext(
            "%(n)s player changed in the category %(name)s.",
            "%(n)s players changed in the category %(name)s.",
            changed,
        )
        % {"n": changed, "name": data["name"]},
    )
    return redirect("organiser:stages", competition.pk)


def managed_stage(request, pk: int) -> Stage:
    stage = get_object_or_404(stage_rows(), pk=pk)
    managed_competition(request, stage.competition_id)
    return stage


def _stage_page(request, stage: Stage, *, status: int = 200, form=None, problem=""):
    before = stage_before(stage)
    lines = cut_lines(stage) if before is not None else []
    published = stage.status == Stage.Status.PUBLISHED
    context = {
        "competition": stage.competition,
        "stage": stage,
        "rounds": stage_rounds(stage),
        "free_rounds": free_rounds(stage.competition),
        "has_cut": before is not None,
        "cut_from": before,
        "lines": lines,
        "metric_labels": [metric_label(m) for m in tie_break_metrics(stage)],
        "qualified": sum(line["status"] == "in" for line in lines),
        "tie": any(line["tied"] for line in lines),
        "cut_waits": cut_waits(stage) if before is not None and not published else "",
        "cut_short": "" if published or before is None else cut_short(stage, lines),
        "editable": stage_locked_reason(stage) is None,
        "form": form
        or StageForm(initial=StageForm.initial_of(stage), competition=stage.competition, stage=stage),
        "category_names": category_names(stage.competition),
        "problem": problem,
    }
    return render(request, "organiser/stage.html", context, status=status)


@organiser_required
def stage_detail(request, pk: int):
    return _stage_page(request, managed_stage(request, pk))


@organiser_required
@require_POST
def stage_edit(request, pk: int):
    stage = managed_stage(request, pk)
    form = StageForm(request.POST, competition=stage.competition, stage=stage)
    if not form.is_valid():
        return _stage_page(request, stage, status=400, form=form)
    try:
        services.stage_update(stage, user=request.user, meta=request_meta(request), **form.door_values())
    except services.StageError as exc:
        return _stage_page(request, managed_stage(request, pk), status=409, form=form, problem=str(exc))
    messages.success(request, _("The stage is saved."))
    return redirect("organiser:stage", stage.pk)


@organiser_required
@require_POST
def stage_delete(request, pk: int):
    stage = managed_stage(request, pk)
    try:
        services.stage_delete(stage, user=request.user, meta=request_meta(request))
    except services.StageError as exc:
        return _stage_page(request, stage, status=409, problem=str(exc))
    messages.success(request, _("The stage %(name)s is deleted; its rounds stay.") % {"name": stage.name})
    return redirect("organiser:stages", stage.competition_id)


@organiser_required
@require_POST
def stage_action(request, pk: int):
    stage = managed_stage(request, pk)
    form, meta = StageActionForm(request.POST), request_meta(request)
    if not form.is_valid():
        problem = " ".join(e for errors in form.errors.values() for e in errors)
        return _stage_page(request, stage, status=400, problem=problem)
    action, data = form.cleaned_data["action"], form.cleaned_data
    try:
        if action == "add_round":
            round_ = managed_round(request, data["round"])
            services.stage_add_round(stage, round_, user=request.user, meta=meta)
            text = _("Round %(n)s is in the stage.") % {"n": round_.number}
        elif action == "publish":
            services.stage_publish(stage, user=request.user, meta=meta)
            text = _("The cut is published.")
        elif action == "replace":
            coming = services.qualifier_replace(stage, data["player"], user=request.user, meta=meta)
            text = _("%(name)s takes the place.") % {"name": coming.player.name}
        else:  # seat
            round_ = managed_round(request, data["round"])
            services.stage_seat_round(stage, round_, user=request.user, meta=meta)
            text = _("Round %(n)s is seated as a draft: review it on the round's page.") % {
                "n": round_.number
            }
    except services.StageError as exc:  # refused, nothing changed: the page again, with the words
        messages.error(request, str(exc))
        return _stage_page(request, managed_stage(request, pk), status=409)
    messages.success(request, text)
    return redirect("organiser:stage", stage.pk)
