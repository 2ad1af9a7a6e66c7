"""People's data's beat task (issue 51): retention, once a day (``CELERY_BEAT_SCHEDULE``)."""

from __future__ import annotations

import logging

from celery import shared_task

from tournament.privacy.retention import retention_run

log = logging.getLogger("tournament.tasks")


@shared_task(name="tournament.tasks.privacy_retention", ignore_result=True)
def privacy_retention() -> dict:
    """Warn the organisers of contact details soon past their time; erase those whose time has come."""
    report = retention_run()
    for line in report.lines():
        log.info("privacy retention: %s", line)
    return {"warned": len(report.warned), "erased": len(report.erased), "spared": report.spared}
