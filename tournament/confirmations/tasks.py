"""The confirmations' Celery task (beat, every minute). Its name stays
``tournament.tasks.confirmations_due``.
"""

from celery import shared_task


@shared_task(name="tournament.tasks.confirmations_due", ignore_result=True)
def confirmations_due() -> list[int]:
    """Periodic (beat): the hands nobody disputed within their time count
    (``tournament.confirmations.services``).
    """
    from tournament.confirmations.services import confirmations_due as count_due

    return count_due()
