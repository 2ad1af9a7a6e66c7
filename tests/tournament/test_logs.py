"""Logs an operator can read (``tournament/project/logs.py``), asserted on the lines a real process writes.

Each test runs Django in a subprocess with the settings' own ``LOGGING`` and reads its stderr:
time, level, logger and request id on every line (text, or JSON lines with ``LOG_FORMAT=json``),
the request id honoured or made and answered in ``X-Request-ID``, WeasyPrint's INFO lines kept out.
A failed Celery task is logged with its name and arguments; Sentry gets the errors when
``SENTRY_DSN`` is set, and nothing is started when it is not.
"""

from __future__ import annotations

import gzip
import json
import re
import secrets
import subprocess
import sys
import threading
from datetime import datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tests.conftest import BASE_DIR

TEXT_LINE = re.compile(
    r"^(?P<time>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d) "
    r"(?P<level>DEBUG|INFO|WARNING|ERROR|CRITICAL) "
    r"(?P<logger>[\w.]+) \[(?P<rid>[^\]]+)\] (?P<message>.*)$"
)

SCRIPT = """
import logging, sys
import django
django.setup()
from django.test import Client
from tournament.project import health

client = Client(raise_request_exception=False)
for rid in [a for a in sys.argv[1:] if not a.startswith("--")]:
    answer = client.get("/healthz", HTTP_X_REQUEST_ID=rid) if rid != "none" else client.get("/healthz")
    print(answer.status_code, answer["X-Request-ID"])
logging.getLogger("tournament.somewhere").warning("outside any request")
if "--pdf" in sys.argv:
    import weasyprint
    pdf = weasyprint.HTML(string="<h1>Standings</h1><p>Ann Lim 24</p>").write_pdf()
    print("pdf", pdf[:4].decode())
if "--fail" in sys.argv:
    def broken():
        raise RuntimeError("the database exploded (a test)")
    health.check_database = broken
    print(client.get("/healthz").status_code)
    import sentry_sdk
    print("sentry", sentry_sdk.get_client().is_active())
    sentry_sdk.flush(5)
"""


def run_django(tmp_path, *args: str, **env: str) -> subprocess.CompletedProcess:
    import os

    base = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "SENTRY_DSN")}
    environ = base | {
        "DJANGO_SETTINGS_MODULE": "tournament.project.settings", "DATABASE_URL": f"sqlite:///{tmp_path}/db.sqlite3",
        "DEBUG": "true", "SECRET_KEY": secrets.token_urlsafe(50), "ALLOWED_HOSTS": "testserver",
        "LOG_LEVEL": "INFO", "PYTHONUNBUFFERED": "1",
    } | env  # fmt: skip
    return subprocess.run(
        [sys.executable, "-c", SCRIPT, *args],
        cwd=BASE_DIR, env=environ, capture_output=True, text=True, timeout=120,
    )  # fmt: skip


def test_text_lines_carry_time_level_logger_and_the_request_id(tmp_path):
    done = run_django(tmp_path, "abc-123", "none", "bad id; DROP", "x" * 101, "--pdf")
    assert done.returncode == 0, done.stderr
    answers = [line.split() for line in done.stdout.splitlines() if line[:3].isdigit()]
    assert [status for status, _ in answers] == ["200"] * 4
    ids = [rid for _, rid in answers]
    assert ids[0] == "abc-123"  # a sane id from the proxy is kept
    for made in ids[1:]:  # none, or not an id: a new one
        assert re.fullmatch(r"[0-9a-f]{32}", made)
    assert len(set(ids)) == 4
    assert "pdf %PDF" in done.stdout

    lines = done.stderr.splitlines()
    parsed = [TEXT_LINE.match(line) for line in lines]
    assert all(parsed), [line for line, m in zip(lines, parsed, strict=True) if not m]
    access = [m for m in parsed if m["logger"] == "tournament.access"]
    assert [(m["level"], m["rid"]) for m in access] == [("INFO", rid) for rid in ids]
    assert access[0]["message"].startswith("GET /healthz 200 ")
    outside = [m for m in parsed if m["logger"] == "tournament.somewhere"]
    assert [(m["level"], m["rid"], m["message"]) for m in outside] == [
        ("WARNING", "-", "outside any request")
    ]
    # WeasyPrint logs several INFO lines for every PDF ("Step 1 - Fetching and parsing HTML", ...).
    noisy = [m.group(0) for m in parsed if m["logger"].split(".")[0] in ("weasyprint", "fontTools")]
    assert [line for line in noisy if " INFO " in line or " DEBUG " in line] == []


