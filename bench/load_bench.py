"""Load benchmark (issues 7, 20): 200 tables scored at once, nginx and its cache in front, the league night.

On this machine, loopback only, bounded in time:

1. drops and recreates its own PostgreSQL database (``mahjong_load``),
   migrates, and builds the league (``bench/load/league.py``): 800 players
   seated at 200 tables of a playing round, a scorekeeper with an API token at
   every table, the stored standings;
2. starts the production stack as the README's "Production" section runs it:
   gunicorn serving ``tournament.project.wsgi`` (DEBUG off, WhiteNoise static files),
   one Celery worker and Celery beat on Redis (db 14). The only difference is
   the settings module ``bench.load.settings``: the product's settings plus
   one URL, ``GET /bench/ceiling/`` (``bench/load/urls.py``);
3. runs locust headless (``bench/load/locustfile.py``) in phases, each a
   closed loop with no think time, stats reset once every user is running:

   - ``ceiling``: the minimal DRF endpoint alone, with as many users as there
     are tables;
   - one solo phase per endpoint, with the same number of users: the hand post
     (one scorekeeper per table), the standings API, the public leaderboard
     page, its live partial, a table's page;
   - ``nginx`` (issue 20): nginx on loopback in front of gunicorn, with the
     cache of ``deploy/nginx.conf`` (``bench/load/front.py``): the standings
     API's read rate through the cache as a ratio of nginx serving the same
     bytes as a static file (``wrk``), and the freshness: seconds from a hand
     to the cached leaderboard showing it (p95, goal <= 2 s);
   - ``screens`` (issue 36): the big screen's data through nginx's cache: one
     answer's cost, its read rate through the cache against a static file, and
     the league night at ``--screens-fraction`` with 1 then 50 screens polling
     (``bench/load/screens.py``);
   - ``night`` (issue 20): the league night as an open-loop model, through
     nginx: a hand per table every two minutes over 2,500 tables and 10,000
     viewers polling the leaderboard every 5 s, run at growing fractions
     until one is not carried (``bench/load/night.py``): p95 per endpoint,
     errors, and the fraction of that night this machine carries; then
     (issue 50, ``--crowds anonymous,logged-in``, the default) the same night
     with the logged-in crowd (``bench/load/crowd.py`` makes its users and
     sessions in bulk): ``--logged-in-share`` of the viewers (default all)
     poll with a session cookie, 2,500 scorekeepers' sheets poll their
     table's private ``live/mine/`` every 3 s (a 204 while nothing changed),
     10,000 players on their seat page poll the round clock every 30 s;
     nginx's ``X-Cache-Status`` per request, and ``wrk`` at each poll, at the
     app and through nginx, for the app's CPU per poll, logged in against
     anonymous; ``--locust-processes N`` sends the night's load from N locust
     workers and their master (``bench/load/processes.py``), where one
     process cannot send it on time;

4. checks the ledger: every hand's settlement sums to zero and its transfers
   are that settlement; every table's balances add up to four capitals;
   hands in the database = successful posts (201s; idempotent retries record
   nothing); the stored standings, once the worker has caught up, equal the
   ledger.

What "ratio to the ceiling" means here: the server is saturated in every
phase, so an endpoint's throughput alone is the rate at which the stack can
serve it; divided by the ceiling's throughput (same user count, same stack,
same run) it is the fraction of a do-nothing DRF request's rate this endpoint
reaches, i.e. 1 / its cost in ceiling requests. The goals read that way:
the hand post at >= 0.5 (costs at most two do-nothing requests), the standings
API at >= 0.8 (issue 7's goals; issue 20 measures the hand post against its
own floor instead: ``bench/hand_post_profile.py``).

Run (from the repository root):

    .venv/bin/python bench/load_bench.py --quick      # ~10 s phases, 15 s night steps
    .venv/bin/python bench/load_bench.py              # 30 s phases, 30 s night steps
    .venv/bin/python bench/load_bench.py --only nginx,night
    .venv/bin/python bench/load_bench.py --only screens --quick

nginx (``apt-get install nginx-light``) and wrk (``apt-get install wrk``) for the last two.

DATABASE_URL (default postgres://postgres@127.0.0.1:5432/mahjong_load) is
dropped and recreated; REDIS_URL (default redis://127.0.0.1:6379/14) is
flushed (that database only). Exit status 0 when every request answered as
expected and the ledger checks pass, 1 otherwise (the goals are reported,
not enforced: the machine is shared).
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import os
import resource
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.load import crowd as crowds  # noqa: E402
from bench.load import front, night, pollers, processes, screens  # noqa: E402

BIN = Path(sys.executable).parent

DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/mahjong_load"
DEFAULT_REDIS = "redis://127.0.0.1:6379/14"
LOCUSTFILE = ROOT / "bench" / "load" / "locustfile.py"
GOALS = {"POST hand": 0.5, "GET standings API": 0.8}
SPAWN_RATE = 100  # users started per second (locust warns above 100 a process)
SETTLE_SECONDS = 2  # the nights (issue 50): stats reset this long after every user's start was answered


@dataclass(frozen=True)
class Phase:
    name: str
    classes: tuple[str, ...]
    users: int
    seconds: float


@dataclass
class Row:
    name: str
    requests: int
    failures: int
    rps: float
    p50: float
    p95: float
    p99: float


@dataclass
class PhaseResult:
    phase: Phase
    rows: dict[str, Row] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)
    counts: dict = field(default_factory=dict)
    cpu: dict[str, float] = field(default_factory=dict)  # CPU seconds per part of the stack in the phase
    wall: float = 0.0


def _args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="10 s solo phases, 15 s night steps")
    parser.add_argument("--seconds", type=float, help="each solo phase (default 30; 10 with --quick)")
    parser.add_argument("--tables", type=int, default=200, help="tables scored at once (4 players each)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn worker processes")
    parser.add_argument("--threads", type=int, default=4, help="gunicorn threads per worker (gthread)")
    parser.add_argument(
        "--worker-connections", type=int, default=8,
        help="connections a gunicorn worker holds at most (default 8: twice its threads; gunicorn's own "
        "1000 let one worker take every keep-alive connection nginx opened, and the other sit idle)",
    )  # fmt: skip
    parser.add_argument("--worker-concurrency", type=int, default=1, help="Celery worker processes")
    parser.add_argument("--only", help="comma-separated phase names to run (default all)")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    parser.add_argument(
        "--profile", metavar="PHASE", help="sample the gunicorn workers with py-spy during this phase"
    )
    parser.add_argument("--keep", action="store_true", help="leave the temporary folder (logs, CSVs)")
    parser.add_argument("--night-steps", help="fractions of the league night to try (default: night.STEPS)")
    parser.add_argument(
        "--night-seconds", type=float, help="each step of the night (default 30; 15 with --quick)"
    )
    parser.add_argument(
        "--screens-fraction", type=float, default=0.1, help="the night's share under the big screens (0.1)"
    )
    parser.add_argument("--freshness-samples", type=int, default=20, help="hands timed to the cached page")
    parser.add_argument(
        "--crowds",
        default="anonymous,logged-in",
        help="the nights to run, one after the other: anonymous (issue 20's), logged-in (issue 50's)",
    )
    parser.add_argument(
        "--logged-in-share",
        type=float,
        default=1.0,
        help="the logged-in night's viewers with a session (1.0)",
    )
    parser.add_argument(
        "--spawn-rate",
        type=int,
        default=SPAWN_RATE,
        help="locust users started a second in the night's steps",
    )
    parser.add_argument(
        "--pollers",
        choices=("wrk", "locust"),
        default="wrk",
        help="who sends the night's polls nginx answers (viewers, players' clocks): wrk at the offered rate "
        "(bench/load/pollers.py), or locust users as before",
    )
    parser.add_argument(
        "--locust-processes",
        type=int,
        default=1,
        help="locust processes sending the night's load (1; more: a master and that many workers)",
    )
    args = parser.parse_args()
    args.seconds = args.seconds or (10 if args.quick else 30)
    args.night_seconds = args.night_seconds or (15 if args.quick else 30)
    args.db_url = os.environ.get("DATABASE_URL") or DEFAULT_DB
    args.redis_url = os.environ.get("REDIS_URL") or DEFAULT_REDIS
    args.crowds = [c.strip() for c in args.crowds.split(",") if c.strip()]
    if set(args.crowds) - {"anonymous", "logged-in"} or not 0 <= args.logged_in_share <= 1:
        parser.error("--crowds takes anonymous and/or logged-in; --logged-in-share is between 0 and 1")
    if args.locust_processes < 1:
        parser.error("--locust-processes is at least 1")
    return args


def _phases(args) -> list[Phase]:
    tables = args.tables
    phases = [
        Phase("ceiling", ("Ceiling",), tables, args.seconds),
        Phase("hands", ("Scorekeeper",), tables, args.seconds),
        Phase("standings", ("StandingsReader",), tables, args.seconds),
        Phase("leaderboard", ("LeaderboardReader",), tables, args.seconds),
        Phase("leaderboard live", ("LiveReader",), tables, args.seconds),
        Phase("table page", ("TableReader",), tables, args.seconds),
        # With nginx in front (bench/load/front.py, bench/load/night.py): run by ``main`` itself.
        Phase("nginx", (), 0, args.seconds),
        Phase("screens", ("NightScorekeeper", "NightViewer", "BigScreen"), 0, args.night_seconds),
        Phase("night", ("NightScorekeeper", "NightViewer"), 0, args.night_seconds),
    ]
    if args.only:
        wanted = {name.strip() for name in args.only.split(",")}
        phases = [p for p in phases if p.name in wanted]
    return phases


# --- the database and the league -------------------------------------------------------------------


def _server_env(db_url: str, redis_url: str) -> dict:
    return {
        **os.environ,
        "DATABASE_URL": db_url,
        "REDIS_URL": redis_url,
        "DEBUG": "false",
        "SECRET_KEY": os.environ.get("LOAD_SECRET_KEY") or secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SECURE_SSL_REDIRECT": "false",  # plain HTTP on loopback; production has TLS in front
        "SESSION_COOKIE_SECURE": "false",
        "CSRF_COOKIE_SECURE": "false",
        "SECURE_HSTS_SECONDS": "0",
        "LOG_LEVEL": "WARNING",
        "PYTHONPATH": str(ROOT),
        "PYTHONUNBUFFERED": "1",
    }


def _reset_database(db_url: str) -> None:
    import psycopg

    base, name = db_url.rsplit("/", 1)
    with psycopg.connect(base + "/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def _flush_redis(redis_url: str) -> None:
    import redis

    redis.Redis.from_url(redis_url).flushdb()  # our own database number only


def _setup_django(env: dict) -> None:
    os.environ.update(env)
    os.environ["DJANGO_SETTINGS_MODULE"] = "tournament.project.settings"
    import django

    django.setup()


# --- the servers -----------------------------------------------------------------------------------


class Servers:
    """gunicorn, a Celery worker and Celery beat, each a child process with its log in ``folder``."""

    def __init__(self, folder: Path, env: dict, args, port: int):
        self.folder, self.env, self.args, self.port = folder, env, args, port
        self.procs: dict[str, subprocess.Popen] = {}
        self.front = None  # nginx in front, once a phase needs it (bench/load/front.py)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def _start(self, name: str, argv: list[str], env: dict) -> None:
        with open(self.folder / f"{name}.log", "w") as log:
            self.procs[name] = subprocess.Popen(
                argv, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
            )

    def start(self) -> None:
        celery = [str(BIN / "celery"), "-A", "tournament"]
        self._start(
            "worker",
            [*celery, "worker", "-l", "warning", f"--concurrency={self.args.worker_concurrency}",
             "--without-mingle", "--without-gossip", "-n", f"load-bench-{os.getpid()}@%h"],
            self.env,
        )  # fmt: skip
        self._start(
            "beat", [*celery, "beat", "-l", "warning", "-s", str(self.folder / "beat-schedule")], self.env
        )
        self._start(
            "gunicorn",
            [str(BIN / "gunicorn"), "tournament.project.wsgi", "--bind", f"127.0.0.1:{self.port}",
             "--workers", str(self.args.workers), "--threads", str(self.args.threads),
             "--worker-class", "gthread", "--keep-alive", "5", "--backlog", "2048", "--no-control-socket",
             "--worker-connections", str(self.args.worker_connections)],
            {**self.env, "DJANGO_SETTINGS_MODULE": "bench.load.settings"},
        )  # fmt: skip
        deadline = time.monotonic() + 90
        while True:
            for name, proc in self.procs.items():
                if proc.poll() is not None:
                    raise RuntimeError(f"{name} exited:\n{self.log(name)[-3000:]}")
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=5) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(
                    "the stack did not become healthy in 90 s:\n" + self.log("gunicorn")[-3000:]
                )
            time.sleep(0.5)

    def log(self, name: str) -> str:
        path = self.folder / f"{name}.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def stop(self) -> None:
        for proc in self.procs.values():
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        for proc in self.procs.values():
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def _cpu_seconds(servers: Servers, db_name: str) -> dict[str, float]:
    """CPU seconds used so far by each part of the stack (user + system, children included)."""
    import psutil

    def tree(pid: int) -> float:
        try:
            root = psutil.Process(pid)
            procs = [root, *root.children(recursive=True)]
        except psutil.NoSuchProcess:
            return 0.0
        total = 0.0
        for proc in procs:
            try:
                times = proc.cpu_times()
                total += times.user + times.system
            except psutil.NoSuchProcess:
                pass
        return total

    used = {name: tree(proc.pid) for name, proc in servers.procs.items()}
    for proc in psutil.process_iter(["name", "cmdline"]):
        try:
            if proc.info["name"] == "postgres" and db_name in " ".join(proc.info["cmdline"] or []):
                times = proc.cpu_times()
                used[f"postgres:{proc.pid}"] = times.user + times.system  # a backend of our database
        except psutil.NoSuchProcess:
            pass
    return used


def _cpu_delta(before: dict[str, float], after: dict[str, float]) -> dict[str, float]:
    """CPU seconds used between two readings; the database backends (one key each) added up."""
    delta: dict[str, float] = {}
    for key, value in after.items():
        name = key.split(":")[0]
        delta[name] = delta.get(name, 0.0) + value - before.get(key, 0.0)
    delta.setdefault("postgres", 0.0)  # a backend that ended in the phase is not counted
    return delta


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _check_token_endpoint(url: str, league) -> None:
    """The keys the scorekeepers use are the ones ``POST /api/v1/auth/token/`` gives (one login)."""
    table = league.tables[0]
    body = json.dumps({"username": table.scorekeeper, "password": league.password}).encode()
    request = urllib.request.Request(
        url + "/api/v1/auth/token/", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        token = json.loads(answer.read())["token"]
    if token != table.token:
        raise RuntimeError("POST /api/v1/auth/token/ answered another key than the league's")


# --- the phases ------------------------------------------------------------------------------------


def _run_phase(
    phase: Phase, servers: Servers, league_file: Path, folder: Path, profile: bool = False,
    host: str | None = None, env_extra: dict | None = None, spawn_rate: int = SPAWN_RATE,
    locust_processes: int = 1, alongside: pollers.Alongside | None = None,
) -> PhaseResult:  # fmt: skip
    """One locust run; with ``locust_processes`` > 1, a master and that many workers
    (``bench/load/processes.py``: the users dealt out, the counts added up, the stats reset together)."""
    slug = phase.name.replace(" ", "-").replace("(", "").replace(")", "")
    prefix, counts_file = folder / slug, folder / f"{slug}-counts.json"
    tickets = folder / f"{slug}-tickets"
    shutil.rmtree(tickets, ignore_errors=True)
    tickets.mkdir()
    ramp = math.ceil(phase.users / spawn_rate) + 1
    if "LOAD_SETTLE_SECONDS" in (env_extra or {}):  # locust quits itself once measured (locustfile._settle)
        ramp += 120 + float(env_extra["LOAD_SETTLE_SECONDS"])
    argv = [
        str(BIN / "locust"), "-f", str(LOCUSTFILE), "--headless", "--only-summary",
        "-u", str(phase.users), "-r", str(spawn_rate), "-t", f"{ramp + phase.seconds:.0f}s",
        "--reset-stats", "--csv", str(prefix), "--host", host or servers.url, "--loglevel", "WARNING",
        "--stop-timeout", "30", *phase.classes,
    ]  # fmt: skip
    if locust_processes > 1:
        argv[3:3] = ["--processes", str(locust_processes)]
    mark = folder / f"{slug}-measure"  # written when the measure begins: the wrk pollers start (``pollers``)
    mark.unlink(missing_ok=True)
    env = {
        **os.environ,
        "LOAD_LEAGUE": str(league_file),
        "LOAD_COUNTS": str(counts_file),
        "LOAD_TICKETS": str(tickets),
        "LOAD_MEASURE_MARK": str(mark),
        **(env_extra or {}),
    }
    db_name = servers.env["DATABASE_URL"].rsplit("/", 1)[1]
    cpu_before, wall_before = _cpu_seconds(servers, db_name), time.monotonic()
    children_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(folder / f"{slug}-locust.log", "w") as log:
        locust = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        spies = _profile(servers, folder, slug, ramp, phase.seconds) if profile else []
        polling = alongside.run(mark, ramp + 180) if alongside else None
        try:
            if locust_processes > 1:  # its workers too: their counts and CPU
                tree_cpu = processes.wait_run(locust, timeout=ramp + phase.seconds + 180)
            else:
                locust.wait(timeout=ramp + phase.seconds + 180)
        finally:
            if locust.poll() is None:
                locust.kill()
                locust.wait()
            for spy in spies:
                spy.wait(timeout=60)
            if polling:
                polling.join(timeout=phase.seconds + 60)
    result = PhaseResult(phase)
    cpu_after = _cpu_seconds(servers, db_name)
    result.cpu = _cpu_delta(cpu_before, cpu_after)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)  # locust (its workers too), once waited for
    result.cpu["locust"] = sum(
        getattr(children, f) - getattr(children_before, f) for f in ("ru_utime", "ru_stime")
    )
    if alongside:  # the wrk pollers were our children too
        result.cpu["locust"] -= alongside.cpu
    if locust_processes > 1:  # workers the master did not wait for are not in our children's usage
        result.cpu["locust"] = tree_cpu
    result.wall = time.monotonic() - wall_before
    if not Path(f"{prefix}_stats.csv").exists():
        tail = (folder / f"{slug}-locust.log").read_text(errors="replace")[-3000:]
        raise RuntimeError(f"locust wrote no figures in phase {phase.name}:\n{tail}")
    with open(f"{prefix}_stats.csv", newline="") as fh:
        for line in csv.DictReader(fh):
            if line["Name"] == "Aggregated":
                continue
            result.rows[line["Name"]] = Row(
                name=line["Name"],
                requests=int(line["Request Count"]),
                failures=int(line["Failure Count"]),
                rps=float(line["Requests/s"]),
                p50=_ms_value(line["50%"]),
                p95=_ms_value(line["95%"]),
                p99=_ms_value(line["99%"]),
            )
    with open(f"{prefix}_failures.csv", newline="") as fh:
        result.failures = [
            f"{f['Occurrences']} x {f['Method']} {f['Name']}: {f['Error']}" for f in csv.DictReader(fh)
        ]
    parts = sorted(folder.glob(f"{slug}-counts*.json"))  # one file a process with users
    result.counts = processes.merge_counts([json.loads(p.read_text()) for p in parts])
    if alongside:
        pollers.merge(result, alongside, Row)
    return result


def _profile(servers: Servers, folder: Path, slug: str, ramp: int, seconds: float) -> list:
    """py-spy on every gunicorn worker and the Celery worker, once every user is running.

    ``--gil`` keeps only the samples of the thread holding the GIL: where the CPU goes, not threads
    queueing for it (which look like waits on the database socket otherwise).
    """
    time.sleep(ramp)
    pids = {"gunicorn": servers.procs["gunicorn"].pid, "celery": servers.procs["worker"].pid}
    spies = []
    for kind, parent in pids.items():
        children = subprocess.run(["pgrep", "-P", str(parent)], capture_output=True, text=True).stdout.split()
        for pid in children or [str(parent)]:
            out = folder / f"profile-{slug}-{kind}-{pid}.txt"
            spies.append(
                subprocess.Popen(
                    [
                        str(BIN / "py-spy"),
                        "record",
                        "--pid",
                        pid,
                        "--duration",
                        str(int(seconds)),
                        "--rate",
                        "50",
                        "--gil",
                        "--format",
                        "raw",
                        "--output",
                        str(out),
                        "--nonblocking",
                    ],
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )  # fmt: skip
            )
    return spies


def _print_profile(folder: Path, top: int = 30) -> None:
    """Inclusive share of samples per function of the project (and Django/DRF), per kind of process."""
    for kind in ("gunicorn", "celery"):
        inclusive: dict[str, int] = {}
        total = 0
        for path in folder.glob(f"profile-*-{kind}-*.txt"):
            for line in path.read_text(errors="replace").splitlines():
                stack, _, count = line.rpartition(" ")
                if not count.isdigit():
                    continue
                frames = {f for f in stack.split(";") if "idle" not in f}
                total += int(count)
                for frame in frames:
                    inclusive[frame] = inclusive.get(frame, 0) + int(count)
        if not total:
            continue
        print(f"\nprofile of {kind} (samples holding the GIL {total}; inclusive share of the top frames)")
        for frame, count in sorted(inclusive.items(), key=lambda kv: -kv[1])[:top]:
            print(f"  {100 * count / total:5.1f}%  {frame[:140]}")


def _ms_value(text: str) -> float:
    """A percentile cell of locust's CSV: "N/A" where the name had no request after the reset."""
    try:
        return float(text)
    except ValueError:
        return 0.0


