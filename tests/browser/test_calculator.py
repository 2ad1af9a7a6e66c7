"""The hand calculator in a real browser, on a phone: tap tiles, see the doubles and who pays."""

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# A Ping Hu (001 rule 23p): four chows, a pair of North (not a scoring pair for South in the East round),
# won on C9 completing the two-sided wait C7 C8.
PING_HU = "B1 B2 B3 B4 B5 B6 D2 D3 D4 C7 C8 NW NW C9".split()


def tap_hand(page, tiles):
    hand = page.locator("[data-tile-picker]:has(#id_concealed)")
    for code in tiles:
        hand.locator(f"[data-tile-palette] [data-tile='{code}']").tap()
    return hand


def test_tapping_tiles_builds_a_winning_hand_and_shows_doubles_and_payments(phone_page, live_server):
    page = phone_page
    page.goto(live_server.url + "/calculator/")
    hand = tap_hand(page, PING_HU)
    # the picker shows what was tapped, and the form field holds the codes
    expect(hand.locator("[data-tile-tray] [data-code]")).to_have_count(14)
    expect(page.locator("#id_concealed")).to_have_value(" ".join(PING_HU))
    expect(hand.locator("[data-tile-count]")).to_have_text("14 / 14")
    page.locator("label[for=id_seat_wind_1]").tap()  # South wins
    # on a discard, the payments wait for the discarder
    expect(page.locator("#calc-result [data-needs-discarder]")).to_be_visible()
    page.locator("label[for=id_discarder_3]").tap()  # North discarded
    result = page.locator("#calc-result")
    expect(result.locator("tr[data-code=ping_hu]")).to_contain_text("Ping Hu")
    expect(result.locator("[data-doubles]")).to_have_attribute("data-doubles", "4")
    # North pays full price, East and West half, South receives all of it (001 rule 21, the Ping Hu price)
    expect(result.locator("tr[data-seat=N] [data-net]")).to_have_attribute("data-net", "-20")
    expect(result.locator("tr[data-seat=E] [data-net]")).to_have_attribute("data-net", "-10")
    expect(result.locator("tr[data-seat=W] [data-net]")).to_have_attribute("data-net", "-10")
    expect(result.locator("tr[data-seat=S] [data-net]")).to_have_attribute("data-net", "40")
    expect(page.locator("#calc-summary")).to_contain_text("South +40")  # the bar pinned on the phone


def test_a_tapped_tile_comes_out_and_the_result_follows(phone_page, live_server):
    page = phone_page
    page.goto(live_server.url + "/calculator/")
    hand = tap_hand(page, PING_HU)
    page.locator("label[for=id_win_1]").tap()  # East (the default seat) self-draws: all three pay full
    expect(page.locator("#calc-result tr[data-seat=E] [data-net]")).to_have_attribute("data-net", "60")
    expect(page.locator("#calc-result tr[data-seat=S] [data-net]")).to_have_attribute("data-net", "-20")
    hand.locator("[data-tile-tray] [data-code=C9]").tap()  # take the winning tile out again
    expect(page.locator("#id_concealed")).to_have_value(" ".join(PING_HU[:-1]))
    expect(page.locator("#calc-result [data-not-a-win]")).to_be_visible()
    expect(page.locator("#calc-result li[data-code=winning_tile_required]")).to_have_count(1)
    # bonus tiles come from their own picker; only its palette shows while it is the active one
    bonus = page.locator("[data-tile-picker]:has(#id_bonus)")
    bonus.locator("[data-tile-tray]").tap()
    expect(bonus.locator("[data-tile-palette]")).to_be_visible()
    expect(hand.locator("[data-tile-palette]")).to_be_hidden()
    bonus.locator("[data-tile='F2']").tap()
    expect(page.locator("#id_bonus")).to_have_value("F2")


def test_the_calculator_works_without_javascript(browser, live_server):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    context.set_default_timeout(8000)
    page = context.new_page()
    page.goto(live_server.url + "/calculator/")
    expect(page.locator("[data-tile-palette]").first).to_be_hidden()  # nothing to tap without a script
    page.fill("#id_concealed", " ".join(PING_HU))
    page.locator("label[for=id_seat_wind_1]").click()
    page.locator("label[for=id_discarder_3]").click()
    page.click("#calc-form button[type=submit]")
    expect(page.locator("#calc-result [data-doubles]")).to_have_attribute("data-doubles", "4")
    expect(page.locator("#calc-result tr[data-seat=N] [data-net]")).to_have_attribute("data-net", "-20")
    context.close()


def test_a_tile_used_four_times_across_the_form_cannot_be_tapped_again(phone_page, live_server):
    page = phone_page
    page.goto(live_server.url + "/calculator/")
    hand = tap_hand(page, ["RD", "RD", "RD"])
    expect(hand.locator("[data-tile-tray] [data-code=RD]")).to_have_count(3)  # three quick taps, three tiles
    meld = page.locator("[data-tile-picker]:has(#id_meld1)")
    meld.locator("[data-tile-tray]").tap()
    meld.locator("[data-tile='RD']").tap()
    expect(meld.locator("[data-tile='RD']")).to_have_attribute("aria-disabled", "true")
    meld.locator("[data-tile='RD']").tap(force=True)  # a fifth Red Dragon: refused
    expect(page.locator("#id_meld1")).to_have_value("RD")
    bonus = page.locator("[data-tile-picker]:has(#id_bonus)")
    bonus.locator("[data-tile-tray]").tap()
    bonus.locator("[data-tile='CAT']").tap()
    bonus.locator("[data-tile='CAT']").tap(force=True)  # one cat in the set
    expect(page.locator("#id_bonus")).to_have_value("CAT")


def test_the_situations_boxes_line_up_on_a_phone(phone_page, live_server):
    """Issue 54, item 9: a long situation's label no longer squeezes its box out of line."""
    phone_page.goto(live_server.url + "/calculator/")
    boxes = phone_page.locator("#calc-events input[type=checkbox]")
    found = [boxes.nth(i).bounding_box() for i in range(boxes.count())]
    shapes = {(round(b["x"]), round(b["width"])) for b in found}
    assert boxes.count() >= 6 and len(shapes) == 1, shapes
