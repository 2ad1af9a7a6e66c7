"""The round page's buttons: publish, start (with a new end time), end, finish, reopen, hold (more time is
the clock's one control, ``round_clock``).

Each calls its door in ``tournament.rounds.lifecycle``; this module only
translates the form and says what happened.
"""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_POST

from tournament.access.request_meta import request_meta
from tournament.rounds import lifecycle, seating, timing

from .access import managed_round, organiser_required


def _minutes(value: str) -> int | None | bool:
    """The minutes to play from now: None when left empty, False when not a whole number in range."""
    value = value.strip()
    if not value:
        return None
    if not (value.isascii() and value.isdigit()) or not 1 <= int(value) <= timing.MAX_MINUTES:
        return False
    return int(value)


# The organiser's buttons on the round page: action → its door in tournament.rounds, and what it says.
ACTIONS = {
    "publish": (
        lifecycle.round_publish,
        gettext_noop("Round %(n)s is published: players see their tables."),
    ),
    "finish": (lifecycle.round_finish, gettext_noop("Round %(n)s is finished.")),
    "hold": (
        lambda r, **kw: lifecycle.round_hold(r, held=True, **kw),
        gettext_noop("Round %(n)s's results are held back from the public standings."),
    ),
    "release": (
        lambda r, **kw: lifecycle.round_hold(r, held=False, **kw),
        gettext_noop("Round %(n)s's results are public."),
    ),
}


@organiser_required
@require_POST
def round_status(request, pk: int):
    """Publish, start, hold or release, end, finish or reopen a round: each its door, each audited."""
    round_ = managed_round(request, pk)
    action = request.POST.get("action", "")
    meta = request_meta(request)
    try:
        if action == "end":
            count_empty = request.POST.get("count_empty") == "on"
            left = (round_.clock_ends - timezone.now()) if round_.clock_ends else None  # with its extra time
            ended = lifecycle.round_end(round_, user=request.user, meta=meta, count_empty=count_empty)
            if left is not None and left.total_seconds() >= 60:  # "time is up" only when it is (issue 47)
                minutes = int(left.total_seconds() // 60)
                text = _("Ended early, %(left)s before time: %(t)s tables ended, the round is finished.") % {
                    "t": ended,
                    "left": "{}:{:02d}".format(*divmod(minutes, 60)),
                }
            else:
                text = _("Time is up: %(t)s tables ended, the round is finished.") % {"t": ended}
        elif action == "start":
            minutes = _minutes(request.POST.get("minutes", ""))
            if minutes is False:
                messages.error(request, _("Give the minutes to play as a whole number from 1 to 1440."))
                return redirect("organiser:round", round_.pk)
            ends_at = timing.ends_in(minutes) if minutes else None
            confirmed = request.POST.get("confirm_date") == "on"  # far from its date: asked (issue 54)
            lifecycle.round_start(
                round_, user=request.user, meta=meta, ends_at=ends_at, date_confirmed=confirmed
            )
            text = _("Round %(n)s has started.") % {"n": round_.number}
        elif action == "reopen":
            lifecycle.round_reopen(
                round_, reason=request.POST.get("reason", ""), user=request.user, meta=meta
            )
            text = _("Round %(n)s is open again: its hands can be corrected.") % {"n": round_.number}
        elif action in ACTIONS:
            door, words = ACTIONS[action]
            door(round_, user=request.user, meta=meta)
            text = _(words) % {"n": round_.number}
        else:
            messages.error(request, _("Unknown action."))
            return redirect("organiser:round", round_.pk)
    except seating.RoundError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, text)
    return redirect("organiser:round", round_.pk)
