"""What the load bench's locust users share (``bench/load/locustfile.py``, ``screen_users.py``): the counts
each process writes for the runner, the settle of a night's step, an open loop's pacing, and the GETs
whose answers nginx's ``X-Cache-Status`` are counted for."""

from __future__ import annotations

import json
import os
import random
import time

from locust import events

from bench.load import processes

STARTED = [0]  # paced users done with their start (its page loads answered), ``Paced._start_pacing``
COUNTS = {"created": 0, "retried": 0, "finished": 0, "conflicts": 0}
IN_FLIGHT: set[str] = set()  # keys of posts sent and not answered (yet): cut off when the phase stopped


SETTLE_SECONDS = float(os.environ.get("LOAD_SETTLE_SECONDS", "0"))
MEASURE_SECONDS = float(os.environ.get("LOAD_MEASURE_SECONDS", "0"))


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


SCREEN_CACHE: dict[str, int] = {}  # nginx's X-Cache-Status of the big screens' answers (screen_users)


class Paced:
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


CACHE: dict[str, dict[str, int]] = {}  # per request name, nginx's X-Cache-Status of its answers


def cached_get(user, url: str, name: str, headers: dict | None = None, ok=(200,), check=None) -> None:
    """A GET whose answer's status must be in ``ok`` (and ``check(answer)`` say nothing wrong); how nginx
    answered it is counted (``CACHE``)."""
    with user.client.get(url, name=name, headers=headers, catch_response=True) as answer:
        status = answer.headers.get("X-Cache-Status", "none") if answer.headers else "none"
        seen = CACHE.setdefault(name, {})
        seen[status] = seen.get(status, 0) + 1
        wrong = f"status {answer.status_code}" if answer.status_code not in ok else check and check(answer)
        if wrong:
            answer.failure(wrong)
