"""On a phone (390×844): an organiser makes an invitation for a player, prints its slip (a QR code),
and the player opens the link, chooses a username and password, and lands logged in (issue 22)."""

import pytest
from django.core import mail
from playwright.sync_api import expect

from tests.browser.test_csp import violations
from tests.browser.test_organiser import log_in
from tests.factories import CompetitionFactory, EntryFactory, PlayerFactory, UserFactory
from tournament.models import AuditEntry, Invitation

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-passphrase-42"


def test_an_organiser_invites_a_player_who_sets_a_password_and_lands_logged_in(
    browser, phone_page, live_server, organiser
):
    competition = CompetitionFactory(name="Phone League")
    competition.organisers.add(organiser)
    player = PlayerFactory(name="Mei Ling")
    EntryFactory(competition=competition, player=player)
    base = live_server.url
    found = violations(phone_page)

    log_in(phone_page, base, organiser)
    phone_page.goto(f"{base}/organise/competitions/{competition.pk}/players/")
    phone_page.click("[data-player-account]")
    expect(phone_page.locator("h1")).to_contain_text("Mei Ling")
    phone_page.screenshot(path="/tmp/accounts-1-player-account.png", full_page=True)
    phone_page.click("button[value=invite]")
    expect(phone_page.locator(".slip-qr svg")).to_be_visible()
    link = phone_page.locator(".slip-link a").get_attribute("href")
    assert link.startswith(base + "/accounts/invitation/")
    box = phone_page.locator(".slip-qr svg").bounding_box()
    assert 150 <= box["width"] <= 390 and abs(box["width"] - box["height"]) < 2  # square, fits the phone
    phone_page.screenshot(path="/tmp/accounts-2-slip.png", full_page=True)
    phone_page.emulate_media(media="print")
    phone_page.screenshot(path="/tmp/accounts-3-slip-print.png", full_page=True)
    expect(phone_page.locator(".topbar")).to_be_hidden()  # only the slip prints
    phone_page.emulate_media(media="screen")

    # The player, on their own phone.
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    mine = context.new_page()
    found += violations(mine)
    mine.goto(link)
    expect(mine.locator("main")).to_contain_text("Mei Ling")
    mine.fill("#id_username", "meiling")
    mine.fill("#id_password1", "123")
    mine.fill("#id_password2", "123")
    mine.click("button:has-text('Make my account')")
    expect(mine.locator(".errorlist")).not_to_have_count(0)  # too short, too common: Django's checks
    mine.screenshot(path="/tmp/accounts-4-use-error.png", full_page=True)
    mine.fill("#id_password1", PASSWORD)
    mine.fill("#id_password2", PASSWORD)
    mine.click("button:has-text('Make my account')")
    expect(mine.locator(".messages")).to_contain_text("Welcome, meiling")
    expect(mine.locator("nav")).to_contain_text("Log out (Mei Ling)")  # her name, not her username (issue 32)
    mine.screenshot(path="/tmp/accounts-5-landed.png", full_page=True)
    player.refresh_from_db()
    assert player.user.username == "meiling"
    assert AuditEntry.objects.filter(action="invitation_used", user=player.user).exists()

    mine.goto(link)  # once only
    expect(mine.locator("h1")).to_have_text("This invitation does not work")
    mine.screenshot(path="/tmp/accounts-6-used.png", full_page=True)
    assert Invitation.objects.get().used_at is not None
    context.close()
    assert found == []


def test_the_lock_out_page_speaks_chinese_and_leads_to_the_password_reset(phone_page, live_server, settings):
    settings.AXES_FAILURE_LIMIT = 2
    UserFactory(username="lin", email="lin@example.org")
    base = live_server.url
    phone_page.context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": "zh-hans", "url": base}])
    phone_page.goto(base + "/accounts/login/")
    expect(phone_page.locator("html")).to_have_attribute("lang", "zh-hans")
    for _ in range(3):
        phone_page.fill("#id_username", "lin")
        phone_page.fill("#id_password", "wrong")
        with phone_page.expect_navigation():  # count() below reads the answer, not the page it replaces
            phone_page.click("main button[type=submit]")
        if phone_page.locator("[data-locked-out]").count():
            break
    expect(phone_page.locator("h1")).to_have_text("尝试次数过多")
    phone_page.screenshot(path="/tmp/accounts-7-locked-out-zh.png", full_page=True)
    phone_page.click("text=重置我的密码")
    phone_page.fill("#id_email", "lin@example.org")
    phone_page.click("main button[type=submit]")
    expect(phone_page.locator("h1")).to_have_text("请查看你的邮箱")
    assert len(mail.outbox) == 1 and "lin" in mail.outbox[0].body
    phone_page.screenshot(path="/tmp/accounts-8-reset-sent-zh.png", full_page=True)


def test_the_staff_page_on_a_phone(phone_page, live_server, organiser):
    competition = CompetitionFactory(name="Phone League")
    competition.organisers.add(organiser)
    competition.scorekeepers.add(UserFactory(username="kim_keeper"))
    log_in(phone_page, live_server.url, organiser)
    phone_page.goto(f"{live_server.url}/organise/competitions/{competition.pk}/staff/")
    phone_page.fill("#id_account-username", "sally")
    phone_page.fill("#id_account-password1", PASSWORD)
    phone_page.fill("#id_account-password2", PASSWORD)
    phone_page.click("button[value=create]")
    expect(phone_page.locator(".org-people")).to_contain_text("sally")
    phone_page.once("dialog", lambda dialog: dialog.accept())  # data-confirm asks first
    phone_page.locator('[data-account="kim_keeper"] button').click()
    expect(phone_page.locator('[data-account="kim_keeper"]')).to_contain_text("deactivated")
    phone_page.screenshot(path="/tmp/accounts-9-staff.png", full_page=True)
    assert competition.scorekeepers.get(username="sally").is_active
