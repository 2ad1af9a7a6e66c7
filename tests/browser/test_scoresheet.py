"""The scoresheet in headless Chromium on a phone: record a win and a draw, void one, watch the balances.

Chips as spgg-2023 says (the default rule set): 001 rule 21 (3 doubles = 8
full / 4 half), rule 17 (the discarder pays full, the others half), rule 22
(a concealed kong: 2 from each other player).
"""

import re

import pytest
from playwright.sync_api import expect

from tests.factories import PlayerFactory, seated_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Ann East", "Ben South", "Cai West", "Dee North"]


@pytest.fixture
def table(scorekeeper):
    return seated_table(players=[PlayerFactory(name=n) for n in NAMES], scorekeeper=scorekeeper)


def log_in(page, live_server, user):
    page.goto(live_server.url + "/accounts/login/")
    page.fill("#id_username", user.username)
    page.fill("#id_password", "pw-for-tests-only")
    page.click("main button[type=submit]")
    page.wait_for_url(lambda url: "/accounts/login/" not in url)  # each role lands on its own page


def balances(page) -> list[str]:
    return page.locator("#live [data-testid=balance]").all_inner_texts()


def tap(page, selector):
    page.locator(selector).click()


def test_record_a_win_with_the_stepper_and_a_draw_then_void_the_win(
    phone_page, live_server, table, scorekeeper
):
    page = phone_page
    seats = table.seat_map
    log_in(page, live_server, scorekeeper)
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    expect(page.locator("[data-testid=hand-number]")).to_have_text("1")
    assert balances(page) == ["400"] * 4

    # Win: Ben (South) on Cai's (West) discard, 3 doubles: one tap on 3.
    tap(page, f"label[for=winner-{seats['S']}]")
    tap(page, f"label[for=win_from-{seats['W']}]")
    expect(page.locator(f"label[for=win_from-{seats['S']}]")).to_be_hidden()  # the winner did not discard
    tap(page, "label[for=doubles-3]")
    expect(page.locator("#doubles-3")).to_be_checked()
    preview = page.locator("[data-testid=preview]")
    expect(preview).to_contain_text("3 doubles: 8 full, 4 half")
    expect(preview.locator("[data-testid=preview-after]")).to_have_text(["396", "416", "392", "396"])
    page.click("#confirm")
    expect(page.locator("[data-testid=status]")).to_contain_text("Hand 1 recorded.")
    expect(page.locator("[data-testid=hand-number]")).to_have_text("2")
    assert balances(page) == ["396", "416", "392", "396"]

    # Draw with Dee's (North) concealed kong: 2 from each other player; the deal passes (001 rule 10).
    tap(page, "label[for=outcome-draw]")
    page.locator("details.payouts > summary").click()
    tap(page, f"label[for=p-0-player-{seats['N']}]")
    tap(page, "label[for=p-0-kind-kong_concealed]")
    expect(page.locator("[data-testid=preview]")).to_contain_text("Ann East pays Dee North 2")
    page.click("#confirm")
    expect(page.locator("[data-testid=hand-number]")).to_have_text("3")
    assert balances(page) == ["394", "414", "390", "402"]

    # Void the win: it stays in the list, struck through with its reason; the draw alone stands.
    win_row = page.locator("tbody.hand").last  # the latest hand first: the win is below the draw
    win_row.locator("details.void-form > summary").click()
    win_row.locator("input[name=reason]").fill("wrong discarder")
    # It asks first: "no" leaves the hand standing, "yes" voids it.
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    win_row.locator("button.danger").click()
    expect(page.locator("tbody.hand.void")).to_have_count(0)
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    win_row.locator("button.danger").click()
    expect(page.locator(".messages")).to_contain_text("Hand 1 voided.")
    assert asked == ["Void hand 1? Its chips go back; it can be entered again once."] * 2
    void_row = page.locator("tbody.hand.void")
    expect(void_row).to_contain_text("Voided: wrong discarder")
    expect(void_row.locator("s").first).to_contain_text("Ben South won")
    assert balances(page) == ["398", "398", "398", "406"]
    after = page.locator("tbody.hand:not(.void) [data-testid=after]").all_inner_texts()
    assert after == ["398", "398", "398", "406"]


