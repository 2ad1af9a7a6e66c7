"""The scoresheet with the venue's Wi-Fi gone (issue 18), at phone width in headless Chromium.

Offline is Playwright's context switch (``set_offline``); in Debian's Chromium 156 it also takes the
service worker's own fetches offline (checked: a reload offline is answered from the worker's cache,
the server sees no request). Chips as spgg-2023 says (the default rule set): 001 rule 21 (1 double
2/1, 2 doubles 4/2, 3 doubles 8/4), rule 17 (the discarder pays full, the others half; self-drawn, all
pay full).
"""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import logged_in
from tests.browser.test_scoresheet import NAMES, balances
from tests.factories import PlayerFactory, seated_table
from tournament.models import Hand
from tournament.tables.selectors import table_fold

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = "/tmp/offline-shots"


@pytest.fixture
def table(scorekeeper):
    return seated_table(players=[PlayerFactory(name=n) for n in NAMES], scorekeeper=scorekeeper)


def open_sheet(page, live_server, table, user):
    """The scoresheet, controlled by the service worker.

    The first page a worker is registered from is taken by its ``clients.claim()``; a page whose navigation
    began while the worker was still installing is not, until it is loaded again (as on a real phone).
    """
    logged_in(page, live_server.url, user)
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    page.wait_for_load_state("networkidle")
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    if not page.evaluate("() => navigator.serviceWorker.controller !== null"):
        page.reload()
    assert page.evaluate("() => navigator.serviceWorker.controller !== null")


def sent_after_the_retry(page) -> None:
    """The page tries again 5 s after a send that got no answer (offline-sheet.js: ``later`` and the probe
    of the connection): its clock, Playwright's (installed before the page loaded, flowing as usual), is
    moved on 5 s at a time until everything has been sent, instead of the test waiting for it."""
    for _ in range(8):
        page.clock.fast_forward(5000)
        try:
            expect(banner(page)).to_have_text("Every waiting hand has been sent.", timeout=1000)
            return
        except AssertionError:
            continue
    expect(banner(page)).to_have_text("Every waiting hand has been sent.")


def kept_pages(page) -> dict[str, list[str]]:
    return page.evaluate(
        """async () => { const out = {};
        for (const name of await caches.keys()) {
          out[name] = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname); }
        return out; }"""
    )


def win(page, table, winner, frm, doubles):
    """Tap a quick win: winner's seat, the discarder's seat or "self", a doubles count 1..6."""
    seats = table.seat_map
    page.locator(f"label[for=winner-{seats[winner]}]").click()
    page.locator(f"label[for=win_from-{'self' if frm == 'self' else seats[frm]}]").click()
    page.locator(f"label[for=doubles-{doubles}]").click()


def keep(page, number):
    button = page.locator("#offline-keep")
    expect(button).to_have_text(f"Keep hand {number} to send later")
    button.click()
    expect(button).to_have_text(f"Keep hand {number + 1} to send later")  # kept; the form is for the next


def banner(page):
    return page.locator("[data-testid=offline-banner]")


def hands_in_db(table):
    hands = Hand.objects.filter(table=table).order_by("sequence")
    return [(h.number, h.entry.get("winner"), h.entry.get("win")) for h in hands]


def record_three_offline(page, table):
    # Ben (South) wins on Cai's (West) discard, 3 doubles: priced here, to be checked.
    win(page, table, "S", "W", 3)
    expect(page.locator("[data-testid=offline-preview]")).to_have_text(
        "3 doubles: 8 full, 4 half (to be checked)"
    )
    expect(page.locator("#offline-bar .bar-deltas b")).to_have_text(["-4", "+16", "-8", "-4"])
    keep(page, 1)
    expect(banner(page)).to_have_text("Offline — 1 hand waiting to send")
    win(page, table, "E", "self", 2)  # Ann self-drawn, 2 doubles: each pays 4
    keep(page, 2)
    win(page, table, "N", "E", 1)  # Dee on Ann's discard, 1 double: Ann 2, the others 1
    keep(page, 3)
    expect(banner(page)).to_have_text("Offline — 3 hands waiting to send")


