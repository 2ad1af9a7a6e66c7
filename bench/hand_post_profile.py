"""What one hand post costs the web process: CPU per post, queries per post, and where the time goes.

Runs in this process (no gunicorn, no locust): builds the load bench's league
(``bench/load/league.py``) in its own PostgreSQL database, then posts hands
through Django's test client exactly as a scorekeeper's phone does
(``POST /api/v1/tables/{id}/hands/``, token and ``Idempotency-Key``), round
robin over the tables, with the hands of ``bench/load/hands.py``. Standings
tasks are sent to Redis as in production; no worker runs, so the figures are
the web side's alone. Then it asks the load bench's ceiling (``GET
/bench/ceiling/``, ``bench/load/urls.py``) as many times: the ratio of the two
CPU costs is what the load bench's "ratio to ceiling" would be if the web
process were all there is.

The post's CPU is counted inside the requests only (Django's test client and
the whole server side): choosing the next hand and reading the answer are the
phone's work, not the server's.

The floor (issue 20, ``bench/load/floor.py``), in the same run: the rows of
the last hands posted (the hand, its transfers, the audit entry) written
again as many times in one raw psycopg transaction each, with the same lock
and the same read of the table, every statement prepared. The printed ratio
is the hand post's CPU (this process, which is the web process here, plus
its PostgreSQL backend) over the floor's (this process plus its backend);
the goal is at most 2.5. (With ``--profile`` the post's CPU includes
cProfile's own: read the ratio from a run without it.)

It drops and recreates ``PROFILE_DATABASE_URL`` (default
``postgres://postgres@127.0.0.1:5432/mahjong_postprofile``) and flushes
``PROFILE_REDIS_URL`` (default ``redis://127.0.0.1:6379/13``).

    .venv/bin/python bench/hand_post_profile.py              # 2,000 posts, CPU ms per post
    .venv/bin/python bench/hand_post_profile.py --profile    # plus the cProfile top 45
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import random
import secrets
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

DB = "postgres://postgres@127.0.0.1:5432/mahjong_postprofile"
REDIS = "redis://127.0.0.1:6379/13"
GOAL = 2.5  # issue 20: a hand post's CPU at most 2.5 times its floor's


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--posts", type=int, default=2000)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument(
        "--pin",
        type=int,
        metavar="CPU",
        help="run this process and both PostgreSQL backends (the post's, the floor's) on this one core: "
        "on a machine shared with other work, each side then pays the same for the switches between "
        "the client and its backend",
    )
    args = parser.parse_args()
    os.environ.update(
        DATABASE_URL=os.environ.get("PROFILE_DATABASE_URL", DB),
        REDIS_URL=os.environ.get("PROFILE_REDIS_URL", REDIS),
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="testserver,localhost",
        SECURE_SSL_REDIRECT="false",
        DEBUG="false",
        DJANGO_SETTINGS_MODULE="bench.load.settings",  # the product + the load bench's ceiling
    )
    import psycopg

    dsn = os.environ["DATABASE_URL"]
    name = dsn.rsplit("/", 1)[1]
    with psycopg.connect("postgres://postgres@127.0.0.1:5432/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection, reset_queries
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from bench.load.floor import templates, write_hands
    from bench.load.hands import next_entry
    from bench.load.league import load_league_build
    from tournament.models import Hand

    call_command("migrate", verbosity=0)
    import redis

    redis.Redis.from_url(os.environ["REDIS_URL"]).flushdb()
    league = load_league_build(tables=args.tables, password="x")
    client = Client()
    rng = random.Random(3)
    states: dict[int, dict] = {}
    for t in league.tables:
        answer = client.get(f"/api/v1/tables/{t.id}/", HTTP_AUTHORIZATION=f"Token {t.token}")
        states[t.id] = answer.json()["state"]

    # CPU seconds inside the requests: the next hand and reading the answer are the phone's work.
    spent = [0.0]

    def post(t) -> None:
        entry = next_entry(states[t.id], league.capital, rng)
        body, key = json.dumps(entry), secrets.token_hex(8)
        started = time.process_time()
        answer = client.post(
            f"/api/v1/tables/{t.id}/hands/",
            data=body,
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Token {t.token}",
            HTTP_IDEMPOTENCY_KEY=key,
        )
        spent[0] += time.process_time() - started
        if answer.status_code != 201:
            raise SystemExit(f"{answer.status_code}: {answer.content[:300]!r}")
        states[t.id] = answer.json()["state"]

    for t in league.tables:  # warm up every table
        post(t)
    with CaptureQueriesContext(connection) as queries:
        for t in league.tables:
            post(t)
    per_post = len(queries.captured_queries) // len(league.tables)
    print(f"queries per post: {per_post} (mean ms from the client, first 80 characters)")
    for i in range(per_post):
        same = queries.captured_queries[i::per_post]
        mean = sum(float(q["time"]) for q in same) / len(same)
        print(f"  {1000 * mean:6.2f}  {same[0]['sql'][:80]}")
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        backend = cursor.fetchone()[0]
    if args.pin is not None:
        os.sched_setaffinity(0, {args.pin})
        os.sched_setaffinity(backend, {args.pin})
    backend_started = _cpu_of(backend)
    # CPU time, not wall: on a shared machine the wall clock is mostly waiting for a core.
    profiler = cProfile.Profile(time.process_time) if args.profile else None
    spent[0], started = 0.0, time.perf_counter()
    if profiler:
        profiler.enable()
    for i in range(args.posts):
        post(league.tables[i % len(league.tables)])
    if profiler:
        profiler.disable()
    cpu, wall = spent[0], time.perf_counter() - started
    ceiling_started = time.process_time()
    for _ in range(args.posts):
        client.get("/bench/ceiling/")
    ceiling = (time.process_time() - ceiling_started) / args.posts  # the loop's own work is negligible here
    print(
        f"{args.posts} posts: {1000 * cpu / args.posts:.2f} ms CPU "
        f"and {1000 * wall / args.posts:.2f} ms wall per post"
    )
    backend_cpu = _cpu_of(backend) - backend_started
    print(f"PostgreSQL backend: {1000 * backend_cpu / args.posts:.2f} ms CPU per post")
    posted = list(Hand.objects.order_by("-pk").values_list("pk", flat=True)[: len(league.tables)])
    connection.close()
    floor = write_hands(dsn, templates(dsn, posted), args.posts, pin=args.pin)
    post_ms = 1000 * (cpu + backend_cpu) / args.posts
    floor_ms = floor["python_ms"] + floor["postgres_ms"]
    print(
        f"floor (the same rows in one raw psycopg transaction, same lock and read, statements prepared): "
        f"{floor['python_ms']:.2f} ms Python + {floor['postgres_ms']:.2f} ms PostgreSQL CPU per hand "
        f"({floor['wall_ms']:.2f} ms wall)"
    )
    verdict = "met" if post_ms / floor_ms <= GOAL else "MISSED"
    print(
        f"hand post / floor (CPU, web process + PostgreSQL backend): {post_ms:.2f} / {floor_ms:.2f} ms "
        f"= {post_ms / floor_ms:.2f} (goal <= {GOAL}: {verdict})"
    )
    print(
        f"ceiling (GET /bench/ceiling/, the load bench's minimal DRF endpoint): {1000 * ceiling:.2f} ms CPU; "
        f"post / ceiling = {cpu / args.posts / ceiling:.1f} (web process only)"
    )
    if profiler:
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(45)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(30)
        if os.environ.get("PROFILE_CALLERS"):
            pstats.Stats(profiler).print_callers(os.environ["PROFILE_CALLERS"])
    reset_queries()


def _cpu_of(pid: int) -> float:
    """User + system CPU seconds of a process on this machine (/proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


if __name__ == "__main__":
    main()
