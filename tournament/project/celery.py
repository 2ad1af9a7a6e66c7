"""The Celery application.

Tasks are queued on transaction commit (``task.delay_on_commit`` from
Celery's ``DjangoTask``, the default task class when Celery runs under
Django), so a worker never sees a row its transaction has not committed.
Without REDIS_URL the settings make every task run in process
(``CELERY_TASK_ALWAYS_EAGER``): the embedded default needs no other server.
"""

import logging
import os

from celery import Celery
from celery.signals import setup_logging, task_failure, task_postrun, task_prerun, worker_ready
from django.db import close_old_connections

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.project.settings")

app = Celery("tournament")
app.config_from_object("django.conf:settings", namespace="CELERY")
# Each part of the league keeps its tasks in its own ``tasks`` module (names stay ``tournament.tasks.*``).
# ``manage.py beat_here`` imports the same list (``tournament.project.beat_here``).
TASK_PACKAGES = [
    "tournament.project",
    "tournament.standings",
    "tournament.confirmations",
    "tournament.ratings",
    "tournament.notifications",
    "tournament.privacy",
    "tournament.registration",
]
app.autodiscover_tasks(TASK_PACKAGES)

log = logging.getLogger("tournament.tasks")


@setup_logging.connect
def _keep_django_logging(**kwargs) -> None:
    """Celery leaves logging as Django set it up (``LOGGING``: time, level, logger and request id on
    every line, ``tournament/project/logs.py``) instead of installing its own format."""


@task_prerun.connect
def _task_request_id(task=None, task_id=None, **kwargs) -> None:
    """In the worker, the lines a task logs carry its id (a task run in process keeps its request's)."""
    from tournament.project.logs import request_id

    if task is not None and not getattr(task.request, "is_eager", False) and task_id:
        request_id.set(task_id)


@task_postrun.connect
def _task_request_id_done(task=None, **kwargs) -> None:
    from tournament.project.logs import request_id

    if task is not None and not getattr(task.request, "is_eager", False):
        request_id.set("-")


@task_failure.connect
def _task_failed(sender=None, task_id=None, exception=None, args=None, kwargs=None, einfo=None, **_) -> None:
    """A failed task, logged with its name and arguments: what an operator needs to run it again."""
    log.error(
        "task %s failed: args=%r kwargs=%r (task id %s): %r",
        getattr(sender, "name", sender), args, kwargs, task_id, exception,
        exc_info=(type(exception), exception, einfo.tb) if einfo is not None else None,
    )  # fmt: skip


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
    """This worker writes its heartbeat to Redis from now on, for ``/healthz``
    (``tournament.project.heartbeat``).
    """
    from django.conf import settings

    from tournament.project import heartbeat

    if settings.REDIS_URL:
        heartbeat.start(getattr(sender, "hostname", None) or f"worker-{os.getpid()}")