def _behind_nginx(phase: Phase, servers: Servers, league, league_file: Path, folder: Path, args, results):
    """The phases with nginx in front (started on first use, stopped with the servers)."""
    if "nginx" not in servers.procs:
        proxy = front.Front(folder, servers.port, _free_port())
        proxy.start()
        servers.procs["nginx"] = proxy.proc
        servers.front = proxy
    proxy = servers.front
    if phase.name == "nginx":
        return front.nginx_phase(proxy, league, seconds=phase.seconds, samples=args.freshness_samples)
    if phase.name == "screens":

        def with_screens(count: int, users: int, seconds: float) -> PhaseResult:
            _worker_caught_up(league)
            name = f"screens x{count}"
            env = {"LOAD_NIGHT_FRACTION": str(args.screens_fraction), "LOAD_SCREENS": str(count)}
            results[name] = _run_phase(
                Phase(name, phase.classes, users, seconds), servers, league_file, folder, host=proxy.url,
                env_extra=env,
            )  # fmt: skip
            return results[name]

        return screens.run_screens(
            with_screens, proxy, league, fraction=args.screens_fraction, seconds=phase.seconds
        )

    steps = [float(f) for f in args.night_steps.split(",")] if args.night_steps else night.STEPS
    nights = {}
    for crowd in args.crowds:
        logged_in = args.logged_in_share if crowd == "logged-in" else None
        classes, env = phase.classes, {}
        if logged_in is not None:  # issue 50: viewers with a session, the sheets, the seat pages
            viewers = ("NightViewer",) if logged_in < 1 else ()
            viewers += ("NightViewerLoggedIn",) if logged_in > 0 else ()
            classes = ("NightScorekeeper", *viewers, "NightSheet", "NightSeat")
            env = {"LOAD_CROWD": str(folder / "crowd.json"), "LOAD_LOGGED_IN_SHARE": str(logged_in)}
        apart = args.pollers == "wrk"  # the polls nginx answers: wrk's (``pollers``), not locust users
        if apart:
            classes = tuple(c for c in classes if c in ("NightScorekeeper", "NightSheet"))
        env["LOAD_MARKS_APART"] = "1" if apart else "0"  # the sheets' marks polls: wrk's too
        env["LOAD_SETTLE_SECONDS"] = str(SETTLE_SECONDS)  # both nights alike
        env["LOAD_MEASURE_SECONDS"] = str(phase.seconds)

        def step(
            fraction: float, users: int, seconds: float, classes=classes, env=env, crowd=crowd,
            apart=apart, logged_in=logged_in,
        ):  # fmt: skip
            _worker_caught_up(league)
            name = f"night x{fraction}" if crowd == "anonymous" else f"night {crowd} x{fraction}"
            alongside = None
            if apart:
                people = None
                if logged_in is not None:
                    people = crowds.Crowd.from_dict(json.loads((folder / "crowd.json").read_text()))
                polls = pollers.night_pollers(league, people, fraction, logged_in)
                alongside = pollers.Alongside(polls, proxy.url, folder, seconds)
            results[name] = _run_phase(
                Phase(name, classes, users, seconds), servers, league_file, folder, host=proxy.url,
                env_extra={"LOAD_NIGHT_FRACTION": str(fraction), **env}, spawn_rate=args.spawn_rate,
                locust_processes=args.locust_processes, alongside=alongside,
            )  # fmt: skip
            return results[name]

        print(f"  the {crowd} night ({args.pollers} sends the polls nginx answers):", flush=True)
        nights[crowd] = night.run_steps(
            step, len(league.tables), steps, phase.seconds, logged_in, pollers_apart=apart
        )
    if "logged-in" in args.crowds:
        people = crowds.Crowd.from_dict(json.loads((folder / "crowd.json").read_text()))
        db_name = servers.env["DATABASE_URL"].rsplit("/", 1)[1]
        _worker_caught_up(league)
        nights["poll costs"] = crowds.poll_costs(
            lambda: _cpu_delta({}, _cpu_seconds(servers, db_name)), servers.url, proxy.url, league, people,
            seconds=min(phase.seconds, 5.0),
        )  # fmt: skip
    return nights


