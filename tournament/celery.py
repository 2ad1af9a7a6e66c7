"""The Celery application.

Tasks are queued on transaction commit (``task.delay_on_commit`` from
Celery's ``DjangoTask``, the default task class when Celery runs under
Django), so a worker never sees a row its transaction has not committed.
Without REDIS_URL the settings make every task run in process
(``CELERY_TASK_ALWAYS_EAGER``): the embedded default needs no other server.
"""

import os

from celery import Celery
from celery.signals import task_postrun, task_prerun, worker_ready
from django.db import close_old_connections

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")

app = Celery("tournament")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@task_prerun.connect
@task_postrun.connect
def _connections_as_between_requests(task=None, **kwargs) -> None:
    """The worker keeps its database connection from task to task (``CELERY_DB_REUSE_MAX`` in the
    settings: a new PostgreSQL connection for every task cost a third of a standings update), and
    treats each task as Django treats a request: a connection that failed, or that has outlived
    ``CONN_MAX_AGE``, is closed, and the next one is health-checked before use (a PostgreSQL restart
    costs no task). Tasks run in process (eagerly) are inside their caller's request: left alone."""
    if task is not None and getattr(task.request, "is_eager", False):
        return
    close_old_connections()


@worker_ready.connect
def _heartbeat(sender=None, **kwargs) -> None:
    """This worker writes its heartbeat to Redis from now on, for ``/healthz`` (``tournament.heartbeat``)."""
    from django.conf import settings

    from tournament import heartbeat

    if settings.REDIS_URL:
        heartbeat.start(getattr(sender, "hostname", None) or f"worker-{os.getpid()}")