def test_json_lines_when_log_format_is_json(tmp_path):
    done = run_django(tmp_path, "req-42", LOG_FORMAT="json")
    assert done.returncode == 0, done.stderr
    records = [json.loads(line) for line in done.stderr.splitlines()]
    assert records and all({"time", "level", "logger", "request_id", "message"} <= set(r) for r in records)
    access = [r for r in records if r["logger"] == "tournament.access"]
    assert [(r["level"], r["request_id"]) for r in access] == [("INFO", "req-42")]
    assert datetime.fromisoformat(access[0]["time"]).utcoffset() is not None  # a time that says its zone
    assert access[0]["message"].startswith("GET /healthz 200 ")


def test_an_unknown_log_format_stops_the_app_with_a_clear_message(tmp_path):
    done = run_django(tmp_path, LOG_FORMAT="xml")
    assert done.returncode != 0
    assert "LOG_FORMAT must be one of text, json, not 'xml'" in done.stderr


def test_the_response_carries_the_request_id(client):
    answer = client.get("/healthz", HTTP_X_REQUEST_ID="nginx-0f3a")
    assert answer["X-Request-ID"] == "nginx-0f3a"
    assert re.fullmatch(r"[0-9a-f]{32}", client.get("/healthz")["X-Request-ID"])


def test_a_failed_celery_task_is_logged_with_its_name_and_arguments(caplog):
    from tournament.project.celery import app

    @app.task(name="tests.logs.settle_a_table")
    def settle_a_table(table_id, *, reason):
        raise ValueError(f"table {table_id} cannot be settled")

    with caplog.at_level("ERROR", logger="tournament.tasks"):
        # As a worker runs it: the failure is handled, not raised to a caller (an eager task in a
        # request raises into that request instead, logged by Django with the request's id).
        result = settle_a_table.apply(args=(17,), kwargs={"reason": "终局"}, throw=False)
    assert result.failed()
    (record,) = [r for r in caplog.records if r.name == "tournament.tasks"]
    assert record.levelname == "ERROR"
    message = record.getMessage()
    assert "task tests.logs.settle_a_table failed" in message
    assert "args=(17,)" in message or "args=[17]" in message
    assert "kwargs={'reason': '终局'}" in message
    assert "table 17 cannot be settled" in message and record.exc_info[0] is ValueError


class _Sentry(BaseHTTPRequestHandler):
    received: list[bytes] = []

    def do_POST(self):  # noqa: N802 - http.server's name
        body = self.rfile.read(int(self.headers["Content-Length"]))
        encoding = self.headers.get("Content-Encoding")
        if encoding == "gzip":
            body = gzip.decompress(body)
        elif encoding == "br":
            import brotli  # sentry-sdk compresses with brotli when it is installed

            body = brotli.decompress(body)
        self.received.append(body)
        self.send_response(200)
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture
def sentry_server():
    _Sentry.received = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Sentry)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server
    server.shutdown()


def test_errors_go_to_sentry_when_a_dsn_is_set(tmp_path, sentry_server):
    dsn = f"http://publickey@127.0.0.1:{sentry_server.server_port}/1"
    done = run_django(tmp_path, "--fail", SENTRY_DSN=dsn, SENTRY_ENVIRONMENT="club-test")
    assert done.returncode == 0, done.stderr
    assert "500" in done.stdout.split() and "sentry True" in done.stdout
    reports = b"".join(_Sentry.received).decode()
    assert "the database exploded (a test)" in reports and "RuntimeError" in reports
    assert '"environment":"club-test"' in reports.replace(" ", "")


def test_nothing_goes_to_sentry_without_a_dsn(tmp_path, sentry_server):
    done = run_django(tmp_path, "--fail")
    assert done.returncode == 0, done.stderr
    assert "500" in done.stdout.split() and "sentry False" in done.stdout
    assert "the database exploded (a test)" in done.stderr  # still in the log
    assert _Sentry.received == []
