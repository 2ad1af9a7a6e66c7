"""A short season night on a phone (issue 47): the organiser seats and publishes, seats the night again
after publishing, and seats a late arrival in the seat of a player who went home; at each step every
player's inbox says where they sit now (the newest message standing; the ones before marked replaced)."""

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.conftest import logged_in
from tests.factories import CompetitionFactory, EntryFactory, PlayerFactory
from tournament.models import Attendance, Round, Seat
from tournament.notifications.links import person_token
from tournament.season.links import season_link_token

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Ann Tan", "Ben Lim", "Cai Ong", "Dee Goh", "Eve Ng", "Fay Koh", "Gus Teo", "Hui Lee", "Ivy Sim"]
WIND = {"E": "East", "S": "South", "W": "West", "N": "North"}


@pytest.fixture
def night(organiser, settings, live_server):
    settings.NOTIFY_EMAIL = False  # every message in the inbox only: the embedded default
    settings.SITE_URL = live_server.url  # the links the pages give (the season page's to the inbox)
    competition = CompetitionFactory(name="Tuesday League")
    competition.organisers.add(organiser)
    entries = [EntryFactory(competition=competition, player=PlayerFactory(name=n)) for n in NAMES]
    start = timezone.now() + timedelta(minutes=30)
    rnd = Round.objects.create(
        competition=competition, number=1, starts_at=start, ends_at=start + timedelta(hours=3)
    )
    for e in entries[:8]:  # Ivy comes late
        Attendance.objects.create(
            round=rnd, entry=e, reply="yes", checked_in=True, checked_in_at=timezone.now()
        )
    return rnd, entries


def _inbox_says_where_each_sits(page, base, rnd, entries):
    for entry in entries:
        seat = Seat.objects.filter(round=rnd, player=entry.player).select_related("table").first()
        page.goto(f"{base}/messages/for/{person_token(f'p{entry.player_id}')}/")
        newest = page.locator("[data-testid=inbox] > li").first
        if seat is None:
            expect(newest).to_contain_text("no longer have a seat")
        else:
            expect(newest).to_contain_text(f"table {seat.table.number}, {WIND[seat.wind]}")
        expect(newest).not_to_have_attribute("data-replaced", "true")


def test_a_reseat_after_publishing_and_a_late_arrival_tell_each_player_where_they_sit(
    phone, live_server, night, organiser
):
    rnd, entries = night
    page, base = phone, live_server.url
    logged_in(page, base, organiser)
    night_url = f"{base}/organise/rounds/{rnd.pk}/night/"
    page.goto(night_url)
    page.check("#id_publish")
    page.click("#seat button[type=submit]")
    page.wait_for_url(f"**/organise/rounds/{rnd.pk}/")
    first = dict(Seat.objects.filter(round=rnd).values_list("player_id", "table_id"))
    # Seated again after publishing: each player told their seat as it is now
    page.goto(night_url)
    expect(page.locator("[data-testid=seat-plan]")).to_contain_text("2 tables and nobody sits out")
    page.check("#id_publish")
    page.click("#seat button[type=submit]")
    page.wait_for_url(f"**/organise/rounds/{rnd.pk}/")
    now = dict(Seat.objects.filter(round=rnd).values_list("player_id", "table_id"))
    moved = [e for e in entries[:8] if now[e.player_id] != first[e.player_id]]
    stayed = [e for e in entries[:8] if now[e.player_id] == first[e.player_id]]
    _inbox_says_where_each_sits(page, base, rnd, (moved[:2] + stayed[:1]) or entries[:3])
    # Gus went home; Ivy arrives late and takes his seat, from the door list (the page stays where it is)
    gus, ivy = entries[6], entries[8]
    page.goto(night_url)
    page.locator(f"#p{gus.player_id} button[value=out]").click()
    expect(page.locator(f"#p{gus.player_id}")).not_to_have_class("here seated")
    page.locator(f"#p{ivy.player_id} button[value=late]").click()
    expect(page.locator("[data-testid=door-head]")).to_contain_text("Ivy Sim sits at table")
    expect(page.locator("[data-testid=door-head]")).to_contain_text("in the seat of Gus Teo")
    assert Seat.objects.filter(round=rnd, player=ivy.player).exists()
    assert not Seat.objects.filter(round=rnd, player=gus.player).exists()
    _inbox_says_where_each_sits(page, base, rnd, [gus])
    # Ivy has no account: her season page leads to her inbox (item 4), which holds her seat and nothing
    # before it: she was not here when the night was published twice, so never told she sits out (item 1)
    page.goto(f"{base}/season/link/{season_link_token(ivy)}/")
    page.get_by_test_id("inbox-link").click()
    seat = Seat.objects.select_related("table").get(round=rnd, player=ivy.player)
    expect(page.locator("[data-testid=inbox] > li")).to_have_count(1)
    expect(page.get_by_test_id("inbox")).to_contain_text(f"table {seat.table.number}, {WIND[seat.wind]}")
    # read in 简体中文 (the site's language switch): the same seat in the reader's words
    page.context.add_cookies([{"name": "django_language", "value": "zh-hans", "url": base}])
    page.reload()
    zh_wind = {"E": "东", "S": "南", "W": "西", "N": "北"}[seat.wind]
    expect(page.get_by_test_id("inbox")).to_contain_text(f"第 {seat.table.number} 桌，{zh_wind}位")
