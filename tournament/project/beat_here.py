"""Celery beat's schedule kept in process, for the embedded default (issue 47, item 5).

With Redis, Celery beat runs ``CELERY_BEAT_SCHEDULE`` (reminders before a night, hands whose time to be
disputed is over, messages to queue again, the reconciliations). The embedded default has no beat: these
ran nowhere, so a page promised reminders that never went. ``manage.py beat_here`` (started beside the
server by ``scripts/start.sh``) runs the same tasks at the same intervals, in its own process.

Why a process of its own and not "due work run on the next request": a reminder is due a day before a
night, when nobody may open the site for hours; work done on a request would go only when somebody
happens to visit, late or never (a night under way is no longer reminded). The process sends on time
with nobody on the site, never slows a request, and every task it runs is idempotent (event keys, the
claim before each send), so running it beside Celery beat by mistake tells nobody twice.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from tournament.project.celery import TASK_PACKAGES, app

log = logging.getLogger("tournament.tasks")


class BeatHere:
    """The schedule's tasks, each run when its interval has passed (the first look runs them all)."""

    def __init__(self, schedule: dict | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        # Celery's own list of task modules, imported now (a worker's autodiscovery, without its checks)
        app.autodiscover_tasks(TASK_PACKAGES, force=True)
        schedule = app.conf.beat_schedule if schedule is None else schedule
        self.every = {entry["task"]: float(entry["schedule"]) for entry in schedule.values()}
        self.clock = clock
        self.next_at: dict[str, float] = {}

    def tick(self) -> list[str]:
        """Run the tasks whose time has come; answers their names. A task that fails is logged and tried
        again at its next time: it never stops the others."""
        now, ran = self.clock(), []
        for name, every in self.every.items():
            if self.next_at.get(name, 0.0) > now:
                continue
            self.next_at[name] = now + every
            try:
                app.tasks[name].apply(throw=True)
                ran.append(name)
            except Exception:  # noqa: BLE001 - one task's failure never stops the schedule
                log.exception("%s failed; tried again in %s s", name, every)
        return ran

    def seconds_to_next(self) -> float:
        if not self.next_at:
            return 0.0
        return max(min(self.next_at.values()) - self.clock(), 0.0)
