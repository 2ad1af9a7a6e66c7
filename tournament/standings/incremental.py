"""The incremental path: after a hand, the table's players' lines move by deltas
(``standings_table_changed``).

How it works, and when it falls back to a full recompute instead, is told in ``tournament.standings.store``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from django.db import connection, transaction
from django.utils import timezone

from tournament.models import (
    ChipTransfer,
    Competition,
    Round,
    Seat,
    StandingRow,
    StandingsMeta,
    Table,
)
from tournament.standings import cache as standings_cache
from tournament.standings.compute import counted_as, scope_totals
from tournament.standings.rank import PlayerTotals
from tournament.standings.store import (
    COLUMNS,
    COMPETITION_SCOPE,
    INCREMENTAL_MAX_PLAYERS,
    SUMMED,
    refresh_scopes,
    row_fields,
    serialise_writers,
    totals_of,
)


@dataclass(frozen=True)
class _Behind:
    """The ledger rows after the scopes' marks: whose, in which rounds, and the newest."""

    round_players: set[int]  # players of the round's rows after the round's mark
    competition_players: set[int]  # players of the rows after the competition's mark
    other_rounds: bool  # rows after the competition's mark at another round
    unseen_by_round: bool  # rows of the round the competition's scope has and the round's has not
    mark: int


def _behind(competition: Competition, rnd: Round, round_mark: int, competition_mark: int) -> _Behind:
    """One query, from the lower mark."""
    rows = list(
        ChipTransfer.objects.filter(
            pk__gt=min(round_mark, competition_mark), table__round__competition=competition
        )
        .order_by()
        .values_list("pk", "from_player", "to_player", "table__round")
    )
    mine = [r for r in rows if r[3] == rnd.pk]
    return _Behind(
        round_players={p for r in mine if r[0] > round_mark for p in r[1:3]},
        competition_players={p for r in rows if r[0] > competition_mark for p in r[1:3]},
        other_rounds=any(r[3] != rnd.pk for r in rows if r[0] > competition_mark),
        unseen_by_round=any(round_mark < r[0] <= competition_mark for r in mine),
        mark=max((r[0] for r in rows), default=max(round_mark, competition_mark)),
    )


def _lines_of(competition: Competition, scope: int, players: Iterable[int]) -> dict[int, tuple]:
    """Stored lines of ``players`` in one scope: ``{player: (row id, PlayerTotals)}``."""
    found = StandingRow.objects.filter(competition=competition, scope=scope, player__in=list(players))
    return {row[1]: (row[0], totals_of(row[1:])) for row in found.values_list("pk", *COLUMNS)}


def _write(competition: Competition, scope: int, old: dict[int, tuple], new: dict[int, PlayerTotals]) -> None:
    """Store ``new`` lines over ``old`` (both by player): update what changed, insert, delete the gone."""
    changed = [(old[pid][0], totals) for pid, totals in new.items() if pid in old and old[pid][1] != totals]
    if changed:  # plain statements: the ORM's bulk_update builds a CASE per column, tens of ms of Python
        fields = [c for c in COLUMNS if c != "player_id"]
        assignments = ", ".join(f"{c} = %s" for c in fields)
        with connection.cursor() as cursor:
            cursor.executemany(
                f"UPDATE {StandingRow._meta.db_table} SET {assignments} WHERE id = %s",
                [[row_fields(totals)[c] for c in fields] + [pk] for pk, totals in changed],
            )
    added = [
        StandingRow(competition=competition, scope=scope, **row_fields(t))
        for p, t in new.items()
        if p not in old
    ]
    if added:
        StandingRow.objects.bulk_create(added)
    gone = [row_id for pid, (row_id, _) in old.items() if pid not in new]
    if gone:
        StandingRow.objects.filter(pk__in=gone).delete()


