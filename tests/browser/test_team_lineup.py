"""A team event in headless Chromium (issue 35): the captain finds the lineup page from the home page,
names four players (told how many) and sees them kept; the organiser's teams page shows the lineup.
Screenshots at a phone's and a laptop's width go to ``$TEAMS_SHOTS`` (else the test's own folder)."""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.teams.conftest import event  # noqa: F401 - the team event's cast
from tournament.models import Lineup

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1366, "height": 900}}


def log_in(page, base, username, next_url):
    page.goto(f"{base}/accounts/login/?next={next_url}")
    page.fill("#id_username", username)
    page.fill("#id_password", "pw-for-tests-only")
    page.click("main button[type=submit]")
    page.wait_for_url(base + next_url)


def shots(page, folder: Path, name: str) -> None:
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.screenshot(path=str(folder / f"{name}-{size}.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]


def test_the_captain_names_the_lineup_and_the_organiser_sees_it(
    page,
    live_server,
    event,  # noqa: F811 - the fixture imported above
    organiser,
    tmp_path,
):
    folder = Path(os.environ.get("TEAMS_SHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    base = live_server.url
    page.set_viewport_size(SIZES["phone"])
    log_in(page, base, "pat_player", "/")
    page.click("#captain a")
    expect(page.get_by_test_id("size")).to_contain_text("Name exactly 4 players")
    for name in ("Dragon 0", "Dragon 1", "Dragon 2", "Dragons sub"):
        page.get_by_label(name).check()
    page.click("text=Save the lineup")
    expect(page.locator("ul.messages")).to_contain_text("The lineup is saved.")
    assert sorted(p.name for p in Lineup.objects.get().players.all()) == [
        "Dragon 0",
        "Dragon 1",
        "Dragon 2",
        "Dragons sub",
    ]
    shots(page, folder, "captain-lineup")
    page.context.clear_cookies()
    log_in(page, base, organiser.username, f"/organise/competitions/{event.competition.pk}/teams/")
    expect(page.locator("#lineups")).to_contain_text("Dragon 0, Dragon 1, Dragon 2, Dragons sub")
    shots(page, folder, "organiser-teams")
