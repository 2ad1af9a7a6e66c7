"""Stored standings: refreshed by Celery tasks, read by pages and the API.

``standings_refresh(competition)`` recomputes every scope of a competition
(the whole competition and each round) from the ledger with
``tournament.standings.standings_compute`` and stores the ranked rows with
the ledger mark they reflect. ``standings_freshness`` compares that mark
with the ledger, so a page can say "updated 3 s ago" or "catching up".

Recording a hand never waits for this: ``queue_standings_update`` runs on
commit and swallows a broker that is down (the periodic reconciliation,
``standings_reconcile``, repairs any drift when the worker returns).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from tournament.models import ChipTransfer, Competition, Hand, Round, StandingRow, StandingsMeta
from tournament.standings import standings_compute

COMPETITION_SCOPE = 0


def ledger_mark(competition: Competition) -> int:
    """The highest ledger row of the competition (transfers and voids both add rows)."""
    return ChipTransfer.objects.filter(table__round__competition=competition).aggregate(m=Max("id"))["m"] or 0


def _store(competition: Competition, scope: int, standings, mark: int) -> None:
    rows = [
        StandingRow(
            competition=competition,
            scope=scope,
            position=position,
            rank=row.rank,
            shared=row.shared,
            player_id=row.totals.player_id,
            name=row.totals.name,
            club=row.totals.club or "",
            net_chips=row.totals.net_chips,
            sessions=row.totals.sessions,
            hands_won=row.totals.hands_won,
            self_drawn_wins=row.totals.self_drawn_wins,
            za_hu=row.totals.za_hu,
            biggest_hand=row.totals.biggest_hand or 0,
            withdrawn=row.totals.withdrawn,
        )
        for position, row in enumerate(standings.rows, start=1)
    ]
    StandingRow.objects.filter(competition=competition, scope=scope).delete()  # derived rows, not the ledger
    StandingRow.objects.bulk_create(rows, batch_size=1000)
    StandingsMeta.objects.update_or_create(
        competition=competition,
        scope=scope,
        defaults={"computed_at": standings.computed_at, "ledger_mark": mark},
    )


def standings_refresh(competition: Competition, rounds: list[Round] | None = None) -> int:
    """Recompute and store the competition's standings (and those of ``rounds``, default: all)."""
    with transaction.atomic():
        mark = ledger_mark(competition)
        _store(competition, COMPETITION_SCOPE, standings_compute(competition), mark)
        if rounds is None:
            rounds = list(Round.objects.filter(competition=competition))
        for rnd in rounds:
            _store(competition, rnd.pk, standings_compute(competition, rnd, include_held=True), mark)
    return mark


@dataclass(frozen=True)
class Freshness:
    computed_at: datetime | None
    current: bool  # the stored standings include every ledger row

    @property
    def age_seconds(self) -> float | None:
        return None if self.computed_at is None else (timezone.now() - self.computed_at).total_seconds()


def standings_freshness(competition: Competition, scope: int = COMPETITION_SCOPE) -> Freshness:
    meta = StandingsMeta.objects.filter(competition=competition, scope=scope).first()
    if meta is None:
        return Freshness(
            None, current=not Hand.objects.filter(table__round__competition=competition).exists()
        )
    return Freshness(meta.computed_at, current=meta.ledger_mark >= ledger_mark(competition))


def stale_competitions() -> list[int]:
    """Competitions whose stored standings miss ledger rows (for the periodic reconciliation)."""
    marks = dict(
        ChipTransfer.objects.values("table__round__competition")
        .annotate(m=Max("id"))
        .values_list("table__round__competition", "m")
    )
    stored = dict(
        StandingsMeta.objects.filter(scope=COMPETITION_SCOPE).values_list("competition", "ledger_mark")
    )
    return sorted(c for c, m in marks.items() if stored.get(c, 0) < m)
