"""Issue 32, items 1-7: the organiser's controls during a real evening, in Chromium at 390x844 and 1366x900.

Screenshots go to /tmp/i32a-shots/ (looked at by whoever changes these pages).
"""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.conftest import logged_in
from tests.factories import CompetitionFactory, EntryFactory, PlayerFactory, seated_table
from tournament.models import ChipCount, Entry, Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/i32a-shots")
PHONE = {"width": 390, "height": 844}
WIDE = {"width": 1366, "height": 900}


def open_as(browser, live_server, user, viewport, path):
    context = browser.new_context(viewport=viewport, is_mobile=viewport == PHONE, has_touch=viewport == PHONE)
    page = context.new_page()
    page.set_default_timeout(8000)
    logged_in(page, live_server.url, user)  # the login form: test_organiser.py
    page.goto(f"{live_server.url}{path}")
    return page


def shot(page, name):
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def fits(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def _late_round(organiser):
    competition = CompetitionFactory(name="Late League")
    competition.organisers.add(organiser)
    played = seated_table(competition=competition, players=[PlayerFactory(name=f"Ann {i}") for i in range(4)])
    seated_table(
        competition=competition, players=[PlayerFactory(name=f"Bob {i}") for i in range(4)], table_number=2
    )
    now = timezone.now()
    Round.objects.filter(pk=played.round_id).update(
        starts_at=now - timedelta(hours=4), ends_at=now - timedelta(hours=1)
    )
    return played


@pytest.mark.parametrize("viewport", [PHONE, WIDE], ids=["phone", "wide"])
def test_a_late_start_gets_its_own_end_and_an_empty_table_is_named_before_the_end(
    browser, live_server, organiser, viewport
):
    """Items 1 and 2: started late, the sheets count down to the new end; ending names the empty table and
    its players count no session."""
    from tournament.tables.ledger.record import hand_record

    played = _late_round(organiser)
    rnd = played.round
    page = open_as(browser, live_server, organiser, viewport, f"/organise/rounds/{rnd.pk}/")
    expect(page.get_by_test_id("late-start")).to_contain_text("has passed")
    expect(page.locator("#id_start_minutes")).to_have_value("180")
    fits(page)
    shot(page, f"1-late-start-{viewport['width']}")
    page.fill("#id_start_minutes", "90")
    page.click("#start-form button[value=start]")
    expect(page.locator("h1 .org-status")).to_have_text("Playing")
    expect(page.get_by_test_id("timer")).not_to_contain_text("Time is up")
    expect(page.get_by_test_id("timer")).to_contain_text(re.compile(r"1:[23]\d:\d\d left"))

    seats = played.seat_map
    hand_record(
        table=played, entry={"outcome": "win", "winner": seats["S"], "win": "self_draw", "doubles": 2}
    )
    sheet = page.context.new_page()
    sheet.goto(f"{live_server.url}/tables/{played.pk}/")
    expect(sheet.get_by_test_id("timer")).not_to_contain_text("Time is up")
    sheet.close()

    page.reload()
    expect(page.get_by_test_id("empty-tables")).to_contain_text("Table 2 has no hand recorded")
    shot(page, f"2-end-names-empty-{viewport['width']}")
    asked = []
    page.once("dialog", lambda d: (asked.append(d.message), d.accept()))
    page.click("#end-form button[value=end]")
    expect(page.locator("h1 .org-status")).to_have_text("Finished")
    assert "Table 2 has no hand." in asked[0]
    page.goto(f"{live_server.url}/competitions/{rnd.competition_id}/standings/")
    bob = page.locator("tr", has_text="Bob 0")
    expect(bob).to_be_visible()
    assert Entry.objects.filter(competition=rnd.competition).count() == 8
    from tournament.standings.compute import standings_compute

    sessions = {r.totals.name: r.totals.sessions for r in standings_compute(rnd.competition).rows}
    assert sessions["Bob 0"] == 0 and sessions["Ann 0"] == 1
    page.context.close()


def test_withdraw_asks_and_reinstate_undoes_it_and_alerts_show_up_live(
    browser, live_server, organiser, monkeypatch
):
    """Items 4 and 3: Withdraw asks and says where the player stands; Reinstate is on the same page; a chip
    count that differs appears on the dashboard without a reload."""
    from tournament.views.organiser import alerts

    monkeypatch.setattr(alerts, "ALERT_SECONDS", 1)
    competition = CompetitionFactory(name="Alert League")
    competition.organisers.add(organiser)
    EntryFactory(competition=competition, player=PlayerFactory(name="Wendy Wong"))
    table = seated_table(competition=competition)
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.PLAYING)
    for viewport in (PHONE, WIDE):
        page = open_as(
            browser, live_server, organiser, viewport, f"/organise/competitions/{competition.pk}/players/"
        )
        row = page.locator("tr", has_text="Wendy Wong")
        asked = []
        page.once("dialog", lambda d, asked=asked: (asked.append(d.message), d.dismiss()))
        row.locator("button", has_text="Withdraw").click()
        assert "ranked like everyone, marked withdrawn" in asked[0]
        expect(row).to_contain_text("Playing")  # dismissed: nothing changed
        page.once("dialog", lambda d: d.accept())
        row.locator("button", has_text="Withdraw").click()
        expect(page.locator(".messages")).to_contain_text("Reinstate them below")
        shot(page, f"4-withdrawn-{viewport['width']}")
        fits(page)
        page.once("dialog", lambda d: d.accept())
        page.locator("tr", has_text="Wendy Wong").locator("button", has_text="Reinstate").click()
        expect(page.locator(".messages")).to_contain_text("Wendy Wong reinstated")
        assert Entry.objects.get(player__name="Wendy Wong").status == Entry.Status.ACTIVE

        page.goto(f"{live_server.url}/organise/")
        expect(page.get_by_test_id("alerts")).to_be_hidden()
        count = ChipCount.objects.create(table=table, status=ChipCount.Status.DIFFERS)
        expect(page.get_by_test_id("alert-count")).to_have_text("1", timeout=5000)  # live, no reload
        expect(page.get_by_test_id("alerts")).to_contain_text("the chip count differs")
        fits(page)
        shot(page, f"3-alerts-{viewport['width']}")
        page.get_by_test_id("alerts").locator("a").click()
        expect(page).to_have_url(re.compile(rf"/tables/{table.pk}/counts/$"))
        count.delete()
        page.context.close()


