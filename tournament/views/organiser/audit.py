"""The audit log of a competition: every change to results and seating, for its organisers, in words."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET

from tournament.models import AuditEntry

from .access import managed_competition, organiser_required

# What the filter menu calls each kind of entry (the entries themselves read in sentences: AuditEntry.text).
ACTIONS = {
    "hand_recorded": _("Hands recorded"),
    "hand_voided": _("Hands voided"),
    "hand_corrected": _("Hands entered again"),
    "round_scheduled": _("Rounds scheduled"),
    "round_changed": _("Rounds changed"),
    "round_seated": _("Rounds seated"),
    "seats_swapped": _("Seats swapped"),
    "round_published": _("Rounds published"),
    "round_started": _("Rounds started"),
    "table_ended": _("Tables ended"),
    "round_ended": _("Rounds ended at the time"),
    "round_finished": _("Rounds finished"),
    "round_reopened": _("Rounds reopened"),
    "results_held": _("Results held"),
    "results_released": _("Results released"),
    "scorekeeper_assigned": _("Scorekeepers assigned"),
    "staff_changed": _("Staff changed"),
    "rules_changed": _("Rule-set settings changed"),
    "competition_created": _("Competition created"),
    "competition_changed": _("Competition changed"),
    "standings_settings_changed": _("Standings settings changed"),
    "count_requested": _("Chip counts asked for"),
    "count_entered": _("Chip counts entered"),
    "count_accepted": _("Chip counts accepted with an adjustment"),
    "count_compared": _("Chip counts compared again"),
}


@organiser_required
@require_GET
def audit_log(request, pk: int):
    competition = managed_competition(request, pk)
    entries = AuditEntry.objects.filter(competition=competition).select_related("user")
    action = request.GET.get("action", "")
    if action:
        entries = entries.filter(action=action)
    present = set(
        AuditEntry.objects.filter(competition=competition).values_list("action", flat=True).distinct()
    )
    actions = sorted(((a, ACTIONS.get(a, a)) for a in present), key=lambda pair: str(pair[1]))
    page = Paginator(entries, 100).get_page(request.GET.get("page"))
    return render(
        request,
        "organiser/audit.html",
        {"competition": competition, "page": page, "actions": actions, "action": action},
    )
