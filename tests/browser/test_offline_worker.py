"""What the offline scoresheet keeps on a shared phone (issue 18): the service worker keeps no API answer
and no other user's page; hands kept offline are one user's, never sent by another, deleted at logout."""

import pytest
from playwright.sync_api import expect

from tests.browser.test_offline_scoresheet import banner, keep, kept_pages, open_sheet, win
from tests.browser.test_scoresheet import NAMES, log_in
from tests.factories import PlayerFactory, seated_table
from tournament.models import Hand
from tournament.views.offline import OFFLINE_HEADER

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

STORED_KEYS = """() => new Promise((resolve, reject) => {
  const open = indexedDB.open("mahjong-offline");
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains("hands")) return resolve([]);
    const all = db.transaction("hands").objectStore("hands").getAllKeys();
    all.onsuccess = () => resolve(all.result);
  };
})"""


@pytest.fixture
def table(scorekeeper, organiser):
    table = seated_table(players=[PlayerFactory(name=n) for n in NAMES], scorekeeper=scorekeeper)
    table.round.competition.organisers.add(organiser)
    return table


def page_owners(page) -> list[str]:
    """Whose page each kept page is (the header the worker keeps pages by)."""
    return page.evaluate(
        """async (header) => { const cache = await caches.open("pages");
        const owner = async (r) => (await cache.match(r)).headers.get(header);
        return Promise.all((await cache.keys()).map(owner)); }""",
        OFFLINE_HEADER,
    )


def keep_one_hand_unsent(page, table) -> list[str]:
    """A hand kept offline that stays waiting once back online: each try to send it is cut off, and listed."""
    page.context.set_offline(True)
    win(page, table, "S", "W", 3)
    keep(page, 1)
    tries = []
    page.route(
        "**/queued/", lambda route: (tries.append(route.request.url), route.abort("connectionrefused"))
    )
    with page.expect_request("**/queued/"):
        page.context.set_offline(False)
    expect(banner(page)).to_have_text("Sending — 1 hand waiting to send")
    return tries


def leave(page):
    """The phone changes hands: the page is closed (its timers stop) and the session ends without a logout."""
    page.goto("about:blank")
    page.wait_for_timeout(1000)  # the worker's last fetch for the page ends (its answer would set a cookie)
    page.context.clear_cookies()


def test_the_worker_keeps_no_api_answer_and_no_other_users_page(
    live_server, table, scorekeeper, organiser, phone
):
    page = phone
    open_sheet(page, live_server, table, scorekeeper)
    page.evaluate(f"() => fetch('/api/v1/tables/{table.pk}/hands/').then((r) => r.json())")
    page.evaluate(f"() => fetch('/tables/{table.pk}/live/').then((r) => r.text())")
    page.goto(f"{live_server.url}/api/v1/tables/{table.pk}/hands/")  # the API as a page: not kept either
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    kept = kept_pages(page)
    assert f"/tables/{table.pk}/" in kept["pages"]
    everything = [path for paths in kept.values() for path in paths]
    assert not [p for p in everything if p.startswith("/api/") or p.endswith("/live/")]
    assert all(p.startswith("/static/") for p in kept["app-files"])
    assert set(page_owners(page)) == {str(scorekeeper.pk)}

    # The session ends without a logout; the organiser signs in on the same phone.
    leave(page)
    open_sheet(page, live_server, table, organiser)
    expect(page.locator("[data-testid=hand-number]")).to_have_text("1")
    assert set(page_owners(page)) == {str(organiser.pk)}  # the scorekeeper's pages are gone
    page.context.set_offline(True)
    page.reload()
    expect(page.locator("form[data-logout] button")).to_contain_text(organiser.username)


def test_another_user_on_the_phone_never_sends_the_hands_kept_by_the_first(
    live_server, table, scorekeeper, organiser, phone
):
    page = phone
    open_sheet(page, live_server, table, scorekeeper)
    tries = keep_one_hand_unsent(page, table)
    assert tries  # the scorekeeper's page tried to send it

    leave(page)
    tries.clear()
    open_sheet(page, live_server, table, organiser)
    expect(page.locator("[data-testid=waiting-hand]")).to_have_count(0)
    page.wait_for_timeout(1500)
    assert tries == []  # the organiser's page never tried to send it
    assert Hand.objects.count() == 0
    assert page.evaluate(STORED_KEYS) == [f"u{scorekeeper.pk}:t{table.pk}"]  # still the scorekeeper's
    page.unroute("**/queued/")

    # Back with the scorekeeper: their hand is theirs to send, and it lands.
    leave(page)
    open_sheet(page, live_server, table, scorekeeper)
    expect(page.locator("[data-testid=hand-number]")).to_have_text("2")
    expect(page.locator("[data-testid=waiting-hand]")).to_have_count(0)
    assert Hand.objects.count() == 1 and Hand.objects.get().recorded_by == scorekeeper


def test_logging_out_deletes_the_users_waiting_hands_and_kept_pages(live_server, table, scorekeeper, phone):
    page = phone
    open_sheet(page, live_server, table, scorekeeper)
    keep_one_hand_unsent(page, table)
    asked = []

    def answer(dialog):
        asked.append(dialog.message)
        dialog.accept()

    page.on("dialog", answer)
    page.locator("label[for=nav-toggle]").click()
    page.locator("form[data-logout] button").click()
    page.wait_for_url(lambda url: f"/tables/{table.pk}/" not in url)
    assert asked == ["Hands not sent yet will be deleted from this phone (1). Log out anyway?"]
    assert page.evaluate(STORED_KEYS) == []
    assert "pages" not in kept_pages(page)

    page.unroute("**/queued/")
    log_in(page, live_server, scorekeeper)
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    expect(page.locator("[data-testid=waiting-hand]")).to_have_count(0)
    assert Hand.objects.count() == 0


def test_chromium_finds_the_scoresheet_installable(
    live_server, table, scorekeeper, browser_type, browser_type_launch_args, tmp_path
):
    """Chromium's own installability check (DevTools), in a profile on disk: a test context is incognito,
    where nothing is installable (its only error there is "in-incognito")."""
    context = browser_type.launch_persistent_context(
        tmp_path / "profile", **browser_type_launch_args, viewport={"width": 390, "height": 844}
    )
    try:
        page = context.pages[0] if context.pages else context.new_page()
        open_sheet(page, live_server, table, scorekeeper)
        cdp = context.new_cdp_session(page)
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"].endswith("/manifest.webmanifest") and manifest["errors"] == []
        page.goto("about:blank")
    finally:
        context.close()  # what the live server was answering ends before the database is emptied: conftest
