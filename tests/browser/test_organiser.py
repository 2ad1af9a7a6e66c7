"""The organiser in a real browser: create a competition, import players from a CSV file, schedule a
round, generate its seating and read the quality report, all with plain forms."""

import pytest
from playwright.sync_api import expect

from tournament.models import Competition, Player, Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CSV = "name,club,registration number\n" + "".join(
    f"Player {i:02d},{'Bishan' if i % 2 else 'Tampines'},SG{i:03d}\n" for i in range(1, 18)
)  # 17 players: four tables and one bye


def log_in(page, base, user):
    page.goto(base + "/accounts/login/?next=/organise/")
    page.fill("#id_username", user.username)
    page.fill("#id_password", "pw-for-tests-only")
    page.click("main button[type=submit]")
    page.wait_for_url(base + "/organise/")


def test_organiser_creates_a_competition_imports_players_and_seats_a_round(page, live_server, organiser):
    base = live_server.url
    log_in(page, base, organiser)

    page.click("text=New competition")
    page.fill("#id_name", "Browser League")
    page.select_option("#id_rules", "sg-tai-card")
    page.fill("#id_starts_on", "2026-12-01")
    page.click("button:has-text('Create')")
    expect(page.locator("h1")).to_have_text("Browser League")
    competition = Competition.objects.get(name="Browser League")
    assert competition.rules == "sg-tai-card" and list(competition.organisers.all()) == [organiser]

    # Import: the first preview names the unknown clubs and offers no import.
    page.click(".org-tabs >> text=Players")
    page.click("text=Import a CSV file")
    page.set_input_files("#id_file", {"name": "players.csv", "mimeType": "text/csv", "buffer": CSV.encode()})
    page.click("button:has-text('Preview')")
    expect(page.locator("tr.problem")).to_have_count(17)
    expect(page.locator(".org-preview")).to_contain_text("unknown club “Bishan”")
    expect(page.locator("button[name=import]")).to_have_count(0)
    assert Player.objects.count() == 0

    page.check(".org-preview input[name=create_clubs]")
    page.click("button:has-text('Check again')")
    expect(page.locator("tr.problem")).to_have_count(0)
    expect(page.locator(".org-preview")).to_contain_text("Every row is good")
    page.click("button[name=import]")
    expect(page.locator(".messages")).to_contain_text("17 new players")
    expect(page.locator("table.org-entries tbody tr")).to_have_count(17)

    # Schedule round 1 and seat it.
    page.click(".org-tabs >> text=Rounds")
    page.fill("#id_starts_at", "2026-12-05T14:00")
    page.fill("#id_venue", "Bishan CC")
    page.click("button:has-text('Schedule')")
    expect(page.locator("h1")).to_contain_text("Round 1")
    expect(page.locator("#generate")).to_contain_text("17 players at 4 tables.")
    expect(page.locator("#generate")).to_contain_text("1 player sits out")
    page.click("#generate button[type=submit]")

    expect(page.locator(".messages")).to_contain_text("Seated 4 tables (1 byes)")
    expect(page.locator(".org-table")).to_have_count(4)
    report = page.locator("#report")
    expect(report).to_contain_text("Quality report")
    expect(report.locator("[data-report=repeat_meetings]")).to_have_text("0")
    expect(report.locator("[data-report=max_meetings]")).to_have_text("1")
    expect(report).to_contain_text("No pair meets again.")
    rnd = Round.objects.get(competition=competition, number=1)
    assert rnd.status == Round.Status.SEATED and rnd.tables.count() == 4

    # The printable sheets are linked and are PDFs.
    href = page.get_attribute("a:has-text('Table cards (PDF)')", "href")
    response = page.request.get(base + href)
    assert response.ok and response.body().startswith(b"%PDF-")


def test_the_organiser_pages_fit_a_phone(phone_page, live_server, organiser):
    from tests.factories import CompetitionFactory, EntryFactory

    competition = CompetitionFactory(name="Phone League")
    competition.organisers.add(organiser)
    for _ in range(8):
        EntryFactory(competition=competition)
    rnd = Round.objects.create(competition=competition, number=1)
    log_in(phone_page, live_server.url, organiser)
    phone_page.goto(f"{live_server.url}/organise/rounds/{rnd.pk}/")
    phone_page.click("#generate button[type=submit]")
    expect(phone_page.locator(".org-table")).to_have_count(2)
    for path in (
        f"/organise/rounds/{rnd.pk}/",
        f"/organise/competitions/{competition.pk}/players/",
        "/organise/",
    ):
        phone_page.goto(live_server.url + path)
        assert phone_page.evaluate("document.documentElement.scrollWidth") <= 390, path
