"""Fixtures shared by the whole suite.

Tiers (STYLE.md, 8): pure tests need nothing; database tests use the
``django_db`` mark and the fixed role users below; tests marked ``worker``
need a real Celery worker over Redis and tests under tests/browser a real
headless Chromium. With CI=true a missing service fails the run instead of
skipping.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # Playwright's sync API keeps a loop running

BASE_DIR = Path(__file__).resolve().parent.parent
IN_CI = os.environ.get("CI", "").lower() == "true"


def _chromium() -> Path:
    """The browser tests' Chromium: Debian's ``chromium-headless-shell`` where it is installed, else its
    ``chromium`` (``TEST_CHROMIUM`` names another). The shell is the same Blink and V8 without the desktop
    browser around them (Playwright's own choice for headless): the 67 browser tests took 124 s instead of
    172 s on two workers, and Chromium's processes 124 s of CPU instead of 238 s (bench/README.md)."""
    if os.environ.get("TEST_CHROMIUM"):
        return Path(os.environ["TEST_CHROMIUM"])
    shell = Path("/usr/bin/chromium-headless-shell")
    return shell if shell.exists() else Path("/usr/bin/chromium")


CHROMIUM = _chromium()


def pytest_report_header(config):
    """Say on which real services this run is, so the CI log shows it."""
    from django.conf import settings

    db = settings.DATABASES["default"]
    chromium = CHROMIUM if CHROMIUM.exists() else f"missing ({CHROMIUM})"
    return [
        f"database: {db['ENGINE'].rsplit('.', 1)[-1]} {db.get('HOST') or ''} (test database of {db['NAME']})",
        f"celery: {'broker ' + settings.CELERY_BROKER_URL if settings.REDIS_URL else 'tasks in process'}",
        f"chromium: {chromium}; CI={os.environ.get('CI', '')}",
    ]


# Tests that run for seconds each (a subprocess stack, a whole demo league, a long search, a property run
# of hundreds of examples), by node id. They are started first, then the browser tests, then the rest
# (``pytest_collection_modifyitems``). pytest-xdist's ``loadgroup`` (pyproject.toml) deals the tests out
# one at a time to the worker that asks, so the long ones are shared at the start, whichever worker is
# free takes the next, and the run ends on short tests with both workers busy (issue 30).
LONG_FIRST = (
    "tests/deploy/",
    "tests/tournament/test_upgrade.py",
    "tests/tournament/test_env.py",
    "tests/tournament/test_demo_and_roles.py",
    "tests/tournament/test_logs.py",
    "tests/tournament/test_seating_byes_plan.py",
    "tests/tournament/test_standings_reference.py",
    "tests/api/test_sqlite_races.py",
    "tests/api/clients/",
    "tests/scoring/test_properties_",
    "tests/test_rules_matrix.py",
)


def _start_order(item) -> int:
    if item.nodeid.startswith(LONG_FIRST):
        return 0
    return 1 if item.get_closest_marker("browser") else 2


def pytest_collection_modifyitems(config, items):
    """The long tests first, then the browser tests, each group in its collected order (a stable sort: every
    worker collects the same order, which pytest-xdist requires)."""
    items.sort(key=_start_order)
    _keep_groups_whole(config, items)


def _keep_groups_whole(config, items) -> None:
    """``--dist loadgroup`` sends the tests marked ``xdist_group("x")`` to one worker by the "@x" its worker
    adds to their ids; pytest 9.2 keeps ids in a new field, and pytest-xdist 3.8 still writes the old one,
    so the groups were silently dealt out like any test (pytest-dev/pytest-xdist#1386, fix not released).
    The same suffix, set where pytest 9.2 reads it (the module's nginx stack was built on both workers)."""
    if not getattr(config.option, "loadgroup", False):
        return
    from _pytest.nodeid import NodeId

    for item in items:
        marks = item.iter_markers("xdist_group")
        groups = sorted({str(m.args[0] if m.args else m.kwargs.get("name", "default")) for m in marks})
        if groups and not item.nodeid.endswith("@" + "_".join(groups)):
            item._id = NodeId.parse(f"{item.nodeid}@{'_'.join(groups)}")


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix, tmp_path_factory):
    """SQLite's test database: a file of this process's (each pytest-xdist worker its own), in WAL mode.

    Django's default, in memory with a shared cache, gave each live-server thread its own connection when
    the session's ``live_server`` started before the database was set up (pytest-django then shares none;
    started after, every thread shared one, which Django's docs warn against), and a shared cache locks
    tables without waiting: a poll read while a hand was written failed at once ("database table is
    locked: tournament_round", a 503). On a file, writers queue for ``timeout`` (settings.py) and WAL
    readers never wait. ``synchronous=OFF``: no fsync, a test database outlives no crash. PostgreSQL
    (CI=true) is left as it is."""
    from django.conf import settings

    db = settings.DATABASES["default"]
    if db["ENGINE"] != "django.db.backends.sqlite3" or db.get("TEST", {}).get("NAME"):
        return
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    db.setdefault("TEST", {})["NAME"] = str(tmp_path_factory.mktemp("sqlite") / f"test_{worker}.sqlite3")
    options = db.setdefault("OPTIONS", {})
    options["init_command"] = "PRAGMA journal_mode=WAL; PRAGMA synchronous=OFF"


