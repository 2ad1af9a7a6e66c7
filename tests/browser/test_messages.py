"""Messages reach their person (issue 34): a player without an account opens their messages by the link in
an email, follows the night's own seat link, chooses Chinese and stops a kind; the organiser reads each
message's state and writes to everyone. Phone 390×844 and desktop 1366×900; screenshots under
/tmp/i34-shots/ when BROWSER_SHOTS is set."""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

import pytest
from django.core import mail
from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.conftest import logged_in
from tests.factories import CompetitionFactory, EntryFactory, PlayerFactory
from tournament.models import NoticeSettings, Preference, Seat
from tournament.notifications.links import person_read, person_url
from tournament.rounds.lifecycle import round_publish, round_schedule
from tournament.rounds.seating import round_seat

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path("/tmp/i34-shots")


def _shot(page, name: str) -> None:
    if os.environ.get("BROWSER_SHOTS"):
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


@pytest.fixture
def night(organiser, settings, live_server):
    settings.NOTIFY_EMAIL = True
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.SITE_URL = live_server.url
    competition = CompetitionFactory(name="Spring League")
    competition.organisers.add(organiser)
    players = [PlayerFactory(name=f"Player {i}", contact=f"p{i}@example.com") for i in range(8)]
    for player in players:
        EntryFactory(competition=competition, player=player)
    starts = timezone.now() + timedelta(days=5)
    round_ = round_schedule(competition, user=organiser, venue="Bishan CC", starts_at=starts)
    round_seat(round_, user=organiser, time_budget=1.0)
    round_publish(round_, user=organiser)  # the messages are written and sent on commit
    return competition, players


def test_a_player_opens_their_messages_follows_their_seat_link_and_chooses(night, phone):
    competition, players = night
    player = players[0]
    seat = Seat.objects.select_related("table").get(player=player)
    email = next(m for m in mail.outbox if m.to == [player.contact])
    # The message's own private link (each message brings a fresh one: issue 48), naming this player.
    link = next(w for w in email.body.split() if "/messages/for/" in w)
    assert link.startswith(person_url(f"p{player.pk}").split("/messages/for/")[0])
    assert person_read(link.rstrip("/").rsplit("/", 1)[1])[0] == f"p{player.pk}"
    phone.goto(link)
    inbox = phone.get_by_test_id("inbox")
    expect(inbox).to_contain_text(f"table {seat.table.number}")
    _shot(phone, "inbox-phone")
    inbox.get_by_role("link", name="Open").first.click()
    expect(phone.locator("main")).to_contain_text(player.name)  # their own seat's page
    phone.go_back()
    phone.select_option("#id_language", "zh-hans")
    phone.get_by_label("Results released").uncheck()
    phone.get_by_role("button", name="Save").click()
    expect(phone.locator(".messages")).to_be_visible()
    pref = Preference.objects.get(player=player)
    assert pref.language == "zh-hans" and pref.stopped == ["results"]
    _shot(phone, "inbox-saved-phone")
    stop = next(line.split(": ", 1)[1] for line in email.body.splitlines() if "/messages/stop/" in line)
    phone.goto(stop)
    _shot(phone, "stop-phone")
    phone.get_by_test_id("stop").click()
    expect(phone.locator("main")).to_contain_text("已停止")  # in the language the player chose
    assert set(Preference.objects.get(player=player).stopped) == {"results", "seating"}


def test_the_organiser_reads_the_states_and_writes_to_everyone(night, organiser, page, live_server):
    competition, players = night
    page.set_viewport_size({"width": 1366, "height": 900})
    logged_in(page, live_server.url, organiser)
    page.goto(f"{live_server.url}/organise/competitions/{competition.pk}/messages/")
    expect(page.get_by_test_id("message-list").locator("li.msg-sent")).to_have_count(8)
    page.fill("#id_text", "Doors open at 7 pm.")
    page.get_by_role("button", name="Send").click()
    expect(page.locator(".messages")).to_contain_text("8 players")
    expect(page.get_by_test_id("message-list").locator("li.msg-sent")).to_have_count(16)
    _shot(page, "organiser-desktop")
    # The reminder in days, and the page says when it goes (issue 47, item 5): a day before, then two
    said = page.get_by_test_id("next-reminder")
    expect(said).to_contain_text("The next reminder goes on")
    a_day_before = said.inner_text()
    page.fill("#id_reminder_amount", "2")
    page.select_option("#id_reminder_unit", "days")
    said.locator("xpath=..").get_by_role("button", name="Save").click()
    expect(said).not_to_have_text(a_day_before)
    expect(said).to_contain_text("The next reminder goes on")
    expect(said).to_contain_text("for round 1.")
    assert NoticeSettings.objects.get(competition=competition).reminder_minutes == 2 * 24 * 60
    page.set_viewport_size({"width": 390, "height": 844})
    _shot(page, "organiser-phone")
