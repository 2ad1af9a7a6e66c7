"""``GET /healthz``: is the database, Redis and a Celery worker up?

Anyone gets only up or down: 200 ``{"status": "up"}`` or 503 ``{"status":
"down"}``, nothing about hosts or components. Staff, superusers and
organisers (logged in, or with ``Authorization: Token <key>``) get the
details as well: ``down`` (the components down) and ``checks`` (each
component's answer).

Every check is quick: ``SELECT 1``, a Redis ``PING`` and the workers'
heartbeats read from Redis (``tournament.project.heartbeat``; no broadcast to the
workers to wait on). In the embedded default there is no Redis and tasks run
in process, so those checks report ``"embedded"`` and count as up.
"""

from __future__ import annotations

from django.conf import settings
from django.db import connection
from django.http import JsonResponse

from tournament.project import heartbeat

from tournament.roles import ORGANISER, user_roles


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
        heartbeat.redis_client().ping()
    except redis.RedisError as exc:
        return {"ok": False, "error": str(exc)}
    return {"ok": True}


def check_celery(redis_ok: bool) -> dict:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return {"ok": True, "mode": "in process"}
    if not redis_ok:
        return {"ok": False, "error": "the broker (Redis) is down"}
    import redis

    try:
        workers = heartbeat.live_workers(heartbeat.redis_client())
    except redis.RedisError as exc:
        return {"ok": False, "error": str(exc)}
    if not workers:
        return {"ok": False, "error": f"no Celery worker beat in {heartbeat.HEARTBEAT_STALE_SECONDS} s"}
    return {"ok": True, "workers": workers}


def _token_user(request):
    header = request.META.get("HTTP_AUTHORIZATION", "")
    if not header.startswith("Token "):
        return None
    from rest_framework.authtoken.models import Token

    token = Token.objects.select_related("user").filter(key=header[len("Token ") :].strip()).first()
    return token.user if token is not None and token.user.is_active else None


def sees_details(request) -> bool:
    user = request.user if request.user.is_authenticated else _token_user(request)
    if user is None:
        return False
    return user.is_staff or user.is_superuser or ORGANISER in user_roles(user)


def healthz(request):
    checks = {"database": check_database(), "redis": check_redis()}
    checks["celery"] = check_celery(checks["redis"]["ok"])
    down = [name for name, result in checks.items() if not result["ok"]]
    body: dict = {"status": "down" if down else "up"}
    if sees_details(request):
        body.update(down=down, checks=checks)
    return JsonResponse(body, status=503 if down else 200)
