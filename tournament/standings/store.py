"""Stored standings: refreshed by Celery tasks, read by pages and the API.

What is stored is each line's **totals** (``StandingRow``: net chips,
sessions, hands won, ...) per scope (the whole competition, each round),
with the ledger mark they reflect (``StandingsMeta``). **Places are computed
on read** (``stored_standings``: the scope's lines ranked by
``standings_rank.rank`` as the organiser set the competition up), so that a
hand, which changes four lines, writes four lines and never renumbers the
2,000 others of a league.

``standings_refresh(competition)`` recomputes every scope of a competition
from the ledger with ``tournament.standings.compute.scope_totals`` and stores the
lines. ``standings_freshness`` compares the stored mark with the ledger, so a
page can say "updated 3 s ago" or "catching up".

``standings_table_changed(table)`` is the incremental path, run after every
recorded or voided hand (and after a hand's check turns counted or back,
``tournament.confirmations.services``: no ledger row, the same recompute of the table's
players). It works by **deltas**:

1. the round's scope: the table's players' totals in that round, recomputed
   from the ledger (a round holds one session of each player: a few rows),
   replace their stored round lines;
2. the competition's scope: each of their competition lines moves by what
   their round line moved (new minus old; a substitute's goes to the line he
   plays on). The biggest hand is a maximum, not a sum: when a void lowers a
   round's biggest hand that was also the competition line's, that line is
   recomputed from the ledger instead.

The delta is exact only while a round's stored lines and the competition's
agree on which of the round's ledger rows they include. Whenever they might
not (a scope never computed; ledger rows of another round the competition's
scope has not seen, from a task lost while the broker was down; rows the
competition's scope saw and the round's did not; more than a handful of players
behind) both scopes are recomputed in full instead. Anything else that changes
standings without a ledger row (a round held or released, a withdrawal, the
ranking settings) queues a full recompute (``standings_tasks``), and the
periodic reconciliation (``standings_reconcile``) repairs any drift.

Recording a hand never waits for this: ``queue_standings_update`` runs on
commit and swallows a broker that is down.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from django.db import connection, transaction
from django.db.models import Count, Max, Sum
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
from tournament.standings import cache as standings_cache
from tournament.standings.compute import scope_totals, season_ranked
from tournament.standings.fair import fair_rank
from tournament.standings.rank import PlayerTotals, RankedRow

COMPETITION_SCOPE = 0
# More players than this behind in one scope (a long broker outage): recompute instead.
INCREMENTAL_MAX_PLAYERS = 64
# Reads of every scope made again while hands commit under them (``refresh_scopes``).
_STABLE_READ_TRIES = 5
SUMMED = ("net_chips", "sessions", "hands_won", "self_drawn_wins", "za_hu")
COLUMNS = ("player_id", "name", "club", *SUMMED, "biggest_hand", "withdrawn")


def ledger_mark(competition: Competition) -> int:
    """The highest ledger row of the competition (transfers and voids both add rows)."""
    # The newest row first (a backward scan of the primary key), not MAX() over a join: at league
    # size the aggregate reads the whole ledger.
    later = ChipTransfer.objects.filter(table__round__competition=competition).order_by("-pk")
    return later.values_list("pk", flat=True).first() or 0


def serialise_writers(competition: Competition) -> None:
    """Inside a transaction: wait for any other standings writer of ``competition``, hold it off until commit.

    Two computations of the same scope at once (the worker's and a page's, or
    two workers') would both delete and insert its rows: the second insert hits
    ``one_standing_per_player``. ``FOR NO KEY UPDATE`` on the competition's row
    queues them; it leaves the key-share locks that inserting hands and ledger
    rows take alone, so recording never waits for standings. A no-op on SQLite,
    which has one writer at a time anyway.
    """
    list(Competition.objects.select_for_update(no_key=True).filter(pk=competition.pk).values_list("pk"))


# --- reading -----------------------------------------------------------------------------------------


def totals_of(row: tuple) -> PlayerTotals:
    """A stored line, as the columns of ``COLUMNS``."""
    pid, name, club, net, sessions, won, self_drawn, za_hu, biggest, withdrawn = row
    return PlayerTotals(pid, name, club or None, net, sessions, won, self_drawn, za_hu, biggest, withdrawn)


def stored_lines(competition: Competition, scope: int = COMPETITION_SCOPE) -> list[PlayerTotals]:
    """Every stored line of one scope, unranked (plain tuples from the cursor: at league size model
    instances for 2,000 rows cost more than ranking them)."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {', '.join(COLUMNS)} FROM {StandingRow._meta.db_table} "
            "WHERE competition_id = %s AND scope = %s",
            [competition.pk, scope],
        )
        return [totals_of(row) for row in cursor.fetchall()]


