"""The round's one clock control on the organiser's round page (issue 36, ``tournament.rounds.clock``):
extra time while the clock runs; once it has run out (or the round has no end), minutes of play from now
(issue 53)."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.access.request_meta import request_meta
from tournament.rounds.clock import plays_on, round_add_time
from tournament.rounds.seating import RoundError

from .access import managed_round, organiser_required


@organiser_required
@require_POST
def round_extra_time(request, pk: int):
    """Add (or take back) minutes of the round's extra time, or play on for minutes from now once its clock
    has run out: one form, one door; a refusal is said on a 400 page."""
    round_ = managed_round(request, pk)
    playing_on = plays_on(round_)
    try:
        saved = round_add_time(
            round_,
            minutes=request.POST.get("minutes", ""),
            expected=request.POST.get("expected", ""),
            user=request.user,
            meta=request_meta(request),
            play_on=True,
        )
    except RoundError as exc:
        context = {
            "competition": round_.competition,
            "round": round_,
            "problem": str(exc),
            "plays_on": playing_on,
        }
        return render(request, "organiser/round_extra_time.html", context, status=400)
    if playing_on:
        when = date_format(timezone.localtime(saved.clock_ends), "TIME_FORMAT")
        text = _("The round now ends at %(time)s.") % {"time": when}
    else:
        text = _("Round %(n)s now has %(total)s minutes of extra time.") % {
            "n": saved.number,
            "total": saved.extra_minutes,
        }
    messages.success(request, text)
    return redirect("organiser:round", saved.pk)