# --- the ledger ------------------------------------------------------------------------------------


def _worker_caught_up(league, wait_seconds: float = 120) -> float:
    """Wait until the stored standings include every ledger row (the worker's backlog of standings
    updates from a hands phase is done), so that each solo phase measures its endpoint alone: a
    backlog would keep changing the standings version under the next phase's readers. Answers the
    seconds waited."""
    from django.db import connections

    from tournament.models import Competition, StandingsMeta
    from tournament.standings.store import COMPETITION_SCOPE, ledger_mark

    began = time.monotonic()
    competition = Competition.objects.get(pk=league.competition)
    mark = ledger_mark(competition)
    while time.monotonic() - began < wait_seconds:
        meta = StandingsMeta.objects.filter(competition=competition, scope=COMPETITION_SCOPE).first()
        if meta is not None and meta.ledger_mark >= mark:
            break
        time.sleep(0.25)
    connections.close_all()
    return time.monotonic() - began


def ledger_check(
    league, created: int, in_flight: list[str] = (), wait_seconds: float = 120
) -> list[tuple[str, bool, str]]:
    """(what, passed, detail) for each check of the ledger after the run.

    ``in_flight``: keys of posts whose answer never came back (locust stopped the phase while the
    server was recording them): those hands may or may not be recorded, both are right.
    """
    from django.db.models import Count

    from tournament.models import ChipTransfer, Competition, Hand, StandingRow, StandingsMeta, Table
    from tournament.standings.store import COMPETITION_SCOPE, ledger_mark
    from tournament.tables.selectors import table_fold

    checks = []
    competition = Competition.objects.get(pk=league.competition)
    hands = Hand.objects.filter(table__round_id=league.round)
    recorded = hands.count()
    cut_off = hands.filter(idempotency_key__in=list(in_flight)).count()
    checks.append(
        (
            "hands recorded = successful posts (201)",
            recorded == created + cut_off,
            f"{recorded} = {created} + {cut_off} of {len(in_flight)} posts cut off by the end of a phase",
        )
    )
    keys = hands.values("table_id", "idempotency_key").annotate(n=Count("id")).filter(n__gt=1).count()
    checks.append(("one hand per idempotency key", keys == 0, f"{keys} keys used twice"))

    bad_sum, bad_rows = 0, 0
    moves: dict[int, dict[int, int]] = {}
    for t in ChipTransfer.objects.filter(table__round_id=league.round, reverses__isnull=True).values_list(
        "hand_id", "from_player_id", "to_player_id", "amount"
    ):
        net = moves.setdefault(t[0], {})
        net[t[1]] = net.get(t[1], 0) - t[3]
        net[t[2]] = net.get(t[2], 0) + t[3]
    for hand_id, scoring in hands.values_list("pk", "scoring"):
        if sum(scoring["settle"]["net"].values()) != 0:
            bad_sum += 1
        paid: dict[int, int] = {}
        for t in scoring["paid"]:
            paid[t["from"]] = paid.get(t["from"], 0) - t["amount"]
            paid[t["to"]] = paid.get(t["to"], 0) + t["amount"]
        written = moves.get(hand_id, {})
        if {p: c for p, c in paid.items() if c} != {p: c for p, c in written.items() if c}:
            bad_rows += 1
        if sum(written.values()) != 0:
            bad_sum += 1
    checks.append(("every hand's settlement and transfers sum to zero", bad_sum == 0, f"{bad_sum} hands off"))
    checks.append(("every hand's transfers are its settlement", bad_rows == 0, f"{bad_rows} hands differ"))

    off, finished = 0, 0
    for table in Table.objects.filter(round_id=league.round).select_related("round__competition"):
        state = table_fold(table).state
        off += sum(state.balances.values()) != 4 * league.capital
        finished += state.finished
    checks.append(("every table's balances add up to 4 x capital", off == 0, f"{off} tables off"))

    deadline = time.monotonic() + wait_seconds
    mark = ledger_mark(competition)
    while time.monotonic() < deadline:
        meta = StandingsMeta.objects.filter(competition=competition, scope=COMPETITION_SCOPE).first()
        if meta is not None and meta.ledger_mark >= mark:
            break
        time.sleep(0.5)
    caught_up = time.monotonic() - (deadline - wait_seconds)
    totals: dict[int, int] = {}
    for frm, to, amount in ChipTransfer.objects.filter(table__round__competition=competition).values_list(
        "from_player_id", "to_player_id", "amount"
    ):
        totals[frm] = totals.get(frm, 0) - amount
        totals[to] = totals.get(to, 0) + amount
    stored = dict(
        StandingRow.objects.filter(competition=competition, scope=COMPETITION_SCOPE).values_list(
            "player_id", "net_chips"
        )
    )
    wrong = sum(stored.get(p, 0) != chips for p, chips in totals.items() if chips)
    checks.append(
        (
            "stored standings = the ledger once the worker caught up",
            wrong == 0 and len(stored) == 4 * len(league.tables),
            f"{wrong} players differ; caught up {caught_up:.1f} s after the load; {finished} tables finished",
        )
    )
    return checks


