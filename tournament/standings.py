"""Standings computed from the chip ledger: the bridge to ``standings_rank``.

``standings_compute(competition, round=None)`` loads every listed player's
totals with ``scope_totals`` (one SQL statement: grouped aggregates over the
ledger, the hands and the seats, each computed once and joined on the player)
and ranks them with ``tournament.standings_rank.rank`` under the default
tie-break (net chips, hands won, biggest hand; issue 6). ``scope_totals``
also takes ``player_ids``, so that the stored standings can be updated for
the four players of one table after one hand (``tournament.standings_store``).

Vocabulary (as in ``standings_rank``):

- **chips**: a player's net chips, the plain sum of the ``ChipTransfer`` rows
  he received minus those he paid, at finished and running tables alike
  (STYLE.md 5: the ledger is the truth). A void adds reversing transfers, so
  a voided hand nets to zero here without being looked at.
- **hands won**, **self-drawn wins**, **Za Hu**, **biggest hand**: counted over
  the hands that stand (not voided).
- **sessions**: the tables a player sat at in rounds that are under way or
  over (status playing or finished), or at which a hand has been recorded.
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

from tournament.models import ChipTransfer, Club, Competition, Entry, Hand, HandVoid, Player, Round, Seat
from tournament.models import Table as TableModel
from tournament.standings_rank import DEFAULT_ORDER, PlayerTotals, RankedRow, rank


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
_TOTALS_SQL = """
WITH
 rs AS (SELECT id, status FROM {round} WHERE competition_id = %(competition)s {round_filter}),
 ts AS (SELECT id FROM {table} WHERE round_id IN (SELECT id FROM rs)),
 received AS (
  SELECT to_player_id AS player_id, SUM(amount) AS n FROM {transfer}
  WHERE table_id IN (SELECT id FROM ts) {players_to} GROUP BY to_player_id),
 paid AS (
  SELECT from_player_id AS player_id, SUM(amount) AS n FROM {transfer}
  WHERE table_id IN (SELECT id FROM ts) {players_from} GROUP BY from_player_id),
 standing AS (
  SELECT h.winner_id, h.offender_id, h.self_drawn, h.doubles FROM {hand} h
  WHERE h.table_id IN (SELECT id FROM ts) AND NOT EXISTS (SELECT 1 FROM {void} v WHERE v.hand_id = h.id)
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
  WHERE status IN (%(playing)s, %(finished)s)
     OR EXISTS (SELECT 1 FROM {hand} h WHERE h.table_id = seated.table_id)
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


def scope_totals(
    competition: Competition,
    round: Round | None = None,
    *,
    include_held: bool = False,
    player_ids: Iterable[int] | None = None,
) -> list[PlayerTotals]:
    """The totals of every player listed in the scope (or only of ``player_ids``): one query."""
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
    hand_players = ""
    if ids is not None:  # the hands a listed player won or falsely claimed
        hand_players = f"AND ({_in('h.winner_id', ids)[4:]} OR {_in('h.offender_id', ids)[4:]})"
    sql = _TOTALS_SQL.format(
        round=Round._meta.db_table,
        table=TableModel._meta.db_table,
        transfer=ChipTransfer._meta.db_table,
        hand=Hand._meta.db_table,
        void=HandVoid._meta.db_table,
        seat=Seat._meta.db_table,
        entry=Entry._meta.db_table,
        player=Player._meta.db_table,
        club=Club._meta.db_table,
        round_filter=round_filter,
        players_to=_in("to_player_id", ids),
        players_from=_in("from_player_id", ids),
        players_hand=hand_players,
        players_seat=_in("s.player_id", ids),
        entered=entered,
    )
    params = {
        "competition": competition.pk,
        "round": round.pk if round is not None else None,
        "playing": Round.Status.PLAYING.value,
        "finished": Round.Status.FINISHED.value,
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
    """Every listed player's totals from the ledger, ranked by the default tie-break."""
    held = round is not None and round.results_held and not include_held
    return Standings(
        competition_id=competition.pk,
        round_id=round.pk if round is not None else None,
        computed_at=timezone.now(),
        rows=rank(scope_totals(competition, round, include_held=include_held), DEFAULT_ORDER),
        held=held,
    )
