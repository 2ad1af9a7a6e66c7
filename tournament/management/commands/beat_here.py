"""``manage.py beat_here``: Celery beat's schedule run in this process, for the embedded default (no
Redis, no beat). ``scripts/start.sh`` starts it beside the server; ``--once`` runs every task once."""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand, CommandError
from django.db import close_old_connections

from tournament.project.beat_here import BeatHere
from tournament.project.celery import app


class Command(BaseCommand):
    help = "Run the periodic tasks (reminders, confirmations, messages to send) without Celery beat."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--once", action="store_true", help="Run every task once, then stop.")

    def handle(self, *args, once: bool = False, **options) -> None:
        if not app.conf.task_always_eager:
            raise CommandError("Redis is set up: run Celery beat (scripts/celery beat) instead.")
        beat = BeatHere()
        if once:
            self.stdout.write(", ".join(beat.tick()) or "nothing to run")
            return
        self.stdout.write("Running the periodic tasks here (Ctrl-C to stop).")
        try:
            while True:
                beat.tick()
                close_old_connections()  # between looks, as between two requests (CONN_MAX_AGE)
                time.sleep(min(max(beat.seconds_to_next(), 1.0), 30.0))
        except KeyboardInterrupt:
            return
        finally:
            from tournament.notifications.tasks import in_process

            in_process.drain(timeout=10)
