"""The standings' reference computation against the SQL path (issue 15).

``tournament.standings.rank.aggregate`` is the reference: each player's totals folded in plain Python
from the lines of the hands that stand (``hand_lines``), table by table as the scoresheet folds them.
``tournament.standings.compute.scope_totals`` is what the league runs: one SQL statement over the
ledger. Here both read the same league (the demo league, played, with voids, a correction, a false
win, a withdrawal and a held round added) and must give every player the same totals.
"""

from __future__ import annotations

import random

import pytest

from tournament.league.demo import demo_league_load
from tournament.league.entries import entry_withdraw
from tournament.models import Entry, Hand, HandVoid, Round, Table
from tournament.rounds.lifecycle import round_hold
from tournament.standings.compute import scope_totals
from tournament.standings.rank import PlayerInfo, aggregate, hand_lines
from tournament.tables.ledger.errors import HandRejected
from tournament.tables.ledger.record import hand_correct, hand_record
from tournament.tables.ledger.void import hand_void
from tournament.tables.selectors import table_fold

pytestmark = pytest.mark.django_db


def reference_totals(competition, round_=None):
    """The reference: every table folded in Python, its standing hands' lines aggregated."""
    entries = Entry.objects.filter(competition=competition).select_related("player__club")
    players = {
        e.player_id: PlayerInfo(
            e.player.name, e.player.club.name if e.player.club else None, e.status == Entry.Status.WITHDRAWN
        )
        for e in entries
    }
    lines, seated, at_tables = [], [], set()
    tables = Table.objects.filter(round__competition=competition).select_related("round__competition")
    if round_ is not None:
        tables = tables.filter(round=round_)
    for table in tables:
        fold = table_fold(table)
        ids = list(table.seat_map.values())
        at_tables.update(ids)
        if table.round.status in (Round.Status.PLAYING, Round.Status.FINISHED) or fold.hands:
            seated += [(pid, table.pk) for pid in ids]
        for row in fold.rows:
            lines += hand_lines(row.hand, table.pk, ids)
    if round_ is not None:  # a round lists the players seated in it
        players = {pid: info for pid, info in players.items() if pid in at_tables}
    return sorted(aggregate(lines, players, seated=seated), key=lambda t: t.player_id)


def sql_totals(competition, round_=None):
    return sorted(scope_totals(competition, round_, include_held=True), key=lambda t: t.player_id)


def _played_league():
    competition = demo_league_load()
    rng = random.Random(15)
    playing = Round.objects.get(competition=competition, status=Round.Status.PLAYING)
    for table in playing.tables.all():
        for _ in range(6):
            players = list(table_fold(table).state.seat_winds)
            winner = rng.choice(players)
            entry = {"outcome": "win", "winner": winner, "win": "self_draw", "doubles": rng.randint(1, 5)}
            if rng.random() < 0.2:
                entry = {"outcome": "false_win", "offender": winner}
            try:
                hand_record(table=table, entry=entry)
            except HandRejected:
                break
    table = playing.tables.order_by("number").first()
    first, second = Hand.objects.filter(table=table).order_by("sequence")[:2]
    hand_void(hand=first, reason="wrong winner")
    hand_correct(hand=first, entry={"outcome": "draw"})
    hand_void(hand=second, reason="entered twice")
    entry_withdraw(Entry.objects.filter(competition=competition).first(), user=None)
    round_hold(Round.objects.get(competition=competition, number=1), user=None, held=True)
    return competition


def test_the_sql_standings_agree_with_the_reference_fold_for_every_player():
    competition = _played_league()
    reference = reference_totals(competition)
    assert sum(t.net_chips for t in reference) == 0  # a chip is never created or lost
    assert sum(t.hands_won for t in reference) > 0 and sum(t.za_hu for t in reference) > 0
    assert any(t.withdrawn for t in reference)
    assert sql_totals(competition) == reference


def test_each_round_agrees_too():
    competition = _played_league()
    for round_ in Round.objects.filter(competition=competition):
        assert sql_totals(competition, round_) == reference_totals(competition, round_), round_.number


def test_the_comparison_sees_a_difference():
    """A void written past the door (no reversing transfers): the fold leaves the hand out, the ledger
    still counts its chips. The comparison must see it."""
    competition = _played_league()
    table = Table.objects.filter(round__competition=competition, round__status=Round.Status.PLAYING).first()
    hand = Hand.objects.filter(table=table, void__isnull=True, outcome="win").first()
    HandVoid.objects.create(hand=hand, reason="a side door")
    assert sql_totals(competition) != reference_totals(competition)
