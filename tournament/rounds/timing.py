"""A round's times: its scheduled length, a late start, an end moved (issue 32).

A round started after its scheduled end (a late start is normal) would show
every sheet "Time is up" and flag every hand as late: the organiser moves the
end when starting (``tournament.rounds.lifecycle.round_start``) or later
(``round_change``); the countdown and the integrity page read ``Round.ends_at``.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.utils import timezone

from tournament.models import Round

MAX_MINUTES = 24 * 60  # a round plays for at most a day


def ends_in(minutes: int) -> datetime:
    """The end time ``minutes`` from now (a late start, or more time), to the minute."""
    return (timezone.now() + timedelta(minutes=minutes)).replace(second=0, microsecond=0)


def scheduled_minutes(round_: Round) -> int | None:
    """The round's scheduled length in minutes, when both its times are set."""
    if round_.starts_at and round_.ends_at and round_.ends_at > round_.starts_at:
        return int((round_.ends_at - round_.starts_at).total_seconds() // 60)
    return None


def starts_late(round_: Round, now: datetime | None = None) -> bool:
    """The scheduled end has passed (or comes within the quarter hour) before play starts."""
    now = now or timezone.now()
    return round_.ends_at is not None and round_.ends_at <= now + timedelta(minutes=15)
