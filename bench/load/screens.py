"""The big screen's data through nginx's cache under the league night (issue 36).

Every TV or projector in the room polls ``GET /api/v1/competitions/{id}/screen/`` every 5 s
(``static/js/screen.js``). The answer is everybody's, shared by nginx (``X-Accel-Expires``: kept to the end
of the second it was made in) and kept by the app between changes of the standings version; so one screen
or fifty should cost the server the same. Measured here, nginx in front as ``deploy/nginx.conf`` sets it:

- ``made``: what one answer costs the app when nothing is kept: ``screen_data`` for the bench's round
  (all its tables folded), timed in this process, and the answer's size;
- ``read``: ``wrk`` against the screen data through the cache, and against the same bytes as a static file
  (as ``front.read_rates`` does for the standings);
- ``steps``: the league night at ``fraction`` (hands recorded at that share of 2,500 tables' rate, that
  share of 10,000 leaderboard viewers) plus 1 big screen, then plus 50: the screens' p95 and errors, how
  nginx answered them (``X-Cache-Status``), the hands' p95, and the CPU the stack used a second. The same
  CPU with 1 and with 50 screens is the claim.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable

from bench.load import front as front_module
from bench.load import night

SCREENS = (1, 50)
SCREEN = "GET big screen (via nginx)"


def made(league, repeats: int = 5) -> dict:
    """The cost of one answer made afresh (no kept answer, no cache), and its size."""
    from django.db import connections

    from tournament.models import Competition
    from tournament.screen.selectors import screen_data

    competition = Competition.objects.get(pk=league.competition)
    times, body = [], b""
    for _ in range(repeats):
        began = time.perf_counter()
        data = screen_data(competition)
        body = json.dumps(data, default=str).encode()
        times.append(time.perf_counter() - began)
    connections.close_all()
    times.sort()
    return {
        "ms_median": 1000 * times[len(times) // 2],
        "ms_max": 1000 * times[-1],
        "bytes": len(body),
        "tables": len(data["tables"]),
        "standings": len(data["standings"]),
    }


def read_rates(proxy, competition: int, seconds: float) -> dict:
    path = f"/api/v1/competitions/{competition}/screen/"
    size = proxy.static_copy(path)
    static = front_module.wrk(f"{proxy.url}/{front_module.STATIC_NAME}", seconds=seconds)
    cached = front_module.wrk(proxy.url + path, seconds=seconds)
    return {"bytes": size, "static": static, "screen": cached, "ratio": cached["rps"] / static["rps"]}


def run_screens(run: Callable, proxy, league, *, fraction: float, seconds: float) -> dict:
    """``run(screens, users, seconds)``: the night at ``fraction`` with that many screens (a PhaseResult)."""
    figures = {
        "fraction": fraction,
        "made": made(league),
        "read": read_rates(proxy, league.competition, seconds),
    }
    steps = []
    viewers = round(fraction * night.VIEWERS)
    for screens in SCREENS:
        result = run(screens, len(league.tables) + viewers + screens, seconds)
        screen = result.rows.get(SCREEN)
        hand = result.rows.get(night.HAND)
        poll = result.rows.get(night.POLL)
        steps.append(
            {
                "screens": screens,
                "screen": screen.__dict__ if screen else None,
                "hand": hand.__dict__ if hand else None,
                "poll": poll.__dict__ if poll else None,
                "cache": result.counts.get("screen_cache", {}),
                "failures": result.failures[:5],
                "cpu": {k: v / result.wall for k, v in result.cpu.items() if result.wall},
            }
        )
    figures["steps"] = steps
    return figures


def report(figures: dict) -> None:
    made_, read = figures["made"], figures["read"]
    print(
        f"\nthe big screen (issue 36): one answer made afresh {made_['ms_median']:.0f} ms (max "
        f"{made_['ms_max']:.0f}), {made_['bytes']} bytes: {made_['tables']} tables still playing, "
        f"{made_['standings']} standings lines"
    )
    print(
        f"  wrk, 64 connections: the same bytes as a static file {read['static']['rps']:.0f} req/s; "
        f"the screen data through nginx's cache {read['screen']['rps']:.0f} req/s "
        f"(p99 {read['screen']['p99']:.2f} ms, {read['screen']['errors']} errors): ratio {read['ratio']:.2f}"
    )
    print(f"  the league night x{figures['fraction']} through nginx, 1 then 50 screens polling every 5 s:")
    for step in figures["steps"]:
        screen, hand, poll = step["screen"] or {}, step["hand"] or {}, step["poll"] or {}
        cpu = ", ".join(f"{k} {v:.2f}" for k, v in step["cpu"].items())
        print(
            f"    {step['screens']:>3} screens: screen {screen.get('rps', 0):.1f} req/s, p95 "
            f"{screen.get('p95', 0):.0f} ms, {screen.get('failures', 0)} errors, nginx {step['cache']}; "
            f"hands {hand.get('rps', 0):.1f}/s p95 {hand.get('p95', 0):.0f} ms; leaderboard polls "
            f"{poll.get('rps', 0):.0f}/s p95 {poll.get('p95', 0):.0f} ms\n      CPU/s: {cpu}"
        )
