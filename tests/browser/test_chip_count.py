"""The chip count in headless Chromium on a phone (390×844): the session ends, the scorekeeper counts.

The scorekeeper follows the scoresheet's link, types the chips in front of
each player and sees the comparison with the ledger; a count that adds up
wrong is refused with the sentence that says why (issue 19).
"""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import logged_in
from tests.factories import PlayerFactory, seated_table
from tournament.models import Round
from tournament.rounds.lifecycle import table_end
from tournament.tables.ledger.record import hand_record
from tournament.tables.selectors import table_fold

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Ann East", "Ben South", "Cai West", "Dee North"]


@pytest.fixture
def ended(scorekeeper, organiser):
    table = seated_table(players=[PlayerFactory(name=n) for n in NAMES], scorekeeper=scorekeeper)
    table.round.competition.organisers.add(organiser)
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.PLAYING)
    table.round.refresh_from_db()
    seats = table.seat_map
    entry = {"outcome": "win", "winner": seats["S"], "win": "discard", "discarder": seats["W"], "doubles": 3}
    hand_record(table=table, entry=entry)
    table_end(table, user=organiser)
    return table


def test_the_scorekeeper_counts_the_chips_at_the_end_of_the_session(
    phone_page, live_server, ended, scorekeeper
):
    page = phone_page
    balances = table_fold(ended).state.balances
    seats = ended.seat_map
    logged_in(page, live_server.url, scorekeeper)
    page.goto(f"{live_server.url}/tables/{ended.pk}/")
    link = page.locator("[data-testid=count-link] a")
    expect(link).to_have_text("The session is over: count the chips")
    link.click()
    form = page.locator("[data-testid=count-form]")
    expect(form).to_be_visible()

    # Miscounted first: ten chips too few in front of North.
    for wind, pid in seats.items():
        page.fill(f"#chips-{pid}", str(balances[pid] - (10 if wind == "N" else 0)))
    page.screenshot(path="/tmp/counts-entry.png", full_page=True)
    page.click("[data-testid=count-form] button[type=submit]")
    expect(page.locator("[data-testid=count-problems]")).to_contain_text("chips are never created or lost")
    expect(page.locator(f"#chips-{seats['E']}")).to_have_value(str(balances[seats["E"]]))  # kept as typed
    page.screenshot(path="/tmp/counts-refused.png", full_page=True)

    # Counted again: South has 4 chips fewer in front of him than the ledger says, East 4 more.
    for wind, pid in seats.items():
        page.fill(f"#chips-{pid}", str(balances[pid] + {"E": 4, "S": -4}.get(wind, 0)))
    page.click("[data-testid=count-form] button[type=submit]")
    count = page.locator("[data-testid=count]")
    expect(count).to_have_attribute("data-status", "differs")
    expect(count.locator("[data-testid=difference]")).to_have_text(["+4", "-4", "0", "0"])
    expect(count).to_contain_text("Hands since the last agreed count")
    expect(count).to_contain_text("Ben South won on Cai West's discard")
    expect(page.locator("[data-testid=count-form]")).to_have_count(0)
    page.screenshot(path="/tmp/counts-differs.png", full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the count page scrolls sideways on a phone ({width}px)"


def test_the_organiser_accepts_a_differing_count_and_reads_what_looks_wrong(
    phone_page, live_server, ended, organiser, scorekeeper
):
    from tournament.counts.services import count_enter

    page = phone_page
    seats = ended.seat_map
    balances = table_fold(ended).state.balances
    counted = {**balances, seats["E"]: balances[seats["E"]] + 4, seats["S"]: balances[seats["S"]] - 4}
    count_enter(ended, chips=counted, user=scorekeeper)
    logged_in(page, live_server.url, organiser)
    page.goto(f"{live_server.url}/tables/{ended.pk}/counts/")
    page.fill("[data-testid=count] input[name=reason]", "Ben paid Ann 4 chips by hand")
    page.click("[data-testid=count] form.accept button[type=submit]")
    count = page.locator("[data-testid=count]")
    expect(count).to_have_attribute("data-status", "accepted")
    expect(count).to_contain_text("Accepted as an adjustment: Ben paid Ann 4 chips by hand")
    page.goto(f"{live_server.url}/tables/{ended.pk}/")
    expect(page.locator("#live [data-testid=balance]")).to_have_text([str(counted[seats[w]]) for w in "ESWN"])
    page.goto(f"{live_server.url}/organise/competitions/{ended.round.competition_id}/integrity/")
    flags = page.locator("[data-testid=integrity-counts]")
    expect(flags).to_contain_text("Ann East: counted")
    expect(flags).to_contain_text("Accepted with an adjustment")
    page.screenshot(path="/tmp/counts-integrity.png", full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the integrity page scrolls sideways on a phone ({width}px)"
