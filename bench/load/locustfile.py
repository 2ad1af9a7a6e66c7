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
from bench.load.crowd import MARKS_SPAN, SHEET_MARKS, SHEET_POLL  # noqa: E402
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


# --- the logged-in crowd (issue 50): ``bench/load/crowd.py`` made the sessions, ``night.py`` reads it -------


def _crowd():
    from bench.load.crowd import Crowd

    path = os.environ.get("LOAD_CROWD")
    return Crowd.from_dict(json.loads(Path(path).read_text())) if path else None


CROWD = _crowd()
LOGGED_IN_SHARE = float(os.environ.get("LOAD_LOGGED_IN_SHARE", "1"))
NIGHT_KEEPERS = 2500  # a scorekeeper's sheet at every table, polling its table every 3 s
SHEET_POLL_SECONDS = 3.0  # tournament.tables.live_mark.SHEET_SECONDS
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
# The night's sheets read 2,500 x fraction tables' marks, 32 tables a part, each part an address nginx
# asks the app for once a second at most; the bench's 200 tables make fewer parts, so each of its parts
# is asked at as many addresses (``?spread=k``: nginx keeps each apart) as the night has parts for it:
# what nginx asks the app is the night's.
BENCH_PARTS = len({t.id // MARKS_SPAN for t in LEAGUE.tables}) if LEAGUE else 1
SPREAD = max(1, -(-round(NIGHT_FRACTION * NIGHT_KEEPERS) // MARKS_SPAN) // BENCH_PARTS)


def _cookie(key: str) -> dict:
    return {"Cookie": f"{CROWD.cookie}={key}"}


class NightViewerLoggedIn(NightViewer):
    """The same open leaderboard, polled by somebody logged in: their session cookie on every request."""

    fixed_count = round(NIGHT_FRACTION * NIGHT_VIEWERS * LOGGED_IN_SHARE) if CROWD else 0
    poll_name = "GET leaderboard live, logged in (via nginx)"

    def on_start(self) -> None:
        self.headers = _cookie(processes.deal(CROWD.viewers, "viewers"))
        super().on_start()


class NightSheet(Paced, FastHttpUser):
    """A scorekeeper's open sheet, as ``static/js/table-marks.js`` polls: every 3 s its tables' marks
    (``/tables/marks/<part>/``, one answer for 32 tables, through nginx's cache), and its own address
    (``/tables/{id}/live/mine/?v=…``, the one the last answer named) only when its table's mark is not the
    one its state was made at: after each hand at its table (204 while the version is the one it holds)."""

    fixed_count = SHEETS if CROWD else 0
    network_timeout = 60.0
    connection_timeout = 30.0

    def _period(self) -> float:
        return SHEET_POLL_SECONDS * SHEETS / (NIGHT_FRACTION * NIGHT_KEEPERS)

    def on_start(self) -> None:
        table, key = processes.deal(CROWD.keepers, "keepers")  # a sheet a table, across processes
        self.headers = _cookie(key)
        self.next = self.marks = self.table = None
        self.mark = ""
        cached_get(self, f"/tables/{table}/live/mine/", "GET scoresheet live (keeper start)", self.headers,
                    check=self._follow)  # fmt: skip
        self._start_pacing()

    def _follow(self, answer) -> str | None:
        """The next own poll's address and the mark its state was made at (a 200); a 204: its mark."""
        if answer.status_code == 204:
            self.mark = answer.headers.get("X-Table-Mark", "") if answer.headers else ""
            return None
        if answer.status_code != 200:
            return None
        text = answer.text or ""
        found = SHEET_POLL.search(text)
        if found is None:
            return "no live/mine poll in the sheet's answer"
        self.next = found.group(1).replace("&amp;", "&")
        marks = SHEET_MARKS.search(text)
        if marks is None:
            return "no marks to poll in the sheet's answer"
        self.marks, self.table, self.mark = marks.groups()
        self.marks += f"?spread={random.randrange(SPREAD)}" if SPREAD > 1 else ""
        return None

    @task
    def poll(self) -> None:
        if self.next is None:
            return
        if self.marks is not None:
            named = {}

            def read(answer) -> str | None:
                named.update(answer.json().get("marks", {}) if answer.status_code == 200 else {})
                return None

            cached_get(self, self.marks, "GET table marks, keeper (via nginx)", check=read)
            if named.get(self.table) == self.mark:
                return
        name = "GET scoresheet poll, keeper (live/mine)"
        cached_get(self, self.next, name, self.headers, ok=(200, 204), check=self._follow)


SEAT_PAGE_EVERY = 10  # one player in ten loads their seat page as they start: the session and page answer


class NightSeat(Paced, FastHttpUser):
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
            cached_get(self, f"/tables/{table}/seat/", "GET seat page (player start)", self.headers)
        self._start_pacing()

    @task
    def poll(self) -> None:
        cached_get(self, f"/rounds/{self.round}/clock/", "GET round clock, player (via nginx)", self.headers)
