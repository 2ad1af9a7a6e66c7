"""Real PostgreSQL databases and a private Redis for the production kit's tests (no Django here).

Each test names its own database, ``<DATABASE_URL's name, else mahjong_prod>_<suffix>``, on the
machine's PostgreSQL (``DATABASE_URL``'s server, else 127.0.0.1:5432 as ``postgres``), drops it
before and after, and never touches another. Redis is a ``redis-server`` of its own on a free port
with nothing on disk, stopped at the end: the shared one is left alone.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg

from tests.conftest import need
from tests.faults.stack import free_port, wait_for

BASE_DIR = Path(__file__).resolve().parents[2]


def database_url(suffix: str) -> str:
    base = os.environ.get("DATABASE_URL") or "postgres://postgres@127.0.0.1:5432/mahjong_prod"
    parts = urlsplit(base)
    if not parts.scheme.startswith("postgres"):
        base = "postgres://postgres@127.0.0.1:5432/mahjong_prod"
        parts = urlsplit(base)
    return urlunsplit(parts._replace(path=f"{parts.path.rstrip('/')}_{suffix}", query=""))


def pg_params(url: str) -> dict:
    parts = urlsplit(url)
    return {
        "host": parts.hostname or "127.0.0.1",
        "port": parts.port or 5432,
        "user": parts.username or "postgres",
        "password": parts.password or None,
        "dbname": parts.path.lstrip("/"),
    }


def pg_env(url: str) -> dict:
    """The libpq environment of the command-line tools (pg_dump, pg_restore, psql) for ``url``."""
    p = pg_params(url)
    env = {**os.environ, "PGHOST": p["host"], "PGPORT": str(p["port"]), "PGUSER": p["user"]}
    if p["password"]:
        env["PGPASSWORD"] = p["password"]
    return env


def _admin(url: str) -> psycopg.Connection:
    p = {**pg_params(url), "dbname": "postgres"}
    return psycopg.connect(connect_timeout=3, autocommit=True, **p)


def need_postgres(url: str) -> None:
    try:
        _admin(url).close()
    except psycopg.Error as exc:
        need(False, f"no PostgreSQL to test against ({exc})")


def drop_database(url: str) -> None:
    with _admin(url) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{pg_params(url)["dbname"]}" WITH (FORCE)')


@contextmanager
def fresh_database(url: str, *, create: bool = True):
    """The database of ``url`` dropped (and created empty unless ``create`` is false); dropped after."""
    need_postgres(url)
    drop_database(url)
    if create:
        with _admin(url) as admin:
            admin.execute(f'CREATE DATABASE "{pg_params(url)["dbname"]}"')
    try:
        yield url
    finally:
        drop_database(url)


@contextmanager
def private_redis(workdir: Path):
    """A ``redis-server`` of our own on a free loopback port: its URL, stopped after the block."""
    need(bool(shutil.which("redis-server") and shutil.which("redis-cli")), "redis-server is not installed")
    port = free_port()
    subprocess.run(
        ["redis-server", "--bind", "127.0.0.1", "--port", str(port), "--save", "", "--appendonly", "no",
         "--daemonize", "yes", "--logfile", str(workdir / "redis.log"),
         "--pidfile", str(workdir / "redis.pid")],
        check=True, timeout=10,
    )  # fmt: skip

    def cli(*args):
        command = ["redis-cli", "-p", str(port), *args]
        return subprocess.run(command, capture_output=True, text=True, timeout=10)

    wait_for("Redis to answer PING", lambda: cli("ping").stdout.strip() == "PONG", 10)
    try:
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        cli("shutdown", "nosave")
