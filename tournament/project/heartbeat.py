"""The Celery worker's heartbeat: how ``/healthz`` knows a worker is up without waiting on one.

Each worker process, once ready, writes its name and the time into a Redis hash
every ``HEARTBEAT_SECONDS`` from a daemon thread. ``/healthz`` reads the hash
(one round trip, a millisecond) instead of pinging the workers over the broker
and waiting up to a second for answers; a worker counts as up while its last
beat is younger than ``HEARTBEAT_STALE_SECONDS``.
"""

from __future__ import annotations

import logging
import threading
import time

from django.conf import settings

log = logging.getLogger(__name__)

HEARTBEAT_KEY = "tournament:celery-heartbeats"
HEARTBEAT_SECONDS = 10
RETRY_SECONDS = (
    1  # after a beat that Redis did not take: the worker shows again within a second of its return
)
HEARTBEAT_STALE_SECONDS = 3 * HEARTBEAT_SECONDS
TIMEOUT = 0.5  # seconds: a Redis that does not answer this fast is down, for /healthz

_clients: dict[str, object] = {}


def redis_client():
    """One client (and its connection pool) per Redis URL, kept for the process."""
    import redis

    url = settings.REDIS_URL
    if url not in _clients:
        _clients[url] = redis.Redis.from_url(url, socket_connect_timeout=TIMEOUT, socket_timeout=TIMEOUT)
    return _clients[url]


def beat(hostname: str) -> None:
    client = redis_client()
    client.hset(HEARTBEAT_KEY, hostname, f"{time.time():.3f}")
    client.expire(HEARTBEAT_KEY, HEARTBEAT_STALE_SECONDS * 10)


def live_workers(client, now: float | None = None) -> list[str]:
    """The workers whose last beat is recent, by name."""
    now = time.time() if now is None else now
    beats = client.hgetall(HEARTBEAT_KEY) or {}
    return sorted(
        name.decode() if isinstance(name, bytes) else name
        for name, at in beats.items()
        if now - float(at) < HEARTBEAT_STALE_SECONDS
    )


def start(hostname: str) -> threading.Thread:
    """Beat now and every ``HEARTBEAT_SECONDS`` until the process ends (a daemon thread)."""

    def loop() -> None:
        while True:
            try:
                beat(hostname)
            except Exception as exc:  # Redis down: try again soon; the worker keeps working
                log.warning("celery heartbeat not written (%s)", exc)
                time.sleep(RETRY_SECONDS)
            else:
                time.sleep(HEARTBEAT_SECONDS)

    thread = threading.Thread(target=loop, name="celery-heartbeat", daemon=True)
    thread.start()
    return thread
