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

CUTS = 8  # the server's and the worker's sessions cut this many times during a stream


def stream(client, tables, hands: range) -> list[threading.Thread]:
    """One device per table, each recording ``hands`` one after another, started now."""
    threads = [
        threading.Thread(target=play, args=(client, table, hands), kwargs={"timeout": 10}, daemon=True)
        for table in tables
    ]
    for thread in threads:
        thread.start()
    return threads


class Permits:
    """How many more hands the devices may start: the test hands them out as it needs them.

    The devices' pace is the test's, not the machine's: a quick machine
    cannot play its tables out between two cuts (issue 46: on one, the
    stream ended before the eighth cut and no request was left to wait on a
    table), and a slow one is waited for. A hand retried after a failure
    takes no new permit: its retries are the same post.
    """

    def __init__(self):
        self._left = 0
        self._cond = threading.Condition()
        self.ran_out: list[list[int]] = []  # the tables of a device that played them all out

    def give(self, n: int) -> None:
        with self._cond:
            self._left += n
            self._cond.notify_all()

    def take(self, stop: threading.Event) -> bool:
        """Wait for a permit; False once ``stop`` is set."""
        with self._cond:
            while not self._left:
                if stop.is_set():
                    return False
                self._cond.wait(0.05)
            self._left -= 1
            return True


def stream_until(
    client, devices: list[list[dict]], stop: threading.Event, permits: Permits
) -> list[threading.Thread]:
    """One device per list of tables, started now, recording a hand for each permit until ``stop`` is set.

    A device plays its first table until the answer says the table's session
    is over (the North round complete, 001 rule 14's out of chips: its chips
    and winds bound a table's hands), then goes on at its next table. The
    permits bound the hands, so the tables given are enough for any machine:
    a device that still runs out says so (``Permits.ran_out``, checked by ``finish``).
    """

    def device(tables):
        for table in tables:
            i = 0
            while permits.take(stop):
                done = client.record(table["id"], entry_for(i, table["seats"]), timeout=10)
                i += 1
                if done.hand["state"]["finished"]:
                    break
            else:
                return
        permits.ran_out.append([t["id"] for t in tables])

    threads = [threading.Thread(target=device, args=(tables,), daemon=True) for tables in devices]
    for thread in threads:
        thread.start()
    return threads


def recorded_again(client, hands: int, when: str, before: int | None = None) -> None:
    """Wait until the devices have recorded ``hands`` more hands than ``before`` (by default: now)."""
    before = len(client.recorded) if before is None else before
    wait_for(f"the stream to record {hands} hands {when}", lambda: len(client.recorded) >= before + hands, 40)


def finish(threads, permits: Permits | None = None, timeout: float = 50) -> None:
    for thread in threads:
        thread.join(timeout)
        assert not thread.is_alive(), "a device is still retrying"
    assert not (permits and permits.ran_out), f"devices played out their tables {permits.ran_out}"


def a_request_waits_on_a_table(healthy, what: str, permits: Permits | None = None) -> None:
    """Wait until a request of the server waits on a held table (a device that ran out fails at once)."""

    def waiting():
        assert not (permits and permits.ran_out), f"{what}: devices played out their tables {permits.ran_out}"
        return any(b["wait_event_type"] == "Lock" for b in healthy.backends(WEB))

    wait_for(what, waiting, 20)


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

    healthy.send_task("tournament.tasks.standings_reconcile")  # a worker's update cut off is lost
    audit = standings_converged(healthy, competition)
    assert_recorded_once(audit, client)
    assert len(audit["hands"]) == 7