def test_three_hands_recorded_offline_land_once_in_order(live_server, table, scorekeeper, phone):
    page = phone
    open_sheet(page, live_server, table, scorekeeper)
    page.context.set_offline(True)
    expect(banner(page)).to_have_text("Offline — hands are kept on this phone until the connection returns")
    record_three_offline(page, table)
    waiting = page.locator("[data-testid=waiting-hand]")
    expect(waiting).to_have_count(3)
    expect(waiting.nth(0)).to_contain_text(
        "Hand 1 Ben South won on the discard of Cai West · 3 doubles not yet checked"
    )
    expect(waiting.nth(1)).to_contain_text("Hand 2 Ann East won, self-drawn · 2 doubles")
    assert balances(page) == ["400"] * 4  # as last synced
    expect(page.locator("[data-testid=unchecked-balance]")).to_have_text(["→ 406", "→ 411", "→ 387", "→ 396"])
    assert hands_in_db(table) == []

    # Reloaded with no connection: the page the worker kept, and the hands still waiting.
    page.reload()
    expect(banner(page)).to_have_text("Offline — 3 hands waiting to send")
    expect(page.locator("[data-testid=waiting-hand]")).to_have_count(3)
    expect(page.locator("#offline-keep")).to_have_text("Keep hand 4 to send later")
    page.screenshot(path=f"{SHOTS}/offline-1-three-waiting.png")

    page.evaluate(  # every text the banner shows from now on
        """() => { window.bannerTexts = [];
        const el = document.getElementById("offline-banner");
        const seen = () => window.bannerTexts.push(el.textContent);
        new MutationObserver(seen).observe(el, { childList: true }); }"""
    )
    page.context.set_offline(False)
    expect(banner(page)).to_have_text("Every waiting hand has been sent.")
    expect(page.locator("[data-testid=waiting-hand]")).to_have_count(0)
    expect(page.locator("[data-testid=hand-number]")).to_have_text("4")
    shown = list(dict.fromkeys(page.evaluate("() => window.bannerTexts")))  # the banner counts down
    assert shown == [
        "Sending — 3 hands waiting to send",
        "Sending — 2 hands waiting to send",
        "Sending — 1 hand waiting to send",
        "Every waiting hand has been sent.",
    ]
    seats = table.seat_map
    assert hands_in_db(table) == [
        (1, seats["S"], "discard"),
        (2, seats["E"], "self_draw"),
        (3, seats["N"], "discard"),
    ]
    server = table_fold(table).state.balances
    assert balances(page) == [str(server[seats[w]]) for w in "ESWN"]
    expect(page.locator("#live [data-testid=balance]")).to_have_text(["406", "411", "387", "396"])
    expect(page.locator("[data-testid=unchecked-balance]")).to_have_count(0)
    page.screenshot(path=f"{SHOTS}/offline-2-landed.png", full_page=True)


def test_an_answer_lost_after_the_server_recorded_is_never_a_second_hand(
    live_server, table, scorekeeper, phone
):
    page = phone
    page.clock.install()  # sent_after_the_retry
    open_sheet(page, live_server, table, scorekeeper)
    page.context.set_offline(True)
    win(page, table, "S", "W", 3)
    keep(page, 1)
    win(page, table, "E", "self", 2)
    keep(page, 2)

    posts = []

    def lose_first_answer(route):
        posts.append(route.request.post_data)
        response = route.fetch()  # the server records the hand...
        if len(posts) == 1:
            assert response.status == 201
            route.abort("connectionreset")  # ...and its answer never reaches the phone
        else:
            route.fulfill(response=response)

    page.route("**/queued/", lose_first_answer)
    page.context.set_offline(False)
    sent_after_the_retry(page)
    assert len(posts) == 3  # hand 1 twice (the second answered 200, the hand recorded first), hand 2 once
    assert posts[0] == posts[1]
    seats = table.seat_map
    assert hands_in_db(table) == [(1, seats["S"], "discard"), (2, seats["E"], "self_draw")]
    expect(page.locator("#live [data-testid=balance]")).to_have_text(["408", "412", "388", "392"])


