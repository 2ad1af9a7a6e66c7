"""Celery tasks of the league. Each fetches by id and calls a plain function."""

import os
import socket

from celery import shared_task


@shared_task
def worker_identity() -> dict:
    """Where this task ran: proves a task really ran in a separate worker."""
    return {"pid": os.getpid(), "host": socket.gethostname()}


@shared_task
def worker_database_backend() -> int:
    """The PostgreSQL backend (server process id) of the worker's connection: tells whether the worker
    keeps its connection between tasks."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


@shared_task(ignore_result=True, acks_late=True)
def standings_update_table(table_id: int) -> str | None:
    """A hand was recorded or voided at this table: update its players in its competition and round.

    Incremental (the table's four players, re-ranked from the stored totals);
    a scope never computed is recomputed in full (``standings_table_changed``).
    """
    from tournament.models import Table
    from tournament.standings_store import standings_table_changed
    from tournament.standings_tasks import standings_update_started

    standings_update_started(table_id)  # before reading the ledger: later hands queue a new update
    table = Table.objects.select_related("round__competition").filter(pk=table_id).first()
    if table is not None:
        return standings_table_changed(table)  # "incremental" or "full": the worker's log says which
    return None


@shared_task(ignore_result=True)
def standings_recompute(competition_id: int) -> None:
    """Recompute every scope of a competition from the ledger."""
    from tournament.models import Competition
    from tournament.standings_store import standings_refresh

    competition = Competition.objects.filter(pk=competition_id).first()
    if competition is not None:
        standings_refresh(competition)


@shared_task(ignore_result=True)
def standings_reconcile() -> list[int]:
    """Periodic (beat): recompute every competition whose stored standings miss ledger rows.

    Those with rows above their mark (stale), and those in play whose stored
    standings differ from a full compute (a hand committed late and its update
    lost: ``tournament.standings_check``).
    """
    from tournament.models import Competition
    from tournament.standings_check import standings_verify, unsettled_competitions
    from tournament.standings_store import stale_competitions, standings_refresh

    repaired = stale_competitions()
    for competition in Competition.objects.filter(pk__in=repaired):
        standings_refresh(competition)
    for competition in Competition.objects.filter(pk__in=unsettled_competitions()).exclude(pk__in=repaired):
        if standings_verify(competition):
            repaired.append(competition.pk)
    return sorted(repaired)


@shared_task(ignore_result=True)
def confirmations_due() -> list[int]:
    """Periodic (beat): the hands nobody disputed within their time count (``tournament.confirmations``)."""
    from tournament.confirmations import confirmations_due as count_due

    return count_due()
