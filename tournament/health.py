"""``GET /healthz``: is the database, Redis and a Celery worker up?

200 when everything the run mode needs is up, 503 naming what is down. In
the embedded default there is no Redis and tasks run in process, so those
checks report ``"embedded"`` and count as up.
"""

from __future__ import annotations

from django.conf import settings
from django.db import connection
from django.http import JsonResponse


def check_database() -> dict:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # any driver error means "down"
        return {"ok": False, "error": str(exc).splitlines()[0] if str(exc) else type(exc).__name__}
    return {"ok": True, "vendor": connection.vendor}


def check_redis() -> dict:
    if not settings.REDIS_URL:
        return {"ok": True, "mode": "embedded"}
    import redis

    try:
        client = redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=1, socket_timeout=1)
        client.ping()
    except redis.RedisError as exc:
        return {"ok": False, "error": str(exc)}
    return {"ok": True}


def check_celery(redis_ok: bool) -> dict:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return {"ok": True, "mode": "in process"}
    if not redis_ok:
        return {"ok": False, "error": "the broker (Redis) is down"}
    from tournament.celery import app

    try:
        replies = app.control.ping(timeout=1.0) or []
    except Exception as exc:
        return {"ok": False, "error": str(exc)}
    workers = sorted(name for reply in replies for name in reply)
    if not workers:
        return {"ok": False, "error": "no Celery worker answered"}
    return {"ok": True, "workers": workers}


def healthz(request):
    checks = {"database": check_database(), "redis": check_redis()}
    checks["celery"] = check_celery(checks["redis"]["ok"])
    down = [name for name, result in checks.items() if not result["ok"]]
    body = {"status": "ok" if not down else "down", "down": down, "checks": checks}
    return JsonResponse(body, status=200 if not down else 503)