def need(condition: bool, reason: str) -> None:
    """Skip on a laptop without the service; fail in CI, where it must be there."""
    if condition:
        return
    if IN_CI:
        pytest.fail(f"CI=true but {reason}")
    pytest.skip(reason)


@pytest.fixture(autouse=True)
def _plain_http(request):
    """Tests talk plain HTTP to the test client; production redirects to HTTPS."""
    if request.config.pluginmanager.hasplugin("django"):  # pure runs use -p no:django
        settings = request.getfixturevalue("settings")
        settings.SECURE_SSL_REDIRECT = False
        # A fast hasher: the suite logs in many users (real strength is production's concern).
        settings.PASSWORD_HASHERS = FAST_HASHERS
        # Each test's client loads the middleware anew, and WhiteNoise scanned all 509 static files
        # there (127 ms a client under the profiler; the page matrix took twice as long). It looks a
        # file up when asked instead; the headers are the same. tests/tournament/test_static.py serves
        # production's way (the scan at start).
        settings.WHITENOISE_AUTOREFRESH = True


@pytest.fixture(autouse=True)
def _no_language_left_behind(request):
    """A page asked in Chinese leaves its language active in the thread (LocaleMiddleware activates, nothing
    deactivates): the next test's PDFs and messages would be Chinese. Each test starts in the default."""
    yield
    if request.config.pluginmanager.hasplugin("django"):
        from django.utils import translation

        translation.deactivate()


# --- the fixed role users (healthchecks style: the same cast in every permission test) ---


FAST_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
CAST = {"organiser": "olivia_organiser", "scorekeeper": "sam_scorekeeper", "player": "pat_player"}


def user_in_group(username: str, group: str):
    """A user in one of the role groups (with its permissions)."""
    from django.contrib.auth.models import Group

    from tests.factories import UserFactory

    user = UserFactory(username=username)
    user.groups.add(Group.objects.get(name=group))
    return user


def cast_user(role: str):
    """The cast's user of ``role``: for the fixtures below, and for a set-up built once a module
    (tests/api/test_schema_fuzz.py)."""
    return user_in_group(CAST[role], role)


def built_for_the_module(django_db_blocker, build):
    """The body of a module-scoped fixture (``yield from``): ``build()``'s rows made once a module (in each
    worker), in a transaction that ends with the module; each test runs in a savepoint of it (pytest-django's
    ``db``), rolled back after the test, so every test still starts from these rows. For modules whose
    tests all use ``db`` (never ``transactional_db``) and share one league."""
    from django.db import transaction
    from django.test import override_settings

    with django_db_blocker.unblock(), override_settings(PASSWORD_HASHERS=FAST_HASHERS):
        atomic = transaction.atomic()
        atomic.__enter__()
        try:
            built = build()
        except BaseException:
            atomic.__exit__(*sys.exc_info())
            raise
    yield built
    with django_db_blocker.unblock():
        transaction.set_rollback(True)
        atomic.__exit__(None, None, None)


@pytest.fixture
def organiser(db):
    return cast_user("organiser")


@pytest.fixture
def scorekeeper(db):
    return cast_user("scorekeeper")


@pytest.fixture
def player_user(db):
    return cast_user("player")


@pytest.fixture
def stranger(db):
    from tests.factories import UserFactory

    return UserFactory(username="charlie_stranger")


# --- a real Celery worker over Redis ---


