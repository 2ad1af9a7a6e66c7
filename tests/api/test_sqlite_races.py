"""Races on the embedded default (issue 31, item 7): SQLite answers the losers as PostgreSQL does.

Three simultaneous corrections of one voided hand and three simultaneous uses of one invitation:
one wins, the others get 409 ``already_corrected`` and 410 (used), never a 503 "database
unavailable" or a 500. SQLite's writers wait for the write lock (``timeout``) and take it when
their transaction begins (``transaction_mode: IMMEDIATE``, ``tournament.project.settings``).

The suite's test database is tuned for tests (WAL, no fsync: ``tests/conftest.py``); so the races
run in a child process with the embedded default's settings on a database file, as ``start.sh``
serves it (real threads, real connections).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

RACES = r"""
import json, os, sys, threading
from concurrent.futures import ThreadPoolExecutor

from django.conf import settings

settings.DATABASES["default"]["NAME"] = sys.argv[1]
settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
import django

django.setup()
from django.core.management import call_command
from django.db import connections
from django.test import Client
from django.test.utils import setup_test_environment
from rest_framework.authtoken.models import Token

from tests.factories import CompetitionFactory, UserFactory, seated_table
from tournament.access.invitations import invitation_create
from tournament.models import Hand, Invitation
from tournament.tables.ledger.record import hand_record
from tournament.tables.ledger.void import hand_void

setup_test_environment()
call_command("migrate", verbosity=0)
N = 3


def at_once(post):
    barrier = threading.Barrier(N)

    def one(i):
        try:
            barrier.wait()
            return post(i)
        finally:
            connections.close_all()

    with ThreadPoolExecutor(N) as pool:
        return sorted(pool.map(one, range(N)))


keeper = UserFactory(username="kim")
competition = CompetitionFactory()
competition.scorekeepers.add(keeper)
organiser = UserFactory(username="olivia")
competition.organisers.add(organiser)
table = seated_table(competition=competition, scorekeeper=keeper)
hand = hand_record(table=table, entry={"outcome": "draw"}, user=keeper)
hand_void(hand=hand, reason="it was a win", user=keeper)
token = Token.objects.create(user=keeper).key
east, south = table.seat_map["E"], table.seat_map["S"]
entry = {"outcome": "win", "winner": east, "win": "self_draw", "doubles": 1}


def correct(i):
    answer = Client(raise_request_exception=False).post(
        f"/api/v1/hands/{hand.pk}/correct/", entry, content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {token}",
    )
    return answer.status_code, answer.json()["errors"][0]["code"] if answer.status_code >= 400 else ""


_, secret = invitation_create(competition, role="scorekeeper", user=organiser)


def use(i):
    password = "a long passphrase 731"
    answer = Client(raise_request_exception=False).post(
        f"/accounts/invitation/{secret}/",
        {"username": f"newbie{i}", "password1": password, "password2": password},
    )
    return answer.status_code, ""


print(json.dumps({
    "corrections": at_once(correct),
    "corrected": Hand.objects.filter(corrects=hand).count(),
    "invitations": at_once(use),
    "accounts": Invitation.objects.exclude(account=None).count(),
}))
"""


def test_the_losers_of_a_race_on_sqlite_get_409_and_410(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_URL", "REDIS_URL", "DEBUG"))}
    env.update(DJANGO_SETTINGS_MODULE="tournament.project.settings", PYTHONPATH=str(ROOT))
    for name in ("SECRET_KEY", "ALLOWED_HOSTS", "SECURE_SSL_REDIRECT", "SESSION_COOKIE_SECURE",
                 "CSRF_COOKIE_SECURE"):  # fmt: skip
        env.pop(name, None)  # the embedded default: no configuration at all
    run = subprocess.run(
        [sys.executable, "-c", RACES, str(tmp_path / "db.sqlite3")],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr[-3000:]
    races = json.loads(run.stdout.strip().splitlines()[-1])
    assert races["corrections"] == [[201, ""], [409, "already_corrected"], [409, "already_corrected"]]
    assert races["corrected"] == 1
    assert races["invitations"] == [[302, ""], [410, ""], [410, ""]]
    assert races["accounts"] == 1