# --- the report ------------------------------------------------------------------------------------


def _fmt_row(name: str, row: Row | None, ratio: float | None, label: str = "") -> str:
    if row is None:
        return f"  {name:<30}{'(not run)':>10}"
    ratio_text = f"{ratio:6.2f}" if ratio is not None else "     -"
    return (
        f"  {name:<30}{row.requests:>8}{row.rps:>9.1f}{row.p50:>8.0f}{row.p95:>8.0f}{row.p99:>8.0f}"
        f"{row.failures:>7}   {ratio_text} {label}"
    )


HEADER = f"  {'endpoint':<30}{'requests':>8}{'req/s':>9}{'p50 ms':>8}{'p95 ms':>8}{'p99 ms':>8}{'errors':>7}"


def report(results: dict[str, PhaseResult]) -> dict:
    """Print the figures; answer them as data (for --json)."""
    ceiling = results.get("ceiling")
    ceiling_rps = ceiling.rows["GET ceiling"].rps if ceiling and "GET ceiling" in ceiling.rows else None
    solo_of = {
        "POST hand": "hands",
        "GET standings API": "standings",
        "GET leaderboard page": "leaderboard",
        "GET leaderboard live partial": "leaderboard live",
        "GET table page": "table page",
    }
    out: dict = {"ceiling_rps": ceiling_rps, "solo": {}}
    print("\nsolo phases (each endpoint alone, as many users as tables; ratio = req/s / ceiling req/s)")
    print(HEADER + "   ratio")
    if ceiling:
        print(_fmt_row("GET ceiling", ceiling.rows.get("GET ceiling"), 1.0 if ceiling_rps else None))
    for name, phase in solo_of.items():
        row = results[phase].rows.get(name) if phase in results else None
        ratio = row.rps / ceiling_rps if row and ceiling_rps else None
        goal = f"(goal >= {GOALS[name]})" if name in GOALS else ""
        if row is not None and name in GOALS:
            goal += " met" if ratio is not None and ratio >= GOALS[name] else " MISSED"
        print(_fmt_row(name, row, ratio, goal))
        if row is not None:
            out["solo"][name] = {**row.__dict__, "ratio": ratio}
    if "hands" in results:
        for name in ("POST hand (idempotent retry)", "GET table (scorekeeper start)"):
            if name in results["hands"].rows:
                print(_fmt_row(name, results["hands"].rows[name], None))
    print("\nCPU used per phase (CPU seconds per second, ramp included; 2.0 = both cores)")
    for name, result in results.items():
        parts = ", ".join(f"{k} {v / result.wall:.2f}" for k, v in result.cpu.items() if result.wall)
        print(f"  {name:<22} {parts}")
        out.setdefault("cpu", {})[name] = {k: v / result.wall for k, v in result.cpu.items() if result.wall}
    return out


