"""The base layout in a real browser: login on a phone, role navigation, htmx loaded locally."""

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_organiser_logs_in_on_a_phone_and_sees_their_navigation(phone_page, live_server, organiser):
    page = phone_page
    page.goto(live_server.url + "/accounts/login/")
    page.fill("#id_username", organiser.username)
    page.fill("#id_password", "pw-for-tests-only")
    page.click("button[type=submit]")
    page.wait_for_url(live_server.url + "/organise/")  # an organiser lands on the dashboard (issue 14)
    # On a phone the navigation folds behind the menu button.
    organise = page.locator("nav a[data-role=organiser]")
    expect(organise).to_be_hidden()
    page.click("label.nav-toggle-label")
    expect(organise).to_be_visible()
    assert page.evaluate("typeof window.htmx") == "object"  # vendored htmx really loaded
    page.click("nav button:has-text('Log out')")
    expect(page.locator("nav a[href='/accounts/login/']")).to_have_count(1)