def _moved(line: PlayerTotals, before: PlayerTotals | None, after: PlayerTotals | None) -> PlayerTotals:
    """``line`` (a competition line) moved by what one round line moved from ``before`` to ``after``."""
    sums = {
        f: getattr(line, f) + (getattr(after, f) if after else 0) - (getattr(before, f) if before else 0)
        for f in SUMMED
    }
    biggest = max(line.biggest_hand, after.biggest_hand if after else 0)
    return replace(line, **sums, biggest_hand=biggest)


def _lowered_biggest(line: PlayerTotals, before: PlayerTotals | None, after: PlayerTotals | None) -> bool:
    """Whether the round line's move may have lowered the competition line's biggest hand (a void)."""
    was = before.biggest_hand if before else 0
    now = after.biggest_hand if after else 0
    return now < was and was >= line.biggest_hand


def _apply_to_competition(
    competition: Competition, before: dict[int, PlayerTotals], after: dict[int, PlayerTotals]
) -> bool:
    """Move the competition lines of the players whose round lines moved; answers False (nothing
    written) when a line to move is not stored: the caller then recomputes the scope."""
    subs = counted_as(competition)
    owner = {pid: subs.get(pid, pid) for pid in before.keys() | after.keys()}
    stored = _lines_of(competition, COMPETITION_SCOPE, set(owner.values()))
    new: dict[int, PlayerTotals] = {}
    recompute: set[int] = set()
    for pid in sorted(owner):
        if before.get(pid) == after.get(pid):
            continue
        line_owner = owner[pid]
        if line_owner not in stored:
            return False
        line = new.get(line_owner, stored[line_owner][1])
        if _lowered_biggest(line, before.get(pid), after.get(pid)):
            recompute.add(line_owner)
        new[line_owner] = _moved(line, before.get(pid), after.get(pid))
    if recompute:  # the biggest hand of those lines, and the rest with it, from the ledger
        for totals in scope_totals(competition, player_ids=recompute):
            if totals.player_id in recompute:
                new[totals.player_id] = totals
    _write(competition, COMPETITION_SCOPE, {p: stored[p] for p in new}, new)
    return True


def standings_table_changed(table: Table) -> str:
    """A hand was recorded or voided at ``table``: bring its competition's and round's scopes up to date.

    Answers how: ``"incremental"`` (the table's players only) or ``"full"``
    (both scopes recomputed, for the reasons in the module docstring).
    """
    rnd = table.round
    competition = rnd.competition
    with transaction.atomic():
        serialise_writers(competition)
        standings_cache.bump_on_commit()
        rnd.refresh_from_db(fields=["status", "results_held"])  # the first hand starts a round
        metas = {
            m.scope: m
            for m in StandingsMeta.objects.select_for_update().filter(
                competition=competition, scope__in=[COMPETITION_SCOPE, rnd.pk]
            )
        }
        if len(metas) == 2:
            behind = _behind(
                competition, rnd, metas[rnd.pk].ledger_mark, metas[COMPETITION_SCOPE].ledger_mark
            )
            seated = set(Seat.objects.filter(table=table).order_by().values_list("player_id", flat=True))
            players = seated | behind.round_players | behind.competition_players
            # A session comes with a table's first hand (issue 32), a ledger change like any other: the
            # deltas carry it, so a round's start changes no line and needs no full recompute here.
            if not (behind.other_rounds or behind.unseen_by_round or len(players) > INCREMENTAL_MAX_PLAYERS):
                old = _lines_of(competition, rnd.pk, players)
                new = {
                    t.player_id: t
                    for t in scope_totals(competition, rnd, include_held=True, player_ids=players)
                }
                before = {pid: line for pid, (_, line) in old.items()}
                # A listed player without a stored round line: the round's scope no longer agrees
                # with the competition's on which hands it holds (a line lost, a seat changed).
                if new.keys() <= old.keys() and (
                    rnd.results_held or _apply_to_competition(competition, before, new)
                ):
                    _write(competition, rnd.pk, old, new)
                    StandingsMeta.objects.filter(pk__in=[m.pk for m in metas.values()]).update(
                        computed_at=timezone.now(), ledger_mark=behind.mark
                    )
                    return "incremental"
        refresh_scopes(competition, [rnd])
    return "full"
