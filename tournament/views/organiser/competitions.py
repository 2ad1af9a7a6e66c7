"""Competition set-up: create and edit, the rule-set settings, the standings settings, the staff."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from scoring.rulesets import get_ruleset
from tournament.access.request_meta import request_meta
from tournament.access.roles import ORGANISER, user_roles
from tournament.forms.competitions import (
    CompetitionForm,
    StaffForm,
    StandingsSettingsForm,
)
from tournament.forms.rulecard import RuleCardForm
from tournament.league import rulecard
from tournament.league.competitions import (
    RANKING,
    CompetitionError,
    check_rules,
    competition_change,
    competition_set_rules,
    competition_set_staff,
)
from tournament.league.competitions import (
    competition_create as create_competition,
)
from tournament.models import Entry

from .access import managed_competition, organiser_required
from .accounts import staff_context
from .alerts import alerts_context
from .dashboard import next_steps


@organiser_required
@require_http_methods(["GET", "HEAD", "POST"])
def competition_create(request):
    if ORGANISER not in user_roles(request.user):  # the league's organisers only: a staff place is not enough
        raise PermissionDenied(_("Only an organiser may create a competition."))
    form = CompetitionForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        competition = create_competition(user=request.user, meta=request_meta(request), **form.cleaned_data)
        messages.success(request, _("Competition created. Next: its rule-set settings, staff and players."))
        return redirect("organiser:competition", competition.pk)
    return render(request, "organiser/competition_form.html", {"form": form, "competition": None})


@organiser_required
def competition_detail(request, pk: int):
    competition = managed_competition(request, pk)
    return render(
        request,
        "organiser/competition.html",
        {
            "competition": competition,
            "steps": next_steps(competition),
            "players": competition.entries.filter(status=Entry.Status.ACTIVE).count(),
            "rounds": competition.rounds.all(),
            "ruleset": get_ruleset(competition.rules),
            **alerts_context(competition),
        },
    )


@organiser_required
@require_http_methods(["GET", "HEAD", "POST"])
def competition_edit(request, pk: int):
    competition = managed_competition(request, pk)
    old_rules, options = competition.rules, competition.options or {}
    form = CompetitionForm(request.POST or None, instance=competition)
    if request.method == "POST" and form.is_valid():
        data, meta = dict(form.cleaned_data), request_meta(request)
        rules = data.pop("rules")
        dropped: list[str] = []
        try:
            with transaction.atomic():
                if rules != old_rules:
                    try:
                        check_rules(rules, options)
                    except CompetitionError:
                        dropped, options = sorted(options), {}
                    competition_set_rules(
                        competition, rules=rules, options=options, user=request.user, meta=meta
                    )
                competition_change(competition, user=request.user, meta=meta, **data)
        except CompetitionError as exc:  # e.g. the capital once play has started (issue 48)
            for field, problems in exc.problems.items():
                form.add_error(field if field in form.fields else None, problems)
        else:
            if dropped:
                messages.warning(
                    request,
                    _("Your changed settings do not fit the new rule set and were dropped: %(keys)s")
                    % {"keys": ", ".join(dropped)},
                )
            messages.success(request, _("Saved."))
            return redirect("organiser:competition", competition.pk)
    status = 400 if form.is_bound and form.errors else 200
    context = {"form": form, "competition": competition}
    return render(request, "organiser/competition_form.html", context, status=status)


@organiser_required
@require_http_methods(["GET", "HEAD", "POST"])
def competition_rules(request, pk: int):
    """Every setting of the rule set with the rule document's wording; saves only what differs."""
    competition = managed_competition(request, pk)
    form = RuleCardForm(request.POST or None, competition=competition)
    if request.method == "POST":
        if form.is_valid():
            competition_set_rules(
                competition,
                rules=competition.rules,
                options=form.options,
                user=request.user,
                meta=request_meta(request),
            )
            messages.success(
                request,
                _("Settings saved: %(n)s changed from the published rule set.") % {"n": len(form.options)},
            )
            return redirect("organiser:rules", competition.pk)
        messages.error(request, _("Nothing was saved: correct the settings marked below."))
    return render(
        request,
        "organiser/rules.html",
        {
            "competition": competition,
            "form": form,
            "ruleset": form.base,
            "published_name": rulecard.SHORT_NAMES.get(form.base.id, form.base.title),
        },
        status=400 if form.is_bound and form.errors else 200,
    )


@organiser_required
@require_http_methods(["GET", "HEAD", "POST"])
def competition_standings(request, pk: int):
    """How the standings rank: tie-break order, shared places, withdrawn players, substitutes."""
    competition = managed_competition(request, pk)
    form = StandingsSettingsForm(request.POST or None, instance=competition)
    if request.method == "POST" and form.is_valid():
        settings = {k: form.cleaned_data[k] for k in RANKING}
        competition = competition_change(
            competition, user=request.user, meta=request_meta(request), **settings
        )
        messages.success(request, _("Standings settings saved; the standings are being recomputed."))
        return redirect("organiser:standings_settings", competition.pk)
    return render(
        request,
        "organiser/standings_settings.html",
        {"competition": competition, "form": form},
        status=400 if form.is_bound and form.errors else 200,
    )


@organiser_required
@require_http_methods(["GET", "HEAD", "POST"])
def competition_staff(request, pk: int):
    """Choose the organisers and scorekeepers; saving returns to the page the organiser came from."""
    competition = managed_competition(request, pk)
    back = _back(request)
    form = StaffForm(
        request.POST or None,
        initial=StaffForm.initial_for(competition),
        competition=competition,
        user=request.user,
    )
    if request.method == "POST" and form.is_valid():
        organisers, scorekeepers = form.cleaned_data["organisers"], form.cleaned_data["scorekeepers"]
        try:
            competition_set_staff(
                competition,
                organisers=organisers,
                scorekeepers=scorekeepers,
                user=request.user,
                meta=request_meta(request),
            )
        except CompetitionError as exc:
            for field, problems in exc.problems.items():
                form.add_error(field if field in form.fields else None, problems)
        else:
            messages.success(request, _("Staff saved."))
            if request.user not in organisers and not request.user.is_superuser:
                return redirect("organiser:dashboard")
            return redirect(back or reverse("organiser:competition", args=[competition.pk]))
    context = {"competition": competition, "form": form, "next": back, **staff_context(competition)}
    return render(request, "organiser/staff.html", context, status=400 if form.is_bound else 200)


def _back(request) -> str:
    """The page the organiser came from (``next``), if it is one of this site's."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        return target
    return ""
