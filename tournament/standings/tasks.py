"""The standings' Celery tasks. Each fetches by id and calls a plain function (``store``, ``check``).

Task names stay ``tournament.tasks.*``: the names that messages already queued, Celery beat and the
worker's logs carry, whatever module the function lives in.
"""

from celery import shared_task


@shared_task(name="tournament.tasks.standings_update_table", ignore_result=True, acks_late=True)
def standings_update_table(table_id: int) -> str | None:
    """A hand was recorded or voided at this table: update its players in its competition and round.

    Incremental (the table's four players, re-ranked from the stored totals);
    a scope never computed is recomputed in full (``standings_table_changed``).
    """
    from tournament.models import Table
    from tournament.standings.incremental import standings_table_changed
    from tournament.standings.marks import standings_update_started

    standings_update_started(table_id)  # before reading the ledger: later hands queue a new update
    table = Table.objects.select_related("round__competition").filter(pk=table_id).first()
    if table is not None:
        return standings_table_changed(table)  # "incremental" or "full": the worker's log says which
    return None


@shared_task(name="tournament.tasks.standings_recompute", ignore_result=True)
def standings_recompute(competition_id: int) -> None:
    """Recompute every scope of a competition from the ledger."""
    from tournament.models import Competition
    from tournament.standings.store import standings_refresh

    competition = Competition.objects.filter(pk=competition_id).first()
    if competition is not None:
        standings_refresh(competition)


@shared_task(name="tournament.tasks.standings_reconcile", ignore_result=True)
def standings_reconcile() -> list[int]:
    """Periodic (beat): recompute every competition whose stored standings miss ledger rows.

    Those with rows above their mark (stale), those showing a name that is not the player's or the
    club's now (a rename: ``check.renamed_competitions``), and those in play whose stored
    standings differ from a full compute (a hand committed late and its update
    lost: ``tournament.standings.check``).
    """
    from tournament.models import Competition
    from tournament.standings.check import renamed_competitions, standings_verify, unsettled_competitions
    from tournament.standings.store import stale_competitions, standings_refresh

    repaired = sorted(set(stale_competitions()) | set(renamed_competitions()))
    for competition in Competition.objects.filter(pk__in=repaired):
        standings_refresh(competition)
    for competition in Competition.objects.filter(pk__in=unsettled_competitions()).exclude(pk__in=repaired):
        if standings_verify(competition):
            repaired.append(competition.pk)
    return sorted(repaired)