def main() -> int:
    args, started = _args(), time.monotonic()
    db_url, redis_url = args.db_url, args.redis_url
    load_before = os.getloadavg()
    print(
        f"load bench: {args.tables} tables; gunicorn {args.workers} workers x "
        f"{args.threads} threads (gthread, {args.worker_connections} connections at most each); "
        f"Celery worker concurrency {args.worker_concurrency} + beat; "
        f"{os.cpu_count()} cores, load average {load_before[0]:.1f} at start"
    )
    folder = Path(tempfile.mkdtemp(prefix="load-bench-"))
    env = _server_env(db_url, redis_url)
    _reset_database(db_url)
    _flush_redis(redis_url)
    _setup_django(env)
    from django.core.management import call_command

    from bench.load.league import load_league_build

    call_command("migrate", verbosity=0)
    t0 = time.monotonic()
    league = load_league_build(tables=args.tables, password=secrets.token_urlsafe(12))
    league_file = folder / "league.json"
    league_file.write_text(json.dumps(league.as_dict()))
    print(f"league built in {time.monotonic() - t0:.1f} s: {4 * args.tables} players, {args.tables} tables")
    if "logged-in" in args.crowds and any(p.name == "night" for p in _phases(args)):
        t0 = time.monotonic()
        crowd = crowds.load_crowd_build(
            league, viewers=night.VIEWERS, keepers=night.KEEPERS, players=night.PLAYERS,
            password=secrets.token_urlsafe(12),
        )  # fmt: skip
        (folder / "crowd.json").write_text(json.dumps(crowd.as_dict()))
        print(
            f"the logged-in crowd made in {time.monotonic() - t0:.1f} s: {len(crowd.viewers)} viewers, "
            f"{len(crowd.keepers)} scorekeepers' and {len(crowd.players)} players' sessions"
        )
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=ROOT, env=env, check=True
    )
    from django.db import connections

    connections.close_all()
    servers = Servers(folder, env, args, _free_port())
    results: dict[str, PhaseResult] = {}
    behind: dict = {}  # the phases with nginx in front: its figures
    try:
        servers.start()
        _check_token_endpoint(servers.url, league)
        for phase in _phases(args):
            waited = _worker_caught_up(league)
            print(
                f"phase {phase.name}: {phase.users} users, {phase.seconds:.0f} s "
                f"(after {waited:.1f} s for the worker to catch up) ...",
                flush=True,
            )
            if phase.name == "night":  # one night per crowd (``--crowds``), and what a poll costs
                nights = _behind_nginx(phase, servers, league, league_file, folder, args, results)
                behind.update({"night" if k == "anonymous" else f"night {k}": v for k, v in nights.items()})
                continue
            if phase.name in ("nginx", "screens"):
                behind[phase.name] = _behind_nginx(phase, servers, league, league_file, folder, args, results)
                continue
            profile = phase.name == args.profile
            results[phase.name] = _run_phase(phase, servers, league_file, folder, profile)
            if profile:
                _print_profile(folder)
    finally:
        checks = []
        created = sum(r.counts.get("created", 0) for r in results.values())
        created += behind.get("nginx", {}).get("posted", 0)  # the freshness probe's hands
        in_flight = [key for r in results.values() for key in r.counts.get("in_flight", [])]
        try:
            if results or behind:
                checks = ledger_check(league, created, in_flight)
        finally:
            servers.stop()
    figures = report(results)
    if "nginx" in behind:
        front.report(behind["nginx"])
    if "night" in behind:
        night.report(behind["night"])
    if "night logged-in" in behind:
        night.report(behind["night logged-in"], "the logged-in crowd")
    if "night" in behind and "night logged-in" in behind:
        print("  " + night.compare(behind["night"], behind["night logged-in"]))
    if "night poll costs" in behind:
        crowds.report_costs(behind["night poll costs"])
    if "screens" in behind:
        screens.report(behind["screens"])
    figures.update(behind)
    failures = [f for r in results.values() for f in r.failures]
    errors = sum(row.failures for r in results.values() for row in r.rows.values())
    print(f"\nerrors: {errors}")
    for line in failures[:20]:
        print("  " + line)
    finished = sum(r.counts.get("finished", 0) for r in results.values())
    retried = sum(r.counts.get("retried", 0) for r in results.values())
    print(f"hands recorded {created}, idempotent retries {retried}, 'table finished' answers {finished}")
    print("\nledger")
    for what, passed, detail in checks:
        print(f"  {'ok ' if passed else 'BAD'} {what}: {detail}")
    load_after = os.getloadavg()
    print(f"\nload average {load_after[0]:.1f} at the end; total {time.monotonic() - started:.0f} s")
    if args.json:
        figures.update(
            errors=errors,
            hands=created,
            retries=retried,
            checks=[{"what": w, "passed": p, "detail": d} for w, p, d in checks],
            load_average=[load_before[0], load_after[0]],
            args={k: str(v) for k, v in vars(args).items()},
        )
        args.json.write_text(json.dumps(figures, indent=2))
    if args.keep:
        print(f"logs and CSVs kept in {folder}")
    else:
        shutil.rmtree(folder, ignore_errors=True)
    return 0 if errors == 0 and checks and all(p for _, p, _ in checks) else 1


if __name__ == "__main__":
    sys.exit(main())
