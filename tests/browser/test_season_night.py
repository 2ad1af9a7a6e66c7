"""A league night on phones (issue 33): the organiser checks players in at the door from the phone list,
seats the night from who is here and publishes it; a player opens their private link and sees their
table; the player who said yes and stayed home is a no-show. ``SHOTS=<folder>`` keeps screenshots."""

import os
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.conftest import logged_in
from tests.factories import CompetitionFactory, EntryFactory, PlayerFactory
from tournament.models import Attendance, Round, Seat
from tournament.season.links import season_link_token

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Ann Tan", "Ben Lim", "Cai Ong", "Dee Goh", "Eve Ng", "Fay Koh"]


def shot(page, name):
    folder = os.environ.get("SHOTS")
    if folder:
        page.screenshot(path=f"{folder}/{name}.png", full_page=True)


@pytest.fixture
def night(organiser):
    competition = CompetitionFactory(name="Tuesday League")
    competition.organisers.add(organiser)
    entries = [EntryFactory(competition=competition, player=PlayerFactory(name=n)) for n in NAMES]
    start = timezone.localtime() + timedelta(hours=1)  # tonight: a check-in far from it asks first (issue 54)
    rnd = Round.objects.create(
        competition=competition,
        number=1,
        starts_at=start,
        ends_at=start + timedelta(hours=3),
        venue="Bishan CC",
    )
    for e in entries[:5]:
        Attendance.objects.create(round=rnd, entry=e, reply="yes")
    return rnd, entries


def test_the_door_the_seating_and_the_players_link(phone, live_server, night, organiser):
    rnd, entries = night
    page = phone
    logged_in(page, live_server.url, organiser)
    page.goto(f"{live_server.url}/organise/rounds/{rnd.pk}/night/")
    expect(page.locator("[data-testid=counts]")).to_contain_text("5 yes")
    shot(page, "night-phone-before")
    for here, name in enumerate(("Ben", "Cai", "Dee", "Eve"), start=1):  # Ann said yes and stays home
        page.fill("#id_q", name)
        page.click("form[role=search] button")
        page.locator("li[data-player] button[value=in]").first.click()
        # this tap's answer, not the one before: "here" alone stood from the last tap (a flaky CI run)
        expect(page.locator("[data-testid=counts]")).to_contain_text(f"{here} here")
    page.goto(f"{live_server.url}/organise/rounds/{rnd.pk}/night/")
    expect(page.locator("[data-testid=field]")).to_contain_text("4 players are checked in")
    shot(page, "night-phone-checked-in")
    page.check("#id_publish")
    page.click("#seat button[type=submit]")
    page.wait_for_url(f"**/organise/rounds/{rnd.pk}/")
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.SEATED
    assert set(Seat.objects.filter(round=rnd).values_list("player__name", flat=True)) == {
        "Ben Lim", "Cai Ong", "Dee Goh", "Eve Ng",
    }  # fmt: skip
    assert Attendance.objects.get(entry=entries[0]).no_show
    page.context.clear_cookies()
    page.goto(f"{live_server.url}/season/link/{season_link_token(entries[1])}/")
    seat = Seat.objects.get(round=rnd, player=entries[1].player)
    expect(page.locator("[data-testid=seat]")).to_contain_text(f"table {seat.table.number}")
    expect(page.locator("#next")).to_contain_text("replies are closed")
    shot(page, "season-phone-seated")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390  # nothing wider than the phone


def test_a_player_answers_from_the_private_link_and_shows_the_code(phone, live_server, night):
    rnd, entries = night
    page = phone
    page.goto(f"{live_server.url}/season/link/{season_link_token(entries[5])}/")
    expect(page.locator("[data-testid=reply]")).to_contain_text("not answered")
    page.click("#next button[value=yes]")
    expect(page.locator("[data-testid=reply]")).to_contain_text("coming")
    assert Attendance.objects.get(entry=entries[5]).reply == "yes"
    page.click("summary")
    expect(page.locator("svg.qr")).to_be_visible()
    shot(page, "season-phone-reply")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_the_organiser_schedules_twelve_nights_on_a_laptop(page, live_server, night, organiser):
    rnd, _ = night
    page.set_viewport_size({"width": 1366, "height": 900})
    logged_in(page, live_server.url, organiser)
    page.goto(f"{live_server.url}/organise/competitions/{rnd.competition_id}/season/")
    page.select_option("#id_weekday", "1")
    page.fill("#id_starts", "19:30")
    page.fill("#id_ends", "23:00")
    page.fill("#id_venue", "Toa Payoh CC")
    page.fill("#id_first_night", "2027-01-05")
    page.fill("#id_nights", "12")
    page.fill("#id_skip", "2027-02-09")
    page.click("#schedule button[type=submit]")
    expect(page.locator("#nights tbody tr")).to_have_count(13)
    expect(page.locator("tr[data-night='13']")).to_contain_text("30 Mar")
    shot(page, "season-laptop")
