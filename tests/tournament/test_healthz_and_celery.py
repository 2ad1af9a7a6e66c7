"""/healthz and Celery (issue 2, items 2 and 5)."""

import os

import pytest
from django.urls import reverse

from tests.conftest import need
from tournament.tasks import worker_database_backend, worker_identity

pytestmark = pytest.mark.django_db


def test_healthz_embedded_mode_is_up(client, settings):
    settings.REDIS_URL = ""
    settings.CELERY_TASK_ALWAYS_EAGER = True
    response = client.get(reverse("healthz"))
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok" and body["checks"]["database"]["ok"]
    assert body["checks"]["celery"]["mode"] == "in process"


def test_healthz_names_redis_and_celery_when_redis_is_down(client, settings):
    # Nothing listens on port 1: the same answer as a stopped Redis.
    settings.REDIS_URL = "redis://127.0.0.1:1/0"
    settings.CELERY_TASK_ALWAYS_EAGER = False
    response = client.get(reverse("healthz"))
    assert response.status_code == 503
    body = response.json()
    assert body["down"] == ["redis", "celery"]
    assert body["checks"]["database"]["ok"] is True


def test_task_queued_on_commit_runs_only_after_commit(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        worker_identity.delay_on_commit()
    assert len(callbacks) == 1  # nothing ran before the commit


@pytest.mark.worker
def test_task_runs_in_a_separate_worker_process_over_redis(celery_worker_proc, celery_not_eager, settings):
    assert settings.CELERY_BROKER_URL.startswith("redis://")
    result = worker_identity.delay().get(timeout=20)
    assert result["pid"] == celery_worker_proc.pid != os.getpid()


@pytest.mark.worker
def test_healthz_is_up_with_redis_and_a_worker(client, celery_worker_proc, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    response = client.get(reverse("healthz"))
    body = response.json()
    assert response.status_code == 200, body
    assert body["checks"]["redis"]["ok"] and body["checks"]["celery"]["workers"]


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_the_worker_keeps_its_database_connection_and_survives_losing_it(
    celery_worker_proc, celery_not_eager
):
    """One PostgreSQL connection from task to task; when the server drops it (a restart, an idle
    timeout), the next task health-checks it, connects again and succeeds."""
    from django.db import connection

    need(connection.vendor == "postgresql", "backend ids need PostgreSQL")
    first = worker_database_backend.delay().get(timeout=20)
    assert worker_database_backend.delay().get(timeout=20) == first
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [first])
        assert cursor.fetchone()[0] is True
    again = worker_database_backend.delay().get(timeout=20)
    assert again != first
    assert worker_database_backend.delay().get(timeout=20) == again
