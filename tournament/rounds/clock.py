"""A round's clock and the extra time the organiser gives it (issue 36).

Words:

- the **scheduled end** is ``Round.ends_at`` (the schedule, changed by ``round_change``; a late start may
  move it);
- **extra time** is ``Round.extra_minutes``: minutes the organiser adds to a playing round (a table
  started late, a dispute, a power cut), kept apart from the schedule and shown as such;
- the **clock's end** is the scheduled end plus the extra time (``Round.clock_ends``): what the
  scoresheet, the player's pages and the big screen count down to.

``round_add_time`` is the one door for extra time: the page, the API and the admin action call it. It
takes minutes to add (or, negative, to take back a mistake), never leaves the total below zero or above
``MAX_EXTRA``, and only while the round is seated or playing and has an end time. The round page's one
clock control asks it with ``play_on=True``: once a playing round's clock has run out (or it has no end),
the minutes count from now, so that the organiser's "play on for 15 minutes" means 15 minutes of play.
This module does not end a round when its clock runs out: the organiser does (``lifecycle.round_end``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.access.audit import RequestMeta, audit_round
from tournament.access.roles import require_organiser
from tournament.models import Round
from tournament.rounds.seating import RoundError
from tournament.rounds.timing import MAX_MINUTES, ends_in

MAX_STEP = 120  # minutes added (or taken back) at once
MAX_EXTRA = 240  # minutes of extra time a round may have in all


@dataclass(frozen=True)
class Clock:
    """A round's clock as every page shows it (and the big screen's JSON)."""

    status: str
    starts_at: datetime | None
    ends_at: datetime | None  # the scheduled end
    extra_minutes: int
    clock_ends: datetime | None  # the scheduled end plus the extra time

    @property
    def running(self) -> bool:
        return self.clock_ends is not None and self.status in (Round.Status.SEATED, Round.Status.PLAYING)


def round_clock(round_: Round) -> Clock:
    return Clock(
        status=round_.status,
        starts_at=round_.starts_at,
        ends_at=round_.ends_at,
        extra_minutes=round_.extra_minutes,
        clock_ends=round_.clock_ends,
    )


def check_minutes(minutes, current: int) -> int:
    """The minutes asked for, as an int, or a ``RoundError`` saying what is wrong (pure)."""
    if isinstance(minutes, bool) or not isinstance(minutes, int):
        try:
            minutes = int(str(minutes).strip())
        except ValueError:
            raise RoundError(_("Give the extra time as a whole number of minutes.")) from None
    if minutes == 0 or abs(minutes) > MAX_STEP:
        raise RoundError(
            _("Add between 1 and %(max)s minutes (a negative number takes time back).") % {"max": MAX_STEP}
        )
    total = current + minutes
    if total < 0:
        raise RoundError(_("The round has only %(n)s minutes of extra time to take back.") % {"n": current})
    if total > MAX_EXTRA:
        raise RoundError(_("A round has at most %(max)s minutes of extra time.") % {"max": MAX_EXTRA})
    return minutes


def plays_on(round_: Round) -> bool:
    """The round plays past its clock, or has none: more time counts from now (the page's control)."""
    return round_.status == Round.Status.PLAYING and (
        round_.clock_ends is None or round_.clock_ends <= timezone.now()
    )


def _from_now(locked: Round, minutes) -> int:
    """The minutes of play from now as extra time for ``locked`` (whose clock has run out)."""
    try:
        minutes = int(str(minutes).strip())
    except ValueError:
        minutes = 0
    if not 1 <= minutes <= MAX_MINUTES:
        raise RoundError(_("Give the minutes to play as a whole number from 1 to 1440."))
    if locked.ends_at is None:
        return minutes
    behind = max(1, math.ceil((ends_in(minutes) - locked.clock_ends).total_seconds() / 60))
    if locked.extra_minutes + behind > MAX_EXTRA:  # the schedule is the place for more (its edit page)
        raise RoundError(_("A round has at most %(max)s minutes of extra time.") % {"max": MAX_EXTRA})
    return behind


def round_add_time(
    round_: Round, *, minutes, expected=None, user=None, meta: RequestMeta | None = None, play_on=False
) -> Round:
    """Give a seated or playing round ``minutes`` of extra time (negative: take some back); audited.

    ``expected`` is the extra time the caller saw (the page's form sends it): when it is no longer the
    round's, the request is a replay (a double tap) or came after someone else's, and nothing changes.
    With ``play_on`` (the round page), a playing round whose clock has run out gets the extra time that
    ends it ``minutes`` from now, and one with no end time gets its end ``minutes`` from now."""
    require_organiser(user, round_.competition)
    with transaction.atomic():
        locked = Round.objects.select_for_update().select_related("competition").get(pk=round_.pk)
        if locked.status not in (Round.Status.SEATED, Round.Status.PLAYING):
            raise RoundError(
                _("Round %(n)s is %(status)s: extra time is for a round being played.")
                % {"n": locked.number, "status": locked.get_status_display().lower()}
            )
        play_on = play_on and plays_on(locked)
        if locked.ends_at is None and not play_on:
            raise RoundError(_("Round %(n)s has no end time: set one first.") % {"n": locked.number})
        if expected not in (None, "") and str(expected).strip() != str(locked.extra_minutes):
            raise RoundError(
                _(
                    "The extra time changed meanwhile: round %(n)s now has %(total)s minutes. Nothing was added."  # noqa: E501
                )
                % {"n": locked.number, "total": locked.extra_minutes}
            )
        if play_on and locked.ends_at is None:  # an untimed round gets its end, as its schedule
            locked.ends_at = ends_in(_from_now(locked, minutes))
            locked.save(update_fields=["ends_at"])
            words = gettext_noop("%(actor)s changed round %(round)s: %(fields)s")
            audit_round("round_changed", user, locked, words, meta, fields="ends_at")
            return locked
        minutes = _from_now(locked, minutes) if play_on else check_minutes(minutes, locked.extra_minutes)
        locked.extra_minutes += minutes
        locked.save(update_fields=["extra_minutes"])  # post_save: the public answers' version moves
        words = (
            gettext_noop(
                "%(actor)s gave round %(round)s %(minutes)s minutes of extra time (%(total)s in all)"
            )
            if minutes > 0
            else gettext_noop(
                "%(actor)s took back %(minutes)s minutes of round %(round)s's extra time (%(total)s left)"
            )
        )
        audit_round(
            "round_extra_time", user, locked, words, meta, minutes=abs(minutes), total=locked.extra_minutes
        )
    return locked
