"""The backup of deploy/backup.sh restores into a fresh database that serves the same standings.

A small league is played through the ledger's one door on a PostgreSQL database of its own; the
documented backup (``deploy/backup.sh``: pg_dump, retention) dumps it; the README's restore
(``createdb`` + ``pg_restore``) loads the dump into a new database; the app on the restored
database answers the standings API (competition and rounds) and the CSV exactly as before.
"""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
import time

import pytest

from tests.deploy.services import BASE_DIR, database_url, fresh_database, pg_env, pg_params

pytestmark = pytest.mark.postgres
DAY = 24 * 3600


def django_env(url: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DJANGO_SETTINGS_MODULE")}
    return env | {
        "DATABASE_URL": url, "DEBUG": "false", "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "testserver", "SECURE_SSL_REDIRECT": "false", "PYTHONUNBUFFERED": "1",
        "DJANGO_SETTINGS_MODULE": "tournament.project.settings",
    }  # fmt: skip


def run(args: list[str], env: dict, timeout: float = 180) -> str:
    done = subprocess.run(args, cwd=BASE_DIR, env=env, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{' '.join(args)}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def league(url: str, *args: str):
    return json.loads(run([sys.executable, "-m", "tests.deploy.league", *args], django_env(url)))


def test_a_backup_restores_into_a_fresh_database_serving_the_same_standings(tmp_path):
    backups = tmp_path / "backups"
    backups.mkdir()
    too_old, recent = backups / "league-20000101T000000Z.dump", backups / "league-20000102T000000Z.dump"
    for path, age in ((too_old, 15 * DAY + 3600), (recent, 2 * DAY)):
        path.write_bytes(b"an earlier dump")
        os.utime(path, (time.time() - age, time.time() - age))

    with fresh_database(database_url("backup")) as url:
        run([sys.executable, "manage.py", "migrate", "--noinput", "-v0"], django_env(url))
        played = league(url, "play")
        before = league(url, "serve", str(played["competition"]))
        said = run(
            [str(BASE_DIR / "deploy" / "backup.sh")],
            os.environ | {"DATABASE_URL": url, "BACKUP_DIR": str(backups), "BACKUP_KEEP_DAYS": "14"},
        )
    dumps = sorted(p.name for p in backups.iterdir())
    assert too_old.name not in dumps and recent.name in dumps, dumps  # retention: 14 days kept
    (dump,) = [backups / name for name in dumps if name not in (recent.name,)]
    assert dump.name in said and dump.stat().st_mode & 0o077 == 0  # readable by its owner only

    # The league is gone with its database: what follows comes from the dump alone.
    with fresh_database(database_url("restored"), create=False) as restored:
        name = pg_params(restored)["dbname"]
        run(["createdb", name], pg_env(restored))
        # As the README restores: the dump into the empty database DATABASE_URL names.
        restore = ["pg_restore", "--no-owner", "--exit-on-error", f"--dbname={restored}", str(dump)]
        run(restore, pg_env(restored))
        after = league(restored, "serve", str(played["competition"]))

    rows = before["competition"]["results"]
    assert len(rows) == 8 and rows[0]["chips"] > 0 and len(before["rounds"]) == 2
    assert "陈美玲" in before["csv"]
    assert after == before
