"""The notifications' Celery tasks (issue 34). Names stay ``tournament.tasks.*``.

An event's task writes its messages and queues their sends in batches (``SEND_BATCH`` a task: one mail
connection each); a message whose channel failed for now is tried again alone, after ``backoff``.
"""

from __future__ import annotations

from celery import shared_task

SEND_BATCH = 100


def _queue_sends(ids: list[int]) -> int:
    for start in range(0, len(ids), SEND_BATCH):
        notifications_send.delay(ids[start : start + SEND_BATCH])
    return len(ids)


@shared_task(name="tournament.tasks.notifications_event", ignore_result=True)
def notifications_event(event: str, object_id: int) -> int:
    """Write the messages of one event (``tournament.notifications.notices``) and queue their sends."""
    from tournament.notifications import notices

    writer = {
        "seating": notices.seating_send,
        "seat_link": notices.seat_link_send,
        "reminder": notices.reminder_send,
        "confirm": notices.confirm_send,
        "ruling": notices.ruling_send,
        "results": notices.results_send,
        "broadcast": notices.broadcast_send,
    }[event]
    return _queue_sends(writer(object_id))


@shared_task(name="tournament.tasks.notifications_send", ignore_result=True)
def notifications_send(ids: list[int]) -> None:
    from tournament.notifications.delivery import backoff, messages_send

    for message_id, (outcome, attempts) in messages_send(ids).items():
        if outcome == "retry":
            notification_send_again.apply_async((message_id,), countdown=backoff(attempts))


@shared_task(name="tournament.tasks.notification_send_again", ignore_result=True)
def notification_send_again(message_id: int) -> None:
    notifications_send([message_id])


@shared_task(name="tournament.tasks.notifications_reminders", ignore_result=True)
def notifications_reminders() -> int:
    """Periodic (beat, every 5 minutes): the reminders whose time has come; a published seating whose event
    was lost; sends left half-done by a stopped worker."""
    from tournament.notifications.delivery import messages_interrupted
    from tournament.notifications.reminders import reminders_due, seatings_untold

    messages_interrupted()
    return sum(_queue_sends(ids) for ids in [*reminders_due(), *seatings_untold()])
