"""The Bao proposal on a phone: a win on a discard entered tile by tile, the preview names the rule.

Ben (South) shows two dragon pongs and wins on Cai's (West's) White Dragon: the three dragon pongs
are 5 doubles (001 rule 23h, 32 full / 16 half by rule 21), and rule 27e "2 sets dragon pong shown.
Bao remaining dragons" makes Cai liable for all three shares (64) once the scorekeeper accepts.
"""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import logged_in
from tests.browser.test_scoresheet import balances, tap
from tests.factories import PlayerFactory, seated_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def table(scorekeeper):
    names = ["Ann East", "Ben South", "Cai West", "Dee North"]
    return seated_table(players=[PlayerFactory(name=n) for n in names], scorekeeper=scorekeeper)


def test_accept_the_proposed_liable_player_then_confirm(phone_page, live_server, table, scorekeeper):
    page = phone_page
    seats = table.seat_map
    logged_in(page, live_server.url, scorekeeper)
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    tap(page, f"label[for=winner-{seats['S']}]")
    tap(page, f"label[for=win_from-{seats['W']}]")
    page.locator("details.full-hand > summary").click()
    page.fill("#concealed", "B1 B2 B3 D4 D4 WD WD WD")
    page.fill("#meld_0", "RD RD RD")
    page.fill("#meld_1", "GD GD GD")
    page.fill("#winning_tile", "WD")
    page.click("#preview-button")
    bao = page.locator("[data-testid=bao]")
    expect(bao).to_contain_text("Bao? Cai West discarded WD, which makes Cai West liable for the whole win.")
    expect(bao).to_contain_text("(001 rule 27e)")
    preview = page.locator("[data-testid=preview]")
    expect(preview.locator("[data-testid=preview-after]")).to_have_text(["384", "464", "368", "384"])
    page.click("[data-testid=bao-accept]")
    expect(bao).to_contain_text("Bao: Cai West pays for all.")
    expect(preview.locator("[data-testid=preview-after]")).to_have_text(["400", "464", "336", "400"])
    page.click("#confirm")
    expect(page.locator("[data-testid=hand-number]")).to_have_text("2")
    assert balances(page) == ["400", "464", "336", "400"]
