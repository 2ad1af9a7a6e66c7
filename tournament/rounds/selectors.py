"""Reads of rounds for the front page (issue 32): what is on now and what is next.

- ``rounds_playing``: rounds being played, with their tables, the latest started first;
- ``rounds_next``: rounds still to come (scheduled or seated) from a moment on, the soonest first;
- ``competitions_with_results``: competitions whose standings have something released, the latest first.

A draft seating is its organisers' only (``held.sees_seating``): the front page lists a scheduled round's
date and venue, never its tables. A held round's tables are listed; their pages say the results are held.
"""

from __future__ import annotations

from django.db.models import Max, Q

from tournament.models import Competition, Round


def rounds_playing(*, limit: int = 6) -> list[Round]:
    rounds = (
        Round.objects.filter(status=Round.Status.PLAYING)
        .select_related("competition")
        .prefetch_related("tables")
        .order_by("-starts_at", "-pk")
    )
    return list(rounds[:limit])


def rounds_next(now, *, limit: int = 6) -> list[Round]:
    soon = Round.objects.filter(status__in=(Round.Status.SCHEDULED, Round.Status.SEATED)).filter(
        Q(starts_at__gte=now) | Q(starts_at__isnull=True, status=Round.Status.SEATED)
    )
    return list(soon.select_related("competition").order_by("starts_at", "pk")[:limit])


def competitions_with_results(*, limit: int = 3) -> list[Competition]:
    """Competitions with a finished round whose results are released, the latest finished first."""
    released = Q(rounds__status=Round.Status.FINISHED, rounds__results_held=False)
    latest = Competition.objects.filter(released).annotate(last=Max("rounds__ends_at", filter=released))
    return list(latest.order_by("-last", "-pk").distinct()[:limit])
