"""Queueing standings work after a hand is recorded or voided (issue 6).

Recording must never wait for standings nor fail because Redis or the worker
is down: ``queue_standings_update`` runs on commit, and if the broker cannot
take the task it logs and returns. The stored standings then say they are
behind (``standings_freshness``) until the periodic reconciliation (Celery
beat, ``standings_reconcile``) or the next hand catches them up.
"""

from __future__ import annotations

import logging

log = logging.getLogger(__name__)


def queue_standings_update(table_id: int) -> None:
    """Called on commit of every recorded or voided hand."""
    from tournament.tasks import standings_update_table

    try:
        standings_update_table.apply_async((table_id,), retry=False, ignore_result=True)
    except Exception as exc:  # the broker is down: standings catch up later, the hand stands
        log.warning(
            "standings update for table %s not queued (%s); reconciliation will catch up", table_id, exc
        )
