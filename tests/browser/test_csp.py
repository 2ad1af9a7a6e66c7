"""Under the Content-Security-Policy the key pages load with no violation (issue 13)."""

import pytest
from playwright.sync_api import expect

from tests.browser.test_scoresheet import NAMES, log_in
from tests.factories import PlayerFactory, seated_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def violations(page) -> list[str]:
    found: list[str] = []
    page.on("console", lambda m: "Content Security Policy" in m.text and found.append(m.text))
    return found


def test_key_pages_run_with_no_csp_violation(page, live_server, scorekeeper):
    table = seated_table(players=[PlayerFactory(name=n) for n in NAMES], scorekeeper=scorekeeper)
    found = violations(page)
    for path in (
        "/",
        "/calculator/",
        f"/competitions/{table.round.competition.pk}/standings/",
        "/api/v1/docs/",
    ):
        page.goto(live_server.url + path)
        page.wait_for_load_state("networkidle")
    log_in(page, live_server, scorekeeper)
    page.goto(live_server.url + f"/tables/{table.pk}/")
    page.wait_for_load_state("networkidle")
    page.locator('label[for^="winner-"]').first.click()  # htmx posts the form and swaps the preview
    page.wait_for_load_state("networkidle")
    assert page.locator('.pick-win_from label[data-seat="E"]').is_hidden()  # the winner is no discarder
    page.select_option("select[name=language]", "zh-hans")  # static/js/app.js sends the form
    expect(page.locator("html")).to_have_attribute("lang", "zh-hans")
    assert found == []
