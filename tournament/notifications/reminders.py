"""Reminders before a night (issue 34): each competition's organiser sets how long before
(``NoticeSettings.reminder_minutes``, set in hours or days; 0: none). Celery beat asks every five
minutes (``tasks.notifications_reminders``; on the embedded default ``manage.py beat_here`` does); a
reminder is one event per round and start time, so asking again tells nobody twice, and a night moved to
another time is reminded again.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.utils import timezone

from tournament.models import Message, NoticeSettings, Round

DEFAULT_MINUTES = NoticeSettings._meta.get_field("reminder_minutes").default
LONGEST = timedelta(days=14)


def reminder_minutes(competition_id: int) -> int:
    found = NoticeSettings.objects.filter(competition_id=competition_id).values_list(
        "reminder_minutes", flat=True
    )
    return found[0] if found else DEFAULT_MINUTES


def rounds_to_remind(now: datetime | None = None) -> list[int]:
    """The rounds not yet played whose reminder time has come (and whose night has not begun)."""
    now = now or timezone.now()
    soon = Round.objects.filter(
        starts_at__gt=now,
        starts_at__lte=now + LONGEST,
        status__in=(Round.Status.SCHEDULED, Round.Status.SEATED),
    ).values_list("pk", "competition_id", "starts_at")
    minutes = dict(NoticeSettings.objects.values_list("competition_id", "reminder_minutes"))
    due = []
    for pk, competition_id, starts_at in soon:
        lead = minutes.get(competition_id, DEFAULT_MINUTES)
        if lead and starts_at - timedelta(minutes=lead) <= now:
            due.append(pk)
    return due


@dataclass(frozen=True)
class NextReminder:
    round: Round
    at: datetime  # when it goes (past: due, sent at the next look: a minute at most)


def next_reminder(competition_id: int, now: datetime | None = None) -> NextReminder | None:
    """The competition's next reminder not yet written, read from the rounds, the setting and the messages
    written (issue 47: the page says when, from what is, not from what was meant); None when none is set
    or no night is coming."""
    now = now or timezone.now()
    lead = reminder_minutes(competition_id)
    if not lead:
        return None
    coming = Round.objects.filter(
        competition_id=competition_id,
        starts_at__gt=now,
        status__in=(Round.Status.SCHEDULED, Round.Status.SEATED),
    ).order_by("starts_at", "number")[:20]
    events = {f"r{r.pk}:reminder:{r.starts_at.strftime('%Y%m%d%H%M')}": r for r in coming}
    written = set(Message.objects.filter(event__in=events).values_list("event", flat=True).distinct())
    for event, round_ in events.items():  # in the rounds' order
        if event not in written:
            return NextReminder(round=round_, at=round_.starts_at - timedelta(minutes=lead))
    return None


def reminders_due(now: datetime | None = None) -> list[list[int]]:
    """Write the reminders whose time has come; answers the ids to send, a list per round."""
    from tournament.notifications.notices import reminder_send

    return [reminder_send(pk) for pk in rounds_to_remind(now)]


def seatings_untold() -> list[list[int]]:
    """Published rounds not yet played whose seating told nobody (its event lost with a broker that was
    down): told now. Answers the ids to send, a list per round."""
    from tournament.notifications.notices import seating_send

    published = Round.objects.filter(status=Round.Status.SEATED).values_list("pk", flat=True)
    # Each look is an index seek (``message_event_prefix``), not a scan of every message (issue 53).
    return [
        seating_send(pk)
        for pk in published
        if not Message.objects.filter(event__startswith=f"r{pk}:seat:").exists()
    ]
