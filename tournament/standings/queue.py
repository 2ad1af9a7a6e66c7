"""Queueing standings work after a hand is recorded or voided, or the standings' inputs change (issue 6).

Recording must never wait for standings nor fail because Redis or the worker
is down: ``queue_standings_update`` runs on commit, and if the broker cannot
take the task it logs and returns. The stored standings then say they are
behind (``standings_freshness``) until the periodic reconciliation (Celery
beat, ``standings_reconcile``) or the next hand catches them up.

Anything else that changes what the stored standings show without a ledger
row (a round held or released, started or finished; a player withdrawn,
substituted or renamed; the organiser's ranking settings) calls
``queue_standings_recompute`` inside its transaction: the whole competition
is recomputed after the commit.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from django.db import transaction

from tournament.standings import cache as standings_cache
from tournament.standings.marks import QUEUED_KEY, QUEUED_SECONDS, forget_queued

log = logging.getLogger(__name__)


def queue_standings_update(table_id: int) -> None:
    """Called on commit of every recorded or voided hand: a new standings version (``standings.cache``),
    and the table's standings update, queued once.

    A table whose update is queued and not yet started gets no second one: the task reads the ledger
    when it starts (``standings_update_started`` first clears the mark), so it covers every hand
    committed before then. Under a burst of hands the worker updates a table once per batch of its
    hands instead of once per hand, and a hand post sends a task only when none is waiting (load
    bench, issue 7). The mark lapses after ``QUEUED_SECONDS`` in case its task is lost; the periodic
    reconciliation repairs whatever a lost task left behind.
    """
    from tournament.standings.tasks import standings_update_table

    try:
        # The ledger moved: standings answers kept until now may be behind it (a new version), and the
        # table's mark, in one round trip.
        if not standings_cache.bump_and_add(QUEUED_KEY.format(table_id), 1, QUEUED_SECONDS):
            return  # an update of this table is waiting in the queue: it will see this hand
    except Exception as exc:  # the cache is down: queue the task anyway (the broker may be up)
        log.warning("standings version and update mark for table %s not set (%s)", table_id, exc)
    try:
        standings_update_table.apply_async((table_id,), retry=False, ignore_result=True)
    except Exception as exc:  # the broker is down: standings catch up later, the hand stands
        forget_queued(table_id)
        log.warning(
            "standings update for table %s not queued (%s); reconciliation will catch up", table_id, exc
        )


def queue_standings_recompute(competition_ids: int | Iterable[int]) -> None:
    """Recompute the stored standings of these competitions once the current transaction commits."""
    ids = sorted({competition_ids} if isinstance(competition_ids, int) else set(competition_ids))
    standings_cache.bump_on_commit(policy=True)  # held rounds, names, ranking: what may be shown changed
    transaction.on_commit(lambda: _send_recompute(ids))


def _send_recompute(ids: list[int]) -> None:
    from tournament.standings.tasks import standings_recompute

    for competition_id in ids:
        try:
            standings_recompute.apply_async((competition_id,), retry=False, ignore_result=True)
        except Exception as exc:  # the broker is down: the periodic reconciliation catches up
            log.warning("standings recompute of competition %s not queued (%s)", competition_id, exc)
