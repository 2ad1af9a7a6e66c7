"""A season's nights, the organiser's side (issue 33): the schedule in one go, each night's replies and
check-ins (a phone list for the door), seating from who is here, late arrivals, no-shows.

Every change goes through its door in ``tournament.season`` or ``tournament.rounds``; this module only
translates forms and answers.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournament.access.request_meta import request_meta
from tournament.access.roles import can_manage_competition
from tournament.forms.season import NightSeatingForm, SeasonForm
from tournament.models import Entry, Hand, Round
from tournament.rounds import lifecycle, seating
from tournament.season.attendance import attendance_check_in, attendance_reply, may_see_attendance
from tournament.season.errors import SeasonError
from tournament.season.late import night_seat_late
from tournament.season.links import entry_for_code, season_link_token
from tournament.season.schedule import season_schedule
from tournament.season.selectors import (
    attendance_counts,
    attendance_rows,
    check_in_list,
    no_show_counts,
    seating_field,
)
from tournament.teams.selectors import lineup_field

from .access import managed_competition, managed_round, organiser_required


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
    nights = []
    for rnd in competition.rounds.order_by("number"):
        nights.append((rnd, attendance_counts(attendance_rows(rnd))))
    names = dict(Entry.objects.filter(competition=competition).values_list("player_id", "player__name"))
    no_shows = sorted(
        ((names.get(p, p), n) for p, n in no_show_counts(competition).items()), key=lambda x: -x[1]
    )
    entries = Entry.objects.filter(competition=competition, status=Entry.Status.ACTIVE).select_related(
        "player"
    )
    links = [
        (
            e.player.name,
            request.build_absolute_uri(reverse("public:season_link", args=[season_link_token(e)])),
            e.pk,
        )
        for e in entries.order_by("player__name")
    ]
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
    seated = set(round_.seats.values_list("player_id", flat=True))
    reserves = [(r.player_id, r.name) for r in rows if r.player_id not in field.candidates]
    return {
        "competition": round_.competition,
        "round": round_,
        "lineup": lineup_field(round_),  # a team event's night: the teams' named players are seated
        "rows": shown,
        "q": q,
        "counts": attendance_counts(rows),
        "unanswered": [r for r in rows if r.reply is None],
        "field": field,
        "seated": seated,
        "has_tables": bool(seated),
        "changeable": round_.status in (Round.Status.SCHEDULED, Round.Status.SEATED)
        and not Hand.objects.filter(table__round=round_).exists(),
        "form": form or NightSeatingForm(reserves=reserves),
    }


def staffed_round(request, pk: int) -> Round:
    """The night, for its competition's organisers and scorekeepers (the staff at the door)."""
    round_ = get_object_or_404(Round.objects.select_related("competition"), pk=pk)
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
    try:
        return Entry.objects.select_related("player").get(pk=int(entry_pk), competition=round_.competition_id)
    except (Entry.DoesNotExist, TypeError, ValueError):
        raise Http404 from None


def _back(request, round_: Round):
    q = request.POST.get("q", "").strip()
    url = reverse("organiser:night", args=[round_.pk])
    return redirect(f"{url}?q={q}#door" if q else f"{url}#door")


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
            attendance_check_in(round_, entry, action == "in", user=request.user, meta=meta)
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
                round_, user=request.user, reserves=form.cleaned_data["reserves"], meta=meta
            )
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
    round_ = get_object_or_404(Round.objects.select_related("competition"), pk=pk)
    if not may_see_attendance(request.user, round_):
        raise PermissionDenied(_("Only the competition's organisers and scorekeepers check players in."))
    entry = entry_for_code(code)
    if entry is None or entry.competition_id != round_.competition_id:
        raise Http404
    done = False
    if request.method == "POST":
        try:
            attendance_check_in(round_, entry, True, user=request.user, meta=request_meta(request))
            done = True
        except SeasonError as exc:
            messages.error(request, str(exc))
    row = next((r for r in attendance_rows(round_) if r.entry_id == entry.pk), None)
    return render(
        request,
        "organiser/check_in_code.html",
        {"competition": round_.competition, "round": round_, "entry": entry, "row": row, "done": done},
    )
