"""/healthz and Celery (issue 2, items 2 and 5)."""

import os
import time

import pytest
from django.urls import reverse
from rest_framework.authtoken.models import Token

from tests.conftest import need
from tournament.project import heartbeat

from tournament.project.tasks import worker_database_backend, worker_identity

pytestmark = pytest.mark.django_db


def test_healthz_embedded_mode_is_up(client, settings):
    settings.REDIS_URL = ""
    settings.CELERY_TASK_ALWAYS_EAGER = True
    response = client.get(reverse("healthz"))
    assert response.status_code == 200
    assert response.json() == {"status": "up"}  # an anonymous caller learns nothing more


def test_healthz_details_for_an_organiser(client, settings, organiser):
    settings.REDIS_URL = ""
    settings.CELERY_TASK_ALWAYS_EAGER = True
    client.force_login(organiser)
    body = client.get(reverse("healthz")).json()
    assert body["status"] == "up" and body["checks"]["database"]["ok"]
    assert body["checks"]["celery"]["mode"] == "in process"


def test_healthz_tells_an_anonymous_caller_only_down_when_redis_is_down(client, settings):
    # Nothing listens on port 1: the same answer as a stopped Redis.
    settings.REDIS_URL = "redis://127.0.0.1:1/0"
    settings.CELERY_TASK_ALWAYS_EAGER = False
    response = client.get(reverse("healthz"))
    assert response.status_code == 503
    assert response.json() == {"status": "down"}  # no host, no component, no error text


def test_healthz_names_redis_and_celery_to_staff_when_redis_is_down(client, settings, stranger):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"
    settings.CELERY_TASK_ALWAYS_EAGER = False
    stranger.is_staff = True
    stranger.save()
    key = Token.objects.create(user=stranger).key
    response = client.get(reverse("healthz"), HTTP_AUTHORIZATION=f"Token {key}")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "down" and body["down"] == ["redis", "celery"]
    assert body["checks"]["database"]["ok"] is True


def test_healthz_details_are_not_for_a_scorekeeper(client, settings, scorekeeper):
    settings.REDIS_URL = ""
    settings.CELERY_TASK_ALWAYS_EAGER = True
    client.force_login(scorekeeper)
    assert client.get(reverse("healthz")).json() == {"status": "up"}


class FakeRedis:
    def __init__(self, beats: dict) -> None:
        self.beats = beats

    def ping(self) -> bool:
        return True

    def hgetall(self, key: str) -> dict:
        assert key == heartbeat.HEARTBEAT_KEY
        return self.beats


def test_healthz_reads_the_workers_heartbeat_and_never_waits_on_a_ping(client, settings, monkeypatch):
    from tournament.project.celery import app

    def no_ping(*args, **kwargs):
        raise AssertionError("/healthz must not wait on a broadcast ping")

    monkeypatch.setattr(app.control, "ping", no_ping)
    settings.REDIS_URL = "redis://fake:6379/0"
    settings.CELERY_TASK_ALWAYS_EAGER = False
    fake = FakeRedis({b"celery@a": str(time.time() - 2).encode()})
    monkeypatch.setattr(heartbeat, "redis_client", lambda: fake)
    response = client.get(reverse("healthz"))  # no broadcast ping (it would raise): one read of the beats
    assert response.status_code == 200 and response.json() == {"status": "up"}
    fake.beats = {b"celery@a": str(time.time() - heartbeat.HEARTBEAT_STALE_SECONDS - 1).encode()}
    assert client.get(reverse("healthz")).status_code == 503  # the last beat is too old: no worker


def test_a_heartbeat_names_its_worker(settings, monkeypatch):
    written = {}

    class Recorder(FakeRedis):
        def hset(self, key, name, value):
            written[name] = value.encode()

        def expire(self, key, seconds):
            pass

    recorder = Recorder(written)
    monkeypatch.setattr(heartbeat, "redis_client", lambda: recorder)
    heartbeat.beat("celery@b")
    assert heartbeat.live_workers(recorder) == ["celery@b"]


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
    assert body == {"status": "up"}


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
