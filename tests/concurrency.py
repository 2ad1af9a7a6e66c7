"""Holding a transaction open in another connection while the test acts (PostgreSQL row-lock tests)."""

from __future__ import annotations

import threading
from contextlib import contextmanager

from django.db import connection, connections, transaction


@contextmanager
def held_open(work, lock_timeout: str = "2s"):
    """Run ``work()`` in another thread's transaction and keep it open (locks held) for the block.

    Inside the block this connection waits at most ``lock_timeout`` for a lock, so a test that
    regresses into waiting for the held transaction fails instead of hanging.
    """
    inside, release = threading.Event(), threading.Event()

    def hold():
        try:
            with transaction.atomic():
                work()
                inside.set()
                release.wait(10)
        finally:
            connections.close_all()

    holder = threading.Thread(target=hold)
    holder.start()
    assert inside.wait(10), "the other transaction did not start"
    try:
        with connection.cursor() as cursor:
            # set_config, not SET: parameters are bound by the server (settings.py), and SET takes none.
            cursor.execute("SELECT set_config('lock_timeout', %s, false)", [str(lock_timeout)])
        yield
    finally:
        release.set()
        holder.join()
        with connection.cursor() as cursor:
            cursor.execute("RESET lock_timeout")
