"""The scoresheet: a table's page, its live partial, and the hand entry (preview, record, void).

Views only translate: the form post becomes the ledger's entry
(``tournament.forms.scoresheet``), and ``tournament.tables.ledger`` does the work
(``hand_settle`` for the preview, ``hand_record``, ``hand_void``). Every form
posts without JavaScript; with htmx the preview follows every tap (with the
confirm bar and the payouts swapped out of band), Confirm swaps the whole
sheet in place with the next hand's form, and the table's state and hand
list refresh every few seconds.

Who may change what: the table's scorekeeper and the competition's
organisers record and void (``can_record``); everybody else sees the same
page without its edit controls, and their POST gets 403.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Prefetch
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.template import TemplateDoesNotExist
from django.template.loader import select_template
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from tournament.access.request_meta import request_meta
from tournament.access.roles import may_record
from tournament.forms.scoresheet import EntryForm, entry_fingerprint, new_idempotency_key
from tournament.forms.scoresheet_words import form_data_from_entry, without_dropped_event
from tournament.models import Hand, Round, Seat, Table
from tournament.project.http_cache import PAGE, shared
from tournament.rounds.held import sees_seating, sees_table_results
from tournament.tables import live_mark
from tournament.tables.ledger.errors import HandConflict, HandRejected
from tournament.tables.ledger.record import hand_record
from tournament.tables.ledger.void import hand_void
from tournament.tables.selectors import table_fold
from tournament.views.table import sheet_words
from tournament.views.table.display import (
    FINISH_WORDS,
    WIND_NAMES,
    form_players,
    history,
    players_now,
    ruleset_summary,
    seated_players,
    void_awaiting,
)
from tournament.views.table.entry import entry_widgets
from tournament.views.table.previewing import again_form, settle_preview
from tournament.views.table.sheet_words import conflict_text, problems_of
from tournament.views.table.version import table_version

TILE_PICKER = "components/tile_picker.html"


can_record = may_record  # the ledger's own rule (tournament.access.roles): one rule, every door


def _table(table_id: int) -> Table:
    """The table, with its four players seated (a table still being seated has no scoresheet yet)."""
    # its seats and their players read once (``seat_map`` is asked five times, the names and the version
    # too), by wind alone: Seat's own ordering joins the table, the round and the competition to sort
    seats = Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("wind"))
    tables = Table.objects.select_related("round__competition", "scorekeeper").prefetch_related(seats)
    table = get_object_or_404(tables, pk=table_id)
    if len(table.seat_map) != 4:
        raise Http404(_("This table does not have its four players seated yet."))
    return table


def _results_hidden(request, table: Table) -> bool:
    """A held round's results are shown only to its staff and the table's own players
    (``tournament.rounds.held.sees_table_results``, the API's rule too)."""
    return not sees_table_results(request.user, table)


def _check_seating_published(request, table: Table) -> None:
    """A draft seating (not yet published) is its organisers' only (``rounds.held.sees_seating``)."""
    if not sees_seating(request.user, table.round):
        raise Http404(_("The seating of this round is not published yet."))


def _check_visible(request, table: Table) -> None:
    _check_seating_published(request, table)
    if _results_hidden(request, table):
        raise Http404(_("This round's results are held back until the organiser releases them."))


def _held_page(request, table: Table):
    """A held round's table for the public: who sits where, and that the results are held; no hands."""
    names = seated_players(table)
    seats = [
        {"wind": str(WIND_NAMES[wind]), "player": names[pid]}
        for wind, pid in sorted(table.seat_map.items(), key=lambda item: "ESWN".index(item[0]))
    ]
    context = {"table": table, "round": table.round, "competition": table.round.competition, "seats": seats}
    return render(request, "table/held.html", context)


def _is_htmx(request) -> bool:
    return request.headers.get("HX-Request") == "true"


def _page(request, context: dict, *, status: int = 200):
    """The whole page, or for htmx (Confirm) the sheet alone, swapped in place (200: htmx swaps only 2xx)."""
    if _is_htmx(request):
        return render(request, "table/_sheet.html", context)
    return render(request, "table/scoresheet.html", context, status=status)


def _tile_picker_template() -> str | None:
    try:
        select_template([TILE_PICKER])
    except TemplateDoesNotExist:  # not there yet: the page falls back to typed tile codes
        return None
    return TILE_PICKER


def _fresh_form(fold, names, players, *, corrects: Hand | None = None) -> EntryForm:
    initial = {
        "expected_number": fold.state.hand_number,
        "idempotency_key": new_idempotency_key(),
        "outcome": "win",
    }
    if corrects is not None:
        initial.update(form_data_from_entry(corrects.entry or {}))
        initial["corrects"] = corrects.pk
    return EntryForm(initial=initial, players=form_players(players))


def _context(
    request, table, *, fold=None, form=None, preview=None, problems=(), conflict="", corrects=None,
    version="", live=False,
):  # fmt: skip
    fold = fold or table_fold(table)
    names = seated_players(table)
    players = players_now(fold, names)
    keeper = can_record(request.user, table)
    # A finished round or an ended table takes no record, void or correction (the ledger refuses them,
    # tournament.tables.ledger.check_open): the page offers none, and says why.
    final = table.round.status == Round.Status.FINISHED or table.ended_at is not None
    allowed = keeper and not final
    state = fold.state
    dealer = next(p for p in players if p.is_dealer)
    rows = history(fold, names)
    context = {
        "table": table,
        "competition": table.round.competition,
        "round": table.round,
        "state": state,
        "prevailing_wind": str(WIND_NAMES[state.prevailing_wind]),
        "dealer": dealer,
        "finish_words": str(FINISH_WORDS.get(state.finish_reason or "", "")),
        "players": players,
        "history": rows[::-1],  # the latest hand first (issue 32): the one a table asks about
        # a voided hand not entered again: the hands after it moved up one (issue 32: say why)
        "awaiting": void_awaiting(rows),
        "rules": None if live else ruleset_summary(table),  # a poll's answer shows no form
        "version": version or live_mark.opaque(table.pk, table_version(table)),  # what the poll sends back
        "can_record": allowed,
        # void buttons, a held round's results: polled at the personal address (issue 50), else the shared;
        # a keeper's sheet of an open round asks it only when its table's mark moved (``views.table.marks``)
        "personal_poll": keeper or table.round.results_held,
        "marks": live_mark.marks_url(table) if keeper and not table.round.results_held else "",
        "poll_seconds": live_mark.SHEET_SECONDS,
        "hands_final": keeper and final,
        "problems": list(problems),
        "conflict": conflict,
        "preview": preview,
        "tile_picker": _tile_picker_template(),
        "me": getattr(getattr(request.user, "player", None), "pk", None),  # a player following their table
    }
    if allowed and not state.finished and live:  # a poll's answer: the number of the page's form, no form
        context["expected_number"] = state.hand_number
    elif allowed and not state.finished:
        form = form or _fresh_form(fold, names, players, corrects=corrects)
        context["form"] = form
        rules = context["rules"]
        context["entry"] = entry_widgets(
            form, players, min_doubles=rules["min_doubles"], limit_doubles=rules["limit_doubles"]
        )
        context["expected_number"] = form["expected_number"].value()
        corrects_id = form["corrects"].value()
        if corrects_id:
            context["corrects"] = next((h for h in fold.hands if str(h.pk) == str(corrects_id)), None)
    return context


# ------------------------------------------------------------------ pages


@require_safe
@shared(PAGE)
def scoresheet(request, table_id: int):
    table = _table(table_id)
    _check_seating_published(request, table)
    if _results_hidden(request, table):
        return _held_page(request, table)
    if _answers_here(request, table):  # a player's own table page is where they confirm (issue 32)
        return redirect("table:my_seat", table_id=table.pk)
    corrects = None
    notice = ""
    if _digits(request.GET.get("corrects", "")) and can_record(request.user, table):
        corrects = Hand.objects.filter(table=table, pk=request.GET["corrects"]).select_related("void").first()
        if corrects is not None and not corrects.is_void:
            corrects = None
        if corrects is not None and _entered_again(corrects):
            notice, corrects = _already_corrected_text(corrects), None
    if corrects is not None:  # its entry as recorded, previewed: Confirm at once (issue 54, item 5)
        fold = table_fold(table)
        form, preview, problems = again_form(table, fold, corrects, players_now(fold, seated_players(table)))
        context = _context(request, table, fold=fold, form=form, preview=preview, problems=problems)
    else:
        context = _context(request, table, conflict=notice)
    # That the players have private links, never the links: whoever holds the scoresheet could confirm with
    # them (issue 31). Each player gets theirs on their seat page or their slip.
    context["seat_links"] = can_record(request.user, table)
    return render(request, "table/scoresheet.html", context)


def _answers_here(request, table: Table) -> bool:
    """A player seated at this table who does not keep its score: their page with Agree and Dispute, unless
    they asked for the whole sheet (``?sheet=1``)."""
    if request.GET.get("sheet") or not request.user.is_authenticated or can_record(request.user, table):
        return False
    return table.seats.filter(player__user=request.user).exists()


def _digits(value: str) -> bool:
    """A whole number in ASCII digits: ``str.isdigit`` alone takes "²", which ``int`` then refuses."""
    return value.isascii() and value.isdigit()


def _entered_again(voided: Hand) -> bool:
    """A voided hand is entered again once (``tournament.tables.ledger``): a stale link opens no second
    entry.
    """
    return Hand.objects.filter(corrects=voided).exists()


def _already_corrected_text(voided: Hand) -> str:
    return _("Hand %(number)s has already been entered again: there is nothing left to correct.") % {
        "number": voided.number
    }


# ------------------------------------------------------------ hand entry


def _bound_form(request, table, fold) -> EntryForm:
    names = seated_players(table)
    return EntryForm(without_dropped_event(request.POST), players=form_players(players_now(fold, names)))


def _form_record(door, request, table, form):
    """The valid form's hand through the ledger's door (``hand_record``, or ``hand_record_with_state``)."""
    data = form.cleaned_data
    return door(
        table=table,
        entry=form.entry(),
        user=request.user,
        idempotency_key=data["idempotency_key"],
        expected_number=data["expected_number"],
        corrects_id=data.get("corrects"),  # the ledger refuses a hand of another table, or of none
        meta=request_meta(request),
    )


def _check_allowed(request, table) -> None:
    if not can_record(request.user, table):
        raise PermissionDenied(_("Only the table's scorekeeper or an organiser may record hands here."))


@require_POST
def preview(request, table_id: int):
    """What the entry would do (doubles item by item, who pays whom, new balances); writes nothing."""
    table = _table(table_id)
    _check_allowed(request, table)
    return _preview(request, table)


def _preview(request, table, *, notice: str = "", whole: bool = False):
    fold = table_fold(table)
    form = _bound_form(request, table, fold)
    htmx = _is_htmx(request)
    status = 200
    problems: list[str] = []
    drop_events: list[dict] = []
    conflict = ""
    result = None
    if form.is_valid():
        if form.cleaned_data["expected_number"] != fold.state.hand_number:
            conflict = conflict_text(form.cleaned_data["expected_number"], fold.state.hand_number)
            status = 409
        else:
            players = players_now(fold, seated_players(table))
            result, problems, status, drop_events = settle_preview(table, fold, form, players)
    else:
        status = 400
    if htmx and not whole:
        context = _context(request, table, fold=fold, form=form, preview=result, problems=problems)
        context.update(conflict=conflict, partial=True, drop_events=drop_events)
        context["dropped"] = bool(request.POST.get("drop_event"))
        return render(request, "table/_preview_swap.html", context)  # 200: htmx swaps only 2xx answers
    if conflict:
        context = _context(request, table, conflict=conflict)
    else:
        context = _context(request, table, fold=fold, form=form, preview=result, problems=problems)
        context.update(conflict=notice, drop_events=drop_events)
    return _page(request, context, status=status)


@require_POST
@transaction.atomic  # nothing recorded survives an error after the ledger's write (issue 13)
def record(request, table_id: int):
    """Record the hand (one transaction in the ledger), then show the table (post/redirect/get)."""
    table = _table(table_id)
    _check_allowed(request, table)
    fold = table_fold(table)
    form = _bound_form(request, table, fold)
    if not form.is_valid():
        context = _context(request, table, fold=fold, form=form)
        return _page(request, context, status=400)
    data = form.cleaned_data
    previewed = request.POST.get("previewed")
    if previewed and previewed != entry_fingerprint(form.entry(), data["expected_number"]):
        # changed after its preview (typed, then Confirm tapped at once): show the new preview, record nothing
        notice = _("The hand changed after its preview: check the new preview and confirm again.")
        return _preview(request, table, notice=notice, whole=True)
    try:
        hand = _form_record(hand_record, request, table, form)
    except HandConflict as exc:
        conflict = conflict_text(data["expected_number"], exc.state.hand_number)
        context = _context(request, table, conflict=conflict)
        return _page(request, context, status=409)
    except HandRejected as exc:
        if any(p.code == "already_corrected" for p in exc.problems):  # entered again meanwhile (another tab)
            corrects = Hand.objects.get(pk=data["corrects"])
            context = _context(request, table, conflict=_already_corrected_text(corrects))
        else:
            context = _context(request, table, fold=fold, form=form, problems=problems_of(exc))
            context["drop_events"] = sheet_words.drop_events(exc)
        return _page(request, context, status=exc.status)
    done = _("Hand %(number)s recorded.") % {"number": hand.number}
    if _is_htmx(request):  # the sheet in place, the next hand's form ready under the same taps
        context = _context(request, table)
        context["status"] = done
        response = _page(request, context)
        response["HX-Replace-Url"] = reverse("table:scoresheet", args=[table.pk])  # not "?corrects=" any more
        return response
    messages.success(request, done)
    return redirect(reverse("table:scoresheet", args=[table.pk]), permanent=False)


@require_POST
@transaction.atomic
def void(request, table_id: int, hand_id: int):
    """Void a hand with a reason: kept, shown struck through, its chips reversed."""
    table = _table(table_id)
    _check_allowed(request, table)
    hand = get_object_or_404(Hand, pk=hand_id, table=table)
    try:
        hand_void(
            hand=hand, reason=request.POST.get("reason", ""), user=request.user, meta=request_meta(request)
        )
    except HandRejected as exc:
        for text in problems_of(exc):
            messages.error(request, text)
    else:
        messages.success(request, _("Hand %(number)s voided.") % {"number": hand.number})
    return redirect(reverse("table:scoresheet", args=[table.pk]) + "#history")
