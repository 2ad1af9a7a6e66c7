"""Fault tests on the real services (issue 7): a Celery worker killed, Redis stopped, PostgreSQL restarted.

These break shared things (a PostgreSQL restart cuts every connection on the
machine, this pytest process's test database included), so they run only
when asked for by path, on their own: ``pytest tests/faults`` (scripts/test.sh
does it in CI, as a second run after the main one). In any other run they
are collected and deselected. The PostgreSQL cluster restart itself runs only
with ``FAULTS_PG_RESTART=1`` (CI); without it the PostgreSQL test cuts the
app's own connections (``pg_terminate_backend``) instead.

Each run builds its own services (``tests.faults.stack``): a database
``<name>_faults``, a private Redis, gunicorn and a Celery worker.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.conftest import need

HERE = Path(__file__).resolve().parent


def _asked_for(config) -> bool:
    """Every path given to pytest lies in tests/faults."""
    paths = [(config.invocation_params.dir / arg.split("::")[0]).resolve() for arg in config.args]
    return bool(paths) and all(p == HERE or HERE in p.parents for p in paths)


def pytest_collection_modifyitems(config, items):
    if _asked_for(config):
        return
    ours = [item for item in items if HERE in Path(item.path).parents]
    if ours:
        config.hook.pytest_deselected(items=ours)
        items[:] = [item for item in items if item not in ours]


@pytest.fixture(scope="session")
def stack(tmp_path_factory):
    from tests.faults.stack import Stack, have_services

    missing = have_services()
    need(missing is None, missing or "")
    services = Stack(tmp_path_factory.mktemp("faults"))
    try:
        services.start()
        yield services
    finally:
        services.stop()


@pytest.fixture
def healthy(stack):
    """Each test starts and ends with every service up (a test that failed half-way is repaired here)."""
    yield stack
    if not stack.redis_up():
        stack.start_redis()
    if stack.worker is None or stack.worker.poll() is not None:
        stack.start_worker()


@pytest.fixture
def league(healthy, request):
    """A competition of its own for each test: two seated tables and their scorekeeper's token."""
    return healthy.probe("seed", request.node.name[:60], "2")


@pytest.fixture
def client_factory(healthy):
    """A device for a league seeded by the test itself."""
    from tests.faults.client import HandClient

    return lambda league: HandClient(healthy.base_url, league["token"])


@pytest.fixture
def client(client_factory, league):
    return client_factory(league)


def pg_restart_allowed() -> bool:
    return os.environ.get("FAULTS_PG_RESTART") == "1"
