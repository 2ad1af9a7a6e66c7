"""The upgrade from the schema before the house was reorganised (issue 15), with a league in it.

The reorganisation moved every model into its part's package (``tournament/<part>/models.py``) and kept
the app label and every table. This test builds a database with the code as it was before (commit
``BEFORE``, taken from this repository's history), loads the demo league with its played rounds in it,
then runs today's code on that database: ``migrate`` has nothing of the old schema to apply (only the
migrations added since, which it applies), ``makemigrations --check``
finds nothing to change, and every row is read through today's models: the standings computed from
the ledger agree with the stored ones, and every table folds.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BEFORE = "5382d4d"  # main before the house was reorganised (session 8)

# Each part's commands in one process (call_command, as manage.py runs them): the old code's, then today's.
BUILD_BEFORE = """
import django
django.setup()
from django.core.management import call_command
call_command("migrate", interactive=False, verbosity=0)
call_command("load_demo")
"""

UPGRADE_AND_READ_EVERYTHING = """
import io
import django
django.setup()
from django.core.management import call_command
plan = io.StringIO()
call_command("migrate", plan=True, stdout=plan)
print(plan.getvalue())
call_command("migrate", interactive=False, verbosity=0)
call_command("makemigrations", check=True, dry_run=True, verbosity=0)  # exits 1 if the models differ
from tournament.models import Competition, Hand, ChipTransfer, Table, AuditEntry
from tournament.standings.compute import standings_compute
from tournament.standings.store import standings_refresh, stored_standings
from tournament.tables.selectors import table_fold
competition = Competition.objects.get()
assert Hand.objects.exists() and ChipTransfer.objects.exists() and AuditEntry.objects.exists()
computed = [(r.rank, r.totals) for r in standings_compute(competition).rows]
standings_refresh(competition)
assert computed == [(r.rank, r.totals) for r in stored_standings(competition)], "standings differ"
hands = sum(len(table_fold(t).rows) for t in Table.objects.select_related("round__competition"))
print("ok", Hand.objects.count(), hands, len(computed))
"""


def _env(database: Path, settings: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "CI")}
    env.update(
        DJANGO_SETTINGS_MODULE=settings,
        DATABASE_URL=f"sqlite:///{database}",
        SECRET_KEY="upgrade-test-" + "x" * 40,
        ALLOWED_HOSTS="testserver",
        SECURE_SSL_REDIRECT="false",
        SESSION_COOKIE_SECURE="false",
        CSRF_COOKIE_SECURE="false",
    )
    return env


def _run(args: list[str], cwd: Path, env: dict) -> str:
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_a_league_made_before_the_reorganisation_reads_the_same_after_it(tmp_path):
    if subprocess.run(["git", "cat-file", "-e", BEFORE], cwd=ROOT, capture_output=True).returncode:
        pytest.skip(f"this clone has no commit {BEFORE} (a shallow clone)")
    old = tmp_path / "before"
    old.mkdir()
    archive = subprocess.run(["git", "archive", BEFORE], cwd=ROOT, capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(old)], input=archive, check=True)
    database = tmp_path / "league.sqlite3"
    python = sys.executable

    _run([python, "-c", BUILD_BEFORE], old, _env(database, "tournament.settings"))
    shutil.rmtree(old)

    after = _env(database, "tournament.project.settings")
    out = _run([python, "-c", UPGRADE_AND_READ_EVERYTHING], ROOT, after)
    # Nothing of the reorganisation is left to migrate: only migrations added since (issue 32's first).
    made_before = subprocess.run(
        ["git", "ls-tree", "--name-only", BEFORE, "tournament/migrations/"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    planned = [line.split(".", 1)[1] for line in out.splitlines() if line.startswith("tournament.")]
    assert all(f"tournament/migrations/{name}.py" not in made_before for name in planned), out
    ok = out.splitlines()[-1].split()
    assert ok[0] == "ok" and int(ok[1]) > 0 and int(ok[2]) > 0 and int(ok[3]) > 0
