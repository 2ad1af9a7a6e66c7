"""The floor of a hand post (issue 20): its rows written by hand, in one raw psycopg transaction.

What recording a hand cannot do without, on this database: take the table's
lock (``tournament.tables.ledger.checks.lock_table``'s statement), read the table (the two
statements of ``tournament.tables.selectors.table_ledger``, fetched), then insert the
hand, its chip transfers and its audit entry (each a copy of a row the API
wrote: same columns, same values, same JSON sizes; a new sequence and
idempotency key) and commit. One connection of its own, every statement
prepared (``prepare_threshold=0``), nothing else: no HTTP, no
authentication, no validation, no scoring, no ORM. Its CPU (this process and
the PostgreSQL backend) per hand is what a hand post is measured against.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path

import psycopg
from psycopg.types.json import Jsonb


@dataclass(frozen=True)
class Template:
    table_id: int
    hand: dict  # column -> value
    transfers: list[dict]
    audit: dict


def _rows(cursor, sql: str, params) -> list[dict]:
    cursor.execute(sql, params)
    names = [c.name for c in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


def templates(dsn: str, hand_ids: list[int]) -> list[Template]:
    """The rows the API wrote for these hands, to be written again by hand."""
    from tournament.models import AuditEntry, ChipTransfer, Hand

    found = []
    with psycopg.connect(dsn) as conn, conn.cursor() as cursor:
        for pk in hand_ids:
            (hand,) = _rows(cursor, f"SELECT * FROM {Hand._meta.db_table} WHERE id = %s", [pk])
            transfers = _rows(
                cursor, f"SELECT * FROM {ChipTransfer._meta.db_table} WHERE hand_id = %s ORDER BY id", [pk]
            )
            (audit,) = _rows(
                cursor,
                f"SELECT * FROM {AuditEntry._meta.db_table} WHERE object_type = 'hand' AND object_id = %s "
                "AND action = 'hand_recorded'",
                [pk],
            )
            found.append(Template(hand["table_id"], hand, transfers, audit))
    return found


def _insert(table: str, row: dict, *, returning: bool = False) -> tuple[str, list]:
    columns = [c for c in row if c != "id"]
    values = [Jsonb(row[c]) if isinstance(row[c], dict | list) else row[c] for c in columns]
    sql = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join(['%s'] * len(columns))})"
    return sql + (" RETURNING id" if returning else ""), values


def _insert_many(table: str, rows: list[dict]) -> tuple[str, list]:
    columns = [c for c in rows[0] if c != "id"]
    one = "(" + ", ".join(["%s"] * len(columns)) + ")"
    sql = f"INSERT INTO {table} ({', '.join(columns)}) VALUES {', '.join([one] * len(rows))} RETURNING id"
    return sql, [row[c] for row in rows for c in columns]


def write_hands(dsn: str, found: list[Template], count: int, pin: int | None = None) -> dict:
    """Write ``count`` hands as the floor does (cycling over ``found``); CPU per hand, ms. ``pin``: the
    core the backend runs on (as the measured post's did)."""
    from tournament.models import AuditEntry, ChipTransfer, Hand
    from tournament.tables.ledger.checks import _LOCK_SQL
    from tournament.tables.selectors import _HANDS_SQL, _TRANSFERS_SQL

    lock = _LOCK_SQL + " FOR UPDATE OF t"  # as tournament.tables.ledger.checks.lock_table on PostgreSQL
    with psycopg.connect(dsn, prepare_threshold=0) as conn:
        backend = conn.info.backend_pid
        if pin is not None:
            os.sched_setaffinity(backend, {pin})

        def one(template: Template, n: int) -> None:
            with conn.transaction(), conn.cursor() as cursor:
                cursor.execute(lock, [template.table_id])
                cursor.fetchone()
                cursor.execute(_HANDS_SQL, [template.table_id])
                hands = cursor.fetchall()
                cursor.execute(_TRANSFERS_SQL, [template.table_id])
                cursor.fetchall()
                key = f"floor-{os.getpid()}-{n}"
                sql, values = _insert(
                    Hand._meta.db_table,
                    {**template.hand, "sequence": len(hands) + 1, "idempotency_key": key},
                    returning=True,
                )
                cursor.execute(sql, values)
                (hand_id,) = cursor.fetchone()
                if template.transfers:
                    sql, values = _insert_many(
                        ChipTransfer._meta.db_table, [{**t, "hand_id": hand_id} for t in template.transfers]
                    )
                    cursor.execute(sql, values)
                    cursor.fetchall()
                sql, values = _insert(AuditEntry._meta.db_table, {**template.audit, "object_id": hand_id})
                cursor.execute(sql, values)

        for n in range(min(count, 3 * len(found))):  # warm: every statement prepared
            one(found[n % len(found)], n)
        started, backend_started, wall = time.process_time(), _cpu_of(backend), time.perf_counter()
        for n in range(count):
            one(found[n % len(found)], count + n)
        cpu, wall = time.process_time() - started, time.perf_counter() - wall
        backend_cpu = _cpu_of(backend) - backend_started
    return {
        "python_ms": 1000 * cpu / count,
        "postgres_ms": 1000 * backend_cpu / count,
        "wall_ms": 1000 * wall / count,
    }


def _cpu_of(pid: int) -> float:
    """User + system CPU seconds of a process on this machine (/proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