def test_a_refused_hand_stops_the_queue_with_its_reason_then_is_fixed(live_server, table, scorekeeper, phone):
    page = phone
    open_sheet(page, live_server, table, scorekeeper)
    page.context.set_offline(True)
    win(page, table, "S", "W", 3)
    keep(page, 1)
    # Ann self-drawn with no doubles: under spgg-2023 a win needs one (the server refuses it).
    seats = table.seat_map
    page.locator(f"label[for=winner-{seats['E']}]").click()
    page.locator("label[for=win_from-self]").click()
    page.fill("#doubles_other", "0")
    keep(page, 2)
    win(page, table, "N", "E", 1)
    keep(page, 3)

    page.context.set_offline(False)
    expect(banner(page)).to_have_text("Sending stopped at hand 2: see below.")
    refused = page.locator("[data-testid=waiting-hand]").first
    expect(refused).to_contain_text("Hand 2")
    expect(refused.locator("[data-testid=refused]")).to_contain_text("Not recorded:")
    expect(refused.locator("[data-testid=refused]")).to_contain_text("double")
    expect(page.locator("[data-testid=waiting-hand]")).to_have_count(2)  # hand 3 waits behind it
    # The balances: hand 1 from the server; hand 3 added, not yet checked (the refused hand 2 is not).
    expect(page.locator("#live [data-testid=balance]")).to_have_text(["396", "416", "392", "396"])
    expect(page.locator("[data-testid=unchecked-balance]")).to_have_text(["→ 394", "→ 415", "→ 391", "→ 400"])
    assert hands_in_db(table) == [(1, seats["S"], "discard")]
    page.screenshot(path=f"{SHOTS}/offline-3-refused.png")
    # Online, but hands wait: a new hand is kept behind them, never confirmed ahead of them.
    expect(page.locator("#offline-keep")).to_have_text("Keep hand 4 to send later")

    # Fix it: the hand comes back into the form, is corrected, kept in its place; then hand 3 follows.
    refused.get_by_role("button", name="Fix").click()
    expect(page.locator("#winner-" + str(seats["E"]))).to_be_checked()
    page.locator("label[for=doubles-2]").click()
    page.locator("#offline-keep").click()
    expect(banner(page)).to_have_text("Every waiting hand has been sent.")
    assert hands_in_db(table) == [
        (1, seats["S"], "discard"),
        (2, seats["E"], "self_draw"),
        (3, seats["N"], "discard"),
    ]
    expect(page.locator("#live [data-testid=balance]")).to_have_text(["406", "411", "387", "396"])
    expect(page.locator("#offline-bar")).to_have_count(0)  # nothing waits: Confirm is back
    expect(page.locator("#confirm-bar")).to_be_visible()


def test_a_hand_recorded_on_another_device_meanwhile_is_shown_never_merged(
    live_server, table, scorekeeper, organiser, phone
):
    from tournament.tables.ledger.record import hand_record

    table.round.competition.organisers.add(organiser)
    page = phone
    open_sheet(page, live_server, table, scorekeeper)
    page.context.set_offline(True)
    win(page, table, "S", "W", 3)
    keep(page, 1)
    win(page, table, "E", "self", 2)
    keep(page, 2)
    # Meanwhile the organiser records hand 1 at the table from the desk: a draw.
    seats = table.seat_map
    hand_record(table=table, entry={"outcome": "draw"}, user=organiser, expected_number=1)

    page.context.set_offline(False)
    expect(banner(page)).to_have_text("Sending stopped at hand 1: see below.")
    first = page.locator("[data-testid=waiting-hand]").first
    expect(first.locator("[data-testid=refused]")).to_contain_text("The table is at hand 2, not 1")
    assert [n for n, *_ in hands_in_db(table)] == [1]  # nothing of the phone's was recorded
    expect(page.locator("[data-testid=hand-number]")).to_have_text("2")  # the table as it is now, to decide
    expect(page.locator("tbody.hand")).to_have_count(1)  # the organiser's hand
    page.screenshot(path=f"{SHOTS}/offline-4-conflict.png")
    first.get_by_role("button", name="Send it as hand 2").click()
    expect(banner(page)).to_have_text("Every waiting hand has been sent.")
    assert hands_in_db(table) == [(1, None, None), (2, seats["S"], "discard"), (3, seats["E"], "self_draw")]


def test_a_confirm_whose_answer_is_lost_is_kept_and_lands_once(live_server, table, scorekeeper, phone):
    page = phone
    page.clock.install()  # sent_after_the_retry
    open_sheet(page, live_server, table, scorekeeper)
    win(page, table, "S", "W", 3)  # online: the server previews it
    expect(page.locator("[data-testid=preview]")).to_contain_text("3 doubles: 8 full, 4 half")
    lost = []

    def record_then_lose_the_answer(route):
        assert route.fetch().status == 200  # the server recorded hand 1 (the sheet was its answer)
        lost.append(route.request.url)
        route.abort("connectionreset")

    page.route("**/record/", record_then_lose_the_answer)
    page.click("#confirm")
    # The phone cannot know whether the hand was recorded: it keeps it with its key and sends it again.
    expect(page.locator("[data-testid=waiting-hand]")).to_have_count(1)
    sent_after_the_retry(page)
    assert len(lost) == 1
    seats = table.seat_map
    assert hands_in_db(table) == [(1, seats["S"], "discard")]
    expect(page.locator("#live [data-testid=balance]")).to_have_text(["396", "416", "392", "396"])
    expect(page.locator("[data-testid=hand-number]")).to_have_text("2")


