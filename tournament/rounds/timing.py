"""A round's times: its scheduled length, a late start, an end moved (issue 32).

A round started after its scheduled end (a late start is normal) would show
every sheet "Time is up" and flag every hand as late: the organiser moves the
end when starting (``tournament.rounds.lifecycle.round_start``) or later
(``round_change``); the countdown and the integrity page read ``Round.ends_at``.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from tournament.models import Round
from tournament.rounds.seating_rows import RoundError

MAX_MINUTES = 24 * 60  # a round plays for at most a day
FAR_FROM_DATE = timedelta(hours=12)  # further from its start than this, starting a night asks first


def ends_in(minutes: int) -> datetime:
    """The end time ``minutes`` from now (a late start, or more time), to the minute."""
    return (timezone.now() + timedelta(minutes=minutes)).replace(second=0, microsecond=0)


def scheduled_minutes(round_: Round) -> int | None:
    """The round's scheduled length in minutes, when both its times are set."""
    if round_.starts_at and round_.ends_at and round_.ends_at > round_.starts_at:
        return int((round_.ends_at - round_.starts_at).total_seconds() // 60)
    return None


def far_from_date(round_: Round, now: datetime | None = None) -> bool:
    """Play or check-in now would be far from the night's date (issue 54, item 10): more than
    ``FAR_FROM_DATE`` before or after its start. The page asks first, the API wants ``confirm_date``."""
    now = now or timezone.now()
    return round_.starts_at is not None and abs(now - round_.starts_at) > FAR_FROM_DATE


def date_words(round_: Round) -> str:
    """The night's start as the reader writes a date and time (for the question above)."""
    return date_format(timezone.localtime(round_.starts_at), "DATETIME_FORMAT") if round_.starts_at else ""


class FarFromDate(RoundError):
    """Starting now needs the organiser's word that it is meant (the API's 409 ``far_from_date``)."""

    code = "far_from_date"


def check_date(round_: Round, *, date_confirmed: bool = True) -> None:
    """A round far from its date starts only when the organiser said so (``round_start``'s callers that
    ask: the page, the API; a command or a task does not ask)."""
    if not date_confirmed and far_from_date(round_):
        raise FarFromDate(
            _("Round %(n)s is scheduled for %(date)s. Start it now anyway? Confirm to start.")
            % {"n": round_.number, "date": date_words(round_)}
        )


def start_now_if_after(round_: Round, ends_at: datetime) -> list[str]:
    """A round started early with a new end that comes before its scheduled start starts now: its start
    moves to now, so that no time shown (its header, its calendar event) ends before it starts."""
    if round_.starts_at is None or ends_at > round_.starts_at:
        return []
    round_.starts_at = timezone.now().replace(second=0, microsecond=0)
    return ["starts_at"]


def starts_late(round_: Round, now: datetime | None = None) -> bool:
    """The scheduled end has passed (or comes within the quarter hour) before play starts."""
    now = now or timezone.now()
    return round_.ends_at is not None and round_.ends_at <= now + timedelta(minutes=15)
