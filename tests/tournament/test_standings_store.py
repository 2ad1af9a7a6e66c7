"""Stored standings kept current by Celery (issue 6): queued on commit, never blocking a hand."""

import time

import pytest

from tests.factories import seated_table
from tournament.project.celery import app
from tournament.tables.ledger import hand_record, hand_void
from tournament.models import StandingRow
from tournament.standings.store import (
    COMPETITION_SCOPE,
    stale_competitions,
    standings_freshness,
    stored_standings,
)
from tournament.standings.tasks import standings_reconcile

pytestmark = pytest.mark.django_db(transaction=True)


def _win(table, seat, doubles=2):
    pid = table.seat_map[seat]
    return hand_record(
        table=table, entry={"outcome": "win", "winner": pid, "win": "self_draw", "doubles": doubles}
    )


def _forget_connections():
    """Make the app connect afresh to whatever broker_url now says (as after a fork)."""
    app._pool = None
    app.amqp._producer_pool = None


@pytest.fixture
def in_process():
    """The embedded default: tasks run in process (also when this run has a real Redis)."""
    old = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = old


def test_in_process_mode_updates_standings_on_commit(in_process):
    table = seated_table()
    _win(table, "S", doubles=3)  # 001 rule 21: 3 doubles self-drawn = 8 from each
    competition = table.round.competition
    rows = {
        r.player_id: r for r in StandingRow.objects.filter(competition=competition, scope=COMPETITION_SCOPE)
    }
    south = table.seat_map["S"]
    assert rows[south].net_chips == 24 and rows[south].hands_won == 1
    assert stored_standings(competition)[0].totals.player_id == south  # ranked first, on read
    assert sum(r.net_chips for r in rows.values()) == 0
    assert standings_freshness(competition).current


def test_recording_succeeds_with_the_broker_down_and_standings_catch_up(settings):
    table = seated_table()
    competition = table.round.competition
    old = app.conf.task_always_eager, app.conf.broker_url
    app.conf.task_always_eager = False
    app.conf.broker_url = "redis://127.0.0.1:1/0"  # nothing listens there: a broker that is down
    _forget_connections()
    try:
        started = time.monotonic()
        hand = _win(table, "W")
        elapsed = time.monotonic() - started
    finally:
        app.conf.task_always_eager, app.conf.broker_url = old
        _forget_connections()
    assert hand.pk and hand.transfers.count() == 3  # the hand stands
    assert elapsed < 10  # recording did not hang on the broker
    assert not standings_freshness(competition).current  # the standings say they are behind
    assert stale_competitions() == [competition.pk]
    assert standings_reconcile.apply().get() == [competition.pk]  # the periodic repair, run here
    assert standings_freshness(competition).current
    west = table.seat_map["W"]
    assert (
        StandingRow.objects.get(competition=competition, scope=COMPETITION_SCOPE, player=west).net_chips == 12
    )


def test_a_void_is_reflected_in_the_standings(in_process):
    table = seated_table()
    hand = _win(table, "N", doubles=1)
    hand_void(hand=hand, reason="wrong entry")
    rows = StandingRow.objects.filter(competition=table.round.competition, scope=COMPETITION_SCOPE)
    assert {r.net_chips for r in rows} == {0}
    assert all(r.hands_won == 0 for r in rows)


@pytest.mark.worker
def test_a_real_worker_over_redis_brings_the_standings_up_to_date(celery_worker_proc, celery_not_eager):
    table = seated_table()
    competition = table.round.competition
    started = time.monotonic()
    _win(table, "E", doubles=2)  # 2 doubles self-drawn: 4 from each (001 rule 21)
    east = table.seat_map["E"]
    while time.monotonic() - started < 20:
        row = StandingRow.objects.filter(
            competition=competition, scope=COMPETITION_SCOPE, player=east
        ).first()
        if row is not None and row.net_chips == 12:
            break
        time.sleep(0.05)
    else:
        pytest.fail("the worker did not update the standings within 20 s")
    assert standings_freshness(competition).current
