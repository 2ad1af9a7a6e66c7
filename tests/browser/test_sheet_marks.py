"""A scorekeeper's sheet follows its table from the shared marks (issue 50), on a phone.

The open sheet reads ``/tables/marks/<part>/`` every 3 s (every second here: ``quick_polls``; one
answer for 32 tables, everybody's: nginx keeps it) and asks its own ``live/mine/`` only when its
table's mark moved: after the page loads (its first state has no mark yet) and when another device
records a hand, which then shows without a reload; a stale copy of the marks makes it ask once, not at
every tick.
A held round's sheet has no marks to read and asks its own address every 3 s.
"""

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.conftest import logged_in
from tests.factories import PlayerFactory, seated_table
from tests.public.conftest import win
from tournament.models import Round
from tournament.rounds.lifecycle import round_hold

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_sheet_asks_its_own_address_only_when_its_tables_mark_moved(
    live_server, phone, scorekeeper, quick_polls
):
    names = ["Ann East", "Ben South", "Cai West", "Dee North"]
    table = seated_table(players=[PlayerFactory(name=n) for n in names], scorekeeper=scorekeeper)
    Round.objects.filter(pk=table.round_id).update(
        status=Round.Status.PLAYING, ends_at=timezone.now() + timedelta(minutes=45)
    )
    asked = []
    phone.on("request", lambda r: asked.append(r.url.removeprefix(live_server.url)))
    logged_in(phone, live_server.url, scorekeeper)
    phone.goto(f"{live_server.url}/tables/{table.pk}/")
    expect(phone.locator("[data-testid=hand-number]")).to_have_text("1")
    own = f"/tables/{table.pk}/live/mine/"
    # the first tick: no mark yet, its own address once (204: the mark it holds comes back)
    expect(phone.locator("#live[data-mark]:not([data-mark=''])")).to_have_count(1, timeout=8000)
    ticks = _count(asked, "/tables/marks/")
    _wait_for(phone, lambda: _count(asked, "/tables/marks/") > ticks)  # the next tick: the marks alone
    assert _count(asked, own) == 1, asked
    # a copy of the marks older than the sheet's state (nginx serves its last while it asks again): the
    # sheet asks its own address once for that mark, not at every tick
    stale = {"span": 32, "marks": {str(table.pk): "0" * 16}}
    phone.route("**/tables/marks/**", lambda route: route.fulfill(json=stale))
    ticks = _count(asked, "/tables/marks/")
    _wait_for(phone, lambda: _count(asked, "/tables/marks/") >= ticks + 3)
    assert _count(asked, own) == 2, asked
    phone.unroute("**/tables/marks/**")
    win(table, "N", 1)  # another device records hand 1
    expect(phone.locator("[data-testid=hand-number]")).to_have_text("2", timeout=8000)
    assert _count(asked, own) == 3, asked
    round_hold(Round.objects.get(pk=table.round_id), held=True, user=None)
    # held: its table is in no marks answer; its own poll brings a state with no marks to read, and from
    # then on it asks its own address every tick
    expect(phone.locator("#live[data-poll=mine]:not([data-marks])")).to_have_count(1, timeout=8000)
    held = _count(asked, own)
    _wait_for(phone, lambda: _count(asked, own) > held)


def _count(asked: list[str], start: str) -> int:
    return sum(url.startswith(start) for url in asked)


def _wait_for(page, done, seconds: float = 5.0) -> None:
    for _ in range(int(seconds * 10)):
        if done():
            return
        page.wait_for_timeout(100)
    raise AssertionError("no poll came")