def test_offline_in_chinese_at_phone_width(live_server, table, scorekeeper, phone):
    page = phone
    page.context.add_cookies([{"name": "django_language", "value": "zh-hans", "url": live_server.url}])
    open_sheet(page, live_server, table, scorekeeper)
    page.context.set_offline(True)
    expect(banner(page)).to_have_text("离线 — 各局先保存在本手机上，联网后发送")
    win(page, table, "S", "W", 3)
    expect(page.locator("[data-testid=offline-preview]")).to_have_text("3 番：全额 8，半额 4（待核对）")
    page.screenshot(path=f"{SHOTS}/offline-zh-1-entry.png")
    page.locator("#offline-keep").click()
    win(page, table, "E", "self", 2)
    page.locator("#offline-keep").click()
    expect(banner(page)).to_have_text("离线 — 2 局等待发送")
    expect(page.locator("[data-testid=waiting-hand]").first).to_contain_text(
        "第 1 局 Ben South 胡 Cai West 放炮"
    )
    page.screenshot(path=f"{SHOTS}/offline-zh-2-waiting.png")


def test_a_hand_refused_because_the_round_ended_stays_until_resolved_and_the_organiser_sees_it(
    live_server, table, scorekeeper, organiser, phone
):
    """Issue 32, items 11 and 12: the header shows where the waiting hands lead; a hand refused because the
    round ended meanwhile stays on the sheet (a reload too) until removed, and the organiser sees it."""
    from tournament.models import RefusedHand, Round
    from tournament.rounds.lifecycle import round_end, round_start

    competition = table.round.competition
    competition.organisers.add(organiser)
    round_start(table.round, user=organiser)
    page = phone
    open_sheet(page, live_server, table, scorekeeper)
    page.context.set_offline(True)
    win(page, table, "E", "S", 2)  # Ann, the dealer, wins: she deals again
    keep(page, 1)
    state = page.locator("[data-testid=unchecked-state]")
    number, dealer = page.locator("[data-testid=hand-number]"), page.locator("[data-testid=dealer]")
    letters = page.locator("#live .player .wind")
    expect(state).to_have_text("not yet checked")
    expect(number).to_have_text("2")
    expect(dealer).to_have_text("Ann East")
    expect(page.locator("#live .dealer-repeats")).to_have_text("(×2)")
    win(page, table, "W", "self", 1)  # Cai wins: the deal passes to Ben
    keep(page, 2)
    # Issue 54, item 2: the bold header and the seats' winds are the projection's, as the form's number is.
    expect(number).to_have_text("3")
    expect(dealer).to_have_text("Ben South")
    expect(letters).to_have_text(["N", "E", "S", "W"])
    expect(page.locator("#live .player.dealer")).to_have_attribute("data-name", "Ben South")
    expect(page.locator("#live .dealer-repeats")).to_be_hidden()
    expect(page.locator(".entry-title")).to_contain_text("3")
    page.screenshot(path=f"{SHOTS}/offline-5-header.png")

    round_end(Round.objects.get(pk=table.round_id), user=organiser)  # meanwhile, at the desk
    page.context.set_offline(False)
    expect(banner(page)).to_have_text("Sending stopped at hand 1: see below.")
    refused = page.locator("[data-testid=waiting-hand]").first
    expect(refused.locator("[data-testid=refused]")).to_contain_text("Not recorded:")
    expect(refused).to_contain_text("The organiser has been told of this hand")
    expect(page.locator("[data-testid=timer]")).to_have_text("The round has ended")
    expect(page.locator("#entry-form")).to_have_count(0)  # the sheet as it is now: no more hands
    assert hands_in_db(table) == []
    (noted,) = RefusedHand.objects.filter(table=table)
    assert (noted.number, noted.resolution, noted.kept_by) == (1, "", scorekeeper)

    page.reload()  # nothing entered is dropped: both hands are still on the sheet
    expect(page.locator("[data-testid=waiting-hand]")).to_have_count(2)
    expect(banner(page)).to_have_text("Sending stopped at hand 1: see below.")
    page.screenshot(path=f"{SHOTS}/offline-6-round-ended.png", full_page=True)

    organiser_page = page.context.browser.new_page()
    logged_in(organiser_page, live_server.url, organiser)
    organiser_page.goto(f"{live_server.url}/organise/rounds/{table.round_id}/")
    expect(organiser_page.locator("[data-testid=refused-hands]")).to_contain_text("Table 1, hand 1")
    organiser_page.close()

    page.on("dialog", lambda dialog: dialog.accept())
    with page.expect_response("**/queued/resolve/"):  # the organiser's note of it ends
        refused.get_by_role("button", name="Discard").click()  # hand 2 moves up, is sent, refused in turn
    expect(page.locator("[data-testid=waiting-hand]")).to_have_count(1)
    expect(banner(page)).to_have_text("Sending stopped at hand 1: see below.")
    with page.expect_response("**/queued/resolve/"):
        page.locator("[data-testid=waiting-hand]").get_by_role("button", name="Discard").click()
    expect(page.locator("[data-testid=waiting-hand]")).to_have_count(0)
    assert sorted(RefusedHand.objects.filter(table=table).values_list("resolution", flat=True)) == [
        "discarded",
        "discarded",
    ]
