"""A failed htmx request is shown with a Retry button, never dropped silently (static/js/app.js).

The leaderboard's live partial polls every ``LIVE_SECONDS``. The browser's clock is Playwright's and
stands still except when the test moves it, so a poll happens only when the test lets one happen,
and after the failure only the Retry button can fetch the standings again. The partial's answers are
made to fail in the browser (``page.route``): a 503, then no network at all.
"""

import re
from datetime import datetime, timedelta

import pytest
from playwright.sync_api import expect

from tests.factories import PlayerFactory, seated_table
from tournament.standings.store import standings_refresh
from tournament.tables.ledger.record import hand_record
from tournament.views.public.standings import LIVE_SECONDS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def table(tasks_in_process):
    """The standings refresh in process (``tests/conftest.py``), also when this run has Redis."""
    table = seated_table(players=[PlayerFactory(name=n) for n in ("Ann", "Ben", "Cai", "Dee")])
    standings_refresh(table.round.competition)
    return table


def open_leaderboard(page, live_server, table, failure, language="en"):
    """The leaderboard with its live partial failing as ``failure`` says, until ``failure["on"]`` is off."""
    live = re.compile(r"/competitions/\d+/standings/live/")
    seen = []

    def answer(route):
        seen.append(route.request.url)
        if not failure["on"]:
            route.continue_()
        elif failure["how"] == "abort":
            route.abort("internetdisconnected")
        else:
            route.fulfill(status=failure["how"], body="down")

    page.route(live, answer)
    page.context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page.clock.install()
    page.goto(f"{live_server.url}/competitions/{table.round.competition.pk}/standings/")
    page.clock.pause_at(datetime.now() + timedelta(seconds=1))
    return seen


def net_of(page, player_id):
    return page.locator(f"#standings-live tr[data-player='{player_id}'] td.net")


def test_a_503_from_the_live_standings_is_shown_and_retry_fetches_them_again(page, live_server, table):
    cai = table.seat_map["W"]
    failure = {"on": True, "how": 503}
    seen = open_leaderboard(page, live_server, table, failure)
    bar = page.locator("#request-error")
    expect(bar).to_be_hidden()

    page.clock.run_for(LIVE_SECONDS * 1000)  # the next poll: answered 503
    expect(bar).to_be_visible()
    expect(bar).to_contain_text("The server is busy or restarting: retry in a moment.")
    assert len(seen) == 1

    # The server is back, and a hand has been recorded since: Cai self-draws 3 doubles (8 from each).
    failure["on"] = False
    hand_record(table=table, entry={"outcome": "win", "winner": cai, "win": "self_draw", "doubles": 3})
    expect(net_of(page, cai)).to_have_text("0")
    page.get_by_role("button", name="Retry").click()
    expect(net_of(page, cai)).to_have_text("24")  # the clock stood still: the Retry fetched it
    expect(bar).to_be_hidden()
    assert len(seen) == 2


def test_no_network_is_shown_in_the_page_language_and_retry_recovers(page, live_server, table):
    failure = {"on": True, "how": "abort"}
    seen = open_leaderboard(page, live_server, table, failure, language="zh-hans")
    bar = page.locator("#request-error")

    page.clock.run_for(LIVE_SECONDS * 1000)
    expect(bar).to_be_visible()
    expect(bar).to_contain_text("无法连接服务器：请检查网络后重试。")
    # Each Retry is waited for until its request has failed or been answered: the bar and the rows were
    # already as expected before it, so they alone would not wait for the request (a flake seen here).
    with page.expect_event("requestfailed", lambda request: "/standings/live/" in request.url):
        page.get_by_role("button", name="重试").click()  # still no network: said again
    expect(bar).to_be_visible()
    expect(bar).to_contain_text("无法连接服务器")
    assert len(seen) == 2

    failure["on"] = False
    with page.expect_response(lambda response: "/standings/live/" in response.url) as answered:
        page.get_by_role("button", name="重试").click()
    assert answered.value.ok
    expect(bar).to_be_hidden()
    expect(page.locator("#standings-live tbody tr")).to_have_count(4)
    assert len(seen) == 3
