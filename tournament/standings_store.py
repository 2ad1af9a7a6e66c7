"""Stored standings: refreshed by Celery tasks, read by pages and the API.

``standings_refresh(competition)`` recomputes every scope of a competition
(the whole competition and each round) from the ledger with
``tournament.standings.standings_compute`` and stores the ranked rows with
the ledger mark they reflect. ``standings_freshness`` compares that mark
with the ledger, so a page can say "updated 3 s ago" or "catching up".

``standings_table_changed(table)`` is the incremental path, run after every
recorded or voided hand: one hand changes only the four players of its table,
in the competition's scope and in its round's. Their totals are recomputed
from the ledger (``scope_totals`` restricted to them), they are placed among
the stored rows of everyone else (whose order stands: their totals did not
change) by a binary search that asks ``rank`` about two rows at a time, and
only the rows whose totals or place changed are written (one statement for
all the places). At league size (2,000 players) this reads the scope's stored
rows once and never re-sorts them. Players touched by ledger rows the scope
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
from tournament.standings_rank import PlayerTotals, rank

COMPETITION_SCOPE = 0


def ledger_mark(competition: Competition) -> int:
    """The highest ledger row of the competition (transfers and voids both add rows)."""
    # The newest row first (a backward scan of the primary key), not MAX() over a join: at league
    # size the aggregate reads the whole ledger.
    later = ChipTransfer.objects.filter(table__round__competition=competition).order_by("-pk")
    return later.values_list("pk", flat=True).first() or 0


def _serialise_writers(competition: Competition) -> None:
    """Inside a transaction: wait for any other standings writer of ``competition``, hold it off until commit.

    Two computations of the same scope at once (the worker's and a page's, or
    two workers') would both delete and insert its rows: the second insert hits
    ``one_standing_per_player``. ``FOR NO KEY UPDATE`` on the competition's row
    queues them; it leaves the key-share locks that inserting hands and ledger
    rows take alone, so recording never waits for standings. A no-op on SQLite,
    which has one writer at a time anyway.
    """
    list(Competition.objects.select_for_update(no_key=True).filter(pk=competition.pk).values_list("pk"))


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
        _serialise_writers(competition)
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


_COLUMNS = ("id", "player_id", "name", "club", *_STORED, *_PLACE)
_ID, _PLAYER, _PLACES = 0, 1, slice(4 + len(_STORED), None)
_RANK = 4 + len(_STORED) + 1


def _stored_rows(competition: Competition, scope: int) -> list[tuple]:
    """The scope's stored rows in order, as plain tuples of ``_COLUMNS``: 2,000 of them are read after
    every hand at league size, where model instances (or the model's ordering, a join) cost tens of ms."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {', '.join(_COLUMNS)} FROM {StandingRow._meta.db_table} "
            "WHERE competition_id = %s AND scope = %s ORDER BY position",
            [competition.pk, scope],
        )
        return cursor.fetchall()


def _update_rows(rows: list[tuple], columns: tuple[str, ...]) -> None:
    """Write ``columns`` of stored rows, each given as ``(id, *values)``: on PostgreSQL one
    ``UPDATE ... FROM unnest(arrays)`` (one parameter a column, however many rows)."""
    if not rows:
        return
    if connection.vendor != "postgresql":
        objs = [StandingRow(pk=row[0], **dict(zip(columns, row[1:], strict=True))) for row in rows]
        StandingRow.objects.bulk_update(objs, list(columns), batch_size=500)
        return
    types = [StandingRow._meta.get_field(c).db_type(connection).split("(")[0] for c in ("id", *columns)]
    arrays = ", ".join(f"%s::{t}[]" for t in types)
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {StandingRow._meta.db_table} AS s SET {', '.join(f'{c} = v.{c}' for c in columns)} "
            f"FROM unnest({arrays}) AS v(id, {', '.join(columns)}) WHERE s.id = v.id",
            [
                list(column) if t == "varchar" else _array_literal(column)
                for t, column in zip(types, zip(*rows, strict=True), strict=True)
            ],
        )


def _array_literal(values) -> str:
    """A PostgreSQL array of numbers or booleans as text: the driver adapts 2,000 values one by one."""
    return "{" + ",".join(map(str, values)).replace("None", "NULL") + "}"  # no number reads "None"


