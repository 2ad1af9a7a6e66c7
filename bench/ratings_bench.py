"""Ratings benchmark against PostgreSQL (issue 35): 10,000 players over 100,000 sessions.

Builds a league straight into a scratch database (COPY through psycopg, as
``bench/standings_bench.py`` does): ``--players`` players in 20 clubs,
``--competitions`` competitions whose finished rounds seat every player at
tables of four, ``--hands`` hands a table with their chip transfers (each
hand's transfers sum to zero), every round with its end time. Then it prints:

- **from scratch**: ``ratings_rebuild()`` (what ``manage.py ratings_rebuild``
  runs): every stored change deleted, every rated session read from the
  ledger, rated in order with openskill's Plackett-Luce, written back; and its
  parts: reading the sessions (``sessions_of``), rating them (the pure
  ``rate``), writing the changes and ratings;
- **one session added**: a new round of one table, finished after every other,
  then the Celery task the round's door queues (``ratings_update_round``, run
  in process): only that session is read and rated, from its four players'
  stored ratings (median and worst of ``--added`` such rounds);
- **a correction in the last round**: the task after a change to the last
  full round: its sessions (a quarter of the players' tables) rated again;
- **determinism**: the ratings after the incremental steps equal a
  ``ratings_rebuild()`` of the same ledger, to the last bit.

Run (from the repository root):

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/wt_i35 .venv/bin/python bench/ratings_bench.py
    .venv/bin/python bench/ratings_bench.py --quick

The script drops and recreates the database named by DATABASE_URL (default
postgres://postgres@127.0.0.1:5432/wt_i35) unless ``--reuse`` finds a league of
the size asked for in it.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import secrets
import statistics
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/wt_i35"


def _args():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument(
        "--sessions", type=int, default=100_000, help="tables in all (rounded to full rounds)"
    )
    parser.add_argument("--competitions", type=int, default=4)
    parser.add_argument("--hands", type=int, default=2, help="hands a table")
    parser.add_argument("--added", type=int, default=5, help="rounds of one table added one by one")
    parser.add_argument("--seed", type=int, default=35)
    parser.add_argument("--reuse", action="store_true")
    parser.add_argument("--quick", action="store_true", help="1,000 players, 5,000 sessions")
    parser.add_argument(
        "--phases",
        default="scratch,added,correction",
        help="of scratch, added, correction (determinism: all)",
    )
    args = parser.parse_args()
    if args.quick:
        args.players, args.sessions = 1_000, 5_000
    return args


def _setup_django(db_url: str) -> None:
    os.environ["DATABASE_URL"] = db_url
    os.environ.pop("REDIS_URL", None)  # tasks in process: the bench times the work, not the broker
    os.environ["DEBUG"] = "false"
    os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))
    os.environ["ALLOWED_HOSTS"] = "localhost"
    os.environ["DJANGO_SETTINGS_MODULE"] = "tournament.project.settings"
    import django

    django.setup()


def _reset_database(db_url: str) -> None:
    import psycopg

    base, name = db_url.rsplit("/", 1)
    with psycopg.connect(base + "/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


class _Copier:
    """Rows written as COPY text, a chunk at a time."""

    def __init__(self, cursor, table: str, columns: str):
        self.cursor, self.sql = cursor, f"COPY {table} ({columns}) FROM STDIN"
        self.buf, self.n = io.StringIO(), 0

    def row(self, *values) -> None:
        self.buf.write("\t".join("\\N" if v is None else str(v) for v in values) + "\n")
        self.n += 1
        if self.n % 200_000 == 0:
            self.flush()

    def flush(self) -> None:
        data = self.buf.getvalue()
        if data:
            with self.cursor.copy(self.sql) as copy:
                copy.write(data)
        self.buf = io.StringIO()


START = datetime(2026, 1, 6, 22, 0, tzinfo=UTC)


def _hand(rng: random.Random, seats: list[int]) -> tuple[int, bool, list[tuple[int, int, int]]]:
    """A win: (winner, self-drawn, [(from, to, amount)]), summing to zero."""
    winner = rng.choice(seats)
    unit = 2 ** (rng.choice((1, 1, 2, 2, 3, 4, 5)) - 1)
    others = [p for p in seats if p != winner]
    if rng.random() < 0.35:
        return winner, True, [(p, winner, 2 * unit) for p in others]
    discarder = rng.choice(others)
    return winner, False, [(p, winner, 2 * unit if p == discarder else unit) for p in others]


def build(args) -> dict:
    from django.db import connection

    from tournament.models import ChipTransfer, Club, Competition, Hand, Player, Round, Seat, Table

    rng = random.Random(args.seed)
    n_players = args.players - args.players % 4
    per_round = n_players // 4
    n_rounds = max(1, args.sessions // per_round)
    t = lambda model: model._meta.db_table  # noqa: E731
    now = START.isoformat()
    with connection.cursor() as c:
        cur = c.cursor
        cur.execute("SET session_replication_role = replica")
        clubs = _Copier(cur, t(Club), "id, name, short_name")
        for i in range(1, 21):
            clubs.row(i, f"Club {i:02d}", f"C{i:02d}")
        clubs.flush()
        players = _Copier(cur, t(Player), "id, name, club_id, registration_no, contact")
        for i in range(1, n_players + 1):
            players.row(i, f"Player {i:05d}", 1 + i % 20, f"B{i:06d}", "")
        players.flush()
        for k in range(1, args.competitions + 1):
            Competition.objects.create(id=k, name=f"Season {k}")
        rounds = _Copier(cur, t(Round), "id, competition_id, number, venue, status, results_held, ends_at")
        tables = _Copier(cur, t(Table), "id, round_id, number")
        seats = _Copier(cur, t(Seat), "table_id, round_id, wind, player_id, link_nonce")
        hands = _Copier(
            cur,
            t(Hand),
            "id, table_id, sequence, number, outcome, winner_id, self_drawn, doubles, kong_declared, "
            "prevailing_wind, dealer_id, seat_winds, entry, scoring, rules, idempotency_key, entry_digest, "
            "recorded_at",
        )
        transfers = _Copier(
            cur,
            t(ChipTransfer),
            "id, hand_id, table_id, from_player_id, to_player_id, amount, reason, created_at",
        )
        ids = list(range(1, n_players + 1))
        table_id = hand_id = transfer_id = 0
        per_competition = -(-n_rounds // args.competitions)
        for r in range(1, n_rounds + 1):
            competition = 1 + (r - 1) // per_competition
            number = 1 + (r - 1) % per_competition
            rounds.row(
                r, competition, number, "", "finished", "f", (START + timedelta(days=7 * r)).isoformat()
            )
            rng.shuffle(ids)
            for k in range(per_round):
                table_id += 1
                tables.row(table_id, r, k + 1)
                at = ids[4 * k : 4 * k + 4]
                for wind, pid in zip("ESWN", at, strict=True):
                    seats.row(table_id, r, wind, pid, "")
                for seq in range(1, args.hands + 1):
                    hand_id += 1
                    winner, self_drawn, moves = _hand(rng, at)
                    hands.row(
                        hand_id, table_id, seq, seq, "win", winner, "t" if self_drawn else "f", 1, "f", "E",
                        at[0], "{}", "{}", "{}", "{}", "", "", now,
                    )  # fmt: skip
                    for payer, payee, amount in moves:
                        transfer_id += 1
                        transfers.row(transfer_id, hand_id, table_id, payer, payee, amount, "bench", now)
        for copier in (rounds, tables, seats, hands, transfers):
            copier.flush()
        cur.execute("SET session_replication_role = DEFAULT")
        for model in (Club, Player, Competition, Round, Table, Seat, Hand, ChipTransfer):
            cur.execute(
                f"SELECT setval(pg_get_serial_sequence('{t(model)}', 'id'), "
                f"(SELECT COALESCE(MAX(id), 1) FROM {t(model)}))"
            )
        cur.execute("ANALYZE")
    return {"rounds": n_rounds, "tables": table_id, "hands": hand_id, "transfers": transfer_id}


def _existing(db_url: str, args) -> dict | None:
    import psycopg

    try:
        with psycopg.connect(db_url, autocommit=True) as conn:
            players, rounds, tables, hands, transfers = conn.execute(
                "SELECT (SELECT COUNT(*) FROM tournament_player), (SELECT COUNT(*) FROM tournament_round), "
                "(SELECT COUNT(*) FROM tournament_table), (SELECT COUNT(*) FROM tournament_hand), "
                "(SELECT COUNT(*) FROM tournament_chiptransfer)"
            ).fetchone()
    except psycopg.Error:
        return None
    if players != args.players - args.players % 4 or tables < args.sessions * 0.99:
        return None
    return {"rounds": rounds, "tables": tables, "hands": hands, "transfers": transfers}


def _timed(fn):
    t0 = time.perf_counter()
    out = fn()
    return time.perf_counter() - t0, out


def _snapshot() -> tuple:
    from tournament.models import PlayerRating

    return tuple(PlayerRating.objects.order_by("pk").values_list("pk", "mu", "sigma", "sessions"))


def _add_round(rng: random.Random, n_players: int, ends_at: datetime):
    """One round of one table, one hand, finished after every other round (through the ORM)."""
    from tournament.models import ChipTransfer, Competition, Hand, Round, Seat, Table

    competition = Competition.objects.order_by("-pk").first()
    number = (Round.objects.filter(competition=competition).order_by("-number").first().number) + 1
    rnd = Round.objects.create(competition=competition, number=number, status="finished", ends_at=ends_at)
    table = Table.objects.create(round=rnd, number=1)
    four = rng.sample(range(1, n_players + 1), 4)
    for wind, pid in zip("ESWN", four, strict=True):
        Seat.objects.create(table=table, round=rnd, wind=wind, player_id=pid)
    winner, self_drawn, moves = _hand(rng, four)
    hand = Hand.objects.create(
        table=table, sequence=1, number=1, outcome="win", winner_id=winner, self_drawn=self_drawn, doubles=1,
        prevailing_wind="E", dealer_id=four[0], seat_winds={}, entry={}, scoring={}, rules={},
    )  # fmt: skip
    ChipTransfer.objects.bulk_create(
        ChipTransfer(hand=hand, table=table, from_player_id=p, to_player_id=q, amount=a, reason="bench")
        for p, q, a in moves
    )
    return rnd


def main() -> int:
    args = _args()
    db_url = os.environ.get("DATABASE_URL") or DEFAULT_DB
    print(
        f"ratings bench: {args.players} players, {args.sessions} sessions, {args.hands} hands a table; "
        f"db {db_url}"
    )
    built = _existing(db_url, args) if args.reuse else None
    if built is None:
        _reset_database(db_url)
    _setup_django(db_url)
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    if built is None:
        seconds, built = _timed(lambda: build(args))
        print(f"built in {seconds:.1f} s: ", end="")
    else:
        print("reused: ", end="")
    print(
        f"{built['tables']} tables in {built['rounds']} rounds, {built['hands']} hands, "
        f"{built['transfers']} transfers"
    )
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")

    from tournament.models import PlayerRating, Round
    from tournament.ratings.store import ratings_rebuild
    from tournament.ratings.tasks import ratings_update_round

    phases = set(args.phases.split(","))
    if "scratch" in phases or not PlayerRating.objects.exists():
        _scratch()
    rng = random.Random(args.seed + 1)
    last = Round.objects.order_by("-ends_at").first().ends_at
    added = []
    for i in range(args.added if "added" in phases else 0):
        rnd = _add_round(rng, args.players - args.players % 4, last + timedelta(days=7 * (i + 1)))
        seconds, n = _timed(lambda rnd=rnd: ratings_update_round(rnd.pk))
        assert n == 1, n
        added.append(seconds)
    if added:
        print(
            f"one session added: median {statistics.median(added) * 1000:.1f} ms, "
            f"worst {max(added) * 1000:.1f} ms "
            f"({len(added)} rounds of one table, the task in process)"
        )
    if "correction" in phases:
        full_round = Round.objects.filter(tables__number=2).order_by("-ends_at").first()
        seconds, n = _timed(lambda: ratings_update_round(full_round.pk))
        print(f"a correction in the last full round: {seconds:.1f} s ({n} sessions rated again)")
    if phases >= {"scratch", "added", "correction"}:
        kept = _snapshot()
        ratings_rebuild()
        same = _snapshot() == kept
        print(f"determinism: incremental equals from scratch: {same}")
        return 0 if same else 1
    return 0


def _scratch() -> None:
    from django.db import connection

    from tournament.models import PlayerRating, RatingChange
    from tournament.ratings.rate import rate
    from tournament.ratings.sessions import rated_rounds, round_times, sessions_of
    from tournament.ratings.store import ratings_rebuild

    read, sessions = _timed(lambda: sessions_of(rated_rounds(), round_times(rated_rounds())))
    rated, _ = _timed(lambda: rate(sessions, {}))
    total, count = _timed(ratings_rebuild)
    with connection.cursor() as cur:
        cur.execute("VACUUM ANALYZE tournament_ratingchange")
        cur.execute("VACUUM ANALYZE tournament_playerrating")
    print(
        f"from scratch: {total:.1f} s for {count} sessions, {RatingChange.objects.count()} changes, "
        f"{PlayerRating.objects.count()} players (read {read:.1f} s, rate {rated:.1f} s, "
        f"write and the rest {max(0.0, total - read - rated):.1f} s)"
    )


if __name__ == "__main__":
    sys.exit(main())
