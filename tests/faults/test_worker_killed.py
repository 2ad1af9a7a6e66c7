"""The Celery worker killed (SIGKILL) in the middle of standings work (issue 7, fault 1).

To be sure the kill lands mid-work, the test holds the competition's stored
standings rows: the worker's update of them (``standings_table_changed``)
waits inside its transaction, with the stored marks already locked, until
it is killed. Its transaction then rolls back, so the stored standings stay
as before, behind the ledger. Recording never waits for any of this.
"""

import time

from tests.faults.checks import assert_recorded_once, standings_behind, standings_converged
from tests.faults.client import play
from tests.faults.stack import WORKER, wait_for

HOLD_ROWS = "SELECT id FROM tournament_standingrow WHERE competition_id = %s FOR UPDATE"


def kill_worker_mid_update(stack, competition, record):
    """Record a hand (``record()``), let the worker's update of it block on our lock, SIGKILL the worker."""
    with stack.lock(HOLD_ROWS, [competition]):
        started = time.monotonic()
        record()
        assert time.monotonic() - started < 5, "recording a hand waited for the standings"

        def updating():
            return [b for b in stack.backends(WORKER) if b["wait_event_type"] == "Lock"]

        [busy] = wait_for("the worker's standings update to wait on the held rows", updating, 15)
        assert "standingrow" in busy["query"]  # it is writing the stored rows, its transaction open
        stack.kill_worker()
    # The killed worker's session ends and its transaction rolls back.
    wait_for("the killed worker's database session to end", lambda: not stack.backends(WORKER), 15)


def test_a_worker_killed_mid_update_loses_no_hand_and_the_standings_catch_up(healthy, league, client):
    competition = league["competition"]
    one, two = league["tables"]
    play(client, one, range(0, 4))
    play(client, two, range(0, 4))
    standings_converged(healthy, competition)  # the worker keeps up

    # 1. Killed with nothing queued behind: the new worker has nothing to do (the killed task stays
    # unacknowledged in Redis until its visibility timeout); the reconciliation repairs the standings.
    kill_worker_mid_update(healthy, competition, lambda: play(client, one, range(5, 6)))
    assert standings_behind(healthy, competition)
    healthy.start_worker()
    healthy.send_task("tournament.tasks.standings_reconcile")  # what Celery beat sends every minute
    standings_converged(healthy, competition)

    # 2. Killed, then hands recorded while no worker runs: their queued updates catch up on their own.
    kill_worker_mid_update(healthy, competition, lambda: play(client, two, range(5, 6)))
    play(client, one, range(6, 8))
    play(client, two, range(6, 8))
    assert standings_behind(healthy, competition)
    healthy.start_worker()
    audit = standings_converged(healthy, competition)

    assert not client.failures()  # the API never noticed the worker
    assert_recorded_once(audit, client)
    assert len(audit["hands"]) == 14
