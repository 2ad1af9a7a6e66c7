"""Browser tests: Playwright driving Debian's Chromium (never Playwright's own download)."""

import os
import time
from pathlib import Path

import pytest

from tests.conftest import need

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    # Asked before the session's browser is launched (an autouse fixture of a test comes after it):
    # without Chromium a laptop's run skips the browser tests instead of erroring in the launch.
    need(CHROMIUM.exists(), f"{CHROMIUM} is missing (apt-get install chromium)")
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM), "args": CHROMIUM_ARGS}


@pytest.fixture(autouse=True)
def _chromium_present():
    need(CHROMIUM.exists(), f"{CHROMIUM} is missing (apt-get install chromium)")


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
    """``phone_page``, closed before the test database is emptied (ask for it after the database's fixtures).

    A page with a service worker (the offline scoresheet) keeps fetching in the background; the page and its
    worker stop here, and the live server ends what it was answering, before SQLite empties its tables.
    """
    yield phone_page
    phone_page.goto("about:blank")
    phone_page.context.close()
    time.sleep(0.5)
