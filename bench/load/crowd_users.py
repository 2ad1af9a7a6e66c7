"""The logged-in crowd's locust users (issue 50), imported by ``bench/load/locustfile.py``:
``bench/load/crowd.py`` made the sessions, ``night.py`` reads what they measure."""

from __future__ import annotations

import json
import os
import random
import time
from pathlib import Path

from locust import FastHttpUser, task

from bench.load import night, processes
from bench.load.crowd import SHEET_MARKS, SHEET_POLL, Crowd
from bench.load.league import LoadLeague
from bench.load.paced import Paced, cached_get

_LEAGUE = os.environ.get("LOAD_LEAGUE")
LEAGUE = LoadLeague.from_dict(json.loads(Path(_LEAGUE).read_text())) if _LEAGUE else None
NIGHT_FRACTION = float(os.environ.get("LOAD_NIGHT_FRACTION", "1"))


def _crowd() -> Crowd | None:
    path = os.environ.get("LOAD_CROWD")
    return Crowd.from_dict(json.loads(Path(path).read_text())) if path else None


CROWD = _crowd()
LOGGED_IN_SHARE = float(os.environ.get("LOAD_LOGGED_IN_SHARE", "1"))
NIGHT_KEEPERS = night.KEEPERS  # a scorekeeper's sheet at every table, polling its table every 3 s
SHEET_POLL_SECONDS = night.SHEET_SECONDS  # tournament.tables.live_mark.SHEET_SECONDS
NIGHT_PLAYERS = night.PLAYERS  # four players a table, each on their seat page
CLOCK_POLL_SECONDS = night.CLOCK_SECONDS  # templates/public/_round_clock.html: every 30 s (its default)
# The bench has fewer tables than the night (200 against 2,500), each recording hands that much more often.
# One sheet per bench table (as one per real table), polling as often as the night's sheets together would
# (2,500 x fraction every 3 s): the same requests a second, and one sheet made afresh per hand, as at the
# real night (12 sheets on one bench table would each make it afresh after every hand). Likewise one player
# per bench seat, their clock polls as frequent as the night's 10,000 x fraction players' together.
BENCH_TABLES = len(LEAGUE.tables) if LEAGUE else 1
SHEETS = min(BENCH_TABLES, round(NIGHT_FRACTION * NIGHT_KEEPERS))
SEATS = min(4 * BENCH_TABLES, round(NIGHT_FRACTION * NIGHT_PLAYERS))
# The night's sheets read 2,500 x fraction tables' marks: ``night.marks_addresses`` says at which addresses.
MARKS = night.marks_addresses([t.id for t in LEAGUE.tables], NIGHT_FRACTION) if LEAGUE else []
# With ``--pollers wrk`` those 833 requests a second are wrk's (``pollers.night_pollers``), and a sheet here
# learns its table's mark from the marks its process last read of its part, at most WATCH_SECONDS ago
# (one request a part, through nginx as every sheet's): what the app is asked (the sheets' own polls after
# each hand) is the same, a sheet learns of a hand as soon (within its tick and nginx's second), and
# locust, which spends half a millisecond of CPU a request, no longer takes a core from what it measures.
MARKS_APART = os.environ.get("LOAD_MARKS_APART") == "1"
WATCH_SECONDS = 0.25
WATCHED: dict[str, tuple[float, dict]] = {}  # a part's address: when read, its marks


def cookie(key: str) -> dict:
    return {"Cookie": f"{CROWD.cookie}={key}"}


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
        self.headers = cookie(key)
        self.next = self.marks = self.table = self.asked = None
        self.mark = ""
        cached_get(self, f"/tables/{table}/live/mine/", "GET scoresheet live (keeper start)", self.headers,
                    check=self._follow)  # fmt: skip
        self._start_pacing()

    def _follow(self, answer) -> str | None:
        """The next own poll's address and the mark its state was made at (a 200); a 204: its mark."""
        if answer.status_code not in (200, 204):
            self.asked = None  # not answered: asked again at the next tick
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
        part, self.table, self.mark = marks.groups()
        self.marks = random.choice([m for m in MARKS if m.split("?")[0] == part] or [part])
        return None

    def _watched(self) -> dict:
        """Its part's marks as this process last read them (``MARKS_APART``): read again when older than
        ``WATCH_SECONDS`` by the first sheet to need them (the others meanwhile take the last)."""
        part = self.marks.split("?")[0]
        read_at, named = WATCHED.get(part, (0.0, {}))
        if time.monotonic() - read_at >= WATCH_SECONDS:
            WATCHED[part] = (time.monotonic(), named)

            def read(answer) -> str | None:
                if answer.status_code == 200:
                    WATCHED[part] = (time.monotonic(), answer.json().get("marks", {}))
                return None

            cached_get(self, self.marks, "GET table marks, the bench's watch (via nginx)", check=read)
            named = WATCHED[part][1]
        return named

    @task
    def poll(self) -> None:
        if self.next is None:
            return
        if self.marks is not None:
            named = self._watched() if MARKS_APART else self._read_marks()
            mark = named.get(self.table)
            if mark == self.mark or (mark is not None and mark == self.asked):
                return  # unmoved, or a stale copy naming a mark already asked about (table-marks.js)
            self.asked = mark
        name = "GET scoresheet poll, keeper (live/mine)"
        cached_get(self, self.next, name, self.headers, ok=(200, 204), check=self._follow)

    def _read_marks(self) -> dict:
        named = {}

        def read(answer) -> str | None:
            named.update(answer.json().get("marks", {}) if answer.status_code == 200 else {})
            return None

        cached_get(self, self.marks, "GET table marks, keeper (via nginx)", check=read)
        return named


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
        self.headers = cookie(key)
        # A player already on the page; a few load it (a check).
        if processes.ticket("seat-pages") % SEAT_PAGE_EVERY == 0:
            cached_get(self, f"/tables/{table}/seat/", "GET seat page (player start)", self.headers)
        self._start_pacing()

    @task
    def poll(self) -> None:
        cached_get(self, f"/rounds/{self.round}/clock/", "GET round clock, player (via nginx)", self.headers)
