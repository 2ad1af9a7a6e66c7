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
one process) runs on the same two cores: at the upper steps it is a good part
of what is measured, and the report says how much CPU it took.
"""

from __future__ import annotations

import math
from collections.abc import Callable

TABLES, HAND_SECONDS, VIEWERS, POLL_SECONDS = 2500, 120.0, 10_000, 5.0
STEPS = (0.05, 0.1, 0.2, 0.35, 0.5, 0.75, 1.0)
HAND, POLL = "POST hand", "GET leaderboard live (via nginx)"
P95_GOAL_MS = {HAND: 1000.0, POLL: 500.0}
ACHIEVED = 0.9


def offered(fraction: float) -> dict[str, float]:
    return {HAND: fraction * TABLES / HAND_SECONDS, POLL: fraction * VIEWERS / POLL_SECONDS}


def _rate_held(name: str, achieved: float, offered: float, seconds: float) -> bool:
    """At least ``ACHIEVED`` of the rate offered; for the hands, Poisson arrivals, a count within three
    standard deviations of the one expected also holds (200 hands in 30 s vary by 7% either way)."""
    if achieved >= ACHIEVED * offered:
        return True
    expected = offered * seconds
    return name == HAND and achieved * seconds >= expected - 3 * math.sqrt(expected)


def run_steps(run: Callable, tables: int, steps=STEPS, seconds: float = 30.0) -> dict:
    """``run(fraction, users, seconds)`` runs one step and answers its ``PhaseResult``."""
    done, carried = [], 0.0
    for fraction in steps:
        viewers = round(fraction * VIEWERS)
        result = run(fraction, tables + viewers, seconds)
        step = {"fraction": fraction, "viewers": viewers, "endpoints": {}, "failures": result.failures[:5]}
        ok = not result.failures
        for name, rate in offered(fraction).items():
            row = result.rows.get(name)
            achieved = row.rps if row else 0.0
            p95 = row.p95 if row else float("nan")
            errors = row.failures if row else 0
            good = bool(row) and errors == 0 and _rate_held(name, achieved, rate, seconds)
            good = good and p95 <= P95_GOAL_MS[name]
            ok = ok and good
            step["endpoints"][name] = {"offered": rate, "achieved": achieved, "p95": p95, "errors": errors}
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
    cpu = ", ".join(f"{k} {v:.2f}" for k, v in step["cpu"].items())
    verdict = "carried" if step["carried"] else "NOT carried"
    return f"  night x{step['fraction']:<5} {verdict:<12} " + "; ".join(parts) + f"\n      CPU/s: {cpu}"


def report(night: dict) -> None:
    print(
        f"\nleague night, open loop (the real night: {TABLES} tables, a hand per table every "
        f"{HAND_SECONDS:.0f} s on average = {TABLES / HAND_SECONDS:.1f} hands/s; {VIEWERS} viewers polling "
        f"the leaderboard every {POLL_SECONDS:.0f} s = {VIEWERS / POLL_SECONDS:.0f} req/s through nginx)"
    )
    print(f"  goals per step: no error, >= {ACHIEVED:.0%} of the offered rate, p95 {P95_GOAL_MS} ms")
    for step in night["steps"]:
        print(step_line(step))
    print(f"  this machine carries {night['carried']:.0%} of that night")
