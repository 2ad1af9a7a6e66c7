"""The load bench's locust run in one process or several (``load_bench.py --locust-processes N``).

One locust process sends about 1,000 requests a second on this machine, less than the logged-in night
asks at 35 % (issue 50). With ``--processes N`` locust forks N workers and the first process becomes
their master: the workers send the requests, the master hands out users, sums the workers' stats and
writes the CSVs. What the locustfile keeps in module globals is each process's own, so three things are
shared here:

- **tickets**: ``deal(items, kind)`` gives each user the next item of a list (a table, a session) from a
  counter per kind that every process of the run shares (a file under a lock, in the folder
  ``LOAD_TICKETS`` names), so that each bench table has exactly one scorekeeper whatever the number of
  users of a class the master gives each worker (its dispatcher does not split a class evenly, so a
  deal by worker index would not be exact). Without ``LOAD_TICKETS``, an in-process counter.
- **counts**: each process with users writes its counts (hands recorded, posts cut off, nginx's cache
  statuses) to a file of its own (``counts_path``); the runner adds them up (``merge_counts``).
- **the settle** (``settle``): the nights' stats are reset once every user has started, its start's
  page loads answered. Alone, the process waits for its users; as a worker, it tells the master when
  its own users have all started; the master, once every worker has, waits ``settle_seconds``, resets
  its stats and the workers', and quits ``measure_seconds`` later (first asking the workers for their
  last stats, which they otherwise send every 3 s).
- **the end** (``wait_run``, in the runner): the workers can outlive their master (a user still sleeping
  before its first request is waited for ``--stop-timeout``), so the runner waits for them too, before it
  reads their counts, and reads their CPU as they run (the master does not always wait for them).
"""

from __future__ import annotations

import fcntl
import itertools
import os
import subprocess
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")

STARTED_MESSAGE = "load_bench_started"  # worker -> master: all my users have started
RESET_MESSAGE = "load_bench_reset"  # master -> workers: reset your stats (the measure begins)
FLUSH_MESSAGE = "load_bench_flush"  # master -> workers: send your stats now (the measure ends)
WAIT_SECONDS = 120  # the longest wait for the users' starts
_local: dict[str, itertools.count] = {}


def ticket(kind: str, folder: str | None = None) -> int:
    """0, 1, 2, … for ``kind``, each number once across every process sharing ``folder``."""
    folder = folder if folder is not None else os.environ.get("LOAD_TICKETS")
    if not folder:
        return next(_local.setdefault(kind, itertools.count()))
    fd = os.open(Path(folder) / f"{kind}.ticket", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # released by the close
        taken = int(os.read(fd, 32) or b"0")
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, str(taken + 1).encode())  # the numbers only grow: no shorter text left behind
    finally:
        os.close(fd)
    return taken


def deal(items: Sequence[T], kind: str) -> T:
    """The next of ``items`` in turn (from the start again after the last), across the processes."""
    return items[ticket(kind) % len(items)]


def role(runner) -> str:
    """``alone`` (one process), ``master`` or ``worker``: what ``runner`` is in the run."""
    from locust.runners import MasterRunner, WorkerRunner  # locust's import patches the process (gevent)

    if isinstance(runner, MasterRunner):
        return "master"
    return "worker" if isinstance(runner, WorkerRunner) else "alone"


def counts_path(base: str, role: str) -> Path | None:
    """Where a process of that ``role`` writes its counts: ``base`` alone; a file of its own as a worker;
    nowhere as the master (it has no users)."""
    path = Path(base)
    if role == "worker":
        return path.with_name(f"{path.stem}.{os.getpid()}{path.suffix}")
    return None if role == "master" else path


def merge_counts(parts: Sequence[dict]) -> dict:
    """The processes' counts added up: numbers summed, lists joined, dicts merged the same way."""
    merged: dict = {}
    for part in parts:
        for key, value in part.items():
            if isinstance(value, dict):
                merged[key] = merge_counts([merged.get(key, {}), value])
            elif isinstance(value, list):
                merged[key] = [*merged.get(key, []), *value]
            else:
                merged[key] = merged.get(key, 0) + value
    return merged


