"""The audit log of a competition: every change to results and seating, for its organisers, in words."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib.auth import get_user_model
from django.core.paginator import Paginator
from django.db.models import Q
from django.shortcuts import render
from django.views.decorators.http import require_safe

from tournament.access.names import person_name
from tournament.access.selectors import competition_audit
from tournament.models import Table

from .access import managed_competition, organiser_required
from .audit_actions import ACTIONS


def for_table(entries, table: Table):
    """The entries about one table: its hands (recorded, voided, entered again), its scorekeeper, its end.

    Hands and scorekeepers keep the table's id (``data.table``); a table's end keeps its number with its
    round (``tournament.rounds.lifecycle``).
    """
    return entries.filter(
        Q(object_type__in=("hand", "table"), data__table=table.pk)
        | Q(action="table_ended", object_type="round", object_id=table.round_id, data__table=table.number)
    )


def _choice(value: str) -> int | None:
    return int(value) if value.isascii() and value.isdigit() else None  # not "²", which int() refuses


@organiser_required
@require_safe
def audit_log(request, pk: int):
    """The log, newest first, filtered by what happened, at which table and by whom (issue 14)."""
    competition = managed_competition(request, pk)
    every = competition_audit(competition)  # with the entries about its people written elsewhere
    entries = every.select_related("user")
    action = request.GET.get("action", "")
    if action:
        # A NUL names no action, and PostgreSQL refuses one in a query: none is asked for
        entries = entries.filter(action=action) if "\x00" not in action else entries.none()
    tables = list(
        Table.objects.filter(round__competition=competition)
        .select_related("round")
        .order_by("round__number", "number")
    )
    table = next((t for t in tables if t.pk == _choice(request.GET.get("table", ""))), None)
    if table is not None:
        entries = for_table(entries, table)
    people = sorted(  # by the name the filter shows (issue 54), not the login
        get_user_model()
        .objects.filter(pk__in=every.exclude(user=None).values("user"))
        .select_related("player"),
        key=lambda u: person_name(u).casefold(),
    )
    person = next((u for u in people if u.pk == _choice(request.GET.get("person", ""))), None)
    if person is not None:
        entries = entries.filter(user=person)
    present = set(every.values_list("action", flat=True).distinct())
    actions = sorted(((a, ACTIONS.get(a, a)) for a in present), key=lambda pair: str(pair[1]))
    page = Paginator(entries, 100).get_page(request.GET.get("page"))
    chosen = {"action": action, "table": table.pk if table else "", "person": person.pk if person else ""}
    context = {
        "competition": competition,
        "page": page,
        "actions": actions,
        "action": action,
        "tables": tables,
        "table": table,
        "people": [(u.pk, person_name(u)) for u in people],
        "person": person,
        "query": urlencode({k: v for k, v in chosen.items() if v}),
    }
    return render(request, "organiser/audit.html", context)
