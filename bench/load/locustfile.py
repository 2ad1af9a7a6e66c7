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
import re
import sys
import time
import uuid
from pathlib import Path

from locust import FastHttpUser, constant, events, task

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.load import processes  # noqa: E402
from bench.load.hands import next_entry  # noqa: E402
from bench.load.league import LoadLeague  # noqa: E402

RETRY_EVERY = 50
PAGE_SIZE = 50


def _league() -> LoadLeague | None:
    path = os.environ.get("LOAD_LEAGUE")
    return LoadLeague.from_dict(json.loads(Path(path).read_text())) if path else None


LEAGUE = _league()
COUNTS = {"created": 0, "retried": 0, "finished": 0, "conflicts": 0}
IN_FLIGHT: set[str] = set()  # keys of posts sent and not answered (yet): cut off when the phase stopped


SETTLE_SECONDS = float(os.environ.get("LOAD_SETTLE_SECONDS", "0"))
MEASURE_SECONDS = float(os.environ.get("LOAD_MEASURE_SECONDS", "0"))
STARTED = [0]  # paced users done with their start (its page loads answered), ``_Paced._start_pacing``


@events.init.add_listener
def _settle(environment, **_kwargs) -> None:
    """The nights (issue 50): stats reset again once every user has started, its start's page loads
    answered (a sheet, a seat page, a table's state: locust's own reset is when the last user is
    launched, not answered), plus ``LOAD_SETTLE_SECONDS``; then ``LOAD_MEASURE_SECONDS`` measured, and
    locust quits (``-t`` is the upper bound). The night is measured in its steady state, as it runs for
    hours; the burst of page loads as a step starts is not in it. Across locust's processes (a master
    and its workers): ``processes.settle``."""
    if SETTLE_SECONDS > 0:
        processes.settle(environment, STARTED, SETTLE_SECONDS, MEASURE_SECONDS)


@events.test_stop.add_listener
@events.quitting.add_listener  # a worker stopped by a signal: its counts all the same
def _write_counts(environment, **_kwargs) -> None:
    base = os.environ.get("LOAD_COUNTS")
    path = processes.counts_path(base, processes.role(environment.runner)) if base else None
    if path:
        counts = {**COUNTS, "in_flight": sorted(IN_FLIGHT), "screen_cache": SCREEN_CACHE, "cache": CACHE}
        path.write_text(json.dumps(counts))


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


class _Paced:
    """Open loop: the next request is due at a time of its own (a Poisson arrival, or a fixed period),
    not when the last answer came; a slow answer does not delay the ones after it, it queues them."""

    poisson = False

    def _period(self) -> float:
        raise NotImplementedError

    def _start_pacing(self) -> None:
        STARTED[0] += 1
        self.pace_rng = random.Random()
        # A Poisson process's first arrival is as far off as any other; a fixed period's, anywhere in it.
        first = self.pace_rng.expovariate(1 / self._period()) if self.poisson else None
        self.due = time.monotonic() + (
            first if first is not None else self.pace_rng.uniform(0, self._period())
        )
        time.sleep(max(0.0, self.due - time.monotonic()))  # spread the first requests (gevent's sleep)

    def wait_time(self) -> float:
        gap = self._period()
        self.due += self.pace_rng.expovariate(1 / gap) if self.poisson else gap
        return max(0.0, self.due - time.monotonic())


class NightScorekeeper(_Paced, Scorekeeper):
    """One per table of the bench's league; together they record hands at ``NIGHT_FRACTION`` of the
    night's rate (2,500 tables / 120 s), whatever the number of tables built."""

    poisson = True

    def _period(self) -> float:
        return NIGHT_HAND_SECONDS * len(LEAGUE.tables) / (NIGHT_FRACTION * NIGHT_TABLES)

    def on_start(self) -> None:
        super().on_start()
        self._start_pacing()

    def wait_time(self) -> float:
        return 1.0 if self.finished else _Paced.wait_time(self)


CACHE: dict[str, dict[str, int]] = {}  # per request name, nginx's X-Cache-Status of its answers


def _cached_get(user, url: str, name: str, headers: dict | None = None, ok=(200,), check=None) -> None:
    """A GET whose answer's status must be in ``ok`` (and ``check(answer)`` say nothing wrong); how nginx
    answered it is counted (``CACHE``)."""
    with user.client.get(url, name=name, headers=headers, catch_response=True) as answer:
        status = answer.headers.get("X-Cache-Status", "none") if answer.headers else "none"
        seen = CACHE.setdefault(name, {})
        seen[status] = seen.get(status, 0) + 1
        wrong = f"status {answer.status_code}" if answer.status_code not in ok else check and check(answer)
        if wrong:
            answer.failure(wrong)


class NightViewer(_Paced, FastHttpUser):
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
        _cached_get(self, url, self.poll_name, self.headers)


# --- the logged-in crowd (issue 50): ``bench/load/crowd.py`` made the sessions, ``night.py`` reads it -------


def _crowd():
    from bench.load.crowd import Crowd

    path = os.environ.get("LOAD_CROWD")
    return Crowd.from_dict(json.loads(Path(path).read_text())) if path else None


