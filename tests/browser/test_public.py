"""The public leaderboard in headless Chromium: it follows a recorded hand without a reload, keeping the
club filter; the player page draws the chip progression with the vendored Chart.js."""

import pytest
from playwright.sync_api import expect

from tests.factories import ClubFactory, PlayerFactory, seated_table
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


def net_of(page, player_id):
    return page.locator(f"#standings-live tr[data-player='{player_id}'] td.net")


def test_the_leaderboard_follows_a_recorded_hand_without_a_reload(page, live_server, table, quick_polls):
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


SHOTS = "/tmp/league-player"


def fits(page, what: str) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{what}: {width} px wide"


@pytest.fixture
def night(tasks_in_process, player_user):
    """Round 1 playing at two tables (Pat at table 1), round 2 published for later."""
    import datetime

    from django.utils import timezone

    from tests.factories import CompetitionFactory
    from tournament.models import Round

    competition = CompetitionFactory(name="Night League", starts_on=datetime.date(2026, 11, 11))
    jade, pearl = ClubFactory(name="Jade Dragons"), ClubFactory(name="Pearl Winds")
    pat = PlayerFactory(name="Pat Lim", club=jade, user=player_user)
    names = ["Ann Ong", "Ben Tan", "Cai Wee", "Dee Goh", "Eve Ng", "Fay Teo", "Gus Lee"]
    others = [PlayerFactory(name=n, club=pearl if i % 2 else jade) for i, n in enumerate(names)]
    t1 = seated_table(competition=competition, players=[pat, *others[:3]])
    t2 = seated_table(competition=competition, players=others[3:], table_number=2)
    seated_table(competition=competition, players=[others[0], pat, others[4], others[5]], round_number=2)
    starts = timezone.make_aware(datetime.datetime(2026, 11, 11, 19, 30))
    Round.objects.filter(competition=competition).update(starts_at=starts)
    hand_record(
        table=t2, entry={"outcome": "win", "winner": t2.seat_map["E"], "win": "self_draw", "doubles": 1}
    )
    standings_refresh(competition)
    return {"competition": competition, "pat": pat, "t1": t1}


def test_the_player_follows_the_night_on_a_phone_in_both_languages(
    phone_page, live_server, night, quick_polls
):
    """Issue 14: log in and land on the table being played; the competition page follows the evening
    live with the player's own line marked; the standings fit a phone; then the same in Chinese."""
    page, base = phone_page, live_server.url
    pat, competition, t1 = night["pat"], night["competition"], night["t1"]
    page.goto(base + "/accounts/login/")
    page.fill("#id_username", pat.user.username)
    page.fill("#id_password", "pw-for-tests-only")
    page.click("main button[type=submit]")
    page.wait_for_url(f"{base}/tables/{t1.pk}/seat/")  # the table being played: their page, to confirm
    expect(page.locator("h1")).to_contain_text("Table 1")
    expect(page.locator("main")).to_contain_text("Pat Lim")
    page.screenshot(path=f"{SHOTS}-1-table.png", full_page=True)

    page.goto(f"{base}/competitions/{competition.pk}/")
    mine = page.locator("#leaders li.me")
    expect(mine).to_contain_text("Pat Lim")
    expect(mine.locator(".pub-you")).to_have_text("you")
    expect(mine.locator(".net")).to_have_text("0")  # table 2 has played a hand, table 1 not yet
    expect(page.locator("#rounds")).to_contain_text("11 Nov 2026, 19:30")
    page.evaluate("window.notReloaded = true")
    # Pat self-draws 2 doubles: 4 from each of the three (001 rule 21); the page follows by itself.
    hand_record(table=t1, entry={"outcome": "win", "winner": pat.pk, "win": "self_draw", "doubles": 2})
    expect(mine.locator(".net")).to_have_text("12", timeout=15_000)
    expect(page.locator("#leaders li").first).to_have_class("me")  # Pat leads now
    assert page.evaluate("window.notReloaded") is True
    fits(page, "the competition page")
    page.screenshot(path=f"{SHOTS}-2-competition.png", full_page=True)

    page.click("text=Full standings")
    row = page.locator("#standings-live tr.me")
    expect(row.locator("td.rank")).to_have_text("1")
    expect(row.locator("td.net")).to_have_text("12")
    expect(row.locator("td.name")).to_be_visible()
    expect(page.locator("#standings-live th.opt").first).to_be_hidden()  # club and the rest: off a phone
    fits(page, "the standings")
    page.screenshot(path=f"{SHOTS}-3-standings.png", full_page=True)

    page.goto(f"{base}/players/{pat.pk}/?competition={competition.pk}")  # issue 32: the chips in view
    chips = page.locator("#hands td.net").first.bounding_box()
    assert chips["x"] + chips["width"] <= page.viewport_size["width"]  # not pushed off the right edge
    fits(page, "the player's history")
    page.go_back()

    # In Chinese: the menu names each language in its own words; dates as Chinese writes them.
    page.click("label.nav-toggle-label")
    options = page.locator("select[name=language] option")
    expect(options).to_have_text(["English", "简体中文"])
    with page.expect_navigation():
        page.select_option("select[name=language]", "zh-hans")
    expect(page.locator("h1")).to_have_text("积分榜")
    expect(page.locator("#standings-live tr.me .pub-you")).to_have_text("您")
    expect(page.locator("select[name=language] option")).to_have_text(["English", "简体中文"])
    fits(page, "the standings in Chinese")
    page.screenshot(path=f"{SHOTS}-4-standings-zh.png", full_page=True)
    page.goto(f"{base}/competitions/{competition.pk}/")
    expect(page.locator("#rounds")).to_contain_text("2026年11月11日 19:30")
    expect(page.locator("main")).to_contain_text("2026年11月11日")
    page.goto(f"{base}/players/{pat.pk}/")
    expect(page.locator("#sessions tr[data-round='1'] td.running")).to_have_text("+12")
    expect(page.locator("#sessions tr[data-round='2']")).to_contain_text("尚未进行")  # not "+0"
    fits(page, "the player page in Chinese")
    page.screenshot(path=f"{SHOTS}-5-player-zh.png", full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{base}/competitions/{competition.pk}/standings/")
    expect(page.locator("#standings-live th.opt").first).to_be_visible()
    page.screenshot(path=f"{SHOTS}-6-standings-wide-zh.png", full_page=True)
