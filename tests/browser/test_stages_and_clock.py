"""The organiser's evening in a real browser (issue 36), on a phone and a laptop: ten minutes of extra time
on the round's page, the player's own table page counting down to it, then a final stage: the cut with
its tie shown, published, a qualifier who withdrew replaced by the next in line. Screenshots go to
/tmp/i36-shots/."""

from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.conftest import logged_in
from tests.factories import CompetitionFactory, PlayerFactory, seated_table
from tournament.models import Qualifier, Round
from tournament.stages import services
from tournament.tables.ledger.record import hand_record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path("/tmp/i36-shots")


def fits(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1366, 900)])
def test_extra_time_and_a_final_stage(browser, live_server, organiser, width, height):
    competition = CompetitionFactory(name="Club Cup")
    competition.organisers.add(organiser)
    players = [PlayerFactory(name=n) for n in ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")]
    first = seated_table(competition=competition, players=players[:4])
    second = seated_table(competition=competition, players=players[4:], table_number=2)
    for table in (first, second):
        east = table.seat_map["E"]
        hand_record(table=table, entry={"outcome": "win", "winner": east, "win": "self_draw", "doubles": 3})
    round_ = first.round
    Round.objects.filter(pk=round_.pk).update(ends_at=timezone.now() + timedelta(minutes=30))
    services.stage_add_round(services.stage_create(competition, name="Preliminaries"), round_)
    final_round = Round.objects.create(competition=competition, number=2)

    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(8000)
    page.on("dialog", lambda dialog: dialog.accept())
    base = live_server.url
    SHOTS.mkdir(exist_ok=True)
    try:
        logged_in(page, base, organiser)  # the login form: test_organiser.py
        page.goto(f"{base}/organise/rounds/{round_.pk}/")
        page.fill("#id_extra_minutes", "10")
        page.click("#extra-time button[type=submit]")
        expect(page.locator(".messages")).to_contain_text("10 minutes of extra time")
        expect(page.get_by_test_id("extra-time")).to_contain_text("+10 min extra")
        expect(page.get_by_test_id("timer")).to_contain_text("left")
        fits(page)
        assert page.locator("#extra-time button").bounding_box()["height"] < 60  # one line (issue 54)
        page.screenshot(path=str(SHOTS / f"round-extra-time-{width}.png"), full_page=True)

        # The scoresheet counts down to the end with the extra time.
        page.goto(f"{base}/tables/{first.pk}/")
        expect(page.get_by_test_id("extra-time")).to_contain_text("+10 min extra")
        # Played out: a cut is made from finished rounds whose results are released.
        Round.objects.filter(pk=round_.pk).update(status=Round.Status.FINISHED)

        page.goto(f"{base}/organise/competitions/{competition.pk}/stages/")
        page.fill("#id_name", "Final")
        page.select_option("#id_seating", "groups")
        page.fill("#id_cut_size", "4")
        page.click("#add-stage button[type=submit]")
        expect(page.locator("h1")).to_contain_text("Final")
        page.select_option("#id_round", str(final_round.pk))
        page.click("#stage-rounds button:has-text('Add')")
        expect(page.get_by_test_id("tie-at-cut")).to_be_visible()
        expect(page.locator("tr[data-status='in']")).to_have_count(4)
        fits(page)
        page.screenshot(path=str(SHOTS / f"stage-cut-preview-{width}.png"), full_page=True)
        page.click("button:has-text('Publish the cut')")
        expect(page.locator(".messages")).to_contain_text("published")
        ben = players[1]
        page.click(f"tr[data-player='{ben.pk}'] button:has-text('Withdrew')")
        expect(page.locator(".messages")).to_contain_text("Dan takes the place")
        assert Qualifier.objects.get(stage__name="Final", player=ben).status == "withdrawn"
        page.screenshot(path=str(SHOTS / f"stage-cut-published-{width}.png"), full_page=True)
    finally:
        context.close()
