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
``MAX_EXTRA``, and only while the round is seated or playing and has an end time. This module does not
end a round when its clock runs out: the organiser does (``lifecycle.round_end``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.access.audit import RequestMeta, audit_round
from tournament.access.roles import require_organiser
from tournament.models import Round
from tournament.rounds.seating import RoundError

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


def round_add_time(
    round_: Round, *, minutes, expected=None, user=None, meta: RequestMeta | None = None
) -> Round:
    """Give a seated or playing round ``minutes`` of extra time (negative: take some back); audited.

    ``expected`` is the extra time the caller saw (the page's form sends it): when it is no longer the
    round's, the request is a replay (a double tap) or came after someone else's, and nothing changes."""
    require_organiser(user, round_.competition)
    with transaction.atomic():
        locked = Round.objects.select_for_update().select_related("competition").get(pk=round_.pk)
        if locked.status not in (Round.Status.SEATED, Round.Status.PLAYING):
            raise RoundError(
                _("Round %(n)s is %(status)s: extra time is for a round being played.")
                % {"n": locked.number, "status": locked.get_status_display().lower()}
            )
        if locked.ends_at is None:
            raise RoundError(_("Round %(n)s has no end time: set one first.") % {"n": locked.number})
        if expected not in (None, "") and str(expected).strip() != str(locked.extra_minutes):
            raise RoundError(
                _(
                    "The extra time changed meanwhile: round %(n)s now has %(total)s minutes. Nothing was added."  # noqa: E501
                )
                % {"n": locked.number, "total": locked.extra_minutes}
            )
        minutes = check_minutes(minutes, locked.extra_minutes)
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
