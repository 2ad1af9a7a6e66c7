"""Locust users of the load bench (run by ``bench/load_bench.py``, which says how the figures are read).

- ``Scorekeeper``: one per table (``LOAD_LEAGUE`` names the league file the
  runner wrote), recording hands back to back through
  ``POST /api/v1/tables/{id}/hands/`` with its token and an ``Idempotency-Key``;
  each hand is chosen from the table state the previous answer gave
  (``bench.load.hands``). One post in 50 is sent twice with the same key: the
  retry must answer 200 with the same hand and record nothing.
- ``Viewer``: polls the standings API (a random page of 50), the public
  leaderboard page, its live partial (what an open leaderboard polls every few
  seconds) and a random table's page, with no pause.
- ``StandingsReader``, ``LeaderboardReader``, ``LiveReader``, ``TableReader``:
  one of those alone, for the solo phases; ``Ceiling``: ``GET /bench/ceiling/``
  alone.

Every user is a closed loop with no think time: the server is saturated, so
throughput is what it can serve, and latency includes the wait in its queue.

Answers: a hand is 201 (a retry 200); any other status is a failure, except
422 ``table_finished`` (documented: the session is over), which ends that
scorekeeper's work and is counted. A 409 (somebody else recorded the hand) is
a failure here, since each table has one scorekeeper; the user takes the
state the answer carries and goes on. Counts of hands recorded, and the keys
of posts still unanswered when the phase stopped (the server may have recorded
them), go to the JSON file ``LOAD_COUNTS``, for the runner's ledger check.

Run as several locust processes (``--processes``), the tables and sessions are
dealt out across them, each worker writes its own counts and the master resets
the stats once every worker's users have started: ``bench/load/processes.py``.
"""

from __future__ import annotations

import json
import os
import random
import sys
import uuid
from pathlib import Path

from locust import FastHttpUser, constant, task

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.load import processes  # noqa: E402
from bench.load.crowd_users import CROWD, LOGGED_IN_SHARE, NightSeat, NightSheet, cookie  # noqa: E402, F401
from bench.load.hands import next_entry  # noqa: E402
from bench.load.league import LoadLeague  # noqa: E402
from bench.load.paced import COUNTS, IN_FLIGHT, Paced, cached_get  # noqa: E402
from bench.load.screen_users import BigScreen  # noqa: E402, F401 (locust finds BigScreen here)

RETRY_EVERY = 50
PAGE_SIZE = 50


def _league() -> LoadLeague | None:
    path = os.environ.get("LOAD_LEAGUE")
    return LoadLeague.from_dict(json.loads(Path(path).read_text())) if path else None


LEAGUE = _league()


class Scorekeeper(FastHttpUser):
    wait_time = constant(0)
    fixed_count = len(LEAGUE.tables) if LEAGUE else 0
    network_timeout = 120.0
    connection_timeout = 30.0

    def on_start(self) -> None:
        self.table = processes.deal(LEAGUE.tables, "tables")  # one scorekeeper a table, across processes
        self.rng = random.Random(self.table.id)
        self.headers = {"Authorization": f"Token {self.table.token}"}
        self.finished = False
        self.state = None
        with self.client.get(
            f"/api/v1/tables/{self.table.id}/", name="GET table (scorekeeper start)", catch_response=True
        ) as answer:
            if answer.status_code != 200:
                answer.failure(f"status {answer.status_code}")
                return
            self.state = answer.json()["state"]
            self.finished = self.state["finished"]

    @task
    def record_hand(self) -> None:
        if self.finished or self.state is None:
            self.wait_time = constant(1)  # this table is done: stay connected, send nothing
            return
        entry = next_entry(self.state, LEAGUE.capital, self.rng)
        key = uuid.uuid4().hex
        url = f"/api/v1/tables/{self.table.id}/hands/"
        headers = {**self.headers, "Idempotency-Key": key}
        IN_FLIGHT.add(key)
        with self.client.post(
            url, json=entry, headers=headers, name="POST hand", catch_response=True
        ) as answer:
            IN_FLIGHT.discard(key)
            body = _json(answer)
            if answer.status_code == 201:
                COUNTS["created"] += 1
                self.state = body["state"]
                answer.success()
            elif answer.status_code == 422 and _codes(body) == {"table_finished"}:
                COUNTS["finished"] += 1
                self.finished = True
                answer.success()  # documented: the session is over
                return
            else:
                if answer.status_code == 409 and "state" in body:
                    COUNTS["conflicts"] += 1
                    self.state = body["state"]
                answer.failure(f"status {answer.status_code}: {str(body)[:200]}")
                return
        if self.rng.randrange(RETRY_EVERY) == 0:
            self._retry(url, entry, headers, body["id"])

    def _retry(self, url: str, entry: dict, headers: dict, hand_id: int) -> None:
        """The same hand again with the same key, as a phone that lost the answer would."""
        with self.client.post(
            url, json=entry, headers=headers, name="POST hand (idempotent retry)", catch_response=True
        ) as answer:
            body = _json(answer)
            if answer.status_code == 200 and body.get("id") == hand_id:
                COUNTS["retried"] += 1
                answer.success()
            else:
                answer.failure(f"status {answer.status_code}, hand {body.get('id')} (first {hand_id})")


