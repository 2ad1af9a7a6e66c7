"""The real services of a fault test, each a process of its own that a test can break and bring back.

``Stack`` owns, for one pytest session:

- a PostgreSQL database of its own (``<DATABASE_URL's name>_faults``, or
  ``FAULTS_DATABASE_URL``), dropped and migrated at the start, dropped at
  the end; its name must end in ``_faults`` so that nothing else is ever
  dropped;
- a Redis of its own (``redis-server`` on a free loopback port, nothing on
  disk): stopping it breaks nobody else's work;
- the app under gunicorn (two sync workers, ``DEBUG`` off, as in
  production) on a free loopback port;
- one Celery worker (solo pool, so that SIGKILL kills the process doing the
  work).

The server and the worker name themselves to PostgreSQL
(``application_name`` ``faults-web`` and ``faults-worker``), so a test can
find their backends in ``pg_stat_activity``. Nothing here imports Django:
Django runs in the subprocesses (``tests.faults.probe`` seeds and audits).
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg

BASE_DIR = Path(__file__).resolve().parents[2]
WEB, WORKER = "faults-web", "faults-worker"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def faults_database_url() -> str:
    """The database of the fault tests: FAULTS_DATABASE_URL, else DATABASE_URL's name + ``_faults``."""
    url = os.environ.get("FAULTS_DATABASE_URL")
    if not url:
        base = os.environ.get("DATABASE_URL") or "postgres://postgres@127.0.0.1:5432/mahjong"
        parts = urlsplit(base)
        url = urlunsplit(parts._replace(path=parts.path.rstrip("/") + "_faults", query=""))
    return url


