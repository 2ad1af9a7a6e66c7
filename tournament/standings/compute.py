"""Standings computed from the chip ledger: the bridge to ``standings_rank``.

``standings_compute(competition, round=None)`` loads every listed player's
totals with ``scope_totals`` (one SQL statement: grouped aggregates over the
ledger, the hands and the seats, each computed once and joined on the player)
and ranks them with ``tournament.standings.rank.rank`` as the organiser set
the competition up (``Competition.ranking()``: tie-break order, default net
chips, hands won, biggest hand; shared places; withdrawn players; issue 6). ``scope_totals``
also takes ``player_ids``, so that the stored standings can be updated for
the four players of one table after one hand (``tournament.standings.store``).

Vocabulary (as in ``standings_rank``):

- **chips**: a player's net chips, the plain sum of the ``ChipTransfer`` rows
  he received minus those he paid, at finished and running tables alike
  (STYLE.md 5: the ledger is the truth). A void adds reversing transfers, so
  a voided hand nets to zero here without being looked at.
- **hands won**, **self-drawn wins**, **Za Hu**, **biggest hand**: counted over
  the hands that stand (not voided).
- **sessions**: the tables a player sat at where a hand has been recorded
  (voided or not), or which the organiser counted when ending them without
  one (``Table.counts_without_hands``, issue 32: a table that never played
  gives its players no session at 0 chips).
- **counted** hand (issue 19, ``tournament.confirmations.services``): where the
  competition asks players to confirm hands, a hand whose check is not
  counted yet (waiting, disputed) is left out of chips and wins alike; its
  transfers sum to zero, so no chip is created or lost. The tables' own
  balances are not affected (``tournament.tables.selectors``).
- **held** round: ``Round.results_held``: its results stay out of the
  standings until the organiser releases them (``include_held=True`` shows
  them, for the organiser).
- **scope**: the whole competition, or one of its rounds.

Who is listed: for a competition, every player entered (withdrawn ones marked)
and anyone seated in it; for a round, the players seated in that round.

What this module does not do: store standings (``standings_store`` does, and
must agree with this), or decide who may see held results (the caller does).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from django.db import connection
from django.utils import timezone

from tournament.league.models import SubstituteResults
from tournament.models import (
    ChipTransfer,
    Club,
    Competition,
    Entry,
    Hand,
    HandCheck,
    HandVoid,
    Player,
    Round,
    Seat,
)  # fmt: skip
from tournament.models import Table as TableModel
from tournament.standings.fair import best_of, fair_rank
from tournament.standings.rank import PlayerTotals, RankedRow, merge_substitutes


@dataclass(frozen=True)
class Standings:
    """The ranked rows of a competition (or of one of its rounds) at ``computed_at``."""

    competition_id: int
    round_id: int | None
    computed_at: datetime
    rows: list[RankedRow]
    held: bool = False  # the round asked for is held back and not shown


# Grouped aggregates, one per metric, each over the scope's tables once, joined on
# the player: PostgreSQL hashes each group (a few scans of the ledger), where a
# correlated subquery per player re-reads the ledger for every player listed.
# Each aggregate joins its rows to the scope's tables (``ts``). For a few players
# (``player_ids``, the update after one hand) in the competition's scope, ``ts``
# holds only the tables their ledger rows and hands touch, found from the player
# indexes (0005): hashing every table of a league for four players costs more
# than reading their rows.
_TOTALS_SQL = """
WITH
 rs AS (SELECT id, status FROM {round} WHERE competition_id = %(competition)s {round_filter}),
 ts AS (SELECT t.id FROM {table} t JOIN rs ON rs.id = t.round_id {players_tables}),
 uncounted AS (SELECT c.hand_id FROM {check} c WHERE NOT c.counted),
 received AS (
  SELECT x.to_player_id AS player_id, SUM(x.amount) AS n FROM {transfer} x JOIN ts ON ts.id = x.table_id
  WHERE x.hand_id NOT IN (SELECT hand_id FROM uncounted) {players_to} GROUP BY x.to_player_id),
 paid AS (
  SELECT x.from_player_id AS player_id, SUM(x.amount) AS n FROM {transfer} x JOIN ts ON ts.id = x.table_id
  WHERE x.hand_id NOT IN (SELECT hand_id FROM uncounted) {players_from} GROUP BY x.from_player_id),
 standing AS (
  SELECT x.winner_id, x.offender_id, x.self_drawn, x.doubles FROM {hand} x JOIN ts ON ts.id = x.table_id
  WHERE NOT EXISTS (SELECT 1 FROM {void} v WHERE v.hand_id = x.id)
  AND x.id NOT IN (SELECT hand_id FROM uncounted)
  {players_hand}),
 won AS (
  SELECT winner_id AS player_id, COUNT(*) AS n,
         SUM(CASE WHEN self_drawn THEN 1 ELSE 0 END) AS self_drawn, MAX(doubles) AS biggest
  FROM standing WHERE winner_id IS NOT NULL GROUP BY winner_id),
 za_hu AS (
  SELECT offender_id AS player_id, COUNT(*) AS n FROM standing
  WHERE offender_id IS NOT NULL GROUP BY offender_id),
 seated AS (
  SELECT s.player_id, s.table_id, rs.status FROM {seat} s JOIN rs ON rs.id = s.round_id
  WHERE TRUE {players_seat}),
 played AS (
  SELECT player_id, COUNT(DISTINCT table_id) AS n FROM seated
  WHERE EXISTS (SELECT 1 FROM {hand} h WHERE h.table_id = seated.table_id)
     OR EXISTS (SELECT 1 FROM {table} e WHERE e.id = seated.table_id AND e.counts_without_hands)
  GROUP BY player_id),
 listed AS ({entered} SELECT player_id FROM seated),
 withdrawn AS (
  SELECT player_id FROM {entry} WHERE competition_id = %(competition)s AND status = %(withdrawn)s)
