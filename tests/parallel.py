"""The suite on both cores (issue 30): what each pytest-xdist worker gets of its own.

Loaded with ``-p tests.parallel`` (``pyproject.toml``), before pytest-django reads the settings, so that
the environment below is what ``tournament/project/settings.py`` sees in each worker process.

- **A database**: pytest-django names it (``test_<name>_gw0``, ``_gw1``; SQLite: a file each in the
  worker's temporary directory, ``django_db_modify_db_settings`` in ``tests/conftest.py``).
- **A Redis database**: ``REDIS_URL``'s database number plus the worker's index (gw0 keeps it, gw1 has
  the next, ...). Kept standings answers, the workers' heartbeats and the Celery queue are keyed by ids
  that every worker's test database hands out alike; on one Redis database the tests of one worker
  would read another's answers, and a task queued by one would run in the other's Celery worker, on
  the other's database.
- **A Celery worker** (``celery_worker_proc`` in ``tests/conftest.py``): started by each process that
  runs a ``worker`` test, with this process's environment, so on this process's Redis and database.
- **Live servers** on ports the system picks (pytest-django asks for port 0): nothing to do here.

Run alone (no ``-n``, or ``-n 0``), nothing is changed.
"""

from __future__ import annotations

import os
from urllib.parse import urlsplit, urlunsplit

REDIS_DATABASES = 16  # redis-server's default ``databases``


def worker_index() -> int | None:
    """0 for ``gw0``, 1 for ``gw1``...; None outside an xdist worker."""
    name = os.environ.get("PYTEST_XDIST_WORKER", "")
    return int(name[2:]) if name.startswith("gw") and name[2:].isdigit() else None


def redis_url_for_worker(url: str, index: int) -> str:
    """``url`` with its database number moved on by ``index`` (``redis://h:6379/5``, 1 -> ``/6``)."""
    parts = urlsplit(url)
    base = int(parts.path.strip("/") or 0)
    number = base + index
    if number >= REDIS_DATABASES:
        raise RuntimeError(
            f"pytest-xdist worker gw{index} would need Redis database {number} ({url} plus {index}); "
            f"Redis has {REDIS_DATABASES}: run fewer workers or give REDIS_URL a lower database"
        )
    return urlunsplit(parts._replace(path=f"/{number}"))


_index = worker_index()
if _index is not None and os.environ.get("REDIS_URL"):
    os.environ["REDIS_URL"] = redis_url_for_worker(os.environ["REDIS_URL"], _index)
