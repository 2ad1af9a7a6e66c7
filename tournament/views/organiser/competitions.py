"""Competition set-up: create and edit, the rule-set settings, the standings settings, the staff."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.models import Group
from django.db import transaction
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from scoring.errors import InvalidInput
from scoring.rulesets import get_ruleset
from tournament.forms.competitions import (
    CompetitionForm,
    RulesetOptionsForm,
    StaffForm,
    StandingsSettingsForm,
)
from tournament.models import AuditEntry, Entry
from tournament.roles import ORGANISER, SCOREKEEPER
from tournament.standings_tasks import queue_standings_recompute

from .access import managed_competition, organiser_required
from .dashboard import next_steps


def _audit(request, competition, action: str, data: dict) -> None:
    AuditEntry.objects.create(
        action=action,
        user=request.user,
        competition=competition,
        object_type="competition",
        object_id=competition.pk,
        data=data,
    )


@organiser_required
@require_http_methods(["GET", "POST"])
def competition_create(request):
    form = CompetitionForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            competition = form.save()
            competition.organisers.add(request.user)
            _audit(request, competition, "competition_created", {"name": competition.name})
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
        },
    )


@organiser_required
@require_http_methods(["GET", "POST"])
def competition_edit(request, pk: int):
    competition = managed_competition(request, pk)
    old_rules = competition.rules
    form = CompetitionForm(request.POST or None, instance=competition)
    if request.method == "POST" and form.is_valid():
        competition = form.save(commit=False)
        if competition.rules != old_rules and competition.options:
            try:
                get_ruleset(competition.rules, competition.options)
            except InvalidInput:
                messages.warning(
                    request,
                    _("Your changed settings do not fit the new rule set and were dropped: %(keys)s")
                    % {"keys": ", ".join(sorted(competition.options))},
                )
                competition.options = {}
        competition.save()
        _audit(request, competition, "competition_changed", {"fields": form.changed_data})
        messages.success(request, _("Saved."))
        return redirect("organiser:competition", competition.pk)
    return render(request, "organiser/competition_form.html", {"form": form, "competition": competition})


@organiser_required
@require_http_methods(["GET", "POST"])
def competition_rules(request, pk: int):
    """Every setting of the rule set with the rule document's wording; saves only what differs."""
    competition = managed_competition(request, pk)
    form = RulesetOptionsForm(request.POST or None, competition=competition)
    if request.method == "POST":
        if form.is_valid():
            competition.options = form.options
            competition.save(update_fields=["options"])
            _audit(
                request,
                competition,
                "rules_options_changed",
                {"rules": competition.rules, "options": form.options},
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
        {"competition": competition, "form": form, "ruleset": form.base},
        status=400 if form.is_bound and form.errors else 200,
    )


@organiser_required
@require_http_methods(["GET", "POST"])
def competition_standings(request, pk: int):
    """How the standings rank: tie-break order, shared places, withdrawn players, substitutes."""
    competition = managed_competition(request, pk)
    form = StandingsSettingsForm(request.POST or None, instance=competition)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            competition = form.save()
            _audit(
                request,
                competition,
                "standings_settings_changed",
                {
                    "standings_order": competition.standings_order,
                    "shared_places": competition.shared_places,
                    "withdrawn_standing": competition.withdrawn_standing,
                    "substitute_results": competition.substitute_results,
                },
            )
            queue_standings_recompute(competition.pk)
        messages.success(request, _("Standings settings saved; the standings are being recomputed."))
        return redirect("organiser:standings_settings", competition.pk)
    return render(
        request,
        "organiser/standings_settings.html",
        {"competition": competition, "form": form},
        status=400 if form.is_bound and form.errors else 200,
    )


@organiser_required
@require_http_methods(["GET", "POST"])
def competition_staff(request, pk: int):
    competition = managed_competition(request, pk)
    form = StaffForm(request.POST or None, initial=StaffForm.initial_for(competition))
    if request.method == "POST" and form.is_valid():
        organisers, scorekeepers = form.cleaned_data["organisers"], form.cleaned_data["scorekeepers"]
        with transaction.atomic():
            competition.organisers.set(organisers)
            competition.scorekeepers.set(scorekeepers)
            # Staff of a competition hold the matching role, so the site shows them their pages.
            Group.objects.get(name=ORGANISER).user_set.add(*organisers)
            Group.objects.get(name=SCOREKEEPER).user_set.add(*scorekeepers)
            _audit(
                request,
                competition,
                "staff_changed",
                {"organisers": [u.pk for u in organisers], "scorekeepers": [u.pk for u in scorekeepers]},
            )
        messages.success(request, _("Staff saved."))
        if request.user not in organisers and not request.user.is_superuser:
            return redirect("organiser:dashboard")
        return redirect("organiser:competition", competition.pk)
    return render(request, "organiser/staff.html", {"competition": competition, "form": form})
