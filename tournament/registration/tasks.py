"""Registration's Celery task (issue 51): beat expires unanswered offers and offers their places on.
On the embedded default (no broker) ``manage.py beat_here``, started by the quick start, runs the schedule."""

from __future__ import annotations

from celery import shared_task


@shared_task(name="tournament.tasks.registration_offers_expire", ignore_result=True)
def registration_offers_expire() -> int:
    """Periodic (beat, every 5 minutes): offers past their deadline expire, their places pass on."""
    from tournament.registration.offers import offers_expire

    return offers_expire()
