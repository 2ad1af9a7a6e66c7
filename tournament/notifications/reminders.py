"""Reminders before a night (issue 34): each competition's organiser sets how long before
(``NoticeSettings.reminder_minutes``; 0: none). Celery beat asks every five minutes
(``tasks.notifications_reminders``); a reminder is one event per round and start time, so asking again
tells nobody twice, and a night moved to another time is reminded again.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.utils import timezone

from tournament.models import NoticeSettings, Round

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


def reminders_due(now: datetime | None = None) -> list[list[int]]:
    """Write the reminders whose time has come; answers the ids to send, a list per round."""
    from tournament.notifications.notices import reminder_send

    return [reminder_send(pk) for pk in rounds_to_remind(now)]


def seatings_untold() -> list[list[int]]:
    """Published rounds not yet played whose seating told nobody (its event lost with a broker that was
    down): told now. Answers the ids to send, a list per round."""
    from tournament.models import Message
    from tournament.notifications.notices import seating_send

    published = Round.objects.filter(status=Round.Status.SEATED).values_list("pk", flat=True)
    return [
        seating_send(pk)
        for pk in published
        if not Message.objects.filter(event__startswith=f"r{pk}:seat:").exists()
    ]
