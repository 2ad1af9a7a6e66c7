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

    expect(page.locator(".messages")).to_contain_text("A draft of 4 tables (1 byes)")
    expect(page.locator("#draft-note")).to_contain_text("players see nothing of this seating")
    expect(page.locator(".org-table")).to_have_count(4)
    report = page.locator("#report")
    expect(report).to_contain_text("Quality report")
    expect(report.locator("[data-report=repeat_meetings]")).to_have_text("0")
    expect(report.locator("[data-report=max_meetings]")).to_have_text("1")
    expect(report).to_contain_text("No pair meets again.")
    rnd = Round.objects.get(competition=competition, number=1)
    assert rnd.status == Round.Status.SCHEDULED and rnd.tables.count() == 4  # a draft until published

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


SHOTS = "/tmp/league-organiser"


def fits(page, what: str) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{what}: {width} px wide"


def test_the_organisers_evening_on_a_phone_from_an_empty_competition_to_a_finished_round(
    phone_page, browser, live_server, organiser, quick_polls
):
    """Issue 14: every step on a 390 px phone, asserting what is on the screen; screenshots in /tmp."""
    from tournament.tables.ledger.record import hand_record

    page, base = phone_page, live_server.url
    page.goto(base + "/accounts/login/")
    page.fill("#id_username", organiser.username)
    page.fill("#id_password", "pw-for-tests-only")
    page.click("main button[type=submit]")
    page.wait_for_url(base + "/organise/")  # the organiser lands on the dashboard
    page.click("text=New competition")
    page.fill("#id_name", "Night League")
    page.click("button:has-text('Create')")
    expect(page.locator("h1")).to_have_text("Night League")
    competition = Competition.objects.get(name="Night League")

    # Eight players from a CSV file, their clubs created on the way.
    page.goto(f"{base}/organise/competitions/{competition.pk}/players/import/")
    players = "".join(f"Player {i},{'Bishan' if i % 2 else 'Tampines'},NL{i}\n" for i in range(1, 9))
    page.set_input_files("#id_file", {"name": "p.csv", "mimeType": "text/csv", "buffer": players.encode()})
    page.check("#id_create_clubs")
    page.click("button:has-text('Preview')")
    expect(page.locator(".org-preview")).to_contain_text("Every row is good")
    expect(page.locator("#upload_create_clubs")).to_be_checked()  # kept for a corrected file
    page.click("button[name=import]")
    expect(page.locator(".messages")).to_contain_text("8 new players")

    # A round, its seating a draft that the players do not see.
    page.click(".org-tabs >> text=Rounds")
    page.fill("#id_starts_at", "2026-11-11T19:30")
    page.fill("#id_venue", "Bishan CC")
    page.click("button:has-text('Schedule')")
    expect(page.locator("h1")).to_contain_text("Round 1")
    page.click("#generate button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("A draft of 2 tables")
    expect(page.locator("#draft-note")).to_be_visible()
    expect(page.locator("#report [data-report=repeat_meetings]")).to_have_text("0")
    fits(page, "the draft")
    page.screenshot(path=f"{SHOTS}-1-draft.png", full_page=True)
    rnd = Round.objects.get(competition=competition)
    visitor = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    visitor.goto(f"{base}/rounds/{rnd.pk}/")
    expect(visitor.locator("#tables")).to_contain_text("This round is not seated yet.")
    expect(visitor.locator("#tables")).not_to_contain_text("Player 1")

    # A swap from the review, then publishing.
    first = page.locator(".org-table[data-table='1'] .org-seats li").first.inner_text()
    page.select_option("#id_player_a", label="Player 1")
    page.select_option("#id_player_b", label="Player 2")
    page.click("#swap button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("Swapped.")
    assert first  # the seats were listed before the swap
    page.click("button[value=publish]")
    expect(page.locator(".messages")).to_contain_text("Round 1 is published")
    expect(page.locator("h1 .org-status")).to_have_text("Seated")
    visitor.reload()
    expect(visitor.locator("#tables")).to_contain_text("Player 1")
    # Closed now: the round page polls, and a page left open polled the live server for the rest of the
    # session, its errors printed while other tests ran (see tests/test_house.py's parse).
    visitor.context.close()

    # Play: the scorekeepers record hands; the round page shows each table as it stands. The night was
    # scheduled for 11 Nov: far from today, the page asks first with its date (issue 54).
    expect(page.get_by_test_id("far-from-date")).to_contain_text("11 Nov 2026")
    page.check("#id_confirm_date")
    page.click("button[value=start]")
    expect(page.locator("h1 .org-status")).to_have_text("Playing")
    t1, t2 = rnd.tables.order_by("number")
    south = t1.seat_map["S"]
    hand_record(table=t1, entry={"outcome": "win", "winner": south, "win": "self_draw", "doubles": 2})
    hand_record(table=t2, entry={"outcome": "draw"})
    one = page.locator("#play .org-table[data-table='1']")
    expect(one).to_contain_text("1 hand")  # the section refreshes itself (htmx, every second here)
    expect(one).to_contain_text("Prevailing wind: East")
    expect(one).to_contain_text("Last hand 0 minutes ago")
    capital = competition.capital
    expect(one.locator("tr", has_text=Player.objects.get(pk=south).name).locator("td.num")).to_have_text(
        str(capital + 12)
    )
    fits(page, "the round during play")
    page.screenshot(path=f"{SHOTS}-2-playing.png", full_page=True)

    # Time is up: the step asks first, then every table is ended and the round is finished.
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("button[value=end]")
    expect(page.locator(".messages")).to_contain_text("2 tables ended, the round is finished")
    expect(page.locator("h1 .org-status")).to_have_text("Finished")
    expect(page.locator("#play .org-table.done")).to_have_count(2)
    expect(one).to_contain_text("Finished: the organiser ended the session.")
    page.screenshot(path=f"{SHOTS}-3-finished.png", full_page=True)

    # The audit log tells the evening, filtered by table.
    page.goto(f"{base}/organise/competitions/{competition.pk}/audit/?table={t1.pk}")
    expect(page.locator("[data-testid=audit-log] li")).to_have_count(1)
    expect(page.locator("[data-testid=audit-log]")).to_contain_text("recorded hand 1 at table 1 of round 1")
    page.goto(f"{base}/organise/competitions/{competition.pk}/rounds/")
    fits(page, "the rounds list")
    page.screenshot(path=f"{SHOTS}-4-rounds.png", full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{base}/organise/rounds/{rnd.pk}/")
    page.screenshot(path=f"{SHOTS}-5-round-wide.png", full_page=True)


def test_one_tick_enters_every_registered_player_listed(page, live_server, organiser):
    """Issue 54, item 9: "Enter registered players" has a select-all, not 32 ticks."""
    from tests.factories import CompetitionFactory, PlayerFactory

    competition = CompetitionFactory(name="Tick League")
    competition.organisers.add(organiser)
    for i in range(6):
        PlayerFactory(name=f"Walk-in {i}")
    log_in(page, live_server.url, organiser)
    page.goto(f"{live_server.url}/organise/competitions/{competition.pk}/players/")
    boxes = page.locator("#enter-players input[type=checkbox]")
    expect(boxes).to_have_count(6)
    page.get_by_test_id("select-all").click()
    for i in range(6):
        expect(boxes.nth(i)).to_be_checked()
    boxes.first.uncheck()  # the box follows the list
    expect(page.locator("[data-testid=select-all] input")).not_to_be_checked()
    page.get_by_test_id("select-all").click()
    page.click("#enter-players ~ button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("6 players entered")
    assert competition.entries.count() == 6