# The last ranking of each scope read in this process, with the version it was ranked at: every reader
# of a league's standings between two hands (1,000 viewers polling) shares one ranking of 2,000 lines.
# The lines as read are kept beside it: the club standings use them (``kept_lines``), not a second read.
_RANKED: dict[tuple, tuple[tuple, list[RankedRow], list[PlayerTotals]]] = {}
_RANKED_SCOPES = 64


def stored_standings(competition: Competition, scope: int = COMPETITION_SCOPE) -> list[RankedRow]:
    """One stored scope, ranked as the competition's organiser set it up (places are computed here)."""
    return _ranked_scope(competition, scope)[1]


def kept_lines(competition: Competition, scope: int = COMPETITION_SCOPE) -> list[PlayerTotals]:
    """One stored scope's lines as stored (every session counted, unranked), from the same read as
    ``stored_standings``: a page showing both reads the rows once."""
    return _ranked_scope(competition, scope)[2]


def _ranked_scope(competition: Competition, scope: int) -> tuple[tuple, list[RankedRow], list[PlayerTotals]]:
    """The scope's version, its ranking and its lines as stored.

    Every writer of the scope's lines moves its ``StandingsMeta`` (``computed_at``
    and the mark), so the scope's version is that row and the ranking settings:
    a reader of an unchanged scope gets the ranking already made, for one query.
    """
    ranking = competition.ranking()
    meta = StandingsMeta.objects.filter(competition=competition, scope=scope).values_list(
        "computed_at", "ledger_mark"
    )
    key = (connection.alias, connection.settings_dict["NAME"], competition.pk, scope)
    version = (
        meta.first(),
        tuple(sorted(ranking.items())),
        competition.min_sessions,
        competition.best_sessions,
    )
    known = _RANKED.get(key)
    if known is not None and known[0] == version and version[0] is not None:
        return known
    lines = stored_lines(competition, scope)
    ranked = (
        season_ranked(competition, lines, round=None)
        if scope == COMPETITION_SCOPE
        else fair_rank(lines, **ranking)  # a player not in the round: listed after, no place
    )
    if len(_RANKED) >= _RANKED_SCOPES:
        try:
            _RANKED.pop(next(iter(_RANKED)), None)  # the oldest scope read
        except RuntimeError:  # another thread changed the dict meanwhile: it is bounded all the same
            pass
    _RANKED[key] = found = (version, ranked, lines)
    return found


# --- full recompute ----------------------------------------------------------------------------------


def _store(
    competition: Competition, scope: int, lines: Iterable[PlayerTotals], mark: int, seats: str = ""
) -> None:
    rows = [StandingRow(competition=competition, scope=scope, **row_fields(t)) for t in lines]
    StandingRow.objects.filter(competition=competition, scope=scope).delete()  # derived rows, not the ledger
    StandingRow.objects.bulk_create(rows, batch_size=1000)
    StandingsMeta.objects.update_or_create(
        competition=competition,
        scope=scope,
        defaults={"computed_at": timezone.now(), "ledger_mark": mark, "seating_mark": seats},
    )


def _seating_marks(competition_id: int | None = None) -> dict[int, str]:
    """Each competition's seating as one short text: how many seats, the sum of their players and the
    newest seat's id. Any change of who sits in a round (a seat added, removed or given to another
    player) changes it."""
    seats = Seat.objects.order_by()
    if competition_id is not None:
        seats = seats.filter(round__competition_id=competition_id)
    rows = seats.values("round__competition").annotate(n=Count("id"), s=Sum("player_id"), m=Max("id"))
    return {r["round__competition"]: f"{r['n']}:{r['s']}:{r['m']}" for r in rows}


