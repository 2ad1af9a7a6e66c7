"""Sign-up rush (issue 51): N sign-ups fired at a competition that has just opened, in process.

Each sign-up is a ``POST /api/v1/competitions/{id}/registrations/`` through Django's whole request stack
(middleware, the API, the door with its lock on the competition's row), from ``--threads`` threads at
once, each from its own address (the per-address rate limit is not what is measured). Checks: no answer
but 201, no two places for one person, exactly ``--places`` sign-ups holding a place (the rest on the
waiting list), and prints the rate and the load average.

    .venv/bin/python bench/signup_bench.py                     # SQLite in a temporary folder
    .venv/bin/python bench/signup_bench.py --n 100 --threads 4  # quicker
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/signup_bench .venv/bin/python bench/signup_bench.py
      (a database of its own: it is migrated, and the competition made in it)

``--stack``: the production stack instead (``bench/load_bench.py``'s): PostgreSQL (the database named by
DATABASE_URL, default ``signup_bench``, dropped and made again), Redis, gunicorn (gthread, ``--workers``
x ``--gthreads``) with a Celery worker and beat, and nginx in front with ``deploy/nginx.conf``'s
``location /`` (``bench/load/front.py``); the sign-ups are real HTTP requests to nginx from ``--threads``
client threads, the whole rush timed from the first request to the last answer:

    .venv/bin/python bench/signup_bench.py --stack --n 1000 --threads 32
"""

from __future__ import annotations

import argparse
import logging
import os
import secrets
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=1000)
    parser.add_argument("--places", type=int, default=40)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--stack", action="store_true", help="gunicorn + nginx + PostgreSQL + Redis")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (--stack)")
    parser.add_argument("--gthreads", type=int, default=4, help="gunicorn threads a worker (--stack)")
    args = parser.parse_args()
    if args.stack:
        return stack(args)
    os.environ.pop("REDIS_URL", None)
    if "DATABASE_URL" not in os.environ:
        os.environ["DATABASE_URL"] = (
            f"sqlite:///{Path(tempfile.mkdtemp(prefix='signup-bench-')) / 'db.sqlite3'}"
        )
    os.environ.update(
        SECRET_KEY=secrets.token_urlsafe(50), ALLOWED_HOSTS="testserver,localhost", DEBUG="false",
        DJANGO_SETTINGS_MODULE="tournament.project.settings", REGISTRATION_RATE_LIMIT="1000000/minute",
    )  # fmt: skip
    import django

    django.setup()
    logging.disable(logging.WARNING)
    from datetime import timedelta

    from django.core.management import call_command
    from django.test import Client
    from django.utils import timezone

    call_command("migrate", verbosity=0)
    from tournament.models import Competition
    from tournament.registration.window import registration_configure

    competition = Competition.objects.create(name=f"Rush {secrets.token_hex(3)}")
    now = timezone.now()
    registration_configure(
        competition, user=None, open_from=now, open_until=now + timedelta(days=1), places=args.places
    )
    url = f"/api/v1/competitions/{competition.pk}/registrations/"

    mine = threading.local()

    def one(n: int) -> int:
        # One client a thread, kept, as a gunicorn thread keeps its app and its database connection: a
        # new Client loads the middleware again (WhiteNoise reads every static file: ~250 ms), and a new
        # connection a sign-up would measure PostgreSQL's set-up, not the sign-up.
        if not hasattr(mine, "client"):
            mine.client = Client()
        body = {"name": f"Rusher {n}", "email": f"rusher{n}@example.com", "consent": True}
        address = f"10.{n // 65536 % 256}.{n // 256 % 256}.{n % 256}"
        answer = mine.client.post(
            url, body, content_type="application/json", secure=True, REMOTE_ADDR=address
        )
        return answer.status_code

    started = time.perf_counter()
    with ThreadPoolExecutor(args.threads) as pool:
        codes = list(pool.map(one, range(args.n)))
    seconds = time.perf_counter() - started
    return check(competition, codes, seconds, args, f"in process, {args.threads} threads")