def _json(answer) -> dict:
    try:
        body = answer.json()
    except Exception:  # not JSON: an HTML error page or an empty answer
        return {}
    return body if isinstance(body, dict) else {}


def _codes(body: dict) -> set[str]:
    return {e.get("code") for e in body.get("errors", []) if isinstance(e, dict)}


def _get(user: FastHttpUser, url: str, name: str) -> None:
    with user.client.get(url, name=name, catch_response=True) as answer:
        if answer.status_code != 200:
            answer.failure(f"status {answer.status_code}")


def standings_api(user: FastHttpUser) -> None:
    pages = (4 * len(LEAGUE.tables) + PAGE_SIZE - 1) // PAGE_SIZE
    page = random.randint(1, pages)
    _get(user, f"/api/v1/competitions/{LEAGUE.competition}/standings/?page={page}", "GET standings API")


def leaderboard_page(user: FastHttpUser) -> None:
    _get(user, f"/competitions/{LEAGUE.competition}/standings/", "GET leaderboard page")


def leaderboard_live(user: FastHttpUser) -> None:
    """What an open leaderboard polls every few seconds (htmx): the live partial of the standings."""
    _get(user, f"/competitions/{LEAGUE.competition}/standings/live/", "GET leaderboard live partial")


def table_page(user: FastHttpUser) -> None:
    _get(user, f"/tables/{random.choice(LEAGUE.tables).id}/", "GET table page")


class _Reader(FastHttpUser):
    """No pause, long timeouts; the subclasses say what they read (locust adds a base's tasks to its own)."""

    abstract = True
    wait_time = constant(0)
    network_timeout = 120.0
    connection_timeout = 30.0


class Viewer(_Reader):
    tasks = [standings_api, leaderboard_page, leaderboard_live, table_page]


class StandingsReader(_Reader):
    tasks = [standings_api]


class LeaderboardReader(_Reader):
    tasks = [leaderboard_page]


class LiveReader(_Reader):
    tasks = [leaderboard_live]


class TableReader(_Reader):
    tasks = [table_page]


def ceiling(user: FastHttpUser) -> None:
    _get(user, "/bench/ceiling/", "GET ceiling")


class Ceiling(_Reader):
    tasks = [ceiling]


# --- the league night, open loop (issue 20): ``bench/load/night.py`` says how it is read ----------------

NIGHT_TABLES = 2500  # the real night: a hand per table every two minutes on average
NIGHT_HAND_SECONDS = 120.0
NIGHT_VIEWERS = 10_000  # each polling the leaderboard every 5 s (htmx's live partial), through the cache
NIGHT_POLL_SECONDS = 5.0
NIGHT_FRACTION = float(os.environ.get("LOAD_NIGHT_FRACTION", "1"))


class NightScorekeeper(Paced, Scorekeeper):
    """One per table of the bench's league; together they record hands at ``NIGHT_FRACTION`` of the
    night's rate (2,500 tables / 120 s), whatever the number of tables built."""

    poisson = True

    def _period(self) -> float:
        return NIGHT_HAND_SECONDS * len(LEAGUE.tables) / (NIGHT_FRACTION * NIGHT_TABLES)

    def on_start(self) -> None:
        super().on_start()
        self._start_pacing()

    def wait_time(self) -> float:
        return 1.0 if self.finished else Paced.wait_time(self)


class NightViewer(Paced, FastHttpUser):
    """An open leaderboard: its live partial every 5 s."""

    network_timeout = 60.0
    connection_timeout = 30.0
    poll_name = "GET leaderboard live (via nginx)"
    headers: dict | None = None

    def _period(self) -> float:
        return NIGHT_POLL_SECONDS

    def on_start(self) -> None:
        self._start_pacing()

    @task
    def poll(self) -> None:
        url = f"/competitions/{LEAGUE.competition}/standings/live/"
        cached_get(self, url, self.poll_name, self.headers)


# --- the logged-in crowd (issue 50): ``crowd_users`` has the sheets and the seat pages ----------------------


class NightViewerLoggedIn(NightViewer):
    """The same open leaderboard, polled by somebody logged in: their session cookie on every request."""

    fixed_count = round(NIGHT_FRACTION * NIGHT_VIEWERS * LOGGED_IN_SHARE) if CROWD else 0
    poll_name = "GET leaderboard live, logged in (via nginx)"

    def on_start(self) -> None:
        self.headers = cookie(processes.deal(CROWD.viewers, "viewers"))
        super().on_start()