def seating_mark(competition: Competition) -> str:
    return _seating_marks(competition.pk).get(competition.pk, "")


def row_fields(totals: PlayerTotals) -> dict:
    return {
        "player_id": totals.player_id,
        "name": totals.name,
        "club": totals.club or "",
        **{f: getattr(totals, f) for f in SUMMED},
        "biggest_hand": totals.biggest_hand or 0,
        "withdrawn": totals.withdrawn,
    }


def _ledger_stamp(competition: Competition) -> tuple[int, int]:
    """The newest transfer and the newest hand of the competition: moves whenever a hand commits."""
    newest_hand = Hand.objects.filter(table__round__competition=competition).order_by("-pk")
    return ledger_mark(competition), newest_hand.values_list("pk", flat=True).first() or 0


_HOLD_SQL = (
    f"SELECT t.id FROM {Table._meta.db_table} t JOIN {Round._meta.db_table} r ON r.id = t.round_id "
    "WHERE r.competition_id = %s ORDER BY t.id FOR SHARE OF t"
)


def _hold_the_ledger(competition: Competition) -> None:
    """Until this transaction ends, no hand of the competition is written, voided or corrected.

    Every ledger write locks its table's row first, ``FOR UPDATE`` (``tournament.tables.ledger``): a share
    lock on every table of the competition waits for the writes under way to commit and holds the
    next ones back. Taken in table order, as ``round_end`` takes them. A no-op on SQLite, whose
    transactions read one state of the database.
    """
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(_HOLD_SQL, [competition.pk])


def refresh_scopes(competition: Competition, rounds: list[Round]) -> int:
    """Recompute and store the competition's scope and these rounds' from one state of the ledger.

    Each scope is read in its own statement, so a hand committed between two reads would be in one
    scope and not the other, and the next update by deltas, which moves the competition line by what
    the round line moved, would never carry it over (the fault tests saw it: a hand posted while its
    table's first update recomputed both scopes). The reads are made again until no hand committed
    while they ran. After a few tries (hands arriving faster than the reads, as the fault tests saw on
    a fast machine: the periodic reconciliation could not repair that, since the next update by
    deltas marks the standings current), the last reads hold the ledger still (``_hold_the_ledger``).
    """
    for attempt in range(_STABLE_READ_TRIES + 1):
        if attempt == _STABLE_READ_TRIES:
            _hold_the_ledger(competition)
        stamp, seats = _ledger_stamp(competition), seating_mark(competition)
        totals = {COMPETITION_SCOPE: scope_totals(competition)}
        totals.update({rnd.pk: scope_totals(competition, rnd, include_held=True) for rnd in rounds})
        if _ledger_stamp(competition) == stamp:
            break
    mark = stamp[0]
    for scope, lines in totals.items():
        _store(competition, scope, lines, mark, seats)
    return mark


def standings_refresh(competition: Competition, rounds: list[Round] | None = None) -> int:
    """Recompute and store the competition's standings (and those of ``rounds``, default: all)."""
    with transaction.atomic():
        serialise_writers(competition)
        standings_cache.bump_on_commit()
        if rounds is None:
            rounds = list(Round.objects.filter(competition=competition))
        return refresh_scopes(competition, rounds)


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
    """Competitions whose stored standings miss ledger rows, or were computed from another seating than
    the one now (a round drawn again after they were stored: issue 48), for the periodic reconciliation."""
    marks = dict(
        ChipTransfer.objects.values("table__round__competition")
        .annotate(m=Max("id"))
        .values_list("table__round__competition", "m")
    )
    stored = {
        c: (m, seats)
        for c, m, seats in StandingsMeta.objects.filter(scope=COMPETITION_SCOPE).values_list(
            "competition", "ledger_mark", "seating_mark"
        )
    }
    behind = {c for c, m in marks.items() if stored.get(c, (0, ""))[0] < m}
    reseated = {c for c, seats in _seating_marks().items() if c in stored and stored[c][1] != seats}
    return sorted(behind | reseated)


# --- the update after one hand -----------------------------------------------------------------------
