"""Standings benchmark against PostgreSQL (issue 6: standings fast at league size).

Builds a league straight into a scratch database (COPY through psycopg, not the
ORM): clubs, players entered in one competition, rounds with every player
seated at tables of four, hands with their chip transfers (each hand's transfers
sum to zero; a few hands voided with reversing transfers). The last round is
under way and takes the live hands of the benchmark (recorded through
``hand_record``, the one door); the bulk hands fill the rounds before it.

Then it prints, each beside the plain SQL aggregate over the ledger on the same
data (the floor for this work) and the ratio to it:

- **full recompute**: ``standings_compute`` of the whole competition, and the
  stored refresh of that scope (``standings_refresh(competition, rounds=[])``);
- **update after one hand**: the Celery task's time (``standings_update_table``,
  run in process) after each of ~200 hands and voids at the running round;
  floor: the aggregate restricted to the table's four players;
- **standings API**: ``GET /api/v1/competitions/{id}/standings/?page=N``, 50 a
  page, through the Django test client; floor: the full aggregate;
- **recorded to shown**: with a real Celery worker on Redis (a subprocess on the
  bench database, solo pool), the time from ``hand_record`` being called to the
  stored standings including the hand's transfers, and its parts: ``hand_record``
  (with queueing the task on commit) and the task's time as the worker logs it;
  floor: the aggregate of the table's four players.

The machine's load average is printed with each phase: on shared cores every
figure moves with it.

Run (from the repository root):

    .venv/bin/python bench/standings_bench.py --quick
    .venv/bin/python bench/standings_bench.py --players 2000 --rounds 100 --hands 1000000 --reuse

DATABASE_URL (default postgres://postgres@127.0.0.1:5432/mahjong_bench) names
the scratch database: the script drops and recreates it, unless ``--reuse``
finds in it a league of the size asked for (an earlier run's: building
1,000,000 hands takes about 2 minutes here), which it keeps: migrations still
run (a new index is tried without a rebuild), and the hands earlier runs
recorded in the running round stay. REDIS_URL (default redis://127.0.0.1:6379/11,
a database of its own) is the broker of the worker. ``--phases update,worker``
runs only those phases (of full, update, api, worker). ``--max-seconds`` bounds
the run: phases that would start after it are skipped and say so. This
server has autovacuum off (its CI settings): the bench vacuums everything once
at the start and then the stored standings every ``--vacuum-every`` seconds
(60, autovacuum's default naptime), outside the times it reports; without it
the row versions each hand leaves behind pile up run after run.
``--worker-db-reuse N`` is an experiment: the worker keeps its database
connection for N tasks (``CELERY_DB_REUSE_MAX``; the settings leave it unset,
so Celery closes the connection around every task).

Figures at full size (2,000 players, 100 rounds, 990,000 hands, 2.84 M
transfers), PostgreSQL 15, Redis 7.0, on 2 cores shared with other work: every
figure (the floors too) moves with the load average, printed by each phase.
The command above; "before": session 3's design (places stored, the four
players aggregated from the ledger), load 4-6; "after": places computed on
read, the update by deltas, the API's anonymous answers kept between changes
(87bf064), 23 Nov 2026, load 3.6-4.6:

    phase (target)                before                      after
    full compute (< 10 s)         3.66 s (floor 1.12 s, 3.3x) 3.74 s (floor 1.40 s, 2.7x)
    update after one hand p50     76 ms (floor 53 ms, 1.4x)   22 ms (floor 63 ms, 0.35x)
    ... p95 (< 50 ms)             108 ms (floor 64 ms, 1.7x)  28 ms (floor 74 ms, 0.38x)
    API page p50                  -                           0.7 ms (an answer kept)
    API page p95 (< 50 ms)        11.3 ms (floor 1.55 s)      9.6 ms (made: the first ask of a page)
    recorded to shown p95 (< 2 s) 354 ms (floor 208 ms, 1.7x) 108 ms (floor 83 ms, 1.3x)

What the update after one hand does now (``standings_store``): it recomputes
the table's players in the round's scope from their tables alone (a few
ledger rows), moves their competition lines by what their round lines moved,
and writes those eight rows with plain UPDATEs; places are computed on read
(``stored_standings``, once per version of a scope in each process). Its
ten-odd statements cost ~8 ms of database time; the rest is Python. The
floor, the plain aggregate of the four players over the whole ledger, is
slower than the task because the task never reads the players' history.

Measured earlier and left: ``CELERY_DB_REUSE_MAX`` (1000) spares the worker
a new PostgreSQL connection per task (task in the worker p50 205 -> 149 ms
then, ``--worker-db-reuse 1000``); the settings leave it unset.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import secrets
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/mahjong_bench"
DEFAULT_REDIS = "redis://127.0.0.1:6379/11"
QUICK = {"players": 400, "rounds": 20, "hands": 40_000}


def _record_somewhere(rng, tables):
    """Record a random hand at a random table of ``tables`` whose session is still going (``--reuse``
    keeps the hands of earlier runs, and a session ends when a player is out of chips); a finished
    table is dropped from ``tables``."""
    from tournament.tables.ledger import HandRejected, hand_record

    while tables:
        table = rng.choice(tables)
        try:
            return table, hand_record(table=table, entry=_random_entry(rng, table.seat_map))
        except HandRejected as exc:
            if "table_finished" not in {p.code for p in exc.problems}:
                raise
            tables.remove(table)
    raise SystemExit("every table of the running round has finished its session: rebuild (no --reuse)")


def _args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int)
    parser.add_argument("--rounds", type=int)
    parser.add_argument("--hands", type=int)
    parser.add_argument("--quick", action="store_true", help="400 players, 20 rounds, 40,000 hands (default)")
    parser.add_argument("--updates", type=int, default=200, help="hands timed for the update after one hand")
    parser.add_argument("--requests", type=int, default=200, help="API requests timed")
    parser.add_argument("--worker-hands", type=int, default=50, help="hands timed through a real worker")
    parser.add_argument("--no-worker", action="store_true", help="skip the real-worker phase")
    parser.add_argument(
        "--worker-db-reuse", type=int, default=0, help="experiment: the worker keeps its database "
        "connection for N tasks (CELERY_DB_REUSE_MAX); default 0, as the settings have it (closed around "
        "every task)",
    )  # fmt: skip
    parser.add_argument("--max-seconds", type=float, default=600, help="skip phases that would start later")
    parser.add_argument("--seed", type=int, default=6)
    parser.add_argument(
        "--vacuum-every", type=float, default=60, help="seconds between vacuums of the stored standings "
        "when the server's autovacuum is off (its default naptime: 60)",
    )  # fmt: skip
    parser.add_argument(
        "--phases",
        type=lambda v: set(v.split(",")),
        default={"full", "update", "api", "worker"},
        help="comma-separated, of full,update,api,worker (default: all)",
    )
    parser.add_argument(
        "--reuse",
        action="store_true",
        help="keep the league already in the database if it is this size (migrations still run); else build",
    )
    args = parser.parse_args()
    for key, value in QUICK.items():
        if getattr(args, key) is None:
            setattr(args, key, value)
    return args


def _setup_django(db_url: str, redis_url: str) -> None:
    os.environ["DATABASE_URL"] = db_url
    os.environ["REDIS_URL"] = redis_url
    os.environ["DEBUG"] = "false"  # no query log
    os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))  # throwaway, for this run only
    os.environ["ALLOWED_HOSTS"] = "testserver,localhost"
    os.environ["DJANGO_SETTINGS_MODULE"] = "tournament.project.settings"
    import django

    django.setup()


def _reset_database(db_url: str) -> None:
    import psycopg

    base, name = db_url.rsplit("/", 1)
    with psycopg.connect(base + "/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def _existing(db_url: str, args) -> dict | None:
    """The sizes of the league a previous run built in this database, if it matches ``args``; else None."""
    import psycopg

    try:
        conn = psycopg.connect(db_url, autocommit=True)
    except psycopg.OperationalError:
        return None
    with conn:
        try:
            players, rounds, tables, hands, transfers = conn.execute(
                "SELECT (SELECT COUNT(*) FROM tournament_entry WHERE competition_id = 1), "
                "(SELECT COUNT(*) FROM tournament_round WHERE competition_id = 1), "
                "(SELECT COUNT(*) FROM tournament_table), (SELECT COUNT(*) FROM tournament_hand), "
                "(SELECT COUNT(*) FROM tournament_chiptransfer)"
            ).fetchone()
        except psycopg.Error:
            return None
    n_players = args.players - args.players % 4
    if players != n_players or rounds != args.rounds or hands < args.hands * 0.9:
        return None
    per_table = max(1, args.hands // (max(1, args.rounds - 1) * (n_players // 4)))
    return {"hands": hands, "transfers": transfers, "tables": tables, "per_table": per_table}


def _pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, round(p / 100 * (len(values) - 1)))]


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:8.1f} ms"


class _Copier:
    """Rows written as COPY text, a chunk at a time."""

    def __init__(self, cursor, table: str, columns: str):
        self.cursor, self.sql = cursor, f"COPY {table} ({columns}) FROM STDIN"
        self.buf, self.n = io.StringIO(), 0

    def row(self, *values) -> None:
        self.buf.write("\t".join("\\N" if v is None else str(v) for v in values))
        self.buf.write("\n")
        self.n += 1
        if self.n % 200_000 == 0:
            self.flush()

    def flush(self) -> None:
        data = self.buf.getvalue()
        if data:
            with self.cursor.copy(self.sql) as copy:
                copy.write(data)
        self.buf = io.StringIO()


def _amounts(rng: random.Random, seats: list[int]):
    """One hand: (outcome, winner, offender, self_drawn, doubles, [(from, to, amount)]): sums to zero."""
    kind = rng.random()
    if kind < 0.05:
        return "draw", None, None, False, None, []
    if kind < 0.12:
        offender = rng.choice(seats)
        return "false_win", None, offender, False, None, [(offender, p, 32) for p in seats if p != offender]
    winner = rng.choice(seats)
    doubles = rng.choice((1, 1, 2, 2, 3, 4, 5))
    unit = 2 ** (doubles - 1)
    others = [p for p in seats if p != winner]
    if rng.random() < 0.35:
        return "win", winner, None, True, doubles, [(p, winner, 2 * unit) for p in others]
    discarder = rng.choice(others)
    moves = [(p, winner, 2 * unit if p == discarder else unit) for p in others]
    return "win", winner, None, False, doubles, moves


def build(args) -> dict:
    """The league, straight into the tables: returns ids the phases need."""
    from django.db import connection

    from tournament.models import (
        ChipTransfer,
        Club,
        Competition,
        Entry,
        Hand,
        HandVoid,
        Player,
        Round,
        Seat,
        Table,
    )

    rng = random.Random(args.seed)
    now = "2026-11-01 19:00:00+00"
    n_players, n_rounds = args.players - args.players % 4, args.rounds
    per_round = n_players // 4
    bulk_rounds = max(1, n_rounds - 1)
    per_table = max(1, args.hands // (bulk_rounds * per_round))
    t = lambda model: model._meta.db_table  # noqa: E731
    with connection.cursor() as c:
        cur = c.cursor  # psycopg's own cursor, for COPY
        cur.execute("SET session_replication_role = replica")  # no FK triggers while loading
        clubs = _Copier(cur, t(Club), "id, name, short_name")
        for i in range(1, 21):
            clubs.row(i, f"Club {i:02d}", f"C{i:02d}")
        clubs.flush()
        players = _Copier(cur, t(Player), "id, name, club_id, registration_no, contact")
        for i in range(1, n_players + 1):
            players.row(i, f"Player {i:05d}", 1 + i % 20, f"B{i:06d}", "")
        players.flush()
        # Through the ORM: every field's default (the organiser's standings settings too).
        Competition.objects.create(id=1, name="Bench League", kind="league", rules="spgg-2023", capital=400)
        entries = _Copier(cur, t(Entry), "competition_id, player_id, status, entered_at")
        for i in range(1, n_players + 1):
            entries.row(1, i, "withdrawn" if i % 97 == 0 else "active", now)
        entries.flush()
        rounds = _Copier(cur, t(Round), "id, competition_id, number, venue, status, results_held")
        for r in range(1, n_rounds + 1):
            rounds.row(r, 1, r, "", "playing" if r == n_rounds else "finished", "f")
        rounds.flush()
        tables = _Copier(cur, t(Table), "id, round_id, number")
        seats = _Copier(cur, t(Seat), "table_id, round_id, wind, player_id")
        hands = _Copier(
            cur,
            t(Hand),
            "id, table_id, sequence, number, outcome, winner_id, offender_id, self_drawn, doubles, "
            "kong_declared, prevailing_wind, dealer_id, seat_winds, entry, scoring, rules, "
            "idempotency_key, recorded_at",
        )
        transfers = _Copier(
            cur, t(ChipTransfer), "id, hand_id, table_id, from_player_id, to_player_id, amount, reason, "
            "reverses_id, created_at",
        )  # fmt: skip
        voids = _Copier(cur, t(HandVoid), "hand_id, reason, voided_at")
        ids = list(range(1, n_players + 1))
        table_id = hand_id = transfer_id = 0
        for r in range(1, n_rounds + 1):
            rng.shuffle(ids)
            for k in range(per_round):
                table_id += 1
                tables.row(table_id, r, k + 1)
                at = ids[4 * k : 4 * k + 4]
                for wind, pid in zip("ESWN", at, strict=True):
                    seats.row(table_id, r, wind, pid)
                if r == n_rounds and n_rounds > 1:
                    continue  # the running round: live hands only
                for seq in range(1, per_table + 1):
                    hand_id += 1
                    outcome, winner, offender, self_drawn, doubles, moves = _amounts(rng, at)
                    hands.row(
                        hand_id, table_id, seq, seq, outcome, winner, offender, "t" if self_drawn else "f",
                        doubles, "f", "E", at[0], "{}", "{}", "{}", "{}", "", now,
                    )  # fmt: skip
                    first = transfer_id + 1
                    for payer, payee, amount in moves:
                        transfer_id += 1
                        transfers.row(
                            transfer_id, hand_id, table_id, payer, payee, amount, "bench", None, now
                        )
                    if moves and rng.random() < 0.005:  # voided: reversing transfers, and the void
                        voids.row(hand_id, "bench void", now)
                        for j, (payer, payee, amount) in enumerate(moves):
                            transfer_id += 1
                            transfers.row(
                                transfer_id, hand_id, table_id, payee, payer, amount, "void", first + j, now
                            )
        for copier in (tables, seats, hands, transfers, voids):
            copier.flush()
        cur.execute("SET session_replication_role = DEFAULT")
        for model in (Club, Player, Competition, Entry, Round, Table, Seat, Hand, HandVoid, ChipTransfer):
            cur.execute(
                f"SELECT setval(pg_get_serial_sequence('{t(model)}', 'id'), "
                f"(SELECT COALESCE(MAX(id), 1) FROM {t(model)}))"
            )
        cur.execute("ANALYZE")
    return {"hands": hand_id, "transfers": transfer_id, "tables": table_id, "per_table": per_table}


FLOOR_SQL = """
SELECT player, SUM(chips) FROM (
  SELECT ct.to_player_id AS player, ct.amount AS chips FROM tournament_chiptransfer ct
  JOIN tournament_table t ON t.id = ct.table_id JOIN tournament_round r ON r.id = t.round_id
  WHERE r.competition_id = %(c)s {players_to}
  UNION ALL
  SELECT ct.from_player_id, -ct.amount FROM tournament_chiptransfer ct
  JOIN tournament_table t ON t.id = ct.table_id JOIN tournament_round r ON r.id = t.round_id
  WHERE r.competition_id = %(c)s {players_from}
) moves GROUP BY player
"""


def floor(competition_id: int, players: list[int] | None = None) -> float:
    """Seconds for the plain SQL aggregate of net chips over the ledger (all players, or these)."""
    from django.db import connection

    only = lambda col: "" if players is None else f"AND ct.{col} IN ({', '.join(map(str, players))})"  # noqa: E731
    sql = FLOOR_SQL.format(players_to=only("to_player_id"), players_from=only("from_player_id"))
    started = time.perf_counter()
    with connection.cursor() as cursor:
        cursor.execute(sql, {"c": competition_id})
        cursor.fetchall()
    return time.perf_counter() - started


def _line(label: str, ours: float, base: float, extra: str = "") -> None:
    print(f"  {label:<44}{_ms(ours)}   floor {_ms(base)}   ratio {ours / base:6.3g}x {extra}")


def _random_entry(rng: random.Random, seat_map: dict) -> dict:
    seats = list(seat_map.values())
    winner = rng.choice(seats)
    entry = {"outcome": "win", "winner": winner, "doubles": rng.choice([1, 2, 3])}
    if rng.random() < 0.4:
        entry["win"] = "self_draw"
    else:
        entry.update(win="discard", discarder=rng.choice([p for p in seats if p != winner]))
    return entry


def main() -> int:
    args = _args()
    db_url = os.environ.get("DATABASE_URL") or DEFAULT_DB
    redis_url = os.environ.get("REDIS_URL") or DEFAULT_REDIS
    started = time.monotonic()
    left = lambda: args.max_seconds - (time.monotonic() - started)  # noqa: E731
    print(f"standings bench: {args.players} players, {args.rounds} rounds, {args.hands} hands; db {db_url}")
    built = _existing(db_url, args) if args.reuse else None
    if built is None:
        _reset_database(db_url)
    _setup_django(db_url, redis_url)
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    if built is None:
        t0 = time.monotonic()
        built = build(args)
        print(f"built in {time.monotonic() - t0:.1f} s: ", end="")
    else:
        print("reused (--reuse; hands of earlier runs in the running round stay): ", end="")
    print(
        f"{built['hands']} hands ({built['per_table']} a table), "
        f"{built['transfers']} transfers, {built['tables']} tables"
    )
    vacuum = _Vacuum(args.vacuum_every)
    vacuum.everything()
    print(f"machine: {os.cpu_count()} cores, load average {_load()}; {vacuum.note}")

    from django.test import Client

    from tournament.tables.ledger import hand_record, hand_void
    from tournament.models import ChipTransfer, Competition, Round, StandingsMeta, Table
    from tournament.standings.compute import standings_compute
    from tournament.standings.store import COMPETITION_SCOPE, standings_refresh
    from tournament.standings.tasks import standings_update_table

    competition = Competition.objects.get(pk=1)
    live_round = Round.objects.get(competition=competition, number=args.rounds)
    rng = random.Random(args.seed)
    if "full" in args.phases:
        print("\nfull recompute of the competition standings (best of 3)")
        compute = min(_timed(lambda: standings_compute(competition)) for _ in range(3))
        refresh = min(_timed(lambda: standings_refresh(competition, rounds=[])) for _ in range(3))
        base = min(floor(competition.pk) for _ in range(3))
        _line("standings_compute (all columns, ranked)", compute, base, "(target < 10 s)")
        _line("standings_refresh (compute + store rows)", refresh, base)
    standings_refresh(competition, rounds=[live_round])  # the running round's scope, as the task finds it

    import tournament.standings.queue as queueing

    queued = queueing.queue_standings_update
    queueing.queue_standings_update = lambda table_id: None  # the bench runs the task itself
    tables = list(Table.objects.filter(round=live_round).prefetch_related("seats"))
    if "update" not in args.phases:
        print("\nupdate after one hand: skipped (--phases)")
    elif left() > 0:
        print(f"\nupdate after one hand: task time over {args.updates} hands and voids at the running round")
        times, floors, recorded = [], [], []
        for i in range(args.updates):
            if recorded and i % 10 == 9:
                hand = recorded.pop(rng.randrange(len(recorded)))
                hand_void(hand=hand, reason="bench")
                table = hand.table
            else:
                table, hand = _record_somewhere(rng, tables)
                recorded.append(hand)
            times.append(_timed(lambda t=table: standings_update_table(t.pk)))
            floors.append(floor(competition.pk, list(table.seat_map.values())))
            vacuum.when_due()
        for p in (50, 95):
            _line(f"standings_update_table p{p}", _pct(times, p), _pct(floors, p), "(target p95 < 50 ms)")
        print(f"  load average after: {_load()}")
    else:
        print("\nupdate after one hand: skipped (--max-seconds)")
    queueing.queue_standings_update = queued

    if "api" not in args.phases:
        print("\nstandings API: skipped (--phases)")
    elif left() > 0:
        pages = (args.players + 49) // 50
        print(f"\nstandings API, 50 a page, {pages} pages, {args.requests} requests")
        client = Client()
        url = f"/api/v1/competitions/{competition.pk}/standings/"
        first = client.get(url, secure=True)
        assert first.status_code == 200, first.content[:300]
        body = first.json()
        assert body["count"] >= args.players - args.players % 4, body["count"]
        times = []
        for _ in range(args.requests):
            page = rng.randint(1, pages)
            times.append(_timed(lambda n=page: client.get(url, {"page": n}, secure=True)))
        base = statistics.median(floor(competition.pk) for _ in range(5))
        for p in (50, 95):
            _line(f"GET standings ?page=N p{p}", _pct(times, p), base, "(target p95 < 50 ms)")
        print(f"  load average after: {_load()}")
    else:
        print("\nstandings API: skipped (--max-seconds)")

    if args.no_worker or "worker" not in args.phases:
        print("\nrecorded to shown: skipped (--no-worker or --phases)")
    elif left() <= 30:
        print("\nrecorded to shown: skipped (--max-seconds)")
    else:
        reuse = (
            f"; worker keeps its db connection for {args.worker_db_reuse} tasks"
            if args.worker_db_reuse
            else ""
        )
        print(
            f"\nrecorded to shown, real Celery worker on Redis ({redis_url}), {args.worker_hands} hands"
            + reuse
        )
        seen = _with_worker(
            db_url, redis_url, args, rng, tables, competition, hand_record, ChipTransfer, StandingsMeta,
            COMPETITION_SCOPE, vacuum,
        )  # fmt: skip
        if seen["shown"]:
            for p in (50, 95):
                _line(f"hand_record -> stored standings p{p}", _pct(seen["shown"], p), _pct(seen["floor"], p),
                      "(target p95 < 2 s)")  # fmt: skip
            for p in (50, 95):
                print(
                    f"    of which p{p}: hand_record {_ms(_pct(seen['record'], p))} (queueing on commit "
                    f"{_ms(_pct(seen['queue'], p))}), task in the worker {_ms(_pct(seen['task'], p))}"
                )
            print(f"  load average after: {_load()}")
    print(f"\ntotal {time.monotonic() - started:.0f} s")
    return 0


def _timed(fn) -> float:
    started = time.perf_counter()
    fn()
    return time.perf_counter() - started


def _with_worker(
    db_url, redis_url, args, rng, tables, competition, hand_record, ChipTransfer, StandingsMeta, scope, vacuum
) -> dict[str, list[float]]:
    """Hands recorded while a real worker (solo pool, as one process of the production worker) keeps the
    standings: for each, the seconds from ``hand_record`` being called to the stored competition scope
    including it, and its parts: ``hand_record`` itself (with queueing the task on commit) and the task's
    own time as the worker logs it. ``floor``: the plain aggregate of the table's four players."""
    import re

    from django.db.models import Max

    import tournament.standings.queue as queueing
    from tournament.project.celery import app

    app.control.purge()
    log = Path(os.environ.get("TMPDIR", "/tmp")) / f"standings-bench-worker-{os.getpid()}.log"
    env = {**os.environ, "DATABASE_URL": db_url, "REDIS_URL": redis_url, "PYTHONUNBUFFERED": "1"}
    # As ``celery -A tournament worker``; with --worker-db-reuse, Celery keeps the worker's database
    # connection for that many tasks (CELERY_DB_REUSE_MAX) instead of closing it around every task.
    start = (
        "import sys\nimport tournament.project.settings as s\n"
        f"s.CELERY_DB_REUSE_MAX = {args.worker_db_reuse or None}\n"
        "from celery.__main__ import main\nsys.argv = ['celery', *sys.argv[1:]]\nmain()\n"
    )
    with open(log, "w") as fh:
        proc = subprocess.Popen(
            [sys.executable, "-c", start, "-A", "tournament", "worker", "--pool=solo", "--concurrency=1",
             "-l", "info", "--without-mingle", "--without-gossip", "-n", f"bench-{os.getpid()}@%h"],
            cwd=ROOT, stdout=fh, stderr=subprocess.STDOUT, env=env,
        )  # fmt: skip
    seen: dict[str, list[float]] = {"shown": [], "record": [], "queue": [], "floor": [], "task": []}
    queue = queueing.queue_standings_update

    def timed_queue(table_id: int) -> None:
        seen["queue"].append(_timed(lambda: queue(table_id)))

    queueing.queue_standings_update = timed_queue
    try:
        deadline = time.monotonic() + 60
        while "ready." not in log.read_text():
            if proc.poll() is not None or time.monotonic() > deadline:
                print("  the worker did not start:\n" + log.read_text()[-2000:])
                return seen
            time.sleep(0.1)
        for _ in range(args.worker_hands):
            began = time.perf_counter()
            table, hand = _record_somewhere(rng, tables)
            recorded = time.perf_counter() - began
            mark = ChipTransfer.objects.filter(hand=hand).aggregate(m=Max("pk"))["m"]
            while time.perf_counter() - began < 30:
                meta = StandingsMeta.objects.filter(competition=competition, scope=scope).first()
                if meta.ledger_mark >= mark:
                    break
                time.sleep(0.02)  # every 20 ms: a tighter loop steals the 2 shared cores from the worker
            else:
                print("  a hand was not shown within 30 s")
                break
            seen["shown"].append(time.perf_counter() - began)
            seen["record"].append(recorded)
            seen["floor"].append(floor(competition.pk, list(table.seat_map.values())))
            vacuum.when_due()
            time.sleep(rng.uniform(0.05, 0.2))  # hands arrive spread out, as at a real event
    finally:
        queueing.queue_standings_update = queue
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    pattern = r"standings_update_table\[[^\]]+\] succeeded in ([0-9.]+)s"
    seen["task"] = [float(t) for t in re.findall(pattern, log.read_text())]
    return seen


