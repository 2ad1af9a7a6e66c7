"""PostgreSQL going away during a stream of hand posts (issue 7, fault 3).

The server keeps its connections (``CONN_MAX_AGE``) and checks them at the
start of each request (``CONN_HEALTH_CHECKS``), so after an outage it
reconnects by itself. A request that meets the outage answers 503
(``database_unavailable``, tournament/api/errors.py): never a success without
the hand, never a bare 500 page (pages: tournament/views/errors.py). The client sends it again with the same
Idempotency-Key and the hand is recorded once.

The minor fault, always run: the app's own sessions cut with
``pg_terminate_backend``, once in the middle of a request for certain, then
repeatedly during a stream. The real fault, run with ``FAULTS_PG_RESTART=1``
(CI, after the main test run, since it cuts every connection on the machine):
``pg_ctlcluster restart`` during a stream.
"""

import threading
import time
import urllib.error
import urllib.request

import pytest

from tests.faults.checks import assert_recorded_once, standings_converged
from tests.faults.client import entry_for, play
from tests.faults.conftest import pg_restart_allowed
from tests.faults.stack import WEB, WORKER, wait_for


def stream(client, tables, hands: range) -> list[threading.Thread]:
    """One device per table, each recording ``hands`` one after another, started now."""
    threads = [
        threading.Thread(target=play, args=(client, table, hands), kwargs={"timeout": 10}, daemon=True)
        for table in tables
    ]
    for thread in threads:
        thread.start()
    return threads


def finish(threads, timeout: float = 50) -> None:
    for thread in threads:
        thread.join(timeout)
        assert not thread.is_alive(), "a device is still retrying"


def assert_only_database_unavailable(client) -> None:
    """Every failed attempt was the server's 503 for a database outage: no 500, no dropped request."""
    for attempt in client.failures():
        assert attempt.status == 503, attempt
        assert attempt.body["errors"][0]["code"] == "database_unavailable", attempt


def test_requests_cut_off_from_the_database_answer_503_and_retries_record_once(healthy, league, client):
    competition = league["competition"]
    one, two = league["tables"]
    play(client, one, range(0, 2))

    # Idle sessions cut between requests: the next request finds out (CONN_HEALTH_CHECKS) and reconnects.
    assert healthy.terminate_backends(WEB) >= 1
    play(client, one, range(2, 6))
    assert not client.failures()

    # One request certainly in flight: waiting for the table, its session is terminated.
    with healthy.lock("SELECT id FROM tournament_table WHERE id = %s FOR UPDATE", [one["id"]]):
        device = stream(client, [one], range(6, 7))
        wait_for("the request to wait on the table", lambda: any(
            b["wait_event_type"] == "Lock" for b in healthy.backends(WEB)), 10)  # fmt: skip
        assert healthy.terminate_backends(WEB) >= 1
    finish(device)
    [cut] = client.failures()
    assert cut.status == 503 and cut.body["errors"][0]["code"] == "database_unavailable", cut
    assert [a.status for a in client.attempts if a.key == cut.key] == [503, 201]

    # A stream at both tables while the server's and the worker's sessions are cut again and again.
    devices = stream(client, [one, two], range(7, 19))
    cuts = 0
    for _ in range(8):
        time.sleep(0.3)
        cuts += healthy.terminate_backends(WEB, WORKER)
    finish(devices)
    assert cuts >= 8
    assert_only_database_unavailable(client)

    healthy.send_task("tournament.tasks.standings_reconcile")  # a worker's update cut off is lost
    audit = standings_converged(healthy, competition)
    assert_recorded_once(audit, client)
    assert len(audit["hands"]) == 7 + 2 * 12
    print(f"\n[faults] sessions cut {cuts} times; failed attempts {len(client.failures())}, all 503")


class PageWatcher(threading.Thread):
    """A visitor reloading a public page all along: the statuses it got."""

    def __init__(self, url: str):
        super().__init__(daemon=True)
        self.url, self.statuses, self.done = url, [], threading.Event()

    def run(self):
        while not self.done.is_set():
            try:
                with urllib.request.urlopen(self.url, timeout=10) as response:
                    self.statuses.append(response.status)
            except urllib.error.HTTPError as exc:
                self.statuses.append(exc.code)
            except OSError:
                self.statuses.append(None)  # no answer at all (the server itself stays up here)
            time.sleep(0.05)


@pytest.mark.skipif(not pg_restart_allowed(), reason="FAULTS_PG_RESTART=1 restarts the PostgreSQL cluster")
def test_hand_posts_survive_a_postgres_restart(healthy, league, client):
    competition = league["competition"]
    one, two = league["tables"]
    before = healthy.postmaster_started()
    devices = stream(client, [one, two], range(0, 20))
    visitor = PageWatcher(f"{healthy.base_url}/competitions/{competition}/")
    visitor.start()
    wait_for("hands to be recorded", lambda: len(client.recorded) >= 6, 20)
    started = time.monotonic()
    healthy.restart_postgres()
    restart = time.monotonic() - started
    finish(devices)
    visitor.done.set()
    visitor.join(15)
    # The page answered throughout: 200, or during the outage the 503 "back in a moment" page, never a 500.
    assert set(visitor.statuses) <= {200, 503}, visitor.statuses
    assert visitor.statuses[-1] == 200
    assert healthy.postmaster_started() > before  # the cluster really restarted
    failed = client.failures()
    assert failed, "no request met the restart"
    assert_only_database_unavailable(client)

    healthy.send_task("tournament.tasks.standings_reconcile")
    audit = standings_converged(healthy, competition, timeout=40)
    assert_recorded_once(audit, client)
    assert len(audit["hands"]) == 2 * 20
    # A hand after the restart, on the connections the server and the worker made again.
    client.record(one["id"], entry_for(20, one["seats"]))
    standings_converged(healthy, competition)
    seen = visitor.statuses
    page = f"the page answered 503 {seen.count(503)} times, 200 {seen.count(200)} times"
    print(f"\n[faults] restart took {restart:.1f} s; {len(failed)} posts answered 503, then retried; {page}")
