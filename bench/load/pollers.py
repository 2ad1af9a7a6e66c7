"""The night's polls nginx answers, sent by ``wrk`` at a set rate instead of by locust (issue 50).

The open leaderboards (10,000 viewers every 5 s, anonymous or with their session), the scorekeepers' sheets'
marks (2,500 every 3 s, no cookie: ``static/js/table-marks.js``) and the players' round clocks (10,000
every 30 s, with theirs) are 98 requests in 100 of the logged-in night, and nginx answers them from its
cache. Locust spends about half a millisecond of CPU on each (``FastHttpUser``): at the full logged-in
night that alone is more than 1.5 of this machine's two cores, which the app then cannot have.
``wrk`` with ``paced.lua`` sends the same requests (the same paths, each viewer's or player's own session
cookie in turn) as an open loop at the offered rate for a few microseconds each. They start when locust
resets its stats (the step's measured part: ``processes.settle`` writes ``LOAD_MEASURE_MARK``) and run as
long as it measures; their rate, p95, errors and nginx's ``X-Cache-Status`` join the step's rows under the
names locust's users had, and their CPU is the step's ``pollers``. Locust keeps the hands and the sheets'
own polls, whose every request depends on the last answer (a sheet learns its table's mark from its
process's read of its part, four a second: ``locustfile.NightSheet``). ``--pollers locust``: the users
of before, for comparison.
"""

from __future__ import annotations

import json
import math
import os
import re
import subprocess
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from bench.load import night

SCRIPT = Path(__file__).with_name("paced.lua")


@dataclass
class Poller:
    name: str  # the request's name in the step's rows (``night.POLL``, ``POLL_IN``, ``CLOCK``)
    rate: float  # requests a second offered
    lines: list[str]  # "<path>\t<Cookie header>" sent in turn


@dataclass
class Alongside:
    """wrk processes started when the step's measure begins (the mark file appears), for ``seconds``."""

    pollers: list[Poller]
    url: str
    folder: Path
    seconds: float
    rows: dict[str, dict] = field(default_factory=dict)
    cpu: float = 0.0
    problems: list[str] = field(default_factory=list)

    def run(self, mark: Path, wait_seconds: float) -> threading.Thread:
        thread = threading.Thread(target=self._run, args=(mark, wait_seconds), daemon=True)
        thread.start()
        return thread

    def _run(self, mark: Path, wait_seconds: float) -> None:
        deadline = time.monotonic() + wait_seconds
        while not mark.exists():
            if time.monotonic() > deadline:
                self.problems.append("the step's measure never began: no poller ran")
                return
            time.sleep(0.05)
        started = [(p, self._start(p)) for p in self.pollers]
        for poller, proc in started:
            _, status, usage = os.wait4(proc.pid, 0)
            proc.returncode = os.waitstatus_to_exitcode(status)
            self.cpu += usage.ru_utime + usage.ru_stime
            out = proc.stdout.read()
            proc.stdout.close()
            found = re.search(r"^WRK_RESULT (.*)$", out, re.M)
            if not found:
                self.problems.append(f"wrk for {poller.name} said nothing: {out[-500:]}")
                continue
            self.rows[poller.name] = json.loads(found.group(1))

    def _start(self, poller: Poller) -> subprocess.Popen:
        requests = self.folder / f"pollers-{abs(hash(poller.name))}.txt"
        requests.write_text("\n".join(poller.lines) + "\n")
        # a connection sends a request every 100 ms or more: enough of them that none is still waiting for
        # an answer when its next is due, unless nginx is late by that much
        connections = max(8, min(2000, math.ceil(poller.rate / 10)))
        env = {
            **os.environ,
            "WRK_RATE": f"{poller.rate:.3f}",
            "WRK_THREADS": "1",
            "WRK_REQUESTS": str(requests),
        }
        argv = ["wrk", "-t1", f"-c{connections}", f"-d{max(1, round(self.seconds))}s", "--timeout", "10s",
                "-s", str(SCRIPT), self.url]  # fmt: skip
        return subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def night_pollers(league, crowd, fraction: float, logged_in: float | None) -> list[Poller]:
    """The night's nginx-served polls at ``fraction``: the anonymous viewers', the logged-in viewers', the
    sheets' marks and the players' clocks, as ``night.offered`` counts them."""
    rates = night.offered(fraction, logged_in)
    live = f"/competitions/{league.competition}/standings/live/"
    out = []
    if night.POLL in rates:
        out.append(Poller(night.POLL, rates[night.POLL], [f"{live}\t"]))
    if crowd is not None and night.POLL_IN in rates:
        viewers = crowd.viewers[: max(1, round(fraction * night.VIEWERS * (logged_in or 0)))]
        lines = [f"{live}\t{crowd.cookie}={key}" for key in viewers]
        out.append(Poller(night.POLL_IN, rates[night.POLL_IN], lines))
    if crowd is not None and night.SHEET in rates:  # table-marks.js asks with no cookie
        marks = night.marks_addresses([t.id for t in league.tables], fraction)
        out.append(Poller(night.SHEET, rates[night.SHEET], [f"{address}\t" for address in marks]))
    if crowd is not None and night.CLOCK in rates:
        players = crowd.players[: max(1, round(fraction * night.PLAYERS))]
        lines = [f"/rounds/{round_id}/clock/\t{crowd.cookie}={key}" for _, round_id, key in players]
        out.append(Poller(night.CLOCK, rates[night.CLOCK], lines))
    return out


def merge(result, alongside: Alongside, row_type) -> None:
    """The pollers' figures into the step's ``PhaseResult``: rows, nginx's answers, CPU, problems."""
    for name, r in alongside.rows.items():
        seconds = r["seconds"] or 1.0
        result.rows[name] = row_type(
            name=name, requests=r["requests"], failures=r["errors"], rps=r["requests"] / seconds,
            p50=r["p50"], p95=r["p95"], p99=r["p99"],
        )  # fmt: skip
        result.counts.setdefault("cache", {})[name] = r["cache"]
        bad = {s: n for s, n in r["statuses"].items() if s != "200"}
        if bad:
            result.failures.append(f"{sum(bad.values())} x GET {name}: statuses {bad}")
    result.failures.extend(alongside.problems)
    result.cpu["pollers"] = alongside.cpu
