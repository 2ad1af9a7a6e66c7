"""The audit log of a competition: every change to results and seating, for its organisers."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.shortcuts import render
from django.views.decorators.http import require_GET

from tournament.models import AuditEntry

from .access import managed_competition, organiser_required


@organiser_required
@require_GET
def audit_log(request, pk: int):
    competition = managed_competition(request, pk)
    entries = AuditEntry.objects.filter(competition=competition).select_related("user")
    action = request.GET.get("action", "")
    if action:
        entries = entries.filter(action=action)
    actions = (
        AuditEntry.objects.filter(competition=competition).order_by("action").values_list("action", flat=True)
    )
    page = Paginator(entries, 100).get_page(request.GET.get("page"))
    return render(
        request,
        "organiser/audit.html",
        {"competition": competition, "page": page, "actions": sorted(set(actions)), "action": action},
    )
