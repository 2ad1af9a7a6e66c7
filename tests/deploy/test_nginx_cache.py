"""deploy/nginx.conf's proxy cache in front of gunicorn, for real (issue 20).

The stack of ``test_nginx`` (the site file as written, its own ports and paths), with the demo league
loaded. The standings API and the leaderboard's live partial, asked twice by anonymous visitors, are
answered the second time by nginx (``X-Cache-Status: HIT``, gunicorn never asked); a conditional
request is answered 304 by nginx. A logged-in organiser's page goes past the cache every time, and
nothing of it is ever in the cache's files.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import sqlite3
import subprocess
import sys
import time

import pytest

from tests.deploy.services import BASE_DIR
from tests.deploy.test_nginx import HOST, ask, stack  # noqa: F401 (the stack is this module's too)

PASSWORD = "a-demo-password-9"


# One worker runs this module whole (``--dist loadgroup``, pyproject.toml): its stack is built once per
# module, and tests dealt out one by one would build it on both workers.
pytestmark = pytest.mark.xdist_group("nginx")


@pytest.fixture(scope="module")
def demo(stack):  # noqa: F811
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL")} | {
        "DATABASE_URL": f"sqlite:///{stack['db']}",
        "DEBUG": "false",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": HOST,
        "DJANGO_SETTINGS_MODULE": "tournament.project.settings",
    }
    loaded = subprocess.run(
        [sys.executable, "manage.py", "load_demo", "--logins", "--password", PASSWORD],
        cwd=BASE_DIR, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert loaded.returncode == 0, loaded.stderr
    organiser = re.search(r"organiser\s+(\S+) /", loaded.stdout).group(1)
    with sqlite3.connect(stack["db"]) as db:
        (competition,) = db.execute("SELECT id FROM tournament_competition").fetchone()
    return {**stack, "competition": competition, "organiser": organiser}


def _cookies(headers_list) -> dict[str, str]:
    found = {}
    for name, value in headers_list:
        if name.lower() == "set-cookie":
            key, _, rest = value.partition("=")
            found[key] = rest.split(";", 1)[0]
    return found


def _login(port: int, username: str) -> str:
    """The session cookie of a real login through nginx (the form, its CSRF token and cookie)."""
    import http.client
    import ssl
    from urllib.parse import urlencode

    context = ssl.create_default_context()
    context.check_hostname, context.verify_mode = False, ssl.CERT_NONE

    def call(method, path, body=None, headers=None):
        conn = http.client.HTTPSConnection("127.0.0.1", port, timeout=10, context=context)
        try:
            conn.request(method, path, body=body, headers={"Host": HOST, **(headers or {})})
            answer = conn.getresponse()
            return answer.status, answer.getheaders(), answer.read()
        finally:
            conn.close()

    status, headers, page = call("GET", "/accounts/login/")
    assert status == 200, (status, page)
    assert "csrftoken" in _cookies(headers), headers
    csrf = _cookies(headers)["csrftoken"]
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1).decode()
    body = urlencode({"username": username, "password": PASSWORD, "csrfmiddlewaretoken": token})
    status, headers, _ = call(
        "POST", "/accounts/login/", body=body,
        headers={"Content-Type": "application/x-www-form-urlencoded", "Cookie": f"csrftoken={csrf}",
                 "Origin": f"https://{HOST}", "Referer": f"https://{HOST}/accounts/login/"},
    )  # fmt: skip
    assert status == 302, status
    return _cookies(headers)["sessionid"]


def test_nginx_serves_the_standings_from_its_cache(demo):
    port = demo["https_port"]
    for path in (
        f"/api/v1/competitions/{demo['competition']}/standings/",
        f"/competitions/{demo['competition']}/standings/live/",
    ):
        # Both asked within one second: these copies last to the end of the second they were made in.
        time.sleep(1.02 - time.time() % 1)
        status, first, body = ask(port, "GET", path)
        assert status == 200 and first["X-Cache-Status"] in ("MISS", "EXPIRED", "STALE", "UPDATING")
        assert first["Cache-Control"].startswith("public")
        status, again, same = ask(port, "GET", path)
        assert (status, again["X-Cache-Status"], same) == (200, "HIT", body)
        status, headers, empty = ask(port, "GET", path, headers={"If-None-Match": again["ETag"]})
        assert (status, empty) == (304, b"")  # nginx answers the browser's poll itself
    results = json.loads(ask(port, "GET", f"/api/v1/competitions/{demo['competition']}/standings/")[2])
    assert results["count"] > 0


def test_nginx_never_keeps_or_serves_a_private_page(demo):
    port = demo["https_port"]
    session = _login(port, demo["organiser"])
    path = f"/competitions/{demo['competition']}/standings/"
    anonymous = ask(port, "GET", path)
    assert anonymous[0] == 200 and demo["organiser"].encode() not in anonymous[2]
    for _ in range(2):
        status, headers, body = ask(port, "GET", path, headers={"Cookie": f"sessionid={session}"})
        assert status == 200 and headers["Cache-Control"] == "private, no-store"
        assert headers["X-Cache-Status"] == "BYPASS" and demo["organiser"].encode() in body
    status, headers, body = ask(port, "GET", path)
    assert headers["X-Cache-Status"] == "HIT" and demo["organiser"].encode() not in body
    kept = b"".join(p.read_bytes() for p in (demo["tmp"] / "cache").rglob("*") if p.is_file())
    assert b"Log out" not in kept and demo["organiser"].encode() not in kept and kept


def test_a_logged_in_poll_is_a_cache_hit_and_a_personal_page_is_never_kept(demo):
    """Issue 50: the polled addresses answer a session the anonymous answer, so nginx keeps one copy for
    the logged-in crowd too; a personal page (and an organiser's personal poll) still goes past it."""
    port = demo["https_port"]
    session = {"Cookie": f"sessionid={_login(port, demo['organiser'])}"}
    competition = demo["competition"]
    with sqlite3.connect(demo["db"]) as db:
        (round_id,) = db.execute("SELECT id FROM tournament_round ORDER BY number").fetchone()
    for path in (
        f"/competitions/{competition}/standings/live/",
        f"/competitions/{competition}/live/",
        f"/rounds/{round_id}/clock/",
        "/tables/marks/0/",  # the scoresheets' shared poll (tables 1 to 31)
    ):
        time.sleep(1.02 - time.time() % 1)  # all within one second: the copy lasts to its end
        status, first, body = ask(port, "GET", path, headers=session)
        assert status == 200 and first["Cache-Control"].startswith("public"), path
        assert "Set-Cookie" not in first and first["X-Cache-Status"] != "BYPASS", path
        # (the first may have been a stale copy of an earlier test's, refreshed behind it)
        status, again, body = ask(port, "GET", path, headers=session)
        assert (status, again["X-Cache-Status"]) == (200, "HIT"), path
        status, anonymous, same = ask(port, "GET", path)  # the same copy for a visitor with no session
        assert (anonymous["X-Cache-Status"], same) == ("HIT", body), path
    for path in (f"/competitions/{competition}/live/mine/", f"/competitions/{competition}/standings/"):
        for _ in range(2):
            status, headers, body = ask(port, "GET", path, headers=session)
            assert status == 200 and headers["Cache-Control"] == "private, no-store", path
            assert headers["X-Cache-Status"] == "BYPASS", path
    # the front page: shared for anonymous visitors, private for the signed-in
    time.sleep(1.02 - time.time() % 1)
    ask(port, "GET", "/")
    status, headers, body = ask(port, "GET", "/")
    assert status == 200 and headers["X-Cache-Status"] == "HIT" and b"Log out" not in body
    status, headers, body = ask(port, "GET", "/", headers=session)
    assert headers["X-Cache-Status"] == "BYPASS" and headers["Cache-Control"] == "private, no-store"
    kept = b"".join(p.read_bytes() for p in (demo["tmp"] / "cache").rglob("*") if p.is_file())
    assert b"Log out" not in kept and demo["organiser"].encode() not in kept
