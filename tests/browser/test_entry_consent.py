"""Entering another organiser's player asks first (issue 48), walked in Chromium: Oscar, on a desktop, enters
Olivia's player in his cup and reads that she is asked; Olivia, on her phone, sees the request on her
dashboard, agrees, and the player is in Oscar's cup. Both pages fit the screen; the CSP holds."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import logged_in
from tests.browser.test_csp import violations
from tests.factories import CompetitionFactory, EntryFactory, PlayerFactory, UserFactory
from tournament.models import Entry, EntryRequest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def test_an_organiser_asks_for_anothers_player_who_agrees_on_her_phone(
    page, phone_page, live_server, organiser
):
    base = live_server.url
    spring = CompetitionFactory(name="Spring League")
    spring.organisers.add(organiser)
    pat = PlayerFactory(name="Pat Lim")
    EntryFactory(competition=spring, player=pat)
    oscar = UserFactory(username="oscar", first_name="Oscar", last_name="Ong")
    cup = CompetitionFactory(name="Oscar's Cup")
    cup.organisers.add(oscar)

    page.set_viewport_size({"width": 1366, "height": 900})
    found = violations(page)
    logged_in(page, base, oscar)
    page.goto(f"{base}/organise/competitions/{cup.pk}/players/")
    page.locator(f"input[name=players][value='{pat.pk}']").check()
    page.locator("form[action$='/players/enter/'] button[type=submit]").click()
    expect(page.locator(".messages")).to_contain_text("asked first")
    expect(page.get_by_test_id("asked")).to_contain_text("Pat Lim")
    expect(page.locator(f"input[name=players][value='{pat.pk}']")).to_have_count(
        0
    )  # asked: not offered again
    assert fits(page) and not found
    page.screenshot(path="/tmp/consent-1-asked-desktop.png", full_page=True)
    assert not Entry.objects.filter(competition=cup, player=pat).exists()

    phone = phone_page
    logged_in(phone, base, organiser)
    phone.goto(f"{base}/organise/")
    phone.get_by_test_id("requests-waiting").get_by_role("link").click()
    expect(phone.get_by_test_id("entry-requests")).to_contain_text("Enter Pat Lim in Oscar's Cup?")
    expect(phone.get_by_test_id("entry-requests")).to_contain_text("Asked by Oscar Ong")
    assert fits(phone)
    phone.screenshot(path="/tmp/consent-2-request-phone.png", full_page=True)
    phone.get_by_role("button", name="Agree").click()
    expect(phone.locator(".messages")).to_contain_text("Pat Lim is entered in Oscar's Cup.")
    expect(phone.get_by_test_id("entry-requests")).to_contain_text("No request waits for your answer.")
    phone.screenshot(path="/tmp/consent-3-agreed-phone.png", full_page=True)
    assert Entry.objects.filter(competition=cup, player=pat).exists()
    assert EntryRequest.objects.get().state == EntryRequest.State.ACCEPTED

    page.reload()
    expect(page.locator("[data-entry]")).to_contain_text("Pat Lim")
    expect(page.get_by_test_id("asked")).to_have_count(0)
