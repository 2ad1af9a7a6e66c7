"""The scoresheets' shared poll, ``/tables/marks/<part>/`` (issue 50, ``tournament.views.table.marks``).

A keeper's sheet of an open round reads its table's token there (one answer for ``SPAN`` tables,
everybody's, kept by nginx) and asks its own ``live/mine/`` only when the token moved; the token is the
one a 204 of its own poll names. A held round's or a draft's tables are never named: their sheets poll
their own address. (Every door that moves a table moves its token: ``test_live_mark``.)
"""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tests.factories import CompetitionFactory, UserFactory, seated_table
from tests.public.conftest import win
from tournament.models import Round
from tournament.rounds.lifecycle import round_hold
from tournament.tables import live_mark

pytestmark = pytest.mark.django_db


@pytest.fixture
def sheets(db):
    competition = CompetitionFactory()
    organiser, keeper = UserFactory(username="marks_organiser"), UserFactory(username="marks_keeper")
    competition.organisers.add(organiser)
    one = seated_table(competition=competition)
    two = seated_table(competition=competition, table_number=2)
    one.scorekeeper = keeper
    one.save()
    clients = {}
    for name, user in (("organiser", organiser), ("keeper", keeper)):
        clients[name] = Client()
        clients[name].force_login(user)
    cache.clear()
    return {"one": one, "two": two, "organiser": organiser, "clients": clients}


def _marks(table, client=None):
    return (client or Client()).get(reverse("table:marks", args=[live_mark.part_of(table.pk)]))


def _state(client, table) -> dict[str, str]:
    """What the sheet's ``#live`` says it polls, as the browser reads it."""
    page = client.get(reverse("table:scoresheet", args=[table.pk])).content.decode()
    section = re.search(r'<section id="live"[^>]*>', page)[0]
    return dict(re.findall(r'(hx-trigger|data-[a-z]+)="([^"]*)"', section))


def test_a_keepers_sheet_polls_the_marks_and_its_own_address_only_when_its_mark_moved(sheets):
    one, two, keeper = sheets["one"], sheets["two"], sheets["clients"]["keeper"]
    win(one, "E", 1)  # the round's first hand (it starts the round: every table of it moves)
    state = _state(keeper, one)
    assert state["hx-trigger"] == "moved" and state["data-poll"] == "mine"
    assert state["data-marks"] == reverse("table:marks", args=[live_mark.part_of(one.pk)])
    assert state["data-table"] == str(one.pk)
    page = keeper.get(reverse("table:scoresheet", args=[one.pk])).text
    sent = re.search(r"live/mine/\?v=([0-9a-f]+)", page)[1]
    unchanged = keeper.get(reverse("table:live_mine", args=[one.pk]) + f"?v={sent}")
    assert unchanged.status_code == 204
    named = _marks(one).json()["marks"] | _marks(two).json()["marks"]  # (their parts may differ)
    assert unchanged[live_mark.MARK_HEADER] == named[str(one.pk)]  # what the sheet compares from now on
    again = keeper.get(reverse("table:live_mine", args=[one.pk]) + f"?v={sent}")  # before the session
    assert again.status_code == 204 and again[live_mark.MARK_HEADER] == named[str(one.pk)]
    win(one, "S", 2)  # another device records a hand at table 1
    moved = _marks(one).json()["marks"] | _marks(two).json()["marks"]
    assert moved[str(one.pk)] != named[str(one.pk)] and moved[str(two.pk)] == named[str(two.pk)]
    fresh = keeper.get(reverse("table:live_mine", args=[one.pk]) + f"?v={sent}")
    assert fresh.status_code == 200  # the hand, with the token it was made at
    assert f'data-mark="{moved[str(one.pk)]}"' in fresh.text


def test_a_public_viewer_polls_as_before_and_a_held_round_is_in_no_marks_answer(sheets):
    one, organiser = sheets["one"], sheets["organiser"]
    assert _state(Client(), one)["hx-trigger"] == "every 3s"  # the public table page: its shared poll
    round_hold(Round.objects.get(pk=one.round_id), held=True, user=organiser)
    assert str(one.pk) not in _marks(one).json()["marks"]
    state = _state(sheets["clients"]["keeper"], one)  # the keeper: its own address every 3 s (the script)
    assert state["hx-trigger"] == "moved" and "data-marks" not in state
    draft = seated_table(competition=CompetitionFactory(), table_number=3)
    Round.objects.filter(pk=draft.round_id).update(status=Round.Status.SCHEDULED)
    assert str(draft.pk) not in _marks(draft).json()["marks"]


def test_the_marks_are_everybodys_answer(sheets):
    one = sheets["one"]
    anonymous = _marks(one)
    assert anonymous["Cache-Control"] == "public, max-age=1, stale-while-revalidate=10"
    assert anonymous["X-Accel-Expires"].startswith("@") and not anonymous.cookies
    for who, client in sheets["clients"].items():
        answer = _marks(one, client)
        assert answer.content == anonymous.content and not answer.cookies, who
        assert answer["Cache-Control"] == anonymous["Cache-Control"], who
    assert set(anonymous.json()) == {"span", "marks"}
    assert all(re.fullmatch(r"[0-9a-f]{16}", mark) for mark in anonymous.json()["marks"].values())


def test_bad_parts_are_refused_and_change_nothing(sheets):
    for part in ("99999999999999999999999", str(2**63 // live_mark.SPAN)):
        assert Client().get(f"/tables/marks/{part}/").status_code == 404, part
    for path in ("/tables/marks/-1/", "/tables/marks/x/", "/tables/marks/1"):
        assert Client().get(path).status_code in (301, 404), path
    assert Client().post(reverse("table:marks", args=[0])).status_code == 405
    far = Client().get(reverse("table:marks", args=[2**63 // live_mark.SPAN - 1]))  # the last part: none
    assert far.status_code == 200 and far.json()["marks"] == {}


def test_with_the_cache_out_of_reach_no_table_is_named(sheets, monkeypatch):
    def down(*args, **kwargs):
        raise ConnectionError("cache down")

    monkeypatch.setattr(cache, "get_many", down)
    answer = _marks(sheets["one"])
    assert answer.status_code == 200 and answer.json()["marks"] == {}  # every sheet polls its own address
