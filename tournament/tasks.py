"""Celery tasks of the league. Each fetches by id and calls a plain function."""

import os
import socket

from celery import shared_task


@shared_task
def worker_identity() -> dict:
    """Where this task ran: proves a task really ran in a separate worker."""
    return {"pid": os.getpid(), "host": socket.gethostname()}