def settle(environment, started: list[int], settle_seconds: float, measure_seconds: float) -> None:
    """From the locustfile's ``init``: reset the stats once every user started (``started[0]`` counts a
    process's started users), ``settle_seconds`` later; quit ``measure_seconds`` after that."""
    import gevent
    from locust.runners import MasterRunner, WorkerRunner

    runner = environment.runner
    if runner is None:
        return

    def wait_until(done: Callable[[], bool]) -> None:
        deadline = time.monotonic() + WAIT_SECONDS
        while not done() and time.monotonic() < deadline:
            gevent.sleep(0.25)

    def measure() -> None:
        gevent.sleep(settle_seconds)
        environment.stats.reset_all()
        mark = os.environ.get("LOAD_MEASURE_MARK")  # the runner's wrk pollers start now (``pollers``)
        if mark:
            Path(mark).write_text(str(time.time()))
        if isinstance(runner, MasterRunner):
            runner.send_message(RESET_MESSAGE)
        if measure_seconds > 0:
            gevent.spawn_later(measure_seconds, finish)

    def finish() -> None:
        if isinstance(runner, MasterRunner):
            runner.send_message(FLUSH_MESSAGE)
            gevent.sleep(0.5)  # loopback: the workers' last stats are in
        runner.quit()

    if isinstance(runner, WorkerRunner):
        runner.register_message(RESET_MESSAGE, lambda **_kw: environment.stats.reset_all())
        runner.register_message(FLUSH_MESSAGE, lambda **_kw: runner._send_stats())  # locust 2.47's own report

        def report(**_ignored) -> None:  # the master's spawning_complete, relayed: its total, not ours
            def run() -> None:
                wait_until(lambda: started[0] >= sum(runner.user_classes_count.values()))
                runner.send_message(STARTED_MESSAGE, {"started": started[0]})

            gevent.spawn(run)

        environment.events.spawning_complete.add_listener(report)
        return

    if isinstance(runner, MasterRunner):
        reported: set[str] = set()
        runner.register_message(STARTED_MESSAGE, lambda msg, **_kw: reported.add(msg.node_id))

        def begin(**_ignored) -> None:
            def run() -> None:
                wait_until(lambda: len(reported) >= runner.worker_count)
                measure()

            gevent.spawn(run)

    else:

        def begin(user_count: int, **_ignored) -> None:
            def run() -> None:
                wait_until(lambda: started[0] >= user_count)
                measure()

            gevent.spawn(run)

    environment.events.spawning_complete.add_listener(begin)


def wait_run(locust, timeout: float) -> float:
    """Wait for a locust run of several processes (``subprocess.Popen`` of its master) and for its workers,
    which can outlive the master (a user still sleeping in its start is waited for ``--stop-timeout``, and
    the master does not wait that long): their counts are written when they end. Answers the CPU seconds
    the master and its workers used, as last read (every half second)."""
    import psutil

    seen: dict[int, psutil.Process] = {}
    used: dict[int, float] = {}
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            master = psutil.Process(locust.pid)
            for proc in [master, *master.children()]:
                seen.setdefault(proc.pid, proc)
        except psutil.NoSuchProcess:
            pass
        for pid, proc in seen.items():
            try:
                times = proc.cpu_times()
                used[pid] = times.user + times.system
            except psutil.NoSuchProcess:
                pass
        if locust.poll() is not None and all(_ended(p) for pid, p in seen.items() if pid != locust.pid):
            return sum(used.values())
        time.sleep(0.5)
    for proc in seen.values():  # past the deadline: end the run (the ones of this run only)
        try:
            proc.kill()
        except psutil.NoSuchProcess:
            pass
    raise subprocess.TimeoutExpired(["locust"], timeout)


def _ended(proc) -> bool:
    import psutil

    try:
        return proc.status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True
