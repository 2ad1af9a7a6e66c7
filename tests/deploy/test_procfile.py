"""The Procfile under ``honcho start``: web, worker and beat come up on PostgreSQL and Redis.

As the README tells an operator: an env file (``.env`` from ``.env.example``), ``honcho run python
manage.py migrate``, then ``honcho start``. The test waits until ``/healthz`` answers ``up`` (the
database, Redis and a worker's heartbeat: ``tournament/project/health.py``), sees beat start, then stops
honcho with SIGINT (Ctrl-C) and checks that every process it started has gone.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.deploy.services import BASE_DIR, database_url, fresh_database, private_redis
from tests.faults.stack import free_port, wait_for

pytestmark = pytest.mark.postgres


def write_env(path: Path, **values: str) -> Path:
    path.write_text("".join(f"{name}={value}\n" for name, value in values.items()))
    return path


def honcho(*args: str) -> list[str]:
    return [str(Path(sys.executable).parent / "honcho"), *args]


def health(url: str) -> tuple[int, dict] | None:
    try:
        with urllib.request.urlopen(url, timeout=2) as answer:
            return answer.status, json.load(answer)
    except urllib.error.HTTPError as answer:
        return answer.code, json.load(answer)
    except OSError:
        return None


def session_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


def test_honcho_start_brings_up_web_worker_and_beat(tmp_path):
    started = time.monotonic()
    port = free_port()
    with fresh_database(database_url("procfile")) as db_url, private_redis(tmp_path) as redis_url:
        env_file = write_env(
            tmp_path / "test.env",
            DATABASE_URL=db_url, REDIS_URL=redis_url, DEBUG="false", SECRET_KEY=secrets.token_urlsafe(50),
            ALLOWED_HOSTS="127.0.0.1", SECURE_SSL_REDIRECT="false", WEB_CONCURRENCY="2",
            CELERY_BEAT_SCHEDULE_FILE=str(tmp_path / "celerybeat-schedule"), PYTHONUNBUFFERED="1",
            VENV=str(Path(sys.executable).parent.parent),  # this run's virtual environment
        )  # fmt: skip
        env = dict(os.environ)
        migrate = subprocess.run(
            honcho("run", "-e", str(env_file), sys.executable, "manage.py", "migrate", "--noinput", "-v0"),
            cwd=BASE_DIR, env=env, capture_output=True, text=True, timeout=180,
        )  # fmt: skip
        assert migrate.returncode == 0, migrate.stdout + migrate.stderr

        log = tmp_path / "honcho.log"
        with open(log, "w") as out:  # a file, not a pipe: a full pipe would block the processes
            proc = subprocess.Popen(
                honcho("start", "--no-colour", "-e", str(env_file), "-p", str(port)),
                cwd=BASE_DIR, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
            )  # fmt: skip
        try:

            def up():
                if proc.poll() is not None:
                    raise AssertionError("honcho exited:\n" + log.read_text())
                answer = health(f"http://127.0.0.1:{port}/healthz")
                return answer == (200, {"status": "up"})

            wait_for("/healthz to say up (database, Redis and the worker's heartbeat)", up, 45, 0.25)
            wait_for("beat to start", lambda: "beat: Starting..." in log.read_text(), 15, 0.25)
            output = log.read_text()
            for name in ("web.1", "worker.1", "beat.1"):
                assert f"{name} started (pid=" in output, output
            assert "ready." in output, output  # the worker's own word that it takes tasks
            # Each process logs in the app's format (tournament/project/logs.py): time, level, logger,
            # request id.
            stamp = r"\d{{4}}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{{3}}[+-]\d\d:\d\d"
            line = r"\d\d:\d\d:\d\d {} +\| " + stamp + r" INFO {} \[{}\] {}"
            assert re.search(line.format("web.1", "gunicorn.error", "-", "Listening at"), output), output
            access = line.format("web.1", "tournament.access", "[0-9a-f]{32}", "GET /healthz 200")
            # honcho relays each process's lines as they come: the answer may reach us before its log line
            wait_for("the access line of /healthz", lambda: re.search(access, log.read_text()), 15, 0.25)
            assert re.search(line.format("worker.1", "celery.apps.worker", "-", ".* ready."), output), output
            assert re.search(line.format("beat.1", "celery.beat", "-", "beat: Starting"), output), output
        finally:
            if proc.poll() is None:
                proc.send_signal(signal.SIGINT)  # Ctrl-C: honcho stops each process (SIGTERM) and waits
            try:
                code = proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                raise
        output = log.read_text()
        assert code in (0, 130, -signal.SIGINT), output
        for name in ("web.1", "worker.1", "beat.1"):
            assert f"{name} stopped" in output, output
        wait_for("every process honcho started to be gone", lambda: not session_alive(proc.pid), 10)
        assert health(f"http://127.0.0.1:{port}/healthz") is None
    assert time.monotonic() - started < 60


def test_celery_finds_the_app_from_any_folder(tmp_path):
    """The Procfile's worker and beat start through scripts/celery: from another folder too (issue 48, where
    ``celery -A tournament`` started from elsewhere answered "The module tournament was not found")."""
    env = {**os.environ, "VENV": str(Path(sys.executable).parent.parent)}
    for _ in range(3):
        ran = subprocess.run(
            [str(BASE_DIR / "scripts" / "celery"), "report"],
            cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        assert ran.returncode == 0 and "software -> celery" in ran.stdout, ran.stdout + ran.stderr
    procfile = (BASE_DIR / "Procfile").read_text()
    assert "worker: scripts/celery worker" in procfile and "beat: scripts/celery beat" in procfile