def _rerank(stored: list[tuple], fresh: dict[int, PlayerTotals], ranking: dict) -> list[tuple]:
    """The scope's order once ``fresh`` replaces the stored rows of its players (and of those in
    ``fresh`` with no totals, meaning "no longer listed": pass them as None).

    Answers ``(stored row or None, fresh totals or None, position, rank, shared)`` in order. The
    stored rows of everyone else keep their order (their totals did not change), so each fresh row
    is placed by a binary search and ties are told from the stored ranks: ``rank`` decides every
    comparison, on two rows at a time, instead of re-sorting the 2,000 rows of a league.
    """
    n = len(_STORED)

    def totals(entry) -> PlayerTotals:
        row, fresh_totals = entry[0], entry[1]
        return fresh_totals if row is None else PlayerTotals(row[1], row[2], row[3] or None, *row[4 : 4 + n])

    # (stored row, fresh totals, unranked): fresh rows carry no stored row.
    order = [(row, None, row[_RANK] is None) for row in stored if row[_PLAYER] not in fresh]
    for pid in sorted(fresh):
        if fresh[pid] is None:
            continue
        alone = rank([fresh[pid]], **ranking)
        if not alone:  # left out of the standings (a withdrawn player, when so set)
            continue
        lo, hi = 0, len(order)
        while lo < hi:
            mid = (lo + hi) // 2
            if rank([fresh[pid], totals(order[mid])], **ranking)[0].totals is fresh[pid]:
                hi = mid
            else:
                lo = mid + 1
        order.insert(lo, (None, fresh[pid], alone[0].rank is None))

    def tied(a, b) -> bool:  # a fresh row and its neighbour
        pair = rank([totals(a), totals(b)], **ranking)
        return pair[0].rank == pair[1].rank

    places: list[int | None] = []
    previous = None
    for position, entry in enumerate(order, start=1):
        row, _, unranked = entry
        if unranked:  # after every ranked row; unranked rows share nothing
            place = None
        elif previous is None or previous[2]:
            place = position
        elif row is not None and previous[0] is not None:  # both stored: in one run of equal rows before?
            place = places[-1] if row[_RANK] == previous[0][_RANK] else position
        else:
            place = places[-1] if tied(previous, entry) else position
        places.append(place)
        previous = entry
    counts: dict[int, int] = {}
    for place in places:
        counts[place] = counts.get(place, 0) + 1
    return [
        (row, fresh_totals, position, place, place is not None and counts[place] > 1)
        for position, ((row, fresh_totals, _), place) in enumerate(zip(order, places, strict=True), start=1)
    ]


def _apply(
    competition: Competition,
    scope: int,
    rnd: Round | None,
    players: set[int],
    mark: int,
    stored: list[tuple],
) -> None:
    """Recompute ``players`` in one stored scope, place them among the stored rows, write the changes."""
    found = {
        t.player_id: t
        for t in scope_totals(competition, rnd, include_held=rnd is not None, player_ids=players)
    }
    fresh: dict[int, PlayerTotals | None] = {pid: None for pid in players} | found
    mine = {r[_PLAYER]: r for r in stored if r[_PLAYER] in fresh}
    changed_totals, new_rows, moved, listed = [], [], [], set()
    for row, totals, position, place, shared in _rerank(stored, fresh, competition.ranking()):
        if totals is None:  # a stored row whose totals did not change
            if row[_PLACES] != (position, place, shared):
                moved.append((row[_ID], position, place, shared))
            continue
        listed.add(totals.player_id)
        fields = {"position": position, "rank": place, "shared": shared, **_row_fields(totals)}
        previous = mine.get(totals.player_id)
        if previous is None:
            new_rows.append(
                StandingRow(competition=competition, scope=scope, player_id=totals.player_id, **fields)
            )
        elif previous[2:] != tuple(fields[c] for c in _COLUMNS[2:]):
            changed_totals.append((previous[_ID], *(fields[c] for c in _COLUMNS[2:])))
    # Not listed any more (a substitute now counted on another line, a withdrawn player left out).
    gone = [r[_ID] for r in stored if r[_PLAYER] in players and r[_PLAYER] not in listed]
    if gone:
        StandingRow.objects.filter(pk__in=gone).delete()
    _update_rows(changed_totals, _COLUMNS[2:])
    _update_rows(moved, _PLACE)
    if new_rows:
        StandingRow.objects.bulk_create(new_rows)
    StandingsMeta.objects.filter(competition=competition, scope=scope).update(
        computed_at=timezone.now(), ledger_mark=mark
    )


def _behind(competition: Competition, rnd: Round, marks: dict[int, int]) -> dict[int, tuple[set[int], int]]:
    """For each scope in ``marks`` (the competition's, ``rnd``'s): the players of its ledger rows after
    its mark (both sides) and the newest row's id. One query, from the lower mark."""
    rows = list(
        ChipTransfer.objects.filter(pk__gt=min(marks.values()), table__round__competition=competition)
        .order_by()
        .values_list("pk", "from_player", "to_player", "table__round")
    )
    found = {}
    for scope, since in marks.items():
        mine = [r for r in rows if r[0] > since and (scope == COMPETITION_SCOPE or r[3] == rnd.pk)]
        found[scope] = ({p for r in mine for p in r[1:3]}, max((r[0] for r in mine), default=since))
    return found


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
        _serialise_writers(competition)
        metas = {
            m.scope: m
            for m in StandingsMeta.objects.select_for_update().filter(
                competition=competition, scope__in=[s for s, _ in scopes]
            )
        }
        stored = {scope: _stored_rows(competition, scope) for scope in metas}
        sessions = 4 + _STORED.index("sessions")
        started = rnd.status in (Round.Status.PLAYING, Round.Status.FINISHED) and any(
            row[sessions] == 0 for row in stored.get(rnd.pk, ())
        )
        if len(metas) < len(scopes) or started:
            mark = ledger_mark(competition)
            for _, scope_round in scopes:
                _refresh_scope(competition, scope_round, mark)
            return "full"
        seated = set(Seat.objects.filter(table=table).order_by().values_list("player_id", flat=True))
        # Every ledger row after a scope's mark is taken in; the newest of them is the new mark of both.
        behind = _behind(competition, rnd, {scope: metas[scope].ledger_mark for scope, _ in scopes})
        mark = max(m for _, m in behind.values())
        for scope, scope_round in scopes:
            players = seated | behind[scope][0]
            if len(players) > INCREMENTAL_MAX_PLAYERS:
                _refresh_scope(competition, scope_round, ledger_mark(competition))
                how = "full"
            else:
                _apply(competition, scope, scope_round, players, mark, stored[scope])
    return how
