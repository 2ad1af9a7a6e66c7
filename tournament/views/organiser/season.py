"""A season's nights, the organiser's side (issue 33): the schedule in one go, each night's replies and
check-ins (a phone list for the door), seating from who is here, late arrivals, no-shows.

Every change goes through its door in ``tournament.season`` or ``tournament.rounds``; this module only
translates forms and answers.
"""

from __future__ import annotations

from urllib.parse import quote, urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from tournament.access.request_meta import request_meta
from tournament.access.roles import can_manage_competition
from tournament.forms.season import NightSeatingForm, SeasonForm
from tournament.models import Entry, Round
from tournament.rounds import lifecycle, seating
from tournament.rounds.timing import date_words, far_from_date
from tournament.season.attendance import attendance_check_in, attendance_reply, may_see_attendance
from tournament.season.errors import SeasonError
from tournament.season.late import night_seat_late
from tournament.season.links import entry_for_code, season_link_token
from tournament.season.schedule import season_schedule
from tournament.season.selectors import (
    attendance_counts,
    attendance_rows,
    check_in_list,
    competition_entry,
    door_marks,
    entries_by_name,
    night_seats,
    no_show_names,
    season_nights,
    seat_plan,
    seating_field,
)
from tournament.teams.night import missing_lineups
from tournament.teams.selectors import lineup_field

from .access import managed_competition, managed_round, organiser_required, round_or_404


@organiser_required
@require_http_methods(["GET", "HEAD", "POST"])
def season(request, pk: int):
    """The season at a glance: every night with its replies, the schedule form, the no-shows."""
    competition = managed_competition(request, pk)
    form = SeasonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            rounds = season_schedule(competition, form.plan(), user=request.user, meta=request_meta(request))
        except (SeasonError, seating.RoundError) as exc:
            field = getattr(exc, "field", None)
            form.add_error(field if field in form.fields else None, str(exc))
        else:
            messages.success(request, _("%(n)s nights scheduled.") % {"n": len(rounds)})
            return redirect("organiser:season", competition.pk)
    nights = season_nights(competition)
    no_shows = no_show_names(competition)
    links = []
    for e in entries_by_name(competition):  # each with the words to copy, share or send (issue 47)
        url = request.build_absolute_uri(reverse("public:season_link", args=[season_link_token(e)]))
        text = _(
            "%(player)s, your private link for %(competition)s (reply to the nights, see your table): "
            "%(season)s"
        ) % {"player": e.player.name, "competition": competition.name, "season": url}
        links.append((e.player.name, url, e.pk, text, "https://wa.me/?text=" + quote(text, safe="")))
    return render(
        request,
        "organiser/season.html",
        {"competition": competition, "form": form, "nights": nights, "no_shows": no_shows, "links": links},
        status=400 if form.is_bound else 200,
    )


def _night_context(request, round_: Round, form=None) -> dict:
    rows = attendance_rows(round_)
    q = request.GET.get("q", "").strip()[:60]
    shown = check_in_list(rows)
    if q:
        shown = [
            r
            for r in shown
            if q.casefold() in r.name.casefold() or q.casefold() in r.registration_no.casefold()
        ]
    field = seating_field(round_)
    seated, played = night_seats(round_)
    tables, missed = door_marks(round_)
    reserves = [(r.player_id, r.name) for r in rows if r.player_id not in field.candidates]
    return {
        "competition": round_.competition,
        "round": round_,
        "lineup": lineup_field(round_),  # a team event's night: the teams' named players are seated
        "missing_lineups": missing_lineups(round_),  # and each team that named none (issue 49)
        "rows": shown,
        "q": q,
        "counts": attendance_counts(rows),
        "unanswered": [r for r in rows if r.reply is None],
        "field": field,
        "seated": seated,
        "has_tables": bool(seated),
        "changeable": round_.status in (Round.Status.SCHEDULED, Round.Status.SEATED) and not played,
        "form": form or NightSeatingForm(reserves=reserves),
        # The door list: each row with its table (a bye is here with none) and last night's no-show mark
        "door": [(r, tables.get(r.player_id), r.player_id in missed) for r in shown],
        "seat_plan": _seat_plan_words(seat_plan(len(field.candidates), len(reserves))),
        # far from the night's date a check-in is asked first: once, for the page (issue 54)
        "far_date": date_words(round_) if far_from_date(round_) else "",
        "date_ok": request.GET.get("date_ok") == "1",
    }


def _seat_plan_words(plan) -> str:
    """ "4 tables and 3 sit out, or 1 reserve makes 5 tables." (issue 47)"""
    if not plan.tables:
        return ""
    tables = ngettext("%(n)s table", "%(n)s tables", plan.tables) % {"n": plan.tables}
    if plan.out:
        said = ngettext("%(tables)s and %(n)s sits out", "%(tables)s and %(n)s sit out", plan.out) % {
            "tables": tables, "n": plan.out,
        }  # fmt: skip
    else:
        said = _("%(tables)s and nobody sits out") % {"tables": tables}
    if plan.reserves_for_table:
        said = ngettext(
            "%(said)s, or %(n)s reserve makes %(more)s tables",
            "%(said)s, or %(n)s reserves make %(more)s tables",
            plan.reserves_for_table,
        ) % {"said": said, "n": plan.reserves_for_table, "more": plan.tables + 1}
    return _("%(said)s.") % {"said": said}