@pytest.fixture(scope="session")
def celery_worker_proc(tmp_path_factory, django_db_setup):
    """A real worker process over Redis, on the same test database as the tests (PostgreSQL).

    Tests that need it to see their rows use ``transactional_db`` (committed data).
    """
    from django.conf import settings
    from django.db import connection

    need(bool(settings.REDIS_URL), "REDIS_URL is not set: no real worker to test against")
    log = tmp_path_factory.mktemp("celery") / "worker.log"
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    db = connection.settings_dict
    if connection.vendor == "postgresql":
        auth = db["USER"] + (f":{db['PASSWORD']}" if db.get("PASSWORD") else "")
        env["DATABASE_URL"] = f"postgres://{auth}@{db['HOST']}:{db['PORT'] or 5432}/{db['NAME']}"
    with open(log, "w") as fh:  # a file, not a pipe: a full pipe would block the worker
        proc = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "tournament", "worker", "--pool=solo", "--concurrency=1",
             "-l", "info", "--without-mingle", "--without-gossip", "-n", f"pytest-{os.getpid()}@%h"],
            cwd=BASE_DIR, stdout=fh, stderr=subprocess.STDOUT, env=env,
        )  # fmt: skip
    deadline = time.monotonic() + 40
    while "ready." not in log.read_text():
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            pytest.fail("Celery worker did not start:\n" + log.read_text())
        time.sleep(0.1)
    print(f"\n[celery] real worker pid {proc.pid} on {settings.CELERY_BROKER_URL}")
    yield proc
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.fixture(autouse=True)
def _tasks_in_process_unless_a_worker_is_asked_for(request):
    """Every test runs its Celery tasks in process, as the embedded default does, except those that
    ask for the broker (``celery_not_eager``). Otherwise, with REDIS_URL set (CI), a test's tasks went
    to the session's real worker, which then wrote standings for that test's competition while the
    test itself did, or while the database was being flushed after it (a deadlock)."""
    if "celery_not_eager" in request.fixturenames:
        yield
        return
    from tournament.project.celery import app

    old = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = old


@pytest.fixture
def celery_not_eager(settings):
    """Tasks go to the broker (as in production), for tests with a real worker."""
    from tournament.project.celery import app

    need(bool(settings.REDIS_URL), "REDIS_URL is not set")
    old = app.conf.task_always_eager
    app.conf.task_always_eager = False
    yield app
    app.conf.task_always_eager = old


@pytest.fixture
def tasks_in_process(_tasks_in_process_unless_a_worker_is_asked_for):
    """The embedded default: Celery tasks run in process. Every test has it (the autouse fixture above,
    the one place tasks are made to run in process); a test that relies on it names it."""
    from tournament.project.celery import app

    assert app.conf.task_always_eager
    return app


@pytest.fixture(autouse=True)
def _no_standings_answers_kept_from_another_test(request, monkeypatch):
    """Answers of the standings API kept in memory (``tournament.standings.cache``) belong to the test
    that made them: another test's database may reuse the same ids under the same path. And a test that
    records a hand and reads the standings sees it at once: kept answers are not served past a change
    (``FRESH_SECONDS`` 0) except in the tests of that floor, which set it again."""
    if not request.config.pluginmanager.hasplugin("django"):  # pure runs use -p no:django
        yield
        return
    from tournament.standings import cache as standings_cache

    monkeypatch.setattr(standings_cache, "FRESH_SECONDS", 0.0)
    standings_cache.forget()
    yield
    standings_cache.forget()
    _forget_queued_marks()


def _forget_queued_marks() -> None:
    """A table's "update queued" mark (``tournament.standings.marks``) lives in the cache for a minute; left
    by one test (its task sent nowhere), it held back the standings update of the next test's table of the
    same id (ids come again after each test's rollback), whose stored standings then stayed behind. In the
    embedded default the cache is this process's memory: emptied. On Redis (CI) the broker shares the
    database, so only the marks go."""
    from django.core.cache import caches
    from django.core.cache.backends.locmem import LocMemCache

    from tournament.standings.marks import QUEUED_KEY

    cache = caches["default"]
    if isinstance(cache, LocMemCache):
        cache.clear()
        return
    client = cache._cache.get_client(write=True)
    marks = list(client.scan_iter(match=cache.make_key(QUEUED_KEY.format("*")), count=1000))
    if marks:
        client.delete(*marks)


class StandingsClock:
    """The clock of ``tournament.standings.cache``, moved on by the test (``now``)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def standings_floor(monkeypatch) -> StandingsClock:
    """Kept standings answers served for a second past a change (``FRESH_SECONDS``, set to 1 here), on a
    test's clock."""
    from tournament.standings import cache as standings_cache

    clock = StandingsClock()
    monkeypatch.setattr(standings_cache, "_clock", clock)
    monkeypatch.setattr(standings_cache, "FRESH_SECONDS", 1.0)
    return clock


@pytest.fixture(autouse=True)
def sends_here():
    """The embedded default sends in a background thread after the response (``tasks.in_process``); every
    test sends in its own thread instead (their rows are not committed for another thread to see), at
    once and deterministically. A test of the thread itself sets ``threaded`` again and drains it."""
    from tournament.notifications.tasks import in_process

    in_process.threaded = False  # not a monkeypatch: a test's ``monkeypatch.undo()`` keeps it
    yield in_process
    in_process.threaded = True
