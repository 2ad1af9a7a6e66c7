"""deploy/nginx.conf in front of gunicorn, for real: TLS, the redirect, static files, the client's address.

The site file is used as written, but for what a test must own: its ports (free loopback ones), a
self-signed certificate, its log and static paths and gunicorn's port. The app runs as
``.env.example`` sets it behind nginx (``TRUSTED_PROXIES=1``, ``BEHIND_TLS_PROXY=true``). The client
connects from 127.0.0.5 and forges ``X-Forwarded-For``: the app must see 127.0.0.5 (nginx's entry),
neither the forged address nor gunicorn's peer, nginx's 127.0.0.1.
"""

from __future__ import annotations

import fcntl
import http.client
import json
import os
import re
import secrets
import shutil
import signal
import sqlite3
import ssl
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import need
from tests.deploy.services import BASE_DIR
from tests.faults.stack import free_port, wait_for

HOST = "league.example.org"


def site_for_test(tmp: Path, *, http_port: int, https_port: int, web_port: int, static: Path) -> str:
    site = (BASE_DIR / "deploy" / "nginx.conf").read_text()
    swaps = [
        ("server 127.0.0.1:8000;", f"server 127.0.0.1:{web_port};"),
        ("listen 80;", f"listen 127.0.0.1:{http_port};"),
        ("listen [::]:80;", ""),
        ("listen 443 ssl http2;", f"listen 127.0.0.1:{https_port} ssl http2;"),
        ("listen [::]:443 ssl http2;", ""),
        (f"/etc/letsencrypt/live/{HOST}/fullchain.pem", str(tmp / "cert.pem")),
        (f"/etc/letsencrypt/live/{HOST}/privkey.pem", str(tmp / "key.pem")),
        ("/var/log/nginx/league.access.log", str(tmp / "access.log")),
        ("/srv/league/staticfiles/", f"{static}/"),
        ("/var/cache/nginx/league", str(tmp / "cache")),
    ]
    for old, new in swaps:
        assert site.count(old) == 1, f"deploy/nginx.conf no longer has {old!r}: update this test"
        site = site.replace(old, new)
    return site


