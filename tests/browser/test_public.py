"""The public leaderboard in headless Chromium: it follows a recorded hand without a reload, keeping the
club filter; the player page draws the chip progression with the vendored Chart.js."""

import pytest
from playwright.sync_api import expect

from tests.factories import ClubFactory, PlayerFactory, seated_table
from tournament.celery import app
from tournament.ledger import hand_record
from tournament.standings_store import standings_refresh

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def in_process():
    """Tasks run in process (the embedded default), also when this run has a real Redis."""
    old = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = old


@pytest.fixture
def table(in_process):
    jade, pearl = ClubFactory(name="Jade Dragons"), ClubFactory(name="Pearl Winds")
    names = [("Ann East", jade), ("Ben South", pearl), ("Cai West", jade), ("Dee North", pearl)]
    table = seated_table(players=[PlayerFactory(name=n, club=c) for n, c in names])
    standings_refresh(table.round.competition)
    return table


def net_of(page, player_id):
    return page.locator(f"#standings-live tr[data-player='{player_id}'] td.net")


def test_the_leaderboard_follows_a_recorded_hand_without_a_reload(page, live_server, table):
    competition = table.round.competition
    cai = table.seat_map["W"]
    page.goto(f"{live_server.url}/competitions/{competition.pk}/standings/")
    page.select_option("select[name=club]", "Jade Dragons")
    page.click("form.pub-filter button[type=submit]")  # a plain GET form: works without JavaScript
    expect(page.locator("#standings-live tbody tr")).to_have_count(2)
    expect(net_of(page, cai)).to_have_text("0")
    page.evaluate("window.notReloaded = true")

    # Cai self-draws 3 doubles: 8 from each of the three (001 rule 21); the standings refresh on commit.
    hand_record(table=table, entry={"outcome": "win", "winner": cai, "win": "self_draw", "doubles": 3})

    expect(net_of(page, cai)).to_have_text("24", timeout=15_000)
    expect(page.locator(f"#standings-live tr[data-player='{cai}'] td.rank")).to_have_text("1")
    expect(page.locator("#standings-live tbody tr")).to_have_count(2)  # still filtered to the club
    expect(page.locator(".pub-fresh")).to_contain_text("updated")
    assert page.evaluate("window.notReloaded") is True


def test_the_player_page_draws_the_chip_chart(page, live_server, table):
    ben = table.seat_map["S"]
    hand_record(table=table, entry={"outcome": "win", "winner": ben, "win": "self_draw", "doubles": 1})
    page.goto(f"{live_server.url}/players/{ben}/")
    expect(page.locator("#chips-chart")).to_have_attribute("data-ready", "true")
    expect(page.locator(".pub-chart")).to_be_visible()
    expect(page.locator("#sessions tr[data-round='1'] td.running")).to_have_text("+6")