def test_sessions_cut_again_and_again_during_a_stream_lose_no_hand(healthy, request, client_factory):
    """A stream of hands while the server's and the worker's sessions are cut again and again.

    Each cut is driven by the stream's own progress, not by the clock: the
    tables are held until a request of the server is known to wait on one,
    every session of the server and the worker is cut, the tables are let go,
    and the next cut waits until the stream has recorded hands again. The
    devices record the hands the test gives them (``Permits``): four a cut,
    so the stream lasts until the planned cuts are done however fast or slow
    this machine is, and six tables hold three times what it records.
    """
    league = healthy.probe("seed", request.node.name[:60], "6")
    client = client_factory(league)
    tables = league["tables"]
    stop, permits = threading.Event(), Permits()
    devices = stream_until(client, [tables[0::2], tables[1::2]], stop, permits)
    held = [t["id"] for t in tables]
    for n in range(CUTS):
        with healthy.lock("SELECT id FROM tournament_table WHERE id = ANY(%s) FOR UPDATE", [held]):
            # Hands enough for a request to be in flight at the cut and two to record after it:
            # 2 devices x 2 = 32 hands in all, whatever this machine's speed (6 tables hold 96 or more).
            permits.give(4)
            a_request_waits_on_a_table(healthy, f"cut {n + 1}: a request to wait on a table", permits)
            assert healthy.terminate_backends(WEB, WORKER) >= 1
        recorded_again(client, 2, f"after cut {n + 1}")
    stop.set()
    finish(devices, permits)
    assert len(client.failures()) >= CUTS, (
        "each cut met a request in flight: it answered 503, then was retried"
    )
    assert_only_database_unavailable(client)

    healthy.send_task("tournament.tasks.standings_reconcile")  # a worker's update cut off is lost
    audit = standings_converged(healthy, league["competition"])
    assert_recorded_once(audit, client)
    assert len(audit["hands"]) == len(client.recorded)  # every answered hand, and nothing else
    hands, failed = len(client.recorded), len(client.failures())
    print(f"\n[faults] sessions cut {CUTS} times; {hands} hands, {failed} posts answered 503 and retried")


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
def test_hand_posts_survive_a_postgres_restart(healthy, request, client_factory):
    """The cluster stopped and started again while two devices record.

    Driven by the stream, not the clock: both tables are held until a request
    of the server waits on one, so a request is in flight when the cluster
    stops; the cluster starts again only once the devices have met the outage
    (an attempt answered 503), and the devices stop only once they have
    recorded hands again after it.
    """
    league = healthy.probe("seed", request.node.name[:60], "3")
    client = client_factory(league)
    competition = league["competition"]
    one, two, spare = league["tables"]
    before = healthy.postmaster_started()
    stop, permits = threading.Event(), Permits()
    devices = stream_until(client, [[one], [two]], stop, permits)
    visitor = PageWatcher(f"{healthy.base_url}/competitions/{competition}/")
    visitor.start()
    permits.give(6)
    wait_for("hands to be recorded", lambda: len(client.recorded) >= 6, 20)
    holder = healthy.connect()
    holder.execute("SELECT id FROM tournament_table WHERE id = ANY(%s) FOR UPDATE", [[one["id"], two["id"]]])
    permits.give(2)  # one hand a device, in flight when the cluster stops; two tables hold 32 or more
    a_request_waits_on_a_table(healthy, "a request to wait on a table", permits)
    started = time.monotonic()
    healthy.stop_postgres()
    holder.close()  # its session went with the cluster, and the tables' locks with it
    wait_for("a device to meet the outage", client.failures, 20)
    during = len(client.recorded)  # no hand records while the cluster is down
    healthy.start_postgres()
    restart = time.monotonic() - started
    permits.give(4)
    recorded_again(client, 4, "after the restart", during)
    stop.set()
    finish(devices, permits)
    visitor.done.set()
    visitor.join(15)
    # The page answered throughout: 200, or during the outage the 503 "back in a moment" page, never a 500.
    assert set(visitor.statuses) <= {200, 503}, visitor.statuses
    assert visitor.statuses[-1] == 200
    assert healthy.postmaster_started() > before  # the cluster really restarted
    failed = client.failures()
    assert_only_database_unavailable(client)

    healthy.send_task("tournament.tasks.standings_reconcile")
    audit = standings_converged(healthy, competition, timeout=40)
    assert_recorded_once(audit, client)
    assert len(audit["hands"]) == len(client.recorded)  # every answered hand, and nothing else
    # A hand after the restart, on the connections the server and the worker made again.
    client.record(spare["id"], entry_for(0, spare["seats"]))
    standings_converged(healthy, competition)
    seen = visitor.statuses
    page = f"the page answered 503 {seen.count(503)} times, 200 {seen.count(200)} times"
    print(f"\n[faults] restart took {restart:.1f} s; {len(failed)} posts answered 503, then retried; {page}")
