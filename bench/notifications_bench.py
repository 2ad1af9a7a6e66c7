"""The fan-out of a night's seating through a real Celery worker (issue 34): time and memory.

A league of ``--tables`` x 4 players (2,500 tables: 10,000 players) has its round published; the event's
task (``tournament.tasks.notifications_event``) is queued as the door queues it, and a real worker
(``celery -A tournament worker``, solo pool: one process, as one process of the production worker; or
``--concurrency N``: prefork) writes the 10,000 messages and sends them. Measured, for each channel set-up:

- **written**: from queuing the event until every person's message is written (the inbox rows);
- **all sent**: until no message waits on a channel (each ``sent`` or ``failed``);
- **peak memory** of the worker (its processes' resident set, sampled every 0.1 s, and the kernel's
  high-water mark ``VmHWM`` of the main process).

Set-ups (``--modes``): ``inbox`` (no channel: the embedded default; messages kept for the inbox page),
``email`` (Django's locmem mail backend in the worker: every email is kept in the worker's memory, which
counts in its peak), ``telegram`` (apprise to a stand-in of the Bot API on loopback, in this script).

Needs PostgreSQL and Redis: ``DATABASE_URL`` (default ``postgres://postgres@127.0.0.1:5432/wt_i34``) and
``REDIS_URL`` (default ``redis://127.0.0.1:6379/10``). The database is dropped and made again.
"""

from __future__ import annotations

import argparse
import os
import secrets
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/wt_i34"
DEFAULT_REDIS = "redis://127.0.0.1:6379/10"
TOKEN = "123456789:AAbbCCddEEffGG_hh-ii"


def _args():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=2500)
    parser.add_argument("--modes", default="inbox,email,telegram")
    parser.add_argument("--concurrency", type=int, default=0, help="prefork processes (0: solo pool)")
    parser.add_argument("--timeout", type=int, default=1800, help="seconds to wait for a mode to finish")
    return parser.parse_args()


def _setup(db_url: str, redis_url: str) -> None:
    import psycopg

    base, name = db_url.rsplit("/", 1)
    with psycopg.connect(base + "/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    os.environ.update(
        DATABASE_URL=db_url, REDIS_URL=redis_url, DEBUG="false", ALLOWED_HOSTS="localhost",
        DJANGO_SETTINGS_MODULE="tournament.project.settings", LOG_LEVEL="WARNING",
    )  # fmt: skip
    os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))  # throwaway, for this run only
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def _league(tables: int):
    """A competition of ``tables`` x 4 players, its round seated and published (written in bulk)."""
    from tournament.models import Competition, Entry, Player, Preference, Round, Seat, Table

    competition = Competition.objects.create(name="Fan-out bench")
    players = Player.objects.bulk_create(
        [Player(name=f"Player {i}", registration_no=f"B{i:06d}", contact=f"p{i}@example.com")
         for i in range(tables * 4)], batch_size=2000,
    )  # fmt: skip
    Entry.objects.bulk_create([Entry(competition=competition, player=p) for p in players], batch_size=2000)
    Preference.objects.bulk_create(
        [Preference(player=p, channels=["email", "telegram"], telegram_chat=str(100000 + i))
         for i, p in enumerate(players)], batch_size=2000,
    )  # fmt: skip
    round_ = Round.objects.create(competition=competition, number=1, venue="Bench Hall", status="seated")
    made = Table.objects.bulk_create(
        [Table(round=round_, number=n + 1) for n in range(tables)], batch_size=2000
    )
    Seat.objects.bulk_create(
        [Seat(table=t, round=round_, wind=w, player=players[n * 4 + k])
         for n, t in enumerate(made) for k, w in enumerate("ESWN")], batch_size=2000,
    )  # fmt: skip
    return competition, round_


class _StandIn:
    """The Telegram Bot API on loopback: answers every sendMessage 200 and counts them."""

    def __init__(self) -> None:
        self.count = 0
        lock = threading.Lock()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self):
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                with lock:
                    outer.count += 1
                body = b'{"ok":true,"result":{}}'
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_port}/bot"


def _rss(pid: int) -> tuple[int, int]:
    """(resident set of the process and its children, the main process's high-water mark), in kB."""
    import psutil

    try:
        main = psutil.Process(pid)
        procs = [main, *main.children(recursive=True)]
        total = sum(p.memory_info().rss for p in procs) // 1024
        hwm = next(int(line.split()[1]) for line in open(f"/proc/{pid}/status") if line.startswith("VmHWM"))
        return total, hwm
    except (psutil.Error, OSError, StopIteration):
        return 0, 0