def check(competition, codes: list[int], seconds: float, args, where: str) -> int:
    """The rush's figures and its checks: every answer 201, ``--places`` holding a place, one each."""
    from django.db import connections

    from tournament.models import Registration

    regs = Registration.objects.filter(competition=competition)
    holding = regs.filter(status="pending").count()
    waiting = regs.filter(status="waiting").count()
    emails = list(regs.values_list("email", flat=True))
    bad = {c: codes.count(c) for c in set(codes) if c != 201}
    ok = not bad and holding == min(args.places, args.n) and len(set(emails)) == len(emails) == args.n
    engine = connections["default"].vendor
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{args.n} sign-ups on {engine}, {where}: {seconds:.1f} s ({args.n / seconds:.0f}/s); load {load}")
    print(
        f"answers not 201: {bad or 'none'}; holding a place: {holding} of {args.places}; waiting: {waiting}"
    )
    print("OK: no error, no double place" if ok else "FAILED")
    return 0 if ok else 1


def stack(args) -> int:
    """The rush through nginx and gunicorn (``bench/load_bench.py``'s servers) on PostgreSQL."""
    import json
    import urllib.error
    import urllib.request
    from types import SimpleNamespace

    from bench import load_bench as lb
    from bench.load.front import Front

    db_url = os.environ.get("DATABASE_URL") or "postgres://postgres@127.0.0.1:5432/signup_bench"
    if not db_url.startswith("postgres"):
        raise SystemExit("--stack runs on PostgreSQL: DATABASE_URL=postgres://...")
    redis_url = os.environ.get("SIGNUP_BENCH_REDIS", "redis://127.0.0.1:6379/13")
    lb._reset_database(db_url)
    lb._flush_redis(redis_url)
    env = {**lb._server_env(db_url, redis_url), "REGISTRATION_RATE_LIMIT": "1000000/minute"}
    env["TRUSTED_PROXIES"] = "1"  # behind nginx, as deployed
    lb._setup_django(env)
    logging.disable(logging.WARNING)
    from datetime import timedelta

    from django.core.management import call_command
    from django.utils import timezone

    call_command("migrate", verbosity=0)
    from tournament.models import Competition
    from tournament.registration.window import registration_configure

    competition = Competition.objects.create(name=f"Rush {secrets.token_hex(3)}")
    now = timezone.now()
    registration_configure(
        competition, user=None, open_from=now, open_until=now + timedelta(days=1), places=args.places
    )
    folder = Path(tempfile.mkdtemp(prefix="signup-stack-"))
    options = SimpleNamespace(workers=args.workers, threads=args.gthreads, worker_concurrency=1)
    servers = lb.Servers(folder, env, options, lb._free_port())
    servers.start()
    front = Front(folder, upstream=servers.port, port=lb._free_port())
    try:
        front.start()
        url = f"{front.url}/api/v1/competitions/{competition.pk}/registrations/"

        def one(n: int) -> int:
            body = {"name": f"Rusher {n}", "email": f"rusher{n}@example.com", "consent": True}
            asked = urllib.request.Request(
                url, json.dumps(body).encode(), {"Content-Type": "application/json"}, method="POST"
            )
            try:
                with urllib.request.urlopen(asked, timeout=60) as answer:
                    return answer.status
            except urllib.error.HTTPError as exc:
                return exc.code
            except OSError:
                return 0

        started = time.perf_counter()
        with ThreadPoolExecutor(args.threads) as pool:
            codes = list(pool.map(one, range(args.n)))
        seconds = time.perf_counter() - started
    finally:
        front.stop()
        servers.stop()
    where = f"nginx + gunicorn {args.workers}x{args.gthreads} gthread, {args.threads} client threads"
    return check(competition, codes, seconds, args, where)


if __name__ == "__main__":
    sys.exit(main())