CROWD = _crowd()
LOGGED_IN_SHARE = float(os.environ.get("LOAD_LOGGED_IN_SHARE", "1"))
NIGHT_KEEPERS = 2500  # a scorekeeper's sheet at every table, polling its table every 3 s
SHEET_POLL_SECONDS = 3.0  # templates/table/_state.html: hx-trigger="every 3s"
NIGHT_PLAYERS = 10_000  # four players a table, each on their seat page
CLOCK_POLL_SECONDS = 30.0  # templates/public/_round_clock.html: every 30 s (its default)
# The bench has fewer tables than the night (200 against 2,500), each recording hands that much more often.
# One sheet per bench table (as one per real table), polling as often as the night's sheets together would
# (2,500 x fraction every 3 s): the same requests a second, and one sheet made afresh per hand, as at the
# real night (12 sheets on one bench table would each make it afresh after every hand). Likewise one player
# per bench seat, their clock polls as frequent as the night's 10,000 x fraction players' together.
BENCH_TABLES = len(LEAGUE.tables) if LEAGUE else 1
SHEETS = min(BENCH_TABLES, round(NIGHT_FRACTION * NIGHT_KEEPERS))
SEATS = min(4 * BENCH_TABLES, round(NIGHT_FRACTION * NIGHT_PLAYERS))


def _cookie(key: str) -> dict:
    return {"Cookie": f"{CROWD.cookie}={key}"}


class NightViewerLoggedIn(NightViewer):
    """The same open leaderboard, polled by somebody logged in: their session cookie on every request."""

    fixed_count = round(NIGHT_FRACTION * NIGHT_VIEWERS * LOGGED_IN_SHARE) if CROWD else 0
    poll_name = "GET leaderboard live, logged in (via nginx)"

    def on_start(self) -> None:
        self.headers = _cookie(processes.deal(CROWD.viewers, "viewers"))
        super().on_start()


_NEXT_POLL = re.compile(r'hx-get="([^"]*/live/mine/[^"]*)"')


class NightSheet(_Paced, FastHttpUser):
    """A scorekeeper's open sheet: its private poll (``/tables/{id}/live/mine/?v=…``) every 3 s, as htmx
    asks it: the address the last answer named; 204 while the table's version is the one it holds."""

    fixed_count = SHEETS if CROWD else 0
    network_timeout = 60.0
    connection_timeout = 30.0

    def _period(self) -> float:
        return SHEET_POLL_SECONDS * SHEETS / (NIGHT_FRACTION * NIGHT_KEEPERS)

    def on_start(self) -> None:
        table, key = processes.deal(CROWD.keepers, "keepers")  # a sheet a table, across processes
        self.headers = _cookie(key)
        self.next = None
        _cached_get(self, f"/tables/{table}/live/mine/", "GET scoresheet live (keeper start)", self.headers,
                    check=self._follow)  # fmt: skip
        self._start_pacing()

    def _follow(self, answer) -> str | None:
        """The next poll's address, from a 200 (a 204 keeps the one held)."""
        if answer.status_code != 200:
            return None
        found = _NEXT_POLL.search(answer.text or "")
        if found is None:
            return "no live/mine poll in the sheet's answer"
        self.next = found.group(1).replace("&amp;", "&")
        return None

    @task
    def poll(self) -> None:
        if self.next is not None:
            name = "GET scoresheet poll, keeper (live/mine)"
            _cached_get(self, self.next, name, self.headers, ok=(200, 204), check=self._follow)


SEAT_PAGE_EVERY = 10  # one player in ten loads their seat page as they start: the session and page answer


class NightSeat(_Paced, FastHttpUser):
    """A player on their seat page (loaded once, personal), which polls the round's clock every 30 s."""

    fixed_count = SEATS if CROWD else 0
    network_timeout = 60.0
    connection_timeout = 30.0

    def _period(self) -> float:
        return CLOCK_POLL_SECONDS * SEATS / (NIGHT_FRACTION * NIGHT_PLAYERS)

    def on_start(self) -> None:
        table, self.round, key = processes.deal(CROWD.players, "players")
        self.headers = _cookie(key)
        # A player already on the page; a few load it (a check).
        if processes.ticket("seat-pages") % SEAT_PAGE_EVERY == 0:
            _cached_get(self, f"/tables/{table}/seat/", "GET seat page (player start)", self.headers)
        self._start_pacing()

    @task
    def poll(self) -> None:
        _cached_get(self, f"/rounds/{self.round}/clock/", "GET round clock, player (via nginx)", self.headers)


# --- the big screen (issue 36): ``bench/load/screens.py`` says how it is read ----------------------------

SCREENS = int(os.environ.get("LOAD_SCREENS", "0"))
SCREEN_POLL_SECONDS = 5.0  # static/js/screen.js's poll (tournament.views.public.screen.POLL_SECONDS)
SCREEN_CACHE: dict[str, int] = {}  # nginx's X-Cache-Status of the screens' answers


class BigScreen(_Paced, FastHttpUser):
    """A TV in the room: the competition's screen data every 5 s, through nginx, as screen.js asks."""

    fixed_count = SCREENS
    network_timeout = 60.0
    connection_timeout = 30.0

    def _period(self) -> float:
        return SCREEN_POLL_SECONDS

    def on_start(self) -> None:
        self._start_pacing()

    @task
    def poll(self) -> None:
        url = f"/api/v1/competitions/{LEAGUE.competition}/screen/"
        with self.client.get(url, name="GET big screen (via nginx)", catch_response=True) as answer:
            status = answer.headers.get("X-Cache-Status", "none") if answer.headers else "none"
            SCREEN_CACHE[status] = SCREEN_CACHE.get(status, 0) + 1
            if answer.status_code != 200:
                answer.failure(f"status {answer.status_code}")