def test_another_device_sees_the_hand_appear_without_reloading(
    phone_page, page, live_server, table, scorekeeper
):
    seats = table.seat_map
    viewer = page  # a player following the table, not logged in: no edit controls
    viewer.goto(f"{live_server.url}/tables/{table.pk}/")
    expect(viewer.locator("#entry-form")).to_have_count(0)

    keeper = phone_page
    log_in(keeper, live_server, scorekeeper)
    keeper.goto(f"{live_server.url}/tables/{table.pk}/")
    tap(keeper, f"label[for=winner-{seats['E']}]")
    tap(keeper, f"label[for=win_from-{seats['N']}]")
    tap(keeper, "label[for=doubles-1]")
    keeper.locator("#confirm").click()
    expect(keeper.locator("[data-testid=hand-number]")).to_have_text("2")

    # the viewer's page polls every 3 s and swaps in the new state and hand list
    expect(viewer.locator("[data-testid=hand-number]")).to_have_text("2", timeout=8000)
    expect(viewer.locator("#history")).to_contain_text("Ann East won, on Dee North's discard")
    assert balances(viewer) == ["404", "399", "399", "398"]  # 1 double: 2 full, 1 half (rule 21)


def test_a_stale_form_is_told_about_the_other_device(phone_page, browser, live_server, table, scorekeeper):
    seats = table.seat_map
    first = phone_page
    log_in(first, live_server, scorekeeper)
    first.goto(f"{live_server.url}/tables/{table.pk}/")
    other_context = browser.new_context(storage_state=first.context.storage_state())
    second = other_context.new_page()
    second.goto(f"{live_server.url}/tables/{table.pk}/")
    for page in (first, second):  # both start entering hand 1
        tap(page, f"label[for=winner-{seats['S']}]")
        tap(page, "label[for=win_from-self]")
        tap(page, "label[for=doubles-2]")
        expect(page.locator("#confirm")).to_be_visible()
    first.click("#confirm")
    expect(first.locator("[data-testid=hand-number]")).to_have_text("2")
    second.click("#confirm")
    expect(second.locator("[data-testid=conflict]").first).to_contain_text(
        "Hand 1 was just recorded on another device — here is the table now."
    )
    assert balances(second) == ["396", "412", "396", "396"]  # recorded once: 2 doubles self-drawn, 4 each
    other_context.close()


def test_record_a_win_with_the_tile_picker(phone_page, live_server, table, scorekeeper):
    page = phone_page
    seats = table.seat_map
    log_in(page, live_server, scorekeeper)
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    tap(page, f"label[for=winner-{seats['S']}]")
    tap(page, f"label[for=win_from-{seats['W']}]")
    page.locator("details.full-hand > summary").click()
    hand = page.locator("[data-tile-picker]:has(#concealed)")
    hand.locator("[data-tile-input]").click()  # makes its palette the one shown
    for code in "B2 B3 B4 D5 D6 D7 C4 C5 C6 C3 C3".split():
        hand.locator(f"[data-tile-palette] [data-tile={code}]").click()
    meld = page.locator("[data-tile-picker]:has(#meld_0)")
    meld.locator("[data-tile-input]").click()  # makes its palette the one shown
    for _ in range(3):
        meld.locator("[data-tile-palette] [data-tile=RD]").click()
    # 11 tiles in the hand and a pong make fourteen: the winning tile's step opens by itself
    winning = page.locator("[data-tile-picker]:has(#winning_tile)")
    expect(winning).to_have_class(re.compile(r"\bis-active\b"))
    expect(winning.locator("[data-tile-palette]")).to_be_visible()
    expect(meld.locator("[data-tile-palette]")).to_be_hidden()
    winning.locator("[data-tile-palette] [data-tile=B4]").click()
    bonus = page.locator("[data-tile-picker]:has(#bonus)")
    bonus.locator("[data-tile-input]").click()  # makes its palette the one shown
    bonus.locator("[data-tile-palette] [data-tile=F2]").click()
    expect(page.locator("#concealed")).to_have_value("B2 B3 B4 D5 D6 D7 C4 C5 C6 C3 C3")
    preview = page.locator("[data-testid=preview]")
    # 001 rule 23g: a pong of red dragons; rule 23a: South's own flower F2
    expect(preview).to_contain_text("Pong of Red Dragons")
    expect(preview).to_contain_text("Own flower F2")
    expect(preview.locator(".items .total")).to_contain_text("2")
    page.click("#confirm")
    expect(page.locator("[data-testid=hand-number]")).to_have_text("2")
    # 2 doubles: 4 full, 2 half (rule 21); Cai discarded (rule 17)
    assert balances(page) == ["398", "408", "396", "398"]