def _load() -> str:
    return ", ".join(f"{x:.1f}" for x in os.getloadavg())


class _Vacuum:
    """What autovacuum would do, when the server has it off (this machine's CI settings do).

    Every stored standings row a hand moves is a new row version; without vacuum
    they pile up run after run and every read walks them. The bench vacuums
    everything once at the start, then the standings tables at most every
    ``every`` seconds (autovacuum's default naptime is 60 s), outside the times
    it reports.
    """

    def __init__(self, every: float):
        from django.db import connection

        with connection.cursor() as cursor:
            cursor.execute("SHOW autovacuum")
            self.off = cursor.fetchone()[0] == "off"
        self.every, self.last = every, time.monotonic()
        self.note = (
            f"autovacuum is off on this server: the bench vacuums the stored standings every {every:.0f} s"
            if self.off
            else "autovacuum is on"
        )

    def _run(self, sql: str) -> None:
        from django.db import connection

        with connection.cursor() as cursor:
            cursor.execute(sql)
        self.last = time.monotonic()

    def everything(self) -> None:
        self._run("VACUUM ANALYZE")

    def when_due(self) -> None:
        if self.off and time.monotonic() - self.last >= self.every:
            self._run("VACUUM tournament_standingrow, tournament_standingsmeta")


if __name__ == "__main__":
    sys.exit(main())