def test_seat_again_says_what_it_does_and_slips_carry_the_private_links(browser, live_server, organiser):
    """Items 5, 7 and 6: seating a published round again asks first and keeps the links printed; the table
    card carries the table's page, each player's slip their own link; Chinese names are embedded."""
    from tests.organiser.test_printing import _pdf_parts
    from tournament.confirmations.seat_links import seat_link_path
    from tournament.models import Seat
    from tournament.rounds.seating import round_seat

    competition = CompetitionFactory(name="Redraw League")
    competition.organisers.add(organiser)
    for i in range(8):
        EntryFactory(
            competition=competition, player=PlayerFactory(name=f"陈{i}明" if i == 0 else f"Player {i}")
        )
    rnd = Round.objects.create(competition=competition, number=1)
    round_seat(rnd, user=organiser)
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.SEATED)
    links = {s.player_id: seat_link_path(s) for s in Seat.objects.filter(round=rnd)}
    for viewport in (PHONE, WIDE):
        page = open_as(browser, live_server, organiser, viewport, f"/organise/rounds/{rnd.pk}/")
        expect(page.locator("#generate details")).not_to_have_attribute("open", "")
        page.locator("#generate summary").click()
        expect(page.get_by_test_id("seat-again-says")).to_contain_text("goes back to a draft")
        shot(page, f"5-seat-again-{viewport['width']}")
        fits(page)
        asked = []
        page.once("dialog", lambda d, asked=asked: (asked.append(d.message), d.accept()))
        page.locator("#generate button[type=submit]").click()
        expect(page.locator(".messages")).to_contain_text("A draft of 2 tables")
        assert "goes back to a draft" in asked[0]
        assert {s.player_id: seat_link_path(s) for s in Seat.objects.filter(round=rnd)} == links
        page.click("button[value=publish]")
        expect(page.locator("h1 .org-status")).to_have_text("Seated")

        cards = page.request.get(
            live_server.url + page.get_attribute("a:has-text('Table cards (PDF)')", "href")
        )
        slips = page.request.get(
            live_server.url + page.get_attribute("a:has-text('Player slips (PDF)')", "href")
        )
        assert cards.ok and slips.ok and slips.body().startswith(b"%PDF-")
        assert any(b"NotoSansCJK" in part for part in _pdf_parts(slips.body()))  # the glyphs travel along
        page.context.close()

    table = rnd.tables.get(number=1)
    visitor = browser.new_context(viewport=PHONE).new_page()
    visitor.goto(f"{live_server.url}/tables/{table.pk}/")  # what the table card's code opens
    expect(visitor.locator("main")).to_contain_text("Table 1")
    expect(visitor.locator("main button", has_text="Agree")).to_have_count(0)
    visitor.context.close()
