"""The worker's own probes: where a task ran and which database connection it holds (health, tests).

Task names stay ``tournament.tasks.*``, the names messages already queued and Celery beat carry.
"""

import os
import socket

from celery import shared_task


@shared_task(name="tournament.tasks.worker_identity")
def worker_identity() -> dict:
    """Where this task ran: proves a task really ran in a separate worker."""
    return {"pid": os.getpid(), "host": socket.gethostname()}


@shared_task(name="tournament.tasks.worker_database_backend")
def worker_database_backend() -> int:
    """The PostgreSQL backend (server process id) of the worker's connection: tells whether the worker
    keeps its connection between tasks."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]