SELECT p.id, p.name, c.name,
       COALESCE(received.n, 0) - COALESCE(paid.n, 0), COALESCE(played.n, 0),
       COALESCE(won.n, 0), COALESCE(won.self_drawn, 0), COALESCE(za_hu.n, 0), COALESCE(won.biggest, 0),
       CASE WHEN p.id IN (SELECT player_id FROM withdrawn) THEN 1 ELSE 0 END
FROM (SELECT DISTINCT player_id FROM listed) l
JOIN {player} p ON p.id = l.player_id
LEFT JOIN {club} c ON c.id = p.club_id
LEFT JOIN received ON received.player_id = p.id
LEFT JOIN paid ON paid.player_id = p.id
LEFT JOIN won ON won.player_id = p.id
LEFT JOIN za_hu ON za_hu.player_id = p.id
LEFT JOIN played ON played.player_id = p.id
"""


def _in(column: str, player_ids: list[int] | None) -> str:
    if player_ids is None:
        return ""
    return f"AND {column} IN ({', '.join(str(int(p)) for p in player_ids)})"


def counted_as(competition: Competition) -> dict[int, int]:
    """Substitute's player id -> the player whose line his results go to, when the organiser chose so.

    Empty when substitutes keep lines of their own. A chain (a substitute for a
    substitute) is followed to the first player.
    """
    if competition.substitute_results != SubstituteResults.REPLACED:
        return {}
    rows = Entry.objects.filter(competition=competition).values_list("pk", "substitute_for", "player_id")
    entries = {pk: replaced for pk, replaced, _ in rows}
    player_of = {pk: player for pk, _, player in rows}
    out = {}
    for entry, replaced in entries.items():
        if replaced is None:
            continue
        seen = {entry}
        while entries.get(replaced) is not None and replaced not in seen:
            seen.add(replaced)
            replaced = entries[replaced]
        out[player_of[entry]] = player_of[replaced]
    return out


def _touched(player_ids: list[int] | None) -> str:
    """``ts`` restricted to the tables of these players' ledger rows and hands (None: every table).

    A query of its own: with the tables named, the planner reads them by their
    key rather than hashing every table of the league.
    """
    if player_ids is None:
        return ""
    transfer, hand = ChipTransfer._meta.db_table, Hand._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT table_id FROM {transfer} x WHERE TRUE {_in('x.to_player_id', player_ids)}"
            f" UNION SELECT table_id FROM {transfer} x WHERE TRUE {_in('x.from_player_id', player_ids)}"
            f" UNION SELECT table_id FROM {hand} x WHERE TRUE {_in('x.winner_id', player_ids)}"
            f" UNION SELECT table_id FROM {hand} x WHERE TRUE {_in('x.offender_id', player_ids)}"
        )
        tables = sorted(int(t) for (t,) in cursor.fetchall())
    return f"WHERE t.id IN ({', '.join(map(str, tables))})" if tables else "WHERE 1 = 0"


def _seated_at(round: Round, player_ids: list[int] | None) -> str:
    """``ts`` restricted to the round's tables where these players sit (None: every table of the round).

    A player's ledger rows and hands in a round are those of his table: chips
    move between the four seated players only (``tournament.tables.ledger``). A round
    of a league has hundreds of tables; hashing them all for four players costs
    more than the players' rows.
    """
    if player_ids is None:
        return ""
    return (
        f"WHERE t.id IN (SELECT s.table_id FROM {Seat._meta.db_table} s "
        f"WHERE s.round_id = {int(round.pk)} {_in('s.player_id', player_ids)})"
    )


def _hands_of(player_ids: list[int]) -> str:
    """The hands a listed player won or falsely claimed."""
    return f"({_in('x.winner_id', player_ids)[4:]} OR {_in('x.offender_id', player_ids)[4:]})"


def scope_totals(
    competition: Competition,
    round: Round | None = None,
    *,
    include_held: bool = False,
    player_ids: Iterable[int] | None = None,
) -> list[PlayerTotals]:
    """The totals of every player listed in the scope (or only of ``player_ids``).

    In the competition's scope a substitute's totals go to the player he
    replaces when the organiser chose so (``counted_as``); a round's
    standings always list who sat at its tables.
    """
    subs = counted_as(competition) if round is None else {}
    if subs and player_ids is not None:  # a line is the sum of its players: read all of them
        owners = {subs.get(int(p), int(p)) for p in player_ids}
        player_ids = owners | {s for s, owner in subs.items() if owner in owners}
    totals = _scope_totals(competition, round, include_held=include_held, player_ids=player_ids)
    return merge_substitutes(totals, subs) if subs else totals


def _scope_totals(
    competition: Competition,
    round: Round | None,
    *,
    include_held: bool,
    player_ids: Iterable[int] | None,
) -> list[PlayerTotals]:
    """One query: the raw totals of every listed player (or of ``player_ids``)."""
    ids = None if player_ids is None else sorted({int(p) for p in player_ids})
    if ids == []:
        return []
    round_filter = "" if round is None else "AND id = %(round)s"
    if not include_held:
        round_filter += " AND NOT results_held"
    entered = (
        f"SELECT player_id FROM {Entry._meta.db_table} WHERE competition_id = %(competition)s "
        f"{_in('player_id', ids)} UNION ALL"
        if round is None
        else ""
    )
    hand_players = "" if ids is None else f"AND {_hands_of(ids)}"
    sql = _TOTALS_SQL.format(
        round=Round._meta.db_table,
        table=TableModel._meta.db_table,
        transfer=ChipTransfer._meta.db_table,
        hand=Hand._meta.db_table,
        void=HandVoid._meta.db_table,
        check=HandCheck._meta.db_table,
        seat=Seat._meta.db_table,
        entry=Entry._meta.db_table,
        player=Player._meta.db_table,
        club=Club._meta.db_table,
        round_filter=round_filter,
        players_tables=_touched(ids) if round is None else _seated_at(round, ids),
        players_to=_in("x.to_player_id", ids),
        players_from=_in("x.from_player_id", ids),
        players_hand=hand_players,
        players_seat=_in("s.player_id", ids),
        entered=entered,
    )
    params = {
        "competition": competition.pk,
        "round": round.pk if round is not None else None,
        "withdrawn": Entry.Status.WITHDRAWN.value,
    }
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        found = cursor.fetchall()
    return [
        PlayerTotals(
            player_id=pid,
            name=name,
            club=club,
            net_chips=int(net),
            sessions=int(sessions),
            hands_won=int(won),
            self_drawn_wins=int(self_drawn),
            za_hu=int(za_hu),
            biggest_hand=int(biggest),
            withdrawn=bool(withdrawn),
        )
        for pid, name, club, net, sessions, won, self_drawn, za_hu, biggest, withdrawn in found
    ]


def standings_compute(
    competition: Competition, round: Round | None = None, *, include_held: bool = False
) -> Standings:
    """Every listed player's totals from the ledger, ranked as the competition's organiser set it."""
    held = round is not None and round.results_held and not include_held
    return Standings(
        competition_id=competition.pk,
        round_id=round.pk if round is not None else None,
        computed_at=timezone.now(),
        rows=season_ranked(
            competition,
            scope_totals(competition, round, include_held=include_held),
            round=round,
            include_held=include_held,
        ),
        held=held,
    )


# --- a season's fair standings (issue 33, ``tournament.standings.fair``) ------------------------------


def season_ranked(
    competition: Competition,
    lines: list[PlayerTotals],
    *,
    round: Round | None = None,
    include_held: bool = False,
) -> list[RankedRow]:
    """The lines ranked as the organiser set it up, with the season's nights needed and best nights
    counted in the competition's scope (a round's standings are one session: ranked plainly)."""
    if round is not None:
        return fair_rank(lines, **competition.ranking())
    if competition.best_sessions:
        lines = best_of(
            lines, session_nets(competition, include_held=include_held), competition.best_sessions
        )
    return fair_rank(lines, min_sessions=competition.min_sessions, **competition.ranking())


def session_nets(competition: Competition, *, include_held: bool = False) -> dict[int, list[int]]:
    """Player -> the net chips of each of their sessions with a chip moved (counted hands only, as the
    totals; a substitute's sessions on the line he plays for, as the totals)."""
    held = "" if include_held else "AND NOT r.results_held"
    transfer = ChipTransfer._meta.db_table
    sql = f"""
    WITH uncounted AS (SELECT hand_id FROM {HandCheck._meta.db_table} WHERE NOT counted),
    moves AS (
      SELECT x.to_player_id AS player_id, x.table_id, x.amount AS n, x.hand_id FROM {transfer} x
      UNION ALL
      SELECT x.from_player_id, x.table_id, -x.amount, x.hand_id FROM {transfer} x)
    SELECT m.player_id, m.table_id, SUM(m.n) FROM moves m
    JOIN {TableModel._meta.db_table} t ON t.id = m.table_id
    JOIN {Round._meta.db_table} r ON r.id = t.round_id
    WHERE r.competition_id = %s {held}
      AND m.hand_id NOT IN (SELECT hand_id FROM uncounted)
    GROUP BY m.player_id, m.table_id
    """
    with connection.cursor() as cursor:
        cursor.execute(sql, [competition.pk])
        found = cursor.fetchall()
    owner = counted_as(competition)
    out: dict[int, list[int]] = {}
    for player, _table, net in found:
        out.setdefault(owner.get(player, player), []).append(int(net))
    return out
