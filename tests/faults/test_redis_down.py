"""Redis stopped while hands are recorded (issue 7, fault 2).

Redis is the broker, the result backend and the cache. With it gone, hands
still record at once (``queue_standings_update`` swallows the broker's
failure: issue 6) and ``/healthz`` says the app is down (anonymously: no detail). The standings updates
of those hands are lost with the broker; when Redis returns (empty, as after
``SHUTDOWN NOSAVE``) the reconciliation repairs the standings, and the
server's next hand queues its update again.
"""

import json
import time
import urllib.error
import urllib.request

from tests.faults.checks import assert_recorded_once, standings_behind, standings_converged
from tests.faults.client import play
from tests.faults.stack import wait_for


def healthz(stack) -> tuple[int, dict]:
    try:
        with urllib.request.urlopen(stack.base_url + "/healthz", timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def test_hands_record_while_redis_is_down_and_the_standings_catch_up(healthy, league, client):
    competition = league["competition"]
    one, two = league["tables"]
    play(client, one, range(0, 3))
    play(client, two, range(0, 3))
    standings_converged(healthy, competition)

    healthy.stop_redis()
    status, health = healthz(healthy)
    assert status == 503 and health == {"status": "down"}, health  # anonymous: up or down only
    started = time.monotonic()
    play(client, one, range(3, 8))
    play(client, two, range(3, 8))
    elapsed = time.monotonic() - started
    assert not client.failures(), client.failures()  # every hand answered at the first try
    assert elapsed < 10 * 3, f"10 hands took {elapsed:.1f} s with the broker down"
    assert standings_behind(healthy, competition)

    healthy.start_redis()
    healthy.send_task("tournament.tasks.standings_reconcile")  # beat's periodic repair
    standings_converged(healthy, competition, timeout=40)  # the worker reconnects, then runs it
    # Redis came back empty: /healthz is up again once the worker's next beat lands (within a second
    # of Redis taking beats again: tournament.project.heartbeat.RETRY_SECONDS).
    wait_for("/healthz to say up again", lambda: healthz(healthy)[0] == 200, 15)

    # The server's own connection to the broker is back: a new hand's update is queued and run.
    play(client, one, range(8, 10))
    audit = standings_converged(healthy, competition)
    assert_recorded_once(audit, client)
    assert len(audit["hands"]) == 18
    print(f"\n[faults] 10 hands recorded with Redis down in {elapsed:.2f} s")
