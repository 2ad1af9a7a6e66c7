"""A player without an account opens their seat's link on a phone and confirms a hand (issue 19).

The scorekeeper's scoresheet says the players have links and shows none of
them (issue 31); the link a seat's code holds (on the player's slip) is
opened at 390×844, the hand is read (outcome, doubles, who pays whom) and
agreed; another player disputes it with a reason. No page breaks the
Content-Security-Policy (the QR codes are inline SVG, no inline script).
"""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import logged_in
from tests.browser.test_scoresheet import log_in
from tests.factories import PlayerFactory, seated_table
from tournament.access.audit import RequestMeta
from tournament.confirmations.seat_links import seat_link_path
from tournament.models import HandAnswer, HandCheck, Seat
from tournament.tables.ledger.record import hand_record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Ann East", "Ben South", "Cai West", "Dee North"]


@pytest.fixture
def hand(scorekeeper, phone_page):
    table = seated_table(players=[PlayerFactory(name=n) for n in NAMES], scorekeeper=scorekeeper)
    competition = table.round.competition
    competition.confirmation, competition.confirmations_needed = "players", 2
    competition.save()
    seats = table.seat_map
    entry = {"outcome": "win", "winner": seats["E"], "win": "discard", "discarder": seats["S"], "doubles": 3}
    # Sam records on a phone of the very browser build the players use, on the same network (issue 47,
    # item 6): his own session and device mark, the players' browser name and address.
    sams_phone = RequestMeta(
        ip_address="127.0.0.1", user_agent=phone_page.evaluate("navigator.userAgent"),
        session="sams-session-digest", device="sams-phone-mark-digest",
    )  # fmt: skip
    return hand_record(table=table, entry=entry, user=scorekeeper, meta=sams_phone)


def _csp_errors(page) -> list[str]:
    errors: list[str] = []
    page.on("console", lambda msg: errors.append(msg.text) if "Content Security Policy" in msg.text else None)
    return errors


def test_the_scorekeeper_is_told_of_the_links_and_shown_none(phone_page, live_server, hand, scorekeeper):
    """Issue 31: the scoresheet showed the four codes, and whoever held it could confirm with them."""
    page = phone_page
    errors = _csp_errors(page)
    logged_in(page, live_server.url, scorekeeper)
    page.goto(f"{live_server.url}/tables/{hand.table_id}/")
    block = page.locator("[data-testid=seat-links]")
    expect(block).to_contain_text("not shown here")
    expect(page.locator("svg.qr")).to_have_count(0)
    assert "/s/" not in page.content()
    assert errors == []


def test_a_player_opens_the_seat_link_and_agrees(phone_page, live_server, hand):
    page = phone_page
    errors = _csp_errors(page)
    west = Seat.objects.get(table=hand.table, wind="W")
    page.goto(live_server.url + seat_link_path(west))
    card = page.locator(f"article[data-hand='{hand.pk}']")
    expect(card).to_contain_text("Ann East won, on Ben South's discard")
    expect(card).to_contain_text("3 doubles")
    expect(card).to_contain_text("Ben South pays Ann East")
    expect(card.locator("[data-testid=state]")).to_have_text("waiting for confirmation")
    expect(page.locator(".seat-who")).to_contain_text("You are Cai West.")
    agree = card.locator("[data-testid=agree]")
    box = agree.bounding_box()
    assert box["height"] >= 44 and box["x"] + box["width"] <= 390  # a thumb's target, on the screen
    page.screenshot(path="/tmp/confirm-seat-before.png", full_page=True)
    agree.click()
    expect(page.locator(".messages")).to_contain_text("you agreed to hand 1")
    expect(card.locator("[data-testid=my-answer]")).to_have_text("Your answer: Agree")
    expect(card.locator("[data-testid=agree]")).to_have_count(0)
    page.screenshot(path="/tmp/confirm-seat-agreed.png", full_page=True)
    assert HandAnswer.objects.get(hand=hand).seat == west

    # North disputes through their own link: a reason is asked for, then the hand waits for a ruling.
    north = Seat.objects.get(table=hand.table, wind="N")
    page.goto(live_server.url + seat_link_path(north))
    card = page.locator(f"article[data-hand='{hand.pk}']")
    card.locator("details.dispute summary").click()
    card.locator("input[name=reason]").fill("it was 2 doubles")
    card.locator("details.dispute button[type=submit]").click()
    expect(page.locator(".messages")).to_contain_text("went to the organiser")
    expect(card.locator("[data-testid=state]")).to_have_text("disputed")
    expect(card).to_contain_text("Cai West: Agree")
    expect(card).to_contain_text("Dee North: Dispute — it was 2 doubles")
    page.screenshot(path="/tmp/confirm-seat-disputed.png", full_page=True)
    assert HandCheck.objects.get(hand=hand).state == "disputed"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than the phone
    assert errors == []


def test_a_logged_in_player_confirms_on_their_own_table_page(
    phone_page, live_server, hand, scorekeeper, player_user
):
    """Issue 32, items 17 and 18: logging in lands on the player's table page with Agree and Dispute (not a
    read-only sheet); answering keeps the place; "agree to all shown" answers the rest."""
    table = hand.table
    seats = table.seat_map
    entry = {"outcome": "win", "winner": seats["S"], "win": "self_draw", "doubles": 1}
    second = hand_record(table=table, entry=entry, user=scorekeeper)
    third = hand_record(table=table, entry={"outcome": "draw"}, user=scorekeeper)
    west = Seat.objects.select_related("player").get(table=table, wind="W")
    west.player.user = player_user
    west.player.save()
    page = phone_page
    errors = _csp_errors(page)
    log_in(page, live_server, player_user)
    assert page.url.endswith(f"/tables/{table.pk}/seat/")
    cards = page.locator("article.confirm-hand header strong")
    expect(cards).to_have_text(["Hand 3", "Hand 2", "Hand 1"])
    page.locator("[data-testid=states-help] summary").click()
    expect(page.locator("[data-testid=states-help]")).to_contain_text("its chips are in the standings")
    page.screenshot(path="/tmp/i32b-shots/player-table-page.png", full_page=True)
    page.locator(f"article[data-hand='{second.pk}'] [data-testid=agree]").click()
    assert page.url.endswith(f"#hand-{second.pk}")  # back at the hand answered, not the top
    expect(page.locator(f"article[data-hand='{second.pk}'] [data-testid=my-answer]")).to_be_visible()
    page.locator("[data-testid=agree-all] button").click()
    expect(page.locator("[data-testid=agree]")).to_have_count(0)
    assert set(HandAnswer.objects.filter(seat=west).values_list("hand_id", flat=True)) == {
        hand.pk,
        second.pk,
        third.pk,
    }
    page.screenshot(path="/tmp/i32b-shots/player-agreed-all.png", full_page=True)
    assert errors == []
