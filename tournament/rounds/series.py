"""Several rounds scheduled at once (issue 32): the same times and venue, a number of days apart.

One door, ``rounds_schedule``: each round through ``lifecycle.round_schedule``
(its right, its number, its audit entry), all in one transaction, so a clash
on the fifth round schedules none.
"""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction

from tournament.access.audit import RequestMeta
from tournament.models import Competition, Round
from tournament.rounds.lifecycle import round_schedule


def rounds_schedule(
    competition: Competition,
    *,
    count: int,
    every_days: int = 7,
    user=None,
    meta: RequestMeta | None = None,
    number: int | None = None,
    starts_at=None,
    ends_at=None,
    venue: str = "",
) -> list[Round]:
    """``count`` rounds from ``number`` (the next one unless given), each ``every_days`` after the last."""
    step = timedelta(days=every_days)
    out = []
    with transaction.atomic():
        for i in range(count):
            out.append(
                round_schedule(
                    competition,
                    user=user,
                    meta=meta,
                    number=None if number is None else number + i,
                    starts_at=starts_at + i * step if starts_at else None,
                    ends_at=ends_at + i * step if ends_at else None,
                    venue=venue,
                )
            )
    return out
