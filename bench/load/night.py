"""The league night as an open-loop model (issue 20), and how much of it this machine carries.

The real night: 2,500 tables, each recording a hand every two minutes on
average (Poisson arrivals: 20.8 hands a second in all), and 10,000 open
leaderboards polling their live partial every 5 s (2,000 requests a second),
everything through nginx and its cache (``bench/load/front.py``), as in
production. Open loop: each request is sent when it is due, not when the
previous answer came back (``NightScorekeeper``, ``NightViewer`` in the
locustfile), so a slow server shows as latency and a shortfall of the rate
achieved, not as a politely slower client.

The bench runs the model at growing fractions of the night (``STEPS``): a
fraction ``f`` offers ``f`` x 20.8 hands a second (spread over the bench
league's tables, however many were built) and ``f`` x 10,000 viewers. A step
is **carried** when every request answered as expected (no error), each
endpoint's rate achieved is at least 90% of the rate offered, and each p95
is within ``P95_GOAL_MS`` (the hands, Poisson arrivals, may fall short of
90% by chance: a count within three standard deviations of the expected
one holds too). The fraction printed is the largest step carried
(the steps stop at the first one that is not). The load generator (locust,
one process, or ``--locust-processes N``: a master and N workers) runs on the
same two cores: at the upper steps it is a good part of what is measured, and
the report says how much CPU it took.

The logged-in night (issue 50; ``offered(fraction, logged_in)``): the same hands and viewers, that share
of the viewers with a session cookie, plus 2,500 scorekeepers' sheets polling their tables' marks every 3
s (``/tables/marks/<part>/``, through nginx's cache) and their own ``live/mine/`` when their table's
moved, and 10,000 players on their seat page polling the round's clock every 30 s. The bench's 200 tables
stand for the night's 2,500: one sheet per bench table and one player per bench seat, each polling as
often as their share of the night's crowd (the same requests a second, and one sheet made afresh per hand,
as at the real night). Each step is measured in its steady state: the page loads of a user's start (a
sheet, one seat page in ten, a table's state) are answered before the stats are reset
(``paced._settle``), in both nights alike. A step's report also counts, per request, nginx's
``X-Cache-Status`` (ramp included).
"""

from __future__ import annotations

import math
from collections.abc import Callable

TABLES, HAND_SECONDS, VIEWERS, POLL_SECONDS = 2500, 120.0, 10_000, 5.0
KEEPERS, SHEET_SECONDS, PLAYERS, CLOCK_SECONDS = 2500, 3.0, 10_000, 30.0  # the logged-in crowd (issue 50)
STEPS = (0.05, 0.1, 0.2, 0.35, 0.5, 0.75, 1.0)
HAND, POLL = "POST hand", "GET leaderboard live (via nginx)"
POLL_IN = "GET leaderboard live, logged in (via nginx)"
SHEET = "GET table marks, keeper (via nginx)"  # the sheets' poll: static/js/table-marks.js
SHEET_OWN = "GET scoresheet poll, keeper (live/mine)"  # a sheet's own address, when its table's mark moved
CLOCK = "GET round clock, player (via nginx)"
MARKS_SPAN = 32  # tournament.tables.live_mark.SPAN: the tables of one marks answer
P95_GOAL_MS = {HAND: 1000.0, POLL: 500.0, POLL_IN: 500.0, SHEET: 500.0, CLOCK: 500.0}
FOLLOWED = {SHEET_OWN: 500.0}  # requests made as the state moves (no rate offered): their p95 and errors
USER_P95_MS = 300.0  # issue 50's goal for every user-facing request at the fraction carried (reported)
ACHIEVED = 0.9


def offered(fraction: float, logged_in: float | None = None) -> dict[str, float]:
    """Requests a second offered at ``fraction`` of the night; ``logged_in``: the logged-in crowd's night,
    that share of the viewers with a session, plus every table's scorekeeper's sheet and its players'
    seat pages (``None``: the anonymous night of issue 20)."""
    rates = {HAND: fraction * TABLES / HAND_SECONDS}
    if logged_in is None or logged_in < 1:
        rates[POLL] = fraction * VIEWERS * (1 - (logged_in or 0)) / POLL_SECONDS
    if logged_in is not None:
        if logged_in > 0:
            rates[POLL_IN] = fraction * VIEWERS * logged_in / POLL_SECONDS
        rates[SHEET] = fraction * KEEPERS / SHEET_SECONDS
        rates[CLOCK] = fraction * PLAYERS / CLOCK_SECONDS
    return rates