def test_without_javascript_every_step_is_a_plain_form_post(browser, live_server, table, scorekeeper):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = context.new_page()
    seats = table.seat_map
    log_in(page, live_server, scorekeeper)
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    tap(page, f"label[for=winner-{seats['W']}]")
    tap(page, f"label[for=win_from-{seats['E']}]")
    tap(page, "label[for=doubles-2]")  # a label of a radio: no JavaScript needed
    page.click("#preview-button")  # a full page comes back with the preview and the confirm button
    expect(page.locator("[data-testid=preview]")).to_contain_text("Ann East pays Cai West 4")
    page.screenshot(path="/tmp/night-no-js-preview.png")
    page.click("#confirm")
    expect(page.locator(".messages")).to_contain_text("Hand 1 recorded.")
    assert balances(page) == ["396", "398", "408", "398"]  # 2 doubles on a discard: 4 full, 2 half
    row = page.locator("tbody.hand").first
    row.locator("details.void-form > summary").click()
    row.locator("input[name=reason]").fill("entered at the wrong table")
    page.once("dialog", lambda dialog: dialog.accept())
    row.locator("button.danger").click()
    expect(page.locator("tbody.hand.void")).to_contain_text("Voided: entered at the wrong table")
    assert balances(page) == ["400"] * 4
    context.close()


def test_enter_in_the_doubles_field_previews_and_never_confirms(phone_page, live_server, table, scorekeeper):
    page = phone_page
    seats = table.seat_map
    log_in(page, live_server, scorekeeper)
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    tap(page, f"label[for=winner-{seats['N']}]")
    tap(page, "label[for=win_from-self]")
    tap(page, "label[for=doubles-3]")
    page.fill("#doubles_other", "1")  # a typed count, and the tap is undone: one or the other
    page.locator("#doubles_other").dispatch_event("change")
    expect(page.locator("input[name=doubles]:checked")).to_have_count(0)
    expect(page.locator("#confirm")).to_be_visible()
    page.fill("#doubles_other", "2")
    page.press("#doubles_other", "Enter")
    expect(page.locator("[data-testid=preview]")).to_contain_text("2 doubles")
    expect(page.locator("[data-testid=hand-number]")).to_have_text("1")  # nothing recorded
    tap(page, "label[for=doubles-4]")  # and a tap empties the typed count
    expect(page.locator("#doubles_other")).to_have_value("")
    expect(page.locator("[data-testid=bar-total]")).to_contain_text("4 doubles")
    assert balances(page) == ["400"] * 4


def test_enter_a_voided_hand_again_then_its_enter_again_is_gone(phone_page, live_server, table, scorekeeper):
    """Issue 14: after the correction, "Enter again" stayed and reopened the old entry ("Confirm hand 9")."""
    from tests.public.conftest import win
    from tournament.tables.ledger.record import hand_record
    from tournament.tables.ledger.void import hand_void

    page = phone_page
    seats = table.seat_map
    first = win(table, "S", 3, discarder="W")
    hand_record(table=table, entry={"outcome": "draw"})
    hand_void(hand=first, reason="wrong discarder")
    log_in(page, live_server, scorekeeper)
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    page.locator("tbody.hand.void a.button", has_text="Enter again").click()
    expect(page.locator("[data-testid=replaces]")).to_contain_text("replaces the voided hand 1")
    confirm = page.locator("#confirm")
    expect(confirm).to_be_visible()  # the hand as recorded is previewed at once (issue 54)
    with page.expect_response("**/preview/"):
        tap(page, f"label[for=win_from-{seats['E']}]")  # the discarder was East
    expect(confirm).to_have_text("Confirm: replace the voided hand 1")
    page.screenshot(path="/tmp/shots/correction-preview.png", full_page=True)
    confirm.click()
    expect(page.locator("[data-testid=status]")).to_contain_text("Hand 1 recorded.")
    void_row = page.locator("tbody.hand.void")
    expect(void_row.locator("[data-testid=corrected-by]")).to_have_text("Corrected by hand 1")
    expect(page.get_by_text("Enter again")).to_have_count(0)
    page.locator("#history").scroll_into_view_if_needed()
    page.screenshot(path="/tmp/shots/corrected-history.png", full_page=True)
