"""A team night in headless Chromium (issue 49, item 4): three teams named their lineups, the Cranes none.
The organiser's round page names the Cranes with their regulars and offers to seat them or name their
players; "Seat with their regulars" seats sixteen team members (never the entry in no team), each table
card tagged with its team. Screenshots go to ``$TEAMS_SHOTS`` (else the test's own folder)."""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.test_team_lineup import SIZES, log_in, shots
from tests.factories import PlayerFactory
from tests.teams.conftest import event  # noqa: F401 - the team event's cast
from tournament.models import Entry, Seat
from tournament.teams.services import lineup_set

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_organiser_seats_a_team_night_with_a_missing_lineup(
    page,
    live_server,
    event,  # noqa: F811 - the fixture imported above
    organiser,
    tmp_path,
):
    folder = Path(os.environ.get("TEAMS_SHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    loner = PlayerFactory(name="Lone Entrant")
    Entry.objects.create(competition=event.competition, player=loner)
    for i in (0, 1, 3):  # Dragons, Tigers, Pandas
        lineup_set(event.round, event.teams[i], event.regulars(i))
    page.set_viewport_size(SIZES["phone"])
    log_in(page, live_server.url, organiser.username, f"/organise/rounds/{event.round.pk}/")
    missing = page.get_by_test_id("missing-lineups")
    expect(missing).to_contain_text("1 team named no lineup")
    expect(missing).to_contain_text("Cranes — its regulars: Crane 0, Crane 1, Crane 2, Crane 3")
    expect(missing.get_by_role("link", name="Name its players")).to_be_visible()
    shots(page, folder, "team-night-missing")
    missing.get_by_role("button", name="Seat with their regulars").click()
    expect(page.locator("ul.messages")).to_contain_text("A draft of 4 tables")
    expect(page.locator("#tables [data-team-tag]")).to_have_count(16)
    expect(page.locator("#tables")).to_contain_text("[Cranes]")
    expect(page.locator("#report")).to_contain_text("No team-mates at a table.")
    assert Seat.objects.filter(round=event.round).count() == 16
    assert not Seat.objects.filter(round=event.round, player=loner).exists()
    shots(page, folder, "team-night-seated")
