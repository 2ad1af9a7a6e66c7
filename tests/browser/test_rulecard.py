"""The organiser's rule card on a phone (issue 14): grouped cards, no sideways scrolling, in English and
Chinese; a row added with the page's script is saved, and the change is marked."""

import pytest
from playwright.sync_api import expect

from tests.browser.test_csp import violations
from tests.browser.test_organiser import log_in
from tests.factories import CompetitionFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = "/tmp/rulecard"


def fits(page, what: str) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{what}: {width} px wide"


def test_the_rule_card_reads_as_grouped_cards_on_a_phone_in_both_languages(
    phone_page, live_server, organiser
):
    page = phone_page
    competition = CompetitionFactory(name="Phone League")
    competition.organisers.add(organiser)
    found = violations(page)
    log_in(page, live_server.url, organiser)
    url = f"{live_server.url}/organise/competitions/{competition.pk}/rules/"
    page.goto(url)
    groups = page.locator("section.card.rc-group")
    expect(groups.locator("h2").first).to_have_text("Winning and minimum doubles")
    assert groups.count() >= 8
    expect(page.locator("#setting-min_doubles label")).to_have_text("Minimum doubles to win")
    expect(page.locator("#setting-min_doubles .org-wording")).to_contain_text("001 rule 16")
    fits(page, "the rule card")
    page.screenshot(path=f"{SHOTS}-en-top.png")
    for key in ("instant", "limit_hands", "false_win_payment"):
        page.locator(f"#setting-{key}").screenshot(path=f"{SHOTS}-en-{key}.png")

    # change a number and add a price row with "Add a row" (the page's script), then save
    page.fill("#id_min_doubles", "2")
    table = page.locator("#setting-price_table")
    table.get_by_role("button", name="Add a row").click()
    rows = table.locator("tr.rc-row")
    expect(rows).to_have_count(13)  # 11 published rows, the empty one, the added one
    page.fill("#id_price_table-11-full", "92")
    page.fill("#id_price_table-11-half", "76")
    page.fill("#id_price_table-12-full", "102")
    page.fill("#id_price_table-12-half", "86")
    page.fill("#id_limit_doubles", "12")
    page.locator("#setting-price_table").screenshot(path=f"{SHOTS}-en-table.png")
    page.get_by_role("button", name="Save settings").click()
    expect(page.locator("#setting-min_doubles .org-badge")).to_have_text("changed from SPGG 2023")
    expect(page.locator("#setting-min_doubles .rc-changed")).to_contain_text("published: 1")
    competition.refresh_from_db()
    assert competition.options["min_doubles"] == 2 and competition.options["limit_doubles"] == 12
    assert competition.options["price_table"][-2:] == [[92, 76], [102, 86]]
    fits(page, "the rule card after saving")
    page.locator("#setting-min_doubles").scroll_into_view_if_needed()
    page.screenshot(path=f"{SHOTS}-en-changed.png")

    # a bad value: the error is beside the setting, in words
    page.fill("#id_min_doubles", "")
    page.get_by_role("button", name="Save settings").click()
    expect(page.locator("#setting-min_doubles .errorlist")).to_contain_text("This field is required.")
    page.locator("#setting-min_doubles").screenshot(path=f"{SHOTS}-en-error.png")

    page.click("label.nav-toggle-label")  # the language menu, as a person on a phone reaches it
    with page.expect_navigation():
        page.select_option("select[name=language]", "zh-hans")
    page.goto(url)
    expect(page.locator("section.rc-group h2").first).to_have_text("胡牌与起胡番数")
    expect(page.locator("#setting-min_doubles label")).to_have_text("起胡番数")
    expect(page.locator("#setting-min_doubles .org-badge")).to_have_text("与SPGG 2023不同")
    fits(page, "the rule card in Chinese")
    page.screenshot(path=f"{SHOTS}-zh-top.png")
    page.locator("#group-bao").scroll_into_view_if_needed()
    page.screenshot(path=f"{SHOTS}-zh-bao.png")
    page.locator("#setting-price_table").screenshot(path=f"{SHOTS}-zh-table.png")
    page.screenshot(path=f"{SHOTS}-zh-full.png", full_page=True)
    assert found == []
