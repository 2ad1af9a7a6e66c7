"""Celery tasks of the league that have no part of their own yet. Each fetches by id and calls a plain function."""

from celery import shared_task


@shared_task(name="tournament.tasks.confirmations_due", ignore_result=True)
def confirmations_due() -> list[int]:
    """Periodic (beat): the hands nobody disputed within their time count (``tournament.confirmations``)."""
    from tournament.confirmations import confirmations_due as count_due

    return count_due()
