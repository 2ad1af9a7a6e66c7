"""Stored standings: refreshed by Celery tasks, read by pages and the API.

``standings_refresh(competition)`` recomputes every scope of a competition
(the whole competition and each round) from the ledger with
``tournament.standings.standings_compute`` and stores the ranked rows with
the ledger mark they reflect. ``standings_freshness`` compares that mark
with the ledger, so a page can say "updated 3 s ago" or "catching up".

``standings_table_changed(table)`` is the incremental path, run after every
recorded or voided hand: one hand changes only the four players of its table,
in the competition's scope and in its round's. Their totals are recomputed
from the ledger (``scope_totals`` restricted to them), the scope is re-ranked
in Python from the stored totals of everyone else, and only the rows whose
totals or place changed are written. Players touched by ledger rows the scope
has not seen yet (a task lost while the broker was down) are included too;
when that is more than a handful of tables, or the scope was never computed,
or a round has started since (every seated player gains a session), the
scope is recomputed in full instead.

Recording a hand never waits for this: ``queue_standings_update`` runs on
commit and swallows a broker that is down (the periodic reconciliation,
``standings_reconcile``, repairs any drift when the worker returns).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db import connection, transaction
from django.db.models import Max
from django.utils import timezone

from tournament.models import (
    ChipTransfer,
    Competition,
    Hand,
    Round,
    Seat,
    StandingRow,
    StandingsMeta,
    Table,
)
from tournament.standings import scope_totals, standings_compute
from tournament.standings_rank import DEFAULT_ORDER, PlayerTotals, rank

COMPETITION_SCOPE = 0


def ledger_mark(competition: Competition) -> int:
    """The highest ledger row of the competition (transfers and voids both add rows)."""
    # The newest row first (a backward scan of the primary key), not MAX() over a join: at league
    # size the aggregate reads the whole ledger.
    later = ChipTransfer.objects.filter(table__round__competition=competition).order_by("-pk")
    return later.values_list("pk", flat=True).first() or 0


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


def _refresh_scope(competition: Competition, rnd: Round | None, mark: int) -> None:
    if rnd is None:
        _store(competition, COMPETITION_SCOPE, standings_compute(competition), mark)
    else:
        _store(competition, rnd.pk, standings_compute(competition, rnd, include_held=True), mark)


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


# More players than this behind in one scope (a long broker outage): recompute the scope instead.
INCREMENTAL_MAX_PLAYERS = 64
_STORED = ("net_chips", "sessions", "hands_won", "self_drawn_wins", "za_hu", "biggest_hand", "withdrawn")
_PLACE = ("position", "rank", "shared")


def _row_fields(totals: PlayerTotals) -> dict:
    return {
        "name": totals.name,
        "club": totals.club or "",
        **{f: getattr(totals, f) for f in _STORED},
        "biggest_hand": totals.biggest_hand or 0,
    }


def _update_places(rows: list[StandingRow]) -> None:
    """Write position, rank and shared of many rows: one UPDATE ... FROM (VALUES ...) on PostgreSQL."""
    if not rows:
        return
    if connection.vendor != "postgresql":
        StandingRow.objects.bulk_update(rows, list(_PLACE), batch_size=500)
        return
    values = ", ".join("(%s::bigint, %s::integer, %s::integer, %s::boolean)" for _ in rows)
    params = [x for r in rows for x in (r.pk, r.position, r.rank, r.shared)]
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {StandingRow._meta.db_table} AS s SET position = v.position, rank = v.rank, "
            f"shared = v.shared FROM (VALUES {values}) AS v(id, position, rank, shared) WHERE s.id = v.id",
            params,
        )


def _apply(competition: Competition, scope: int, rnd: Round | None, players: set[int], mark: int) -> None:
    """Recompute ``players`` in one stored scope, re-rank it from the stored totals, write the changes."""
    fresh = {
        t.player_id: t
        for t in scope_totals(competition, rnd, include_held=rnd is not None, player_ids=players)
    }
    # Plain tuples, not model instances: this is read on every hand, 2,000 rows at league size.
    stored = {
        row[1]: row
        for row in StandingRow.objects.filter(competition=competition, scope=scope).values_list(
            "id", "player_id", "name", "club", *_STORED, *_PLACE
        )
    }
    n = len(_STORED)
    totals = {
        pid: PlayerTotals(pid, row[2], row[3] or None, *row[4 : 4 + n])
        for pid, row in stored.items()
        if pid not in players
    }
    totals.update(fresh)
    changed_totals, new_rows, moved = [], [], []
    for position, ranked in enumerate(rank(totals.values(), DEFAULT_ORDER), start=1):
        pid = ranked.totals.player_id
        place = (position, ranked.rank, ranked.shared)
        row = stored.get(pid)
        if row is None or pid in fresh:
            fields = {**dict(zip(_PLACE, place, strict=True)), **_row_fields(ranked.totals)}
            if row is None:
                new_rows.append(StandingRow(competition=competition, scope=scope, player_id=pid, **fields))
            elif row[2:] != (fields["name"], fields["club"], *(fields[f] for f in _STORED), *place):
                changed_totals.append(StandingRow(pk=row[0], **fields))
        elif row[4 + n :] != place:
            moved.append(StandingRow(pk=row[0], **dict(zip(_PLACE, place, strict=True))))
    gone = [stored[pid][0] for pid in players if pid in stored and pid not in fresh]
    if gone:
        StandingRow.objects.filter(pk__in=gone).delete()
    if changed_totals:
        StandingRow.objects.bulk_update(changed_totals, ["name", "club", *_STORED, *_PLACE])
    _update_places(moved)
    if new_rows:
        StandingRow.objects.bulk_create(new_rows)
    StandingsMeta.objects.filter(competition=competition, scope=scope).update(
        computed_at=timezone.now(), ledger_mark=mark
    )


def _behind(competition: Competition, rnd: Round | None, since: int) -> tuple[set[int], int]:
    """The players of the scope's ledger rows after ``since`` (both sides), and the newest row's id."""
    later = ChipTransfer.objects.filter(pk__gt=since, table__round__competition=competition)
    if rnd is not None:
        later = later.filter(table__round=rnd)
    rows = list(later.values_list("pk", "from_player", "to_player"))
    return {p for _, a, b in rows for p in (a, b)}, max((pk for pk, _, _ in rows), default=since)


def standings_table_changed(table: Table) -> str:
    """A hand was recorded or voided at ``table``: bring its competition's and round's scopes up to date.

    Answers how: ``"incremental"`` (the table's players only) or ``"full"`` (a
    scope was recomputed: never computed, far behind, or its round just started).
    """
    rnd = table.round
    competition = rnd.competition
    scopes = ((COMPETITION_SCOPE, None), (rnd.pk, rnd))
    how = "incremental"
    with transaction.atomic():
        metas = {
            m.scope: m
            for m in StandingsMeta.objects.select_for_update().filter(
                competition=competition, scope__in=[s for s, _ in scopes]
            )
        }
        started = (
            rnd.status in (Round.Status.PLAYING, Round.Status.FINISHED)
            and StandingRow.objects.filter(competition=competition, scope=rnd.pk, sessions=0).exists()
        )
        if len(metas) < len(scopes) or started:
            mark = ledger_mark(competition)
            for _, scope_round in scopes:
                _refresh_scope(competition, scope_round, mark)
            return "full"
        seated = set(Seat.objects.filter(table=table).values_list("player_id", flat=True))
        # Every ledger row after a scope's mark is taken in; the newest of them is the new mark of both.
        behind = {scope: _behind(competition, r, metas[scope].ledger_mark) for scope, r in scopes}
        mark = max(m for _, m in behind.values())
        for scope, scope_round in scopes:
            players = seated | behind[scope][0]
            if len(players) > INCREMENTAL_MAX_PLAYERS:
                _refresh_scope(competition, scope_round, ledger_mark(competition))
                how = "full"
            else:
                _apply(competition, scope, scope_round, players, mark)
    return how
