"""A table's "update queued" mark in the cache: one standings update waits per table (issue 7). The task
clears it when it starts.
"""

from __future__ import annotations

from django.core.cache import cache

QUEUED_KEY = "standings:queued:table:{}"


QUEUED_SECONDS = 60  # a lost task's mark stops holding back new ones after this


def standings_update_started(table_id: int) -> None:
    """The table's update task has started: hands committed from now on queue a new one."""
    forget_queued(table_id)


def forget_queued(table_id: int) -> None:
    try:
        cache.delete(QUEUED_KEY.format(table_id))
    except Exception:  # the cache is down: the mark lapses by itself
        pass