def staffed_round(request, pk: int) -> Round:
    """The night, for its competition's organisers and scorekeepers (the staff at the door)."""
    round_ = round_or_404(pk)
    if not may_see_attendance(request.user, round_):
        raise PermissionDenied(_("Only the competition's organisers and scorekeepers check players in."))
    return round_


@login_required
@require_http_methods(["GET"])
def night(request, pk: int):
    """A night: the counts at a glance, who has not answered, the phone list for the door (staff), seating
    (organisers)."""
    round_ = staffed_round(request, pk)
    context = _night_context(request, round_)
    context["organiser"] = can_manage_competition(request.user, round_.competition)
    return render(request, "organiser/night.html", context)


def _entry(round_: Round, entry_pk) -> Entry:
    """An entry of the night's competition; another competition's player is a 404 (nothing changes)."""
    entry = competition_entry(round_.competition_id, entry_pk)
    if entry is None:
        raise Http404
    return entry


def _back(request, round_: Round):
    q = request.POST.get("q", "").strip()
    url = reverse("organiser:night", args=[round_.pk])
    query = urlencode({k: v for k, v in (("q", q), ("date_ok", request.POST.get("confirm_date"))) if v})
    return redirect(f"{url}?{query}#door" if query else f"{url}#door")


@login_required
@require_POST
def night_answer(request, pk: int):
    """The organiser answers for a player (a phone call), or checks them in or out, or seats them late;
    a scorekeeper of the competition checks in (the doors say who may do what)."""
    round_ = staffed_round(request, pk)
    entry = _entry(round_, request.POST.get("entry"))
    action, meta = request.POST.get("action", ""), request_meta(request)
    try:
        if action in ("yes", "no", "maybe"):
            attendance_reply(round_, entry, action, user=request.user, meta=meta)
        elif action in ("in", "out"):
            confirmed = request.POST.get("confirm_date") == "1"
            attendance_check_in(
                round_, entry, action == "in", user=request.user, meta=meta, date_confirmed=confirmed
            )
        elif action == "late":
            late = night_seat_late(round_, entry, user=request.user, meta=meta)
            if late.replaced_name:
                messages.success(
                    request,
                    _("%(name)s sits at table %(t)s, in the seat of %(replaced)s, who is not here.")
                    % {"name": entry.player.name, "t": late.table, "replaced": late.replaced_name},
                )
            elif late.table:
                messages.success(
                    request, _("%(name)s sits at table %(t)s.") % {"name": entry.player.name, "t": late.table}
                )
            else:
                messages.success(
                    request,
                    _("%(name)s waits for a table of four (%(n)s waiting).")
                    % {"name": entry.player.name, "n": late.waiting},
                )
        else:
            messages.error(request, _("Choose what to do."))
            return _back(request, round_)
    except SeasonError as exc:
        messages.error(request, str(exc))
    except PermissionDenied as exc:
        messages.error(request, str(exc))
    return _back(request, round_)


@organiser_required
@require_POST
def night_seat(request, pk: int):
    """Seat the night from who is here (``round_seat`` reads the check-ins), publishing it if asked."""
    round_ = managed_round(request, pk)
    context = _night_context(request, round_)
    choices = [(int(pk), name) for pk, name in context["form"].fields["reserves"].choices]
    form = NightSeatingForm(request.POST, reserves=choices)
    if not form.is_valid():
        context["form"] = form
        return render(request, "organiser/night.html", context, status=400)
    meta = request_meta(request)
    try:
        with transaction.atomic():
            result = seating.round_seat(
                round_, user=request.user, reserves=form.cleaned_data["reserves"], meta=meta,
                seat_regulars=form.cleaned_data["seat_regulars"],
            )  # fmt: skip
            if form.cleaned_data["publish"]:
                lifecycle.round_publish(round_, user=request.user, meta=meta)
    except seating.RoundError as exc:
        messages.error(request, str(exc))
        return redirect("organiser:night", round_.pk)
    messages.success(
        request,
        _("Seated %(p)s players at %(t)s tables; %(b)s sit out.")
        % {"p": 4 * len(result.tables), "t": len(result.tables), "b": len(result.byes)},
    )
    return redirect("organiser:round", round_.pk)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def check_in_code(request, pk: int, code: str):
    """A player's code, scanned at the door: their name and one button (staff of the competition only)."""
    round_ = staffed_round(request, pk)
    entry = entry_for_code(code)
    if entry is None or entry.competition_id != round_.competition_id:
        raise Http404
    done = False
    if request.method == "POST":
        try:
            confirmed = request.POST.get("confirm_date") == "1"
            meta = request_meta(request)
            attendance_check_in(round_, entry, True, user=request.user, meta=meta, date_confirmed=confirmed)
            done = True
        except SeasonError as exc:
            messages.error(request, str(exc))
    row = next((r for r in attendance_rows(round_) if r.entry_id == entry.pk), None)
    return render(
        request,
        "organiser/check_in_code.html",
        {
            "competition": round_.competition,
            "round": round_,
            "entry": entry,
            "row": row,
            "done": done,
            "far_date": date_words(round_) if far_from_date(round_) else "",
        },
    )
