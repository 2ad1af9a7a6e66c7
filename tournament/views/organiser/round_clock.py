"""The round's clock on the organiser's round page: extra time (issue 36, ``tournament.rounds.clock``)."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.access.request_meta import request_meta
from tournament.rounds.clock import round_add_time
from tournament.rounds.seating import RoundError

from .access import managed_round, organiser_required


@organiser_required
@require_POST
def round_extra_time(request, pk: int):
    """Add (or take back) minutes of the round's extra time; a refusal is said on a 400 page."""
    round_ = managed_round(request, pk)
    try:
        saved = round_add_time(
            round_,
            minutes=request.POST.get("minutes", ""),
            expected=request.POST.get("expected", ""),
            user=request.user,
            meta=request_meta(request),
        )
    except RoundError as exc:
        context = {"competition": round_.competition, "round": round_, "problem": str(exc)}
        return render(request, "organiser/round_extra_time.html", context, status=400)
    messages.success(
        request,
        _("Round %(n)s now has %(total)s minutes of extra time.")
        % {"n": saved.number, "total": saved.extra_minutes},
    )
    return redirect("organiser:round", saved.pk)