def start_nginx(tmp: Path, site: str) -> subprocess.Popen:
    (tmp / "site.conf").write_text(site)
    temp = " ".join(
        f"{kind}_temp_path {tmp}/{kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    user = "user root;" if os.geteuid() == 0 else ""  # the workers read the test's private tmp folder
    (tmp / "nginx.conf").write_text(
        f"{user} daemon off; worker_processes 1; pid {tmp}/nginx.pid; error_log {tmp}/error.log;\n"
        f"events {{}}\nhttp {{ include /etc/nginx/mime.types; access_log off; {temp}\n"
        f"include {tmp}/site.conf; }}\n"
    )
    checked = subprocess.run(
        ["nginx", "-t", "-p", str(tmp), "-c", str(tmp / "nginx.conf")], capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stderr
    return subprocess.Popen(
        ["nginx", "-p", str(tmp), "-c", str(tmp / "nginx.conf")], stderr=subprocess.DEVNULL
    )


def ask(port: int, method: str, path: str, *, tls: bool = True, body=None, headers=None):
    """One request from 127.0.0.5: status, headers, body."""
    if tls:
        context = ssl.create_default_context()
        context.check_hostname, context.verify_mode = False, ssl.CERT_NONE  # the test's own certificate
        conn = http.client.HTTPSConnection(
            "127.0.0.1", port, timeout=10, context=context, source_address=("127.0.0.5", 0)
        )
    else:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=("127.0.0.5", 0))
    try:
        conn.request(method, path, body=body, headers={"Host": HOST, **(headers or {})})
        answer = conn.getresponse()
        return answer.status, dict(answer.getheaders()), answer.read()
    finally:
        conn.close()


COLLECT_NAMES_ONLY = """
import django
django.setup()
from django.conf import settings
from django.core.management import call_command
manifest = "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"
settings.STORAGES = {**settings.STORAGES, "staticfiles": {"BACKEND": manifest}}
call_command("collectstatic", interactive=False, verbosity=0)
"""


def static_manifest(env: dict) -> None:
    """``staticfiles/staticfiles.json``, made before gunicorn starts: with DEBUG=false the app reads the
    manifest once, when it first names a static file, and a page naming one missing from it answers 500.
    Each pytest-xdist worker running a test of these modules builds its own stack: one collects while the
    other waits for it (the embedded default's collectstatic, DEBUG on, writes no manifest).

    Django's own manifest storage writes it: the same hashed names as production's WhiteNoise storage
    (which extends it), without WhiteNoise's gzip and brotli copies of every file (27 MB: 44 s of CPU,
    half a minute of the suite on a fresh clone). In these tests nginx serves the static files from a
    folder of its own; the app only names them. CI's run collects with the production storage itself."""
    with open(BASE_DIR / ".collectstatic.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (BASE_DIR / "staticfiles" / "staticfiles.json").exists():
            collected = subprocess.run(
                [sys.executable, "-c", COLLECT_NAMES_ONLY],
                cwd=BASE_DIR, env=env, capture_output=True, text=True, timeout=300,
            )  # fmt: skip
            assert collected.returncode == 0, collected.stderr


# One worker runs this module whole (``--dist loadgroup``, pyproject.toml): its stack is built once per
# module, and tests dealt out one by one would build it on both workers.
pytestmark = pytest.mark.xdist_group("nginx")


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("nginx")
    need(bool(shutil.which("nginx")), "nginx is not installed (apt-get install nginx-light)")
    need(bool(shutil.which("openssl")), "openssl is not installed")
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", f"/CN={HOST}",
         "-keyout", str(tmp_path / "key.pem"), "-out", str(tmp_path / "cert.pem")],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    static = tmp_path / "static"
    (static / "css").mkdir(parents=True)
    (static / "css" / "app.css").write_text("/* served by nginx */\n")
    ports = {"http_port": free_port(), "https_port": free_port(), "web_port": free_port()}
    db = tmp_path / "db.sqlite3"
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL")} | {
        "DATABASE_URL": f"sqlite:///{db}",
        "DEBUG": "false",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": HOST,
        "TRUSTED_PROXIES": "1",
        "BEHIND_TLS_PROXY": "true",
        "DJANGO_SETTINGS_MODULE": "tournament.project.settings",
    }  # fmt: skip — as .env.example behind this proxy (the secure cookies and HTTPS redirect left on)
    migrate = subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v0"],
        cwd=BASE_DIR, env=env, capture_output=True, text=True, timeout=180,
    )  # fmt: skip
    assert migrate.returncode == 0, migrate.stderr
    static_manifest(env)
    with open(tmp_path / "web.log", "w") as log:
        web = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "tournament.project.wsgi",
             "--bind", f"127.0.0.1:{ports['web_port']}",
             "--workers", "1"],
            cwd=BASE_DIR, env=env, stdout=log, stderr=subprocess.STDOUT,
        )  # fmt: skip
    nginx = None
    try:
        nginx = start_nginx(tmp_path, site_for_test(tmp_path, static=static, **ports))

        def up():
            assert web.poll() is None, (tmp_path / "web.log").read_text()
            assert nginx.poll() is None, (tmp_path / "error.log").read_text()
            try:
                return ask(ports["https_port"], "GET", "/healthz")[0] == 200
            except OSError:
                return False

        wait_for("nginx and gunicorn to answer", up, 30, 0.2)
        yield {**ports, "db": db, "tmp": tmp_path}
    finally:
        for proc in (nginx, web):
            if proc is None:
                continue
            proc.send_signal(signal.SIGTERM if proc is web else signal.SIGQUIT)
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()


def test_nginx_site_redirects_serves_static_and_passes_the_request_id(stack):
    status, headers, _ = ask(stack["http_port"], "GET", "/healthz?x=1", tls=False)
    assert (status, headers["Location"]) == (301, f"https://{HOST}/healthz?x=1")

    status, headers, body = ask(stack["https_port"], "GET", "/healthz")
    assert (status, json.loads(body)) == (200, {"status": "up"})  # no redirect: the app knows it is https
    rid = headers["X-Request-ID"]
    assert re.fullmatch(r"[0-9a-f]{32}", rid)
    # nginx's id is the app's id; nginx writes its access line once the answer is sent, so wait for it
    access = stack["tmp"] / "access.log"
    wait_for("nginx's access line", lambda: f"rid={rid}" in access.read_text(), 10, 0.1)

    status, headers, body = ask(stack["https_port"], "GET", "/static/css/app.css")
    assert (status, body) == (200, b"/* served by nginx */\n")
    assert "immutable" in headers["Cache-Control"]


def test_the_app_sees_the_client_address_nginx_appended_not_a_forged_one(stack):
    status, _, _ = ask(
        stack["https_port"], "POST", "/api/v1/auth/token/",
        body=json.dumps({"username": "olivia", "password": "wrong"}),
        headers={"Content-Type": "application/json", "X-Forwarded-For": "203.0.113.9"},
    )  # fmt: skip
    assert status == 400
    with sqlite3.connect(stack["db"]) as db:
        seen = db.execute("SELECT ip_address, username FROM axes_accessattempt").fetchall()
    assert seen == [("127.0.0.5", "olivia")]  # the lock-out counts the visitor, not nginx's 127.0.0.1
