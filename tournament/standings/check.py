"""Checking the stored standings against the ledger, for the periodic reconciliation (issue 7).

The stored standings carry a ledger mark: the newest ledger row they take in
(``standings_store``). A competition whose ledger has rows above the mark is
*stale* and is recomputed. The mark cannot see one case: ledger ids are
handed out when a hand's rows are written, not when it commits. A hand
written before another and committed after it (two tables at once) has ids
below the mark the other hand's update stored; if its own update is then
lost (the broker down at its commit, the worker killed, its database session
cut), nothing above the mark is missing, yet its players' rows are wrong.
tests/faults/test_lost_update_late_commit.py makes that happen.

Such a hand was written at most ``UNSETTLED_SECONDS`` before the stored
standings were last computed or checked (no request lives longer: gunicorn's
timeout is 30 s). So a competition whose newest ledger row is not that much
older than its stored standings is *unsettled*: ``standings_verify``
recomputes the players of the rows written in that window (a few tables'
worth, from the newest rows by id; every player when there are more than
``RECENT_ROWS``) in each stored scope and compares them with the stored rows.
One differs: the competition is recomputed. None does: the stored standings
are dated as checked now. Once play stops, a competition is checked for
``UNSETTLED_SECONDS`` more and then left alone.

Names are compared apart (``renamed_competitions``): a player's or a club's rename moves no ledger row,
and a club's touches no competition, so the stored rows of every competition are compared with the
names of now, and a competition showing an old one is recomputed.

What this module does not do: keep the standings current hand by hand
(``standings_store``, on every recorded hand) or schedule itself (Celery beat
runs ``tasks.standings_reconcile``).
"""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.db.models import F, Q, Value
from django.db.models.functions import Coalesce
from django.utils import timezone

from tournament.models import ChipTransfer, Competition, Round, StandingRow, StandingsMeta
from tournament.standings.compute import scope_totals
from tournament.standings.store import COMPETITION_SCOPE, standings_refresh

UNSETTLED_SECONDS = 120
RECENT_ROWS = 5000
_COMPARED = ("name", "club", "net_chips", "sessions", "hands_won", "self_drawn_wins", "za_hu", "biggest_hand",
             "withdrawn")  # fmt: skip


def _newest_rows(competition: int, limit: int):
    # The newest rows by id (a backward scan of the primary key), not a scan of the ledger by time.
    rows = ChipTransfer.objects.filter(table__round__competition=competition).order_by("-pk")
    return rows.values_list("created_at", "from_player", "to_player")[:limit]


def unsettled_competitions() -> list[int]:
    """Competitions with a ledger row written less than ``UNSETTLED_SECONDS`` before their standings."""
    window = timedelta(seconds=UNSETTLED_SECONDS)
    stored = StandingsMeta.objects.filter(scope=COMPETITION_SCOPE).values_list("competition", "computed_at")
    return [c for c, at in stored if any(row[0] >= at - window for row in _newest_rows(c, 1))]


def _recent_players(competition: Competition, since) -> set[int] | None:
    """The players of the ledger rows written since ``since``; None when there are too many to list."""
    rows = list(_newest_rows(competition.pk, RECENT_ROWS))
    recent = [row for row in rows if row[0] >= since]
    if len(recent) == RECENT_ROWS:
        return None
    return {player for _, frm, to in recent for player in (frm, to)}


def _differs(competition: Competition, scope: int, rnd: Round | None, players: set[int] | None) -> bool:
    """Whether the stored rows of ``players`` (or all) in one scope differ from the ledger's totals."""
    stored = StandingRow.objects.filter(competition=competition, scope=scope)
    totals = scope_totals(competition, rnd, include_held=rnd is not None, player_ids=players)
    if players is None:
        if stored.count() != len(totals):
            return True
    else:
        stored = stored.filter(player__in=[t.player_id for t in totals])
    rows = {row[0]: row[1:] for row in stored.values_list("player", *_COMPARED)}
    return any(
        rows.get(t.player_id)
        != (t.name, t.club or "", t.net_chips, t.sessions, t.hands_won, t.self_drawn_wins, t.za_hu,
            t.biggest_hand or 0, t.withdrawn)
        for t in totals
    )  # fmt: skip


def renamed_competitions() -> list[int]:
    """Competitions whose stored standings show a player's or a club's name that is not theirs now.

    A rename writes no ledger row, and a club's rename touches no competition, so neither the mark nor
    the unsettled window sees it (issue 31): the stored rows are compared with the names, all of them.
    """
    club_now = Coalesce("player__club__name", Value(""))
    differs = StandingRow.objects.annotate(club_now=club_now).filter(
        ~Q(name=F("player__name")) | ~Q(club=F("club_now"))
    )
    return sorted(set(differs.values_list("competition", flat=True)))


def standings_verify(competition: Competition) -> bool:
    """Compare the recently touched players of every stored scope with the ledger; recompute if one differs.

    Answers whether it had to. Runs with the stored marks locked, as the
    update after a hand does, so the two never interleave.
    """
    with transaction.atomic():
        metas = list(StandingsMeta.objects.select_for_update().filter(competition=competition))
        checked = [m.computed_at for m in metas if m.scope == COMPETITION_SCOPE]
        if not checked:
            return False
        players = _recent_players(competition, checked[0] - timedelta(seconds=UNSETTLED_SECONDS))
        rounds = {r.pk: r for r in Round.objects.filter(competition=competition)}
        for meta in metas:
            if meta.scope != COMPETITION_SCOPE and meta.scope not in rounds:
                continue  # a round since deleted: nobody reads it
            if _differs(competition, meta.scope, rounds.get(meta.scope), players):
                break
        else:
            StandingsMeta.objects.filter(pk__in=[m.pk for m in metas]).update(computed_at=timezone.now())
            return False
    standings_refresh(competition)
    return True