def wait_for(what: str, check, timeout: float, interval: float = 0.1):
    """Poll ``check()`` until it answers something true; fail with ``what`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        result = check()
        if result:
            return result
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(interval)


class Stack:
    def __init__(self, workdir: Path):
        self.workdir = workdir
        self.database_url = faults_database_url()
        parts = urlsplit(self.database_url)
        self.db_name = parts.path.lstrip("/")
        if not self.db_name.endswith("_faults"):
            raise ValueError(f"the fault tests drop their database: {self.db_name!r} must end in _faults")
        self.pg = {
            "host": parts.hostname or "127.0.0.1",
            "port": parts.port or 5432,
            "user": parts.username or "postgres",
            "password": parts.password or None,
        }
        self.redis_port = free_port()
        self.web_port = free_port()
        self.base_url = f"http://127.0.0.1:{self.web_port}"
        self.web: subprocess.Popen | None = None
        self.worker: subprocess.Popen | None = None
        self.worker_log: Path | None = None
        self._starts = 0
        self.env = {
            **os.environ,
            "REDIS_URL": f"redis://127.0.0.1:{self.redis_port}/0",
            "DEBUG": "false",
            "SECRET_KEY": secrets.token_urlsafe(50),
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "SECURE_SSL_REDIRECT": "false",
            "SESSION_COOKIE_SECURE": "false",
            "CSRF_COOKIE_SECURE": "false",
            "PYTHONUNBUFFERED": "1",
            "DJANGO_SETTINGS_MODULE": "tournament.project.settings",
        }
        self.env.pop("FAULTS_DATABASE_URL", None)

    # --- PostgreSQL ---

    def env_as(self, app: str) -> dict:
        """The environment of a process that names itself ``app`` to PostgreSQL."""
        return {**self.env, "DATABASE_URL": f"{self.database_url}?application_name={app}"}

    def connect(self, dbname: str | None = None, **kwargs) -> psycopg.Connection:
        return psycopg.connect(dbname=dbname or self.db_name, connect_timeout=3, **self.pg, **kwargs)

    def create_database(self) -> None:
        with self.connect("postgres", autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{self.db_name}" WITH (FORCE)')
            admin.execute(f'CREATE DATABASE "{self.db_name}"')
        self.manage("migrate", "--noinput", "-v0", timeout=180)

    def drop_database(self) -> None:
        with self.connect("postgres", autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{self.db_name}" WITH (FORCE)')

    def backends(self, app: str) -> list[dict]:
        """The PostgreSQL sessions of ``app`` on our database: pid, state, what they wait on, the query."""
        with self.connect(autocommit=True) as conn:
            rows = conn.execute(
                "SELECT pid, state, wait_event_type, query FROM pg_stat_activity "
                "WHERE datname = %s AND application_name = %s",
                (self.db_name, app),
            ).fetchall()
        return [dict(zip(("pid", "state", "wait_event_type", "query"), row, strict=True)) for row in rows]

    def terminate_backends(self, *apps: str) -> int:
        """``pg_terminate_backend`` every session of these apps on our database; how many there were."""
        with self.connect(autocommit=True) as conn:
            rows = conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = %s AND application_name = ANY(%s)",
                (self.db_name, list(apps)),
            ).fetchall()
        return len(rows)

    def postmaster_started(self):
        with self.connect(autocommit=True) as conn:
            return conn.execute("SELECT pg_postmaster_start_time()").fetchone()[0]

    # --- Django subprocesses: manage.py and the probe ---

    def manage(self, *args: str, timeout: float = 60) -> str:
        done = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=BASE_DIR, env=self.env_as("faults-manage"), capture_output=True, text=True, timeout=timeout,
        )  # fmt: skip
        if done.returncode:
            raise AssertionError(f"manage.py {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")
        return done.stdout

    def probe(self, *args: str, timeout: float = 60) -> dict:
        """``python -m tests.faults.probe ARGS`` on our database: its JSON answer."""
        done = subprocess.run(
            [sys.executable, "-m", "tests.faults.probe", *args],
            cwd=BASE_DIR, env=self.env_as("faults-probe"), capture_output=True, text=True, timeout=timeout,
        )  # fmt: skip
        if done.returncode:
            raise AssertionError(f"probe {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")
        return json.loads(done.stdout)

    # --- Redis ---

    def redis_cli(self, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            ["redis-cli", "-h", "127.0.0.1", "-p", str(self.redis_port), *args],
            capture_output=True, text=True, timeout=10,
        )  # fmt: skip

    def redis_up(self) -> bool:
        return self.redis_cli("ping").stdout.strip() == "PONG"

    def start_redis(self) -> None:
        subprocess.run(
            ["redis-server", "--bind", "127.0.0.1", "--port", str(self.redis_port), "--save", "",
             "--appendonly", "no", "--daemonize", "yes", "--logfile", str(self.workdir / "redis.log"),
             "--pidfile", str(self.workdir / "redis.pid")],
            check=True, timeout=10,
        )  # fmt: skip
        wait_for("Redis to answer PING", self.redis_up, 10)

    def stop_redis(self) -> None:
        """``SHUTDOWN NOSAVE``: Redis is gone, with every queued task in it."""
        self.redis_cli("shutdown", "nosave")
        wait_for("Redis to stop", lambda: not self.redis_up(), 10)

    # --- the app under gunicorn ---

    def start_web(self) -> None:
        log = open(self.workdir / "web.log", "a")  # noqa: SIM115 - the process keeps it open
        self.web = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "tournament.project.wsgi",
             "--bind", f"127.0.0.1:{self.web_port}",
             "--workers", "2", "--timeout", "30", "--graceful-timeout", "3", "--access-logfile", "-"],
            cwd=BASE_DIR, env=self.env_as(WEB), stdout=log, stderr=subprocess.STDOUT,
        )  # fmt: skip
        log.close()

        def answers():
            if self.web.poll() is not None:
                raise AssertionError("gunicorn exited:\n" + (self.workdir / "web.log").read_text())
            try:
                urllib.request.urlopen(self.base_url + "/healthz", timeout=2)
            except urllib.error.HTTPError:
                return True  # 503 (Redis or the worker down) is still an answer
            except OSError:
                return False
            return True

        wait_for("gunicorn to answer", answers, 30, 0.2)

    # --- the Celery worker ---

    def start_worker(self) -> subprocess.Popen:
        self._starts += 1
        self.worker_log = self.workdir / f"worker-{self._starts}.log"
        with open(self.worker_log, "w") as fh:  # a file, not a pipe: a full pipe would block the worker
            self.worker = subprocess.Popen(
                [sys.executable, "-m", "celery", "-A", "tournament", "worker", "--pool=solo",
                 "--concurrency=1", "-l", "info", "--without-mingle", "--without-gossip",
                 "-n", f"faults-{os.getpid()}-{self._starts}@%h"],
                cwd=BASE_DIR, env=self.env_as(WORKER), stdout=fh, stderr=subprocess.STDOUT,
            )  # fmt: skip
        log = self.worker_log

        def ready():
            if self.worker.poll() is not None:
                raise AssertionError("Celery worker exited:\n" + log.read_text())
            return "ready." in log.read_text()

        wait_for("the Celery worker to be ready", ready, 40)
        return self.worker

    def kill_worker(self) -> None:
        """SIGKILL: no warm shutdown, no ack, the task in hand and its transaction cut off."""
        self.worker.send_signal(signal.SIGKILL)
        self.worker.wait(timeout=10)

    def send_task(self, name: str, *args) -> None:
        """Queue a task by name through our Redis, as Celery beat does (no Django in this process)."""
        from celery import Celery

        app = Celery(broker=self.env["REDIS_URL"])
        try:
            app.send_task(name, args=args, ignore_result=True)
        finally:
            app.close()

    # --- PostgreSQL restart (the whole cluster: everything on the machine) ---

    @staticmethod
    def _pg_ctlcluster(action: str) -> None:
        version = sorted(p.name for p in Path("/etc/postgresql").iterdir())[0]
        mode = ["-m", "fast"] if action == "stop" else []
        subprocess.run(
            ["pg_ctlcluster", "--skip-systemctl-redirect", version, "main", action, *mode],
            check=True, capture_output=True, timeout=60,
        )  # fmt: skip

    def stop_postgres(self) -> None:
        """Stop the cluster (fast: every session is cut, open transactions roll back)."""
        self._pg_ctlcluster("stop")

    def start_postgres(self) -> None:
        self._pg_ctlcluster("start")

    # --- all of it ---

    def start(self) -> None:
        self.create_database()
        self.start_redis()
        self.start_web()
        self.start_worker()

    def stop(self) -> None:
        for proc in (self.worker, self.web):
            if proc is not None and proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
                try:
                    proc.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    proc.kill()
        if self.redis_up():
            self.redis_cli("shutdown", "nosave")
        try:
            self.drop_database()
        except psycopg.Error:
            pass  # the next run drops it before it starts

    @contextmanager
    def lock(self, sql: str, params=()):
        """Hold the row locks of ``SELECT ... FOR UPDATE`` in a transaction of our own for the block."""
        with self.connect() as conn:
            conn.execute(sql, params).fetchall()
            try:
                yield conn
            finally:
                conn.rollback()


def have_services() -> str | None:
    """Why the fault tests cannot run here (None when they can)."""
    if not shutil.which("redis-server") or not shutil.which("redis-cli"):
        return "redis-server is not installed"
    try:
        Stack(Path("/tmp")).connect("postgres").close()
    except (psycopg.Error, ValueError) as exc:
        return f"no PostgreSQL for the fault tests ({exc})"
    return None
