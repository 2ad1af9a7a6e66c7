"""The big screens' locust users (issue 36), imported by ``bench/load/locustfile.py``."""

from __future__ import annotations

import json
import os
from pathlib import Path

from locust import FastHttpUser, task

from bench.load.league import LoadLeague
from bench.load.paced import SCREEN_CACHE, Paced

_LEAGUE = os.environ.get("LOAD_LEAGUE")
COMPETITION = LoadLeague.from_dict(json.loads(Path(_LEAGUE).read_text())).competition if _LEAGUE else None

# --- the big screen (issue 36): ``bench/load/screens.py`` says how it is read ----------------------------

SCREENS = int(os.environ.get("LOAD_SCREENS", "0"))
SCREEN_POLL_SECONDS = 5.0  # static/js/screen.js's poll (tournament.views.public.screen.POLL_SECONDS)


class BigScreen(Paced, FastHttpUser):
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
        url = f"/api/v1/competitions/{COMPETITION}/screen/"
        with self.client.get(url, name="GET big screen (via nginx)", catch_response=True) as answer:
            status = answer.headers.get("X-Cache-Status", "none") if answer.headers else "none"
            SCREEN_CACHE[status] = SCREEN_CACHE.get(status, 0) + 1
            if answer.status_code != 200:
                answer.failure(f"status {answer.status_code}")
