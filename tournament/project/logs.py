"""Logs an operator can read: every line with its time, level, logger and request id.

A *request id* names one request (or one Celery task) across every line it logs.
``RequestIdMiddleware`` takes the one the proxy in front sent (nginx's ``$request_id`` in
``X-Request-ID``, ``deploy/nginx.conf``) when it looks like an id, else makes one; answers it in the
response's ``X-Request-ID``; and logs one line per request (``tournament.access``: method, path,
status, milliseconds). In a Celery worker a task's id is the request id of the lines it logs. A
line logged outside both says ``-``.

``logging_config`` is the ``LOGGING`` of the settings: text lines, or JSON lines
(python-json-logger) with ``LOG_FORMAT=json``; WeasyPrint's and fontTools' INFO lines (several per
PDF) kept out. ``sentry_init`` sends error reports to Sentry when a DSN is given, and does nothing
otherwise. This module reads no settings.
"""

from __future__ import annotations

import logging
import re
import time
import uuid
from contextvars import ContextVar
from datetime import datetime

from django.core.exceptions import ImproperlyConfigured
from pythonjsonlogger.json import JsonFormatter

request_id: ContextVar[str] = ContextVar("request_id", default="-")

# nginx's $request_id is 32 hex digits; a UUID, a load balancer's trace id: letters, digits, - . _ :
SANE_REQUEST_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:-]{0,99}")
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"
LOG_FORMATS = ("text", "json")
QUIET_LOGGERS = ("weasyprint", "fontTools")  # INFO lines for every PDF made: WARNING and above only

access_log = logging.getLogger("tournament.access")


def iso_time(record: logging.LogRecord) -> str:
    """ISO 8601 with milliseconds and the UTC offset (``2026-11-24T20:15:03.120+08:00``): the
    server's TIME_ZONE is a league's local time, so a line read elsewhere still says when."""
    return datetime.fromtimestamp(record.created).astimezone().isoformat(timespec="milliseconds")


class IsoTimeFormatter(logging.Formatter):
    def formatTime(self, record, datefmt=None):  # noqa: N802 (logging's name)
        return iso_time(record)


class IsoTimeJsonFormatter(JsonFormatter):
    def formatTime(self, record, datefmt=None):  # noqa: N802 (logging's name)
        return iso_time(record)


class RequestIdFilter(logging.Filter):
    """Adds ``record.request_id``: the request's or the task's id, or ``-``."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = request_id.get()
        return True


def incoming_request_id(value: str | None) -> str:
    """The id the proxy sent, when it looks like one; else a new one (32 hex digits, as nginx's)."""
    if value and SANE_REQUEST_ID.fullmatch(value):
        return value
    return uuid.uuid4().hex


class RequestIdMiddleware:
    """First in ``MIDDLEWARE``: every line logged while answering carries the request's id."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        rid = incoming_request_id(request.META.get("HTTP_X_REQUEST_ID"))
        token = request_id.set(rid)
        request.request_id = rid
        started = time.perf_counter()
        try:
            response = self.get_response(request)
            response["X-Request-ID"] = rid
            elapsed = (time.perf_counter() - started) * 1000
            path = request.get_full_path()[:500]
            access_log.info("%s %s %s %.1fms", request.method, path, response.status_code, elapsed)
            return response
        finally:
            request_id.reset(token)


def logging_config(*, level: str, log_format: str) -> dict:
    if log_format not in LOG_FORMATS:
        raise ImproperlyConfigured(f"LOG_FORMAT must be one of {', '.join(LOG_FORMATS)}, not {log_format!r}.")
    console = {"class": "logging.StreamHandler", "formatter": log_format, "filters": ["request_id"]}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"request_id": {"()": "tournament.project.logs.RequestIdFilter"}},
        "formatters": {
            "text": {"()": "tournament.project.logs.IsoTimeFormatter", "format": TEXT_FORMAT},
            "json": {
                "()": "tournament.project.logs.IsoTimeJsonFormatter",
                "fmt": "%(asctime)s %(levelname)s %(name)s %(request_id)s %(message)s",
                "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
            },
        },
        "handlers": {"console": console},
        "root": {"handlers": ["console"], "level": level},
        "loggers": {
            # Django's own handlers (a DEBUG-only console, mail to ADMINS, runserver's) replaced by ours.
            "django": {"handlers": ["console"], "level": level, "propagate": False},
            # runserver's own line per request: tournament.access says it already (errors still shown).
            "django.server": {"handlers": ["console"], "level": "WARNING", "propagate": False},
            **{name: {"level": "WARNING"} for name in QUIET_LOGGERS},
        },
    }


def sentry_init(*, dsn: str, environment: str) -> bool:
    """Error reports of pages, the API and Celery tasks to Sentry; nothing without a DSN."""
    if not dsn:
        return False
    import sentry_sdk
    from sentry_sdk.integrations.celery import CeleryIntegration
    from sentry_sdk.integrations.django import DjangoIntegration

    sentry_sdk.init(
        dsn=dsn,
        environment=environment,
        integrations=[DjangoIntegration(), CeleryIntegration()],
        send_default_pii=False,  # no user names, addresses or cookies in the reports
        traces_sample_rate=0.0,  # errors only, no performance tracing
    )
    return True
