"""The big screen in headless Chromium (issue 36), on a TV (1920x1080) and a projector (1280x720).

One league night: ten tables playing, forty players, ten minutes of extra time, a message. The screen
counts the clock down to the end with the extra time, shows the tables still playing with their last
hand, pages through what does not fit, and through a Wi-Fi drop keeps its data and says how old it is.
Screenshots go to /tmp/i36-shots/.
"""

import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.factories import PlayerFactory, seated_table
from tournament.models import Round
from tournament.rounds.clock import round_add_time
from tournament.screen.message import screen_message_set
from tournament.standings.store import standings_refresh
from tournament.tables.ledger.record import hand_record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path("/tmp/i36-shots")


@pytest.fixture
def night(tasks_in_process):
    first = seated_table(players=[PlayerFactory(name=f"Player {i:02d}") for i in range(4)])
    competition = first.round.competition
    tables = [first] + [
        seated_table(
            competition=competition,
            players=[PlayerFactory(name=f"Player {4 * t + i:02d}") for i in range(4)],
            table_number=t + 1,
        )
        for t in range(1, 10)
    ]
    round_ = first.round
    Round.objects.filter(pk=round_.pk).update(
        status=Round.Status.PLAYING, ends_at=timezone.now() + timedelta(minutes=50)
    )
    round_.refresh_from_db()
    round_add_time(round_, minutes=10)
    seats = first.seat_map
    hand_record(table=first, entry={"outcome": "win", "winner": seats["S"], "win": "self_draw", "doubles": 3})
    hand_record(table=tables[1], entry={"outcome": "draw"})
    screen_message_set(competition, message="Final table at 9 pm")
    standings_refresh(competition)
    return competition


def fits(page) -> None:
    width, height = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
    )
    viewport = page.viewport_size
    assert width <= viewport["width"] and height <= viewport["height"], (width, height, viewport)


@pytest.mark.parametrize(("width", "height"), [(1920, 1080), (1280, 720)])
def test_the_big_screen_on_a_tv_and_a_projector(browser, live_server, night, width, height):
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(8000)
    try:
        page.clock.install()
        page.goto(f"{live_server.url}/competitions/{night.pk}/screen/")
        expect(page.get_by_test_id("clock")).to_have_text(re.compile(r"^59:\d\d$"))
        expect(page.get_by_test_id("clock-note")).to_contain_text("+10 min extra time")
        expect(page.get_by_test_id("screen-round")).to_contain_text("Round 1")
        expect(page.get_by_test_id("screen-message")).to_have_text("Final table at 9 pm")
        expect(page.get_by_test_id("screen-age")).to_contain_text("updated")
        # Table 1's last hand: Player 01 (South) self-drew 3 doubles.
        first = page.locator(".table-card[data-table='1']")
        expect(first).to_contain_text("Hand 1: Player 01 won, self-drawn · 3 dbl")
        # The standings: the winner first (+24); forty players do not fit, so the screen pages.
        expect(page.locator("#standings-body tr").first).to_contain_text("Player 01")
        expect(page.get_by_test_id("standings-page")).to_contain_text("page 1 of")
        fits(page)
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"screen-{width}x{height}.png"))
        rows_first = page.locator("#standings-body tr").first.inner_text()

        # The next page comes by itself.
        page.clock.run_for(10_500)
        expect(page.get_by_test_id("standings-page")).to_contain_text("page 2 of")
        assert page.locator("#standings-body tr").first.inner_text() != rows_first

        # A Wi-Fi drop: the data stays, the clock runs on, the age says how old the data is.
        page.route("**/api/v1/competitions/*/screen/", lambda route: route.abort())
        before = page.get_by_test_id("clock").inner_text()
        page.clock.run_for(61_000)
        expect(page.get_by_test_id("screen-age")).to_contain_text("No connection")
        expect(page.get_by_test_id("clock")).not_to_have_text(before)
        expect(page.get_by_test_id("screen-message")).to_have_text("Final table at 9 pm")
        page.screenshot(path=str(SHOTS / f"screen-{width}x{height}-offline.png"))
        page.unroute("**/api/v1/competitions/*/screen/")
        page.clock.run_for(6_000)
        expect(page.get_by_test_id("screen-age")).to_contain_text("updated")
    finally:
        context.close()