def users(fraction: float, tables: int, logged_in: float | None = None, pollers_apart: bool = False) -> int:
    """The locust users of a step: a scorekeeper per bench table, the viewers, and the logged-in crowd: a
    sheet per bench table and a player per bench seat, at most (``locustfile.SHEETS``, ``SEATS``).
    ``pollers_apart``: the viewers and the players are wrk's (``pollers``), not locust users."""
    sheets, seats = min(tables, round(fraction * KEEPERS)), min(4 * tables, round(fraction * PLAYERS))
    if pollers_apart:
        return tables + (sheets if logged_in is not None else 0)
    return tables + round(fraction * VIEWERS) + (sheets + seats if logged_in is not None else 0)


def marks_addresses(table_ids, fraction: float) -> list[str]:
    """The sheets' marks addresses at ``fraction`` of the night. The night's 2,500 x fraction tables make
    that many parts of 32, each an address nginx asks the app for once a second at most; the bench's tables
    make fewer parts, so each is asked at as many addresses (``?spread=k``: nginx keeps each apart) as the
    night has parts for it: what nginx asks the app is the night's."""
    parts = sorted({table_id // MARKS_SPAN for table_id in table_ids})
    spread = max(1, -(-round(fraction * KEEPERS) // MARKS_SPAN) // max(1, len(parts)))
    if spread == 1:
        return [f"/tables/marks/{part}/" for part in parts]
    return [f"/tables/marks/{part}/?spread={k}" for part in parts for k in range(spread)]


def _rate_held(name: str, achieved: float, offered: float, seconds: float) -> bool:
    """At least ``ACHIEVED`` of the rate offered; for the hands, Poisson arrivals, a count within three
    standard deviations of the one expected also holds (200 hands in 30 s vary by 7% either way)."""
    if achieved >= ACHIEVED * offered:
        return True
    expected = offered * seconds
    return name == HAND and achieved * seconds >= expected - 3 * math.sqrt(expected)


def run_steps(
    run: Callable,
    tables: int,
    steps=STEPS,
    seconds: float = 30.0,
    logged_in: float | None = None,
    pollers_apart: bool = False,
) -> dict:
    """``run(fraction, users, seconds)`` runs one step and answers its ``PhaseResult``."""
    done, carried = [], 0.0
    for fraction in steps:
        viewers = round(fraction * VIEWERS)
        result = run(fraction, users(fraction, tables, logged_in, pollers_apart), seconds)
        step = {"fraction": fraction, "viewers": viewers, "endpoints": {}, "failures": result.failures[:5]}
        step["logged_in"] = logged_in
        step["others"] = {  # the requests not paced (a sheet's or a seat page's first load)
            n: {"requests": r.requests, "p95": r.p95, "errors": r.failures}
            for n, r in result.rows.items()
            if n not in P95_GOAL_MS and n not in FOLLOWED
        }
        step["cache"] = result.counts.get(
            "cache", {}
        )  # nginx's X-Cache-Status per request name, ramp included
        ok = not result.failures
        for name, rate in offered(fraction, logged_in).items():
            row = result.rows.get(name)
            achieved = row.rps if row else 0.0
            p95 = row.p95 if row else float("nan")
            errors = row.failures if row else 0
            good = bool(row) and errors == 0 and _rate_held(name, achieved, rate, seconds)
            good = good and p95 <= P95_GOAL_MS[name]
            ok = ok and good
            step["endpoints"][name] = {"offered": rate, "achieved": achieved, "p95": p95, "errors": errors}
        step["followed"] = {}
        for name, goal in FOLLOWED.items():
            row = result.rows.get(name)
            if row:
                ok = ok and row.failures == 0 and row.p95 <= goal
                step["followed"][name] = {"achieved": row.rps, "p95": row.p95, "errors": row.failures}
        step["cpu"] = {k: v / result.wall for k, v in result.cpu.items() if result.wall}
        step["carried"] = ok
        done.append(step)
        print(step_line(step), flush=True)
        if not ok:
            break
        carried = fraction
    return {"steps": done, "carried": carried}


def step_line(step: dict) -> str:
    parts = []
    for name, e in step["endpoints"].items():
        parts.append(
            f"{name}: {e['achieved']:.1f}/{e['offered']:.1f} req/s, "
            f"p95 {e['p95']:.0f} ms, {e['errors']} errors"
        )
    for name, e in step.get("followed", {}).items():
        parts.append(
            f"{name}: {e['achieved']:.1f} req/s as marks moved, p95 {e['p95']:.0f} ms, {e['errors']} errors"
        )
    for name, e in step.get("others", {}).items():
        parts.append(f"{name}: {e['requests']} after the ramp, p95 {e['p95']:.0f} ms, {e['errors']} errors")
    cpu = ", ".join(f"{k} {v:.2f}" for k, v in step["cpu"].items())
    verdict = "carried" if step["carried"] else "NOT carried"
    lines = f"  night x{step['fraction']:<5} {verdict:<12} " + "; ".join(parts) + f"\n      CPU/s: {cpu}"
    for name, seen in step.get("cache", {}).items():
        lines += f"\n      nginx on {name}: {hit_line(seen)}"
    return lines


def hit_line(seen: dict[str, int]) -> str:
    """X-Cache-Status counts, and the share nginx answered without asking the app (HIT, STALE, UPDATING)."""
    total = sum(seen.values())
    served = sum(seen.get(s, 0) for s in ("HIT", "STALE", "UPDATING"))
    counts = ", ".join(f"{k} {v}" for k, v in sorted(seen.items(), key=lambda kv: -kv[1]))
    return f"{counts}; served by nginx {served / total:.1%}" if total else "nothing"


def report(night: dict, title: str = "anonymous") -> None:
    logged_in = night["steps"][0].get("logged_in") if night["steps"] else None
    crowd = (
        f"; the logged-in crowd: {logged_in:.0%} of the viewers with a session, {KEEPERS} scorekeepers' "
        f"sheets polling every {SHEET_SECONDS:.0f} s, {PLAYERS} players on their seat page "
        f"(the round clock every {CLOCK_SECONDS:.0f} s)"
        if logged_in is not None
        else ""
    )
    print(
        f"\nleague night, {title}, open loop (the real night: {TABLES} tables, a hand per table every "
        f"{HAND_SECONDS:.0f} s on average = {TABLES / HAND_SECONDS:.1f} hands/s; {VIEWERS} viewers polling "
        f"the leaderboard every {POLL_SECONDS:.0f} s = {VIEWERS / POLL_SECONDS:.0f} req/s through nginx"
        f"{crowd})"
    )
    goals = P95_GOAL_MS | FOLLOWED
    print(f"  goals per step: no error, >= {ACHIEVED:.0%} of the offered rate, p95 {goals} ms")
    for step in night["steps"]:
        print(step_line(step))
    print(f"  this machine carries {night['carried']:.0%} of that night")
    carried = [s for s in night["steps"] if s["carried"] and s["fraction"] == night["carried"]]
    if carried:
        seen = {**carried[0]["endpoints"], **carried[0].get("followed", {})}
        over = {n: e["p95"] for n, e in seen.items() if not e["p95"] <= USER_P95_MS}
        verdict = "met" if not over else f"MISSED by {over}"
        print(f"  p95 of every request at {night['carried']:.0%} <= {USER_P95_MS:.0f} ms: {verdict}")


def compare(anonymous: dict, logged_in: dict) -> str:
    """Issue 50's first goal: the logged-in night carried at the fraction the anonymous one is."""
    a, b = anonymous["carried"], logged_in["carried"]
    verdict = "met" if b >= a else "MISSED"
    return f"the logged-in night carried {b:.0%}, the anonymous one {a:.0%} (goal: the same): {verdict}"
