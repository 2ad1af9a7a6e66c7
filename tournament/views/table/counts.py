"""The table's chip counts (issue 19): the scorekeeper enters one, the organiser asks, accepts, compares.

Views only translate: every change is a door of ``tournament.counts.services``. Who
sees the page: the table's scorekeeper, its players (by their account) and
the competition's organisers (``may_see_counts``); the doors check who may
change what.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from tournament.access.request_meta import request_meta
from tournament.access.roles import can_manage_competition, may_record
from tournament.counts import services as service
from tournament.models import ChipCount, Table
from tournament.rounds.lifecycle import table_finished
from tournament.tables.selectors import table_fold
from tournament.views.table.display import WIND_NAMES


def _table(request, table_id: int) -> Table:
    table = get_object_or_404(Table.objects.select_related("round__competition", "scorekeeper"), pk=table_id)
    if not service.may_see_counts(request.user, table):
        raise PermissionDenied(
            _("Only this table's scorekeeper, its players and the organisers see its counts.")
        )
    return table


def _winds_now(table: Table, fold) -> dict[int, str]:
    """Each player's wind now, as the scoresheet names them (issue 32: not the seat they first took)."""
    return {pid: str(WIND_NAMES[wind]) for pid, wind in fold.state.seat_winds.items()}


def _rows(table: Table, count: ChipCount, winds: dict[int, str]) -> list[dict]:
    names = {seat.player_id: seat.player.name for seat in table.seats.select_related("player")}
    rows = []
    for _seat, pid in sorted(table.seat_map.items(), key=lambda kv: "ESWN".index(kv[0])):
        counted = count.chips.get(str(pid))
        ledger = count.ledger.get(str(pid))
        rows.append(
            {
                "wind": winds.get(pid, ""),
                "name": names[pid],
                "counted": counted,
                "ledger": ledger,
                "difference": None if counted is None else counted - ledger,
            }
        )
    return rows


def _page(request, table: Table, *, status: int = 200, entered: dict | None = None, problems=()):
    fold = table_fold(table)
    due = service.count_due(table, table_finished(table, fold.state))
    winds = _winds_now(table, fold)
    counts = [
        {"count": c, "rows": _rows(table, c, winds), "hands": service.hands_since_agreed(c)}
        for c in table.chip_counts.exclude(status=ChipCount.Status.REQUESTED).order_by("-pk")
    ]
    names = {seat.player_id: seat.player.name for seat in table.seats.select_related("player")}
    players = [
        {"id": pid, "wind": winds[pid], "name": names[pid], "value": (entered or {}).get(str(pid), "")}
        for _seat, pid in sorted(table.seat_map.items(), key=lambda kv: "ESWN".index(kv[0]))
    ]
    context = {
        "table": table,
        "round": table.round,
        "competition": table.round.competition,
        "due": due and may_record(request.user, table),
        "asked": service.open_count(table),
        "players": players,
        "total": table.round.competition.capital * len(players),
        "counts": counts,
        "problems": problems,
        "organiser": can_manage_competition(request.user, table.round.competition),
    }
    return render(request, "counts/table.html", context, status=status)


@login_required
@require_safe
def table_counts(request, table_id: int):
    return _page(request, _table(request, table_id))


@login_required
@require_POST
def count_enter(request, table_id: int):
    table = _table(request, table_id)
    chips = {}
    for seat in table.seats.all():
        raw = request.POST.get(f"chips_{seat.player_id}", "").strip()
        # ASCII digits only ("²" passes str.isdigit, not int()); anything else goes to the door as typed
        chips[str(seat.player_id)] = int(raw) if raw.isascii() and raw.isdigit() else raw
    try:
        count = service.count_enter(table, chips=chips, user=request.user, meta=request_meta(request))
    except service.CountError as exc:
        return _page(
            request, table, status=exc.status, entered=chips, problems=[p.message for p in exc.problems]
        )
    if count.status == ChipCount.Status.MATCHED:
        messages.success(request, _("The count matches the ledger."))
    else:
        messages.warning(request, _("The count differs from the ledger: the organiser will look at it."))
    return redirect("table:counts", table.pk)


@login_required
@require_POST
def count_request(request, table_id: int):
    table = _table(request, table_id)
    try:
        service.count_request(table, user=request.user, meta=request_meta(request))
    except service.CountError as exc:
        for problem in exc.problems:
            messages.error(request, problem.message)
    else:
        messages.success(request, _("The scorekeeper is asked to count the chips."))
    return redirect("table:counts", table.pk)


def _count(request, table_id: int, count_id: int) -> ChipCount:
    table = _table(request, table_id)
    return get_object_or_404(
        ChipCount.objects.select_related("table__round__competition"), pk=count_id, table=table
    )


@login_required
@require_POST
def count_accept(request, table_id: int, count_id: int):
    count = _count(request, table_id, count_id)
    try:
        count = service.count_accept(
            count, reason=request.POST.get("reason", ""), user=request.user, meta=request_meta(request)
        )
    except service.CountError as exc:
        for problem in exc.problems:
            messages.error(request, problem.message)
    else:
        messages.success(request, _("Count accepted: the ledger now says what the table counted."))
    return redirect("table:counts", table_id)


@login_required
@require_POST
def count_compare(request, table_id: int, count_id: int):
    count = _count(request, table_id, count_id)
    try:
        count = service.count_compare(count, user=request.user, meta=request_meta(request))
    except service.CountError as exc:
        for problem in exc.problems:
            messages.error(request, problem.message)
    else:
        if count.status == ChipCount.Status.MATCHED:
            messages.success(request, _("The count matches the ledger now."))
        else:
            messages.warning(request, _("The count still differs from the ledger."))
    return redirect("table:counts", table_id)