def test_the_big_screen_in_chinese(browser, live_server, night):
    context = browser.new_context(viewport={"width": 1280, "height": 720}, locale="zh-CN")
    page = context.new_page()
    page.set_default_timeout(8000)
    try:
        page.goto(f"{live_server.url}/competitions/{night.pk}/screen/")
        expect(page.locator("html")).to_have_attribute("lang", "zh-hans")
        expect(page.get_by_test_id("screen-round")).to_contain_text("第")
        expect(page.locator(".table-card[data-table='1']")).to_contain_text("Player 01")
        fits(page)
        page.screenshot(path=str(SHOTS / "screen-1280x720-zh.png"))
        # The same screen on a phone: one column, nothing wider than the phone, names wrapped between words
        page.set_viewport_size({"width": 390, "height": 844})
        expect(page.locator(".table-card[data-table='1']")).to_contain_text("Player 01")
        reads_on_a_phone(page)
        page.screenshot(path=str(SHOTS / "screen-390x844-zh.png"))
    finally:
        context.close()


PHONE = """() => {
  const wide = [...document.querySelectorAll("#screen *")].filter((e) => {
    const box = e.getBoundingClientRect();
    return box.width && (box.left < -1 || box.right > innerWidth + 1);
  }).map((e) => e.id || e.className);
  const split = [];  // a word of a name on more than one line: cut mid-word
  document.querySelectorAll(".name").forEach((e) => {
    const text = e.firstChild;
    for (const m of e.textContent.matchAll(/[^\\s-]+/g)) {
      const range = document.createRange();
      range.setStart(text, m.index);
      range.setEnd(text, m.index + m[0].length);
      if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) split.push(m[0]);
    }
  });
  const top = (s) => document.querySelector(s).getBoundingClientRect();
  const column = top(".screen-clock").bottom <= top(".screen-tables").top
    && top(".screen-tables").bottom <= top(".screen-standings").top;
  return {wide, split, column};
}"""


def reads_on_a_phone(page) -> None:
    """At 390 px (issue 49's screen opened on a phone): one column, no element past the phone's sides, no
    name's word cut across lines (the two columns had cut names a letter a line)."""
    found = page.evaluate(PHONE)
    assert found == {"wide": [], "split": [], "column": True}, found


def test_a_countdown_of_days_reads_in_days(browser, live_server, tasks_in_process):
    """Issue 54, item 10: a round started days before its end reads "7 days", not "176:44:5" cut off."""
    table = seated_table()
    Round.objects.filter(pk=table.round_id).update(
        status=Round.Status.PLAYING, ends_at=timezone.now() + timedelta(days=7, hours=8)
    )
    ends = timezone.localtime(Round.objects.get(pk=table.round_id).ends_at)
    for locale, words, size in (("en-GB", "7 days", (1280, 720)), ("zh-CN", "7天", (390, 844))):
        context = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale=locale)
        page = context.new_page()
        try:
            page.goto(f"{live_server.url}/competitions/{table.round.competition_id}/screen/")
            expect(page.locator("#clock-digits")).to_have_text(words)
            if size[0] > 1000:
                fits(page)
            else:  # a phone scrolls down, never sideways, and the words stay inside the clock's box
                width = page.evaluate("document.documentElement.scrollWidth")
                box = page.evaluate(
                    "(e => [e.scrollWidth, e.clientWidth])(document.querySelector('#clock-digits'))"
                )
                assert width <= size[0] and box[0] <= box[1], (width, box)
            # the end is days away: its note carries the day of the month, not a bare "20:33" read as tonight
            expect(page.locator("#clock-note")).to_contain_text(str(ends.day))
        finally:
            context.close()
