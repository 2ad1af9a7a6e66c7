"""Clubs and ratings in headless Chromium (issue 35): the club standings follow a recorded hand with the
players' table, without a reload; a player's page draws the rating chart with the vendored Chart.js."""

import pytest
from playwright.sync_api import expect

from tests.factories import ClubFactory, PlayerFactory, UserFactory, seated_table
from tournament.rounds.lifecycle import round_end
from tournament.standings.store import standings_refresh
from tournament.tables.ledger.record import hand_record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def table(tasks_in_process):
    jade, pearl = ClubFactory(name="Jade Dragons"), ClubFactory(name="Pearl Winds")
    names = [("Ann East", jade), ("Ben South", pearl), ("Cai West", jade), ("Dee North", pearl)]
    table = seated_table(players=[PlayerFactory(name=n, club=c) for n, c in names])
    standings_refresh(table.round.competition)
    return table


def test_the_clubs_follow_a_recorded_hand_without_a_reload(page, live_server, table, quick_polls):
    competition = table.round.competition
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/competitions/{competition.pk}/standings/")
    jade = page.locator("#club-standings tr", has_text="Jade Dragons")
    expect(jade.locator("td.net")).to_have_text("0")
    page.evaluate("window.notReloaded = true")
    cai = table.seat_map["W"]  # Jade: 8 from each of the three, Ann's 8 stays in the club
    hand_record(table=table, entry={"outcome": "win", "winner": cai, "win": "self_draw", "doubles": 3})
    expect(jade.locator("td.net")).to_have_text("16", timeout=15_000)
    expect(page.locator("#club-standings tr", has_text="Pearl Winds").locator("td.net")).to_have_text("-16")
    expect(jade.locator("td.rank")).to_have_text("1")
    expect(page.locator("#club-standings")).to_have_count(1)  # swapped in place, not added again
    assert page.evaluate("window.notReloaded") is True
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_the_player_page_draws_the_rating_chart(page, live_server, table):
    organiser = UserFactory(username="olga_organiser")
    table.round.competition.organisers.add(organiser)
    ben = table.seat_map["S"]
    hand_record(table=table, entry={"outcome": "win", "winner": ben, "win": "self_draw", "doubles": 1})
    round_end(table.round, user=organiser)  # the round's door rates its sessions (in process)
    page.goto(f"{live_server.url}/players/{ben}/")
    expect(page.locator("#rating-chart")).to_have_attribute("data-ready", "true")
    expect(page.locator("#career .pub-chart")).to_be_visible()
    expect(page.locator("#career [data-testid=rating]")).to_contain_text("provisional")
