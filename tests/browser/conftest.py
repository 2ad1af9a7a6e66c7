"""Browser tests: Playwright driving Debian's Chromium, its headless shell where installed (never
Playwright's own download; ``tests.conftest.CHROMIUM`` says which)."""

import os
import threading
import time

import pytest
from django.core.signals import request_finished, request_started

from tests.conftest import CHROMIUM, need

CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    # Asked before the session's browser is launched (an autouse fixture of a test comes after it):
    # without Chromium a laptop's run skips the browser tests instead of erroring in the launch.
    need(CHROMIUM.exists(), f"{CHROMIUM} is missing (apt-get install chromium-headless-shell)")
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM), "args": CHROMIUM_ARGS}


def _no_screenshot(self, *args, **kwargs) -> bytes:
    return b""


@pytest.fixture(scope="session", autouse=True)
def _screenshots_when_asked():
    """A screenshot is for a person walking a journey, not an assertion: ``SHOTS=<folder>`` (or any value)
    takes them where each test says, for looking at them afterwards; a run without it takes none (about a
    hundred, 9 s of the browser tests' time). What each test asserts of the page is the same either way."""
    if os.environ.get("SHOTS"):
        yield
        return
    from playwright.sync_api import Locator, Page

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Page, "screenshot", _no_screenshot)
        patch.setattr(Locator, "screenshot", _no_screenshot)
        yield


@pytest.fixture(autouse=True)
def _chromium_present():
    need(CHROMIUM.exists(), f"{CHROMIUM} is missing (apt-get install chromium-headless-shell)")


@pytest.fixture(autouse=True)
def _unhashed_static(settings):
    """The live server's static handler serves from the finders, which know no hashed names.

    Production's hashed, compressed files through WhiteNoise are tested in
    tests/tournament/test_static.py with the test client.
    """
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


class Answering:
    """How many requests the live server is answering now (Django's request signals, in its threads)."""

    def __init__(self) -> None:
        self.count = 0
        self.lock = threading.Lock()

    def started(self, **kwargs) -> None:
        with self.lock:
            self.count += 1

    def finished(self, **kwargs) -> None:
        with self.lock:
            self.count -= 1

    def wait_until_idle(self, seconds: float = 10.0) -> None:
        deadline = time.monotonic() + seconds
        while self.count > 0 and time.monotonic() < deadline:
            time.sleep(0.01)


@pytest.fixture(autouse=True)
def _answers_end_before_the_database_is_emptied(request):
    """A page closed at the end of a test may leave the live server answering its last request (a poll,
    a preview); emptying the database meanwhile failed ("database table is locked" on SQLite). Set up
    after the database and before the test's pages, this ends after the pages are closed and before the
    database is emptied: it waits for the answers in progress (none, most of the time: no fixed sleep)."""
    if "live_server" not in request.fixturenames:
        yield
        return
    request.getfixturevalue("transactional_db")
    answering = Answering()
    request_started.connect(answering.started, weak=False, dispatch_uid="tests-answering-started")
    request_finished.connect(answering.finished, weak=False, dispatch_uid="tests-answering-finished")
    try:
        yield answering
        answering.wait_until_idle()
    finally:
        request_started.disconnect(dispatch_uid="tests-answering-started")
        request_finished.disconnect(dispatch_uid="tests-answering-finished")


@pytest.fixture
def quick_polls(monkeypatch):
    """The pages that refresh themselves (htmx ``every Ns``) ask every second: a test that waits for a
    poll to bring a recorded hand waits a second, not the production interval (20 s for the organiser's
    tables, 5 s for the leaderboards). What is asserted is the same: the page follows without a reload."""
    from tournament.tables import live_mark
    from tournament.views.organiser import alerts, rounds
    from tournament.views.public import pages, standings

    for module, name in (
        (live_mark, "SHEET_SECONDS"),
        (rounds, "PLAY_SECONDS"),
        (alerts, "ALERT_SECONDS"),
        (standings, "LIVE_SECONDS"),
        (pages, "LIVE_SECONDS"),
    ):
        monkeypatch.setattr(module, name, 1)


@pytest.fixture
def page(page):
    page.set_default_timeout(int(os.environ.get("BROWSER_TIMEOUT_MS", "8000")))
    return page


@pytest.fixture
def phone_page(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(int(os.environ.get("BROWSER_TIMEOUT_MS", "8000")))
    yield page
    context.close()


@pytest.fixture
def phone(live_server, phone_page):
    """``phone_page`` on the live server, closed at the end of the test.

    A page with a service worker (the offline scoresheet) keeps fetching in the background; the page and its
    worker stop here, and ``_answers_end_before_the_database_is_emptied`` waits for what the live server
    was answering before SQLite empties its tables.
    """
    yield phone_page
    phone_page.goto("about:blank")
    phone_page.context.close()


def logged_in(page, base: str, user) -> None:
    """``user``'s session in the page's context, as the login form would leave it (a session cookie), for
    tests whose journey starts after the login. The form itself is walked by the tests of logging in
    (test_accounts, test_layout, test_organiser, the landing page in test_confirm_by_seat_link): each
    form login costs the login page, its post and the page it lands on."""
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    page.context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": base}])
