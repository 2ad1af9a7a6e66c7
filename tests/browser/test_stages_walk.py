"""A final stage in headless Chromium (issue 49, items 1 and 3), on the cup of ``test_stage_doors`` (eight
players, round 1 the preliminaries: Ann and Eve +24, the six others -8 each, so the cut to four ties at
third place: Ben and Cat in, Dan, Fay, Gus and Hal out, all six equal).

1. "Seat again" on the final's round page seats only the stage's four qualifiers, by the stage's placing
   groups, never the eight entrants by the usual draw.
2. The public stage page, reached from the competition's page and its standings, shows who is in and who
   is out, the cut line and how the tie at it was broken, and Ben, who withdrew, replaced by Dan."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import logged_in
from tests.tournament.test_stage_doors import cup, final  # noqa: F401 - the cup
from tournament.models import Seat
from tournament.rounds.seating import round_seat
from tournament.stages import services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_seat_again_on_a_final_round_seats_only_the_stages_qualifiers(page, live_server, cup, organiser):  # noqa: F811
    final(cup)  # placing groups, the cut to four published
    round_seat(cup.final_round, user=organiser)
    page.set_viewport_size({"width": 1366, "height": 900})
    page.on("dialog", lambda dialog: dialog.accept())
    logged_in(page, live_server.url, organiser)
    page.goto(f"{live_server.url}/organise/rounds/{cup.final_round.pk}/")
    expect(page.get_by_test_id("seating-stage")).to_contain_text("the stage Final")
    page.locator("summary:has-text('Seat again')").click()
    page.locator("form button:has-text('Seat again')").click()
    expect(page.locator("ul.messages")).to_contain_text("A draft of 1 table")
    tables = page.locator("#tables")
    for name in ("Ann", "Eve", "Ben", "Cat"):
        expect(tables).to_contain_text(name)
    for name in ("Dan", "Fay", "Gus", "Hal"):  # out of the cut: at no table, and not listed as a bye
        expect(tables).not_to_contain_text(name)
    seated = set(Seat.objects.filter(round=cup.final_round).values_list("player__name", flat=True))
    assert seated == {"Ann", "Eve", "Ben", "Cat"}


def test_the_public_stage_page_shows_the_cut_its_tie_and_a_replacement(page, live_server, cup, organiser):  # noqa: F811
    stage = final(cup)
    services.qualifier_replace(stage, cup.players["Ben"].pk, user=organiser)  # Ben withdrew: Dan is next
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/competitions/{cup.competition.pk}/standings/")
    page.get_by_test_id("stages-link").click()
    expect(page.locator("h1")).to_have_text("Stages")
    cut = page.get_by_test_id("cut")
    expect(cut.locator("tr[data-status='in']")).to_have_count(4)
    expect(cut.locator("tr[data-status='out']")).to_have_count(3)
    expect(cut.locator("tr[data-status='withdrawn']")).to_contain_text("Ben")
    expect(cut.locator("tr[data-status='withdrawn']")).to_contain_text("replaced by Dan")
    expect(cut.locator("tr[data-status='in']").last).to_contain_text("Dan")
    expect(cut.get_by_test_id("in-place-of")).to_have_text("in place of Ben")  # the replacement, marked
    expect(cut.locator(".cut-line-row")).to_contain_text("the cut line")
    expect(cut.locator("tr:has-text('(tied)')")).to_have_count(6)  # third place shared by six
    expect(page.get_by_test_id("cut-tie")).to_contain_text("equal at the cut line")
    expect(page.get_by_test_id("cut-from")).to_contain_text("top 4 of Preliminaries")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing runs off the phone
    page.goto(f"{live_server.url}/competitions/{cup.competition.pk}/")
    expect(page.get_by_test_id("stages-link")).to_have_attribute(
        "href", f"/competitions/{cup.competition.pk}/stages/"
    )
