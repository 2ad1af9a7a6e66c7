"""A per-client rate limit for plain Django views (the API's own throttles are DRF's).

``allow(scope, ident, rate)`` counts a client's calls in fixed windows in the
shared cache (Redis in production: every web process counts together) and
says whether one more is allowed. ``rate`` is DRF's notation, ``"10/minute"``.
When the cache is out of reach nothing is limited (the limit guards the
workers' time; it must not take a page down with Redis).
"""

from __future__ import annotations

import logging
import time

from django.core.cache import cache

log = logging.getLogger(__name__)

PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def parse(rate: str) -> tuple[int, int]:
    """``"10/minute"`` as (10 calls, 60 seconds)."""
    count, period = rate.split("/")
    return int(count), PERIODS[period.strip()[0]]


def allow(scope: str, ident: str | None, rate: str) -> bool:
    limit, seconds = parse(rate)
    window = int(time.time() // seconds)
    key = f"rate:{scope}:{ident or '-'}:{window}"
    try:
        cache.add(key, 0, timeout=seconds + 1)
        return cache.incr(key) <= limit
    except Exception as exc:
        log.warning("rate limit %s not counted (%s)", scope, exc)
        return True


def retry_after(rate: str) -> int:
    """Seconds until the current window ends."""
    _, seconds = parse(rate)
    return max(1, int(seconds - time.time() % seconds))