def _mode(mode: str, round_, args, stand_in: _StandIn) -> dict:
    from tournament.models import Message
    from tournament.notifications.tasks import notifications_event
    from tournament.project.celery import app

    Message.objects.all().delete()
    app.control.purge()
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "NOTIFY_EMAIL": "false", "TELEGRAM_BOT_TOKEN": ""}
    email = "false"
    if mode == "email":
        env["NOTIFY_EMAIL"], email = "true", "true"
    if mode == "telegram":
        env.update(TELEGRAM_BOT_TOKEN=TOKEN, TELEGRAM_API_URL=stand_in.url)
        # Telegram only: the people chose both, email is not set up in this mode.
    start = (
        "import sys\nimport tournament.project.settings as s\n"
        "s.EMAIL_BACKEND = 'django.core.mail.backends.locmem.EmailBackend'\n"
        "from celery.__main__ import main\nsys.argv = ['celery', *sys.argv[1:]]\nmain()\n"
    )
    pool = (
        ["--pool=solo", "--concurrency=1"] if not args.concurrency else [f"--concurrency={args.concurrency}"]
    )
    log = Path("/tmp") / f"notifications-bench-{mode}-{os.getpid()}.log"
    with open(log, "w") as fh:
        proc = subprocess.Popen(
            [sys.executable, "-c", start, "-A", "tournament", "worker", *pool, "-l", "warning",
             "--without-mingle", "--without-gossip", "-n", f"bench-{mode}-{os.getpid()}@%h"],
            cwd=ROOT, stdout=fh, stderr=subprocess.STDOUT, env=env,
        )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while proc.poll() is None and time.monotonic() < deadline:
            # -l warning prints no "ready.": wait until the worker answers a ping.
            if app.control.ping(timeout=0.5):
                break
        idle_rss, _ = _rss(proc.pid)
        people = round_.seats.count()
        began = time.perf_counter()
        notifications_event.delay("seating", round_.pk)
        written = peak = 0.0
        outside = 0
        while time.perf_counter() - began < args.timeout:
            rss, _ = _rss(proc.pid)
            peak = max(peak, rss)
            inbox = Message.objects.filter(channel="inbox").count()
            if inbox >= people and not written:
                written = time.perf_counter() - began
                outside = Message.objects.exclude(channel="inbox").count()
            if written and not Message.objects.filter(state__in=("queued", "sending")).exists():
                break
            time.sleep(0.1)
        done = time.perf_counter() - began
        _, hwm = _rss(proc.pid)
        from django.db.models import Count

        states = dict(
            Message.objects.exclude(channel="inbox")
            .values("state")
            .annotate(n=Count("pk"))
            .values_list("state", "n")
        )
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    return {
        "mode": mode, "people": people, "outside": outside, "written": written, "done": done,
        "idle_mb": idle_rss / 1024, "peak_mb": peak / 1024, "hwm_mb": hwm / 1024, "states": states,
        "telegram_calls": stand_in.count, "email": email,
    }  # fmt: skip


def main() -> None:
    args = _args()
    db_url = os.environ.get("DATABASE_URL") or DEFAULT_DB
    redis_url = os.environ.get("REDIS_URL") or DEFAULT_REDIS
    print(f"database {db_url}, broker {redis_url}; {args.tables} tables ({args.tables * 4} players)")
    _setup(db_url, redis_url)
    began = time.perf_counter()
    competition, round_ = _league(args.tables)
    print(f"league built in {time.perf_counter() - began:.1f} s")
    stand_in = _StandIn()
    pool = f"prefork x{args.concurrency}" if args.concurrency else "solo pool"
    print(f"\n| set-up | messages | written | all sent | per second | worker memory: idle / peak ({pool}) |")
    print("|---|---|---|---|---|---|")
    for mode in args.modes.split(","):
        stand_in.count = 0
        r = _mode(mode, round_, args, stand_in)
        sent = r["outside"]
        rate = (r["people"] + sent) / r["done"] if r["done"] else 0
        memory = f"{r['idle_mb']:.0f} MB / {r['peak_mb']:.0f} MB (VmHWM {r['hwm_mb']:.0f})"
        told = f"{r['people']:,} inbox + {sent:,} on the channel {r['states'] or ''}"
        print(
            f"| {mode} | {told} | {r['written']:.1f} s | {r['done']:.1f} s | {rate:,.0f} | {memory} |",
            flush=True,
        )
        if mode == "telegram":
            print(f"  (the stand-in Bot API was asked {r['telegram_calls']:,} times)")


if __name__ == "__main__":
    main()
