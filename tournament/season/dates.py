"""The dates of a season's nights (pure: the standard library only).

A season meets every ``every_weeks`` weeks from ``first`` (the first night). A **skipped** date (a
public holiday) has no night and the season runs a week later to keep its number of nights; a **moved**
date has its night on another day instead (its place in the order kept by date).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date, timedelta


def season_dates(
    first: date,
    nights: int,
    *,
    every_weeks: int = 1,
    skip: Iterable[date] = (),
    moved: Mapping[date, date] | None = None,
) -> list[date]:
    """The ``nights`` dates, in order. Skipped and moved dates must be regular meeting days (the caller
    checks with ``meeting_days``)."""
    skipped, moved = set(skip), dict(moved or {})
    out: list[date] = []
    day = first
    while len(out) < nights:
        if day not in skipped:
            out.append(moved.get(day, day))
        day += timedelta(weeks=every_weeks)
    return sorted(out)


def meeting_days(first: date, nights: int, *, every_weeks: int = 1, skipped: int = 0) -> list[date]:
    """The regular meeting days a season of ``nights`` nights with ``skipped`` skips passes through."""
    return [first + timedelta(weeks=every_weeks * i) for i in range(nights + skipped)]
