"""The logged-in crowd (issue 50): every address a page polls answers a signed-in person exactly what it
answers an anonymous visitor, so a cache in front keeps one copy for all.

``tournament.project.http_cache.poll``: the view runs as for nobody (the session is never read), so
the answer's body and headers are the anonymous ones, byte for byte; one's own line is marked by the
page (``components/_me.html``, ``static/js/app.js``), never by the poll. Those who see more than the
public (a held round's organisers and table, a scorekeeper's void buttons) poll a personal address,
``private, no-store``. The front page is shared for anonymous visitors.
"""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext

from tests.factories import UserFactory
from tests.public.conftest import win
from tournament.models import Round
from tournament.project import http_cache
from tournament.rounds.lifecycle import round_hold
from tournament.standings.store import standings_refresh
from tournament.tables import live_mark
from tournament.views.table.version import table_version

pytestmark = pytest.mark.django_db

SHARED_HEADERS = ("Cache-Control", "ETag", "Vary", "X-Accel-Expires", "Content-Type")


@pytest.fixture
def clock(monkeypatch):
    """The validators' clock, still: two asks a moment apart name the same renewal window."""
    monkeypatch.setattr(http_cache, "_clock", lambda: 1_000_000.25)


@pytest.fixture
def crowd(league, organiser, scorekeeper, player_user):
    """The league's organiser, the scorekeeper of round 1's table 1, and two of its players signed in."""
    competition, table = league["competition"], league["tables"]["r1t1"]
    competition.organisers.add(organiser)
    competition.scorekeepers.add(scorekeeper)
    table.scorekeeper = scorekeeper
    table.save(update_fields=["scorekeeper"])
    ann, ben = league["players"]["Ann"], league["players"]["Ben"]
    ann.user = player_user
    ann.save(update_fields=["user"])
    ben.user = UserFactory(username="ben_player")
    ben.save(update_fields=["user"])
    people = {"organiser": organiser, "scorekeeper": scorekeeper, "Ann": player_user, "Ben": ben.user}
    clients = {}
    for name, user in people.items():
        clients[name] = Client()
        clients[name].force_login(user)
    return clients


def polled(league) -> dict[str, str]:
    """Every address a page polls (the templates' ``hx-trigger="every …"`` and screen.js)."""
    competition, table = league["competition"], league["tables"]["r1t1"]
    return {
        "leaderboard live": reverse("public:standings_live", args=[competition.pk]),
        "leaderboard live, searched": reverse("public:standings_live", args=[competition.pk]) + "?q=an",
        "round live": reverse("public:round_live", args=[table.round_id]),
        "competition live": reverse("public:competition_live", args=[competition.pk]),
        "round clock": reverse("public:round_clock", args=[table.round_id]),
        "table live": reverse("table:live", args=[table.pk]),
        "table live, at an old version": reverse("table:live", args=[table.pk]) + "?v=0-0-0-0",
        "big screen": f"/api/v1/competitions/{competition.pk}/screen/",
        "scoresheets' table marks": reverse("table:marks", args=[live_mark.part_of(table.pk)]),
    }


def test_every_polled_address_answers_everybody_the_anonymous_answer(league, crowd, clock, standings_floor):
    for name, url in polled(league).items():
        Client().get(url)  # the screen's first answer (DRF's) says "Vary: Accept"; the kept ones do not
        anonymous = Client().get(url)
        assert anonymous.status_code == 200, name
        assert anonymous["Cache-Control"].startswith("public, max-age="), name
        assert not anonymous.cookies, name
        for who, client in crowd.items():
            answer = client.get(url)
            assert answer.status_code == 200, (name, who)
            assert answer.content == anonymous.content, (name, who)
            for header in SHARED_HEADERS:
                assert answer.get(header) == anonymous.get(header), (name, who, header)
            assert not answer.cookies, (name, who)  # no Set-Cookie: the session was never touched
            # a cache's conditional request with the shared tag is answered 304, whoever's browser asks
            again = client.get(url, HTTP_IF_NONE_MATCH=anonymous["ETag"])
            assert again.status_code == 304 and again["Cache-Control"].startswith("public"), (name, who)


def test_a_fresh_render_for_a_signed_in_player_is_the_anonymous_one(league, crowd, clock):
    """Not served from memory (``FRESH_SECONDS`` 0 here): made for the player, and still nobody's."""
    url = polled(league)["leaderboard live"]
    anonymous = Client().get(url).content
    for who in ("Ann", "Ben", "organiser"):
        assert crowd[who].get(url).content == anonymous, who


def test_no_players_line_is_marked_in_a_poll_only_in_their_own_page(league, crowd):
    ann, ben = league["players"]["Ann"], league["players"]["Ben"]
    for name, url in polled(league).items():
        for who in ("Ann", "Ben"):
            body = crowd[who].get(url).content.decode()
            assert 'class="me' not in body and ' me"' not in body and "pub-you" not in body, (name, who)
            assert "data-me" not in body, (name, who)
    competition = league["competition"]
    for page in (
        reverse("public:standings", args=[competition.pk]),
        reverse("public:competition", args=[competition.pk]),
    ):
        mine = crowd["Ann"].get(page)
        assert mine["Cache-Control"] == "private, no-store"
        text = mine.content.decode()
        assert f'data-me="{ann.pk}"' in text and f'data-me="{ben.pk}"' not in text, page
        assert 'data-me-label="you"' in text and "pub-you" in text, page  # marked as first shown
        assert "data-me" not in Client().get(page).content.decode(), page
    chinese = crowd["Ann"].get(
        reverse("public:standings", args=[competition.pk]), HTTP_ACCEPT_LANGUAGE="zh-hans"
    )
    with translation.override("zh-hans"):
        you = gettext("you")
    assert you != "you" and f'data-me-label="{you}"' in chinese.content.decode()


def test_a_held_round_is_never_in_a_shared_answer_whoever_asks(
    league, crowd, organiser, django_capture_on_commit_callbacks
):
    """The organiser, round 2's table and its scorekeeper see its results on their pages; the polled
    addresses answer them as the public (404, or without the round), and their own pages poll a personal
    address, never kept."""
    competition = league["competition"]
    round_2 = Round.objects.get(competition=competition, number=2)
    table = league["tables"]["r2t1"]  # Ann, Eve, Ben, Fay: Ben won 32 on Ann's discard
    keeper = Client()
    keeper_user = UserFactory(username="round_two_keeper")
    competition.scorekeepers.add(keeper_user)
    table.scorekeeper = keeper_user
    table.save(update_fields=["scorekeeper"])
    keeper.force_login(keeper_user)
    with django_capture_on_commit_callbacks(execute=True):
        round_hold(round_2, held=True, user=organiser)
    standings_refresh(competition)
    organiser = crowd["organiser"]
    who_see = {"organiser": organiser, "table player": crowd["Ann"], "table scorekeeper": keeper}
    for url in (reverse("public:round_live", args=[round_2.pk]), reverse("table:live", args=[table.pk])):
        assert Client().get(url).status_code == 404
        for who, client in who_see.items():
            answer = client.get(url)
            assert answer.status_code == 404, (url, who)
            assert not answer.get("Cache-Control", "").startswith("public"), (url, who)
    for url in (
        reverse("public:competition_live", args=[competition.pk]),
        reverse("public:standings_live", args=[competition.pk]),
        reverse("table:marks", args=[live_mark.part_of(table.pk)]),  # a held table: no mark, whoever asks
    ):
        anonymous = Client().get(url).content
        assert f'"{table.pk}"'.encode() not in anonymous or "marks" not in url
        for who, client in who_see.items():
            assert client.get(url).content == anonymous, (url, who)
    assert (
        reverse("table:scoresheet", args=[table.pk]).encode()
        not in Client().get(reverse("public:competition_live", args=[competition.pk])).content
    )  # a held round's tables: not in the shared answer
    # their pages poll their own addresses, private
    round_page = organiser.get(reverse("public:round", args=[round_2.pk])).content.decode()
    mine = reverse("public:round_live_mine", args=[round_2.pk])
    assert mine in round_page
    answer = organiser.get(mine)
    assert answer.status_code == 200 and answer["Cache-Control"] == "private, no-store"
    ben = league["players"]["Ben"]
    assert re.search(rf'data-player="{ben.pk}".*?32', answer.content.decode(), re.S)  # Ben's win, held
    assert Client().get(mine).status_code == 404
    competition_page = organiser.get(reverse("public:competition", args=[competition.pk])).content.decode()
    assert reverse("public:competition_live_mine", args=[competition.pk]) in competition_page
    live_mine = reverse("table:live_mine", args=[table.pk])
    for who, client in (("table player", crowd["Ann"]), ("table scorekeeper", keeper)):
        if who == "table scorekeeper":
            assert live_mine in client.get(reverse("table:scoresheet", args=[table.pk])).content.decode()
        answer = client.get(live_mine)
        assert answer.status_code == 200 and answer["Cache-Control"] == "private, no-store", who
        assert 'data-hand="' in answer.content.decode(), who  # the held hands, theirs to see
    assert Client().get(live_mine).status_code == 404
    assert crowd["Ben"].get(live_mine).status_code == 200  # Ben sits there too
    outsider = Client()
    outsider.force_login(UserFactory(username="outsider"))
    assert outsider.get(live_mine).status_code == 404


def test_the_public_pages_poll_the_shared_addresses(league, crowd):
    competition, table = league["competition"], league["tables"]["r1t1"]
    for who in ("Ann", "Ben"):
        page = crowd[who].get(reverse("public:competition", args=[competition.pk])).content.decode()
        assert reverse("public:competition_live", args=[competition.pk]) + '"' in page, who
        sheet = crowd[who].get(reverse("table:scoresheet", args=[table.pk]) + "?sheet=1").content.decode()
        assert reverse("table:live", args=[table.pk]) + "?v=" in sheet, who
    sheet = crowd["scorekeeper"].get(reverse("table:scoresheet", args=[table.pk])).content.decode()
    assert reverse("table:live_mine", args=[table.pk]) + "?v=" in sheet  # the void buttons: personal


def test_an_unchanged_table_costs_its_version_alone(league, crowd, django_capture_on_commit_callbacks):
    """The sheet's poll: 204 on the table's version before anything is rendered; the shared one needs no
    session, the scorekeeper's no template."""
    table = league["tables"]["r1t1"]
    version = live_mark.opaque(table.pk, table_version(table))
    shared = reverse("table:live", args=[table.pk]) + f"?v={version}"
    mine = reverse("table:live_mine", args=[table.pk]) + f"?v={version}"
    with CaptureQueriesContext(connection) as queries:
        answer = crowd["Ann"].get(shared)
    assert answer.status_code == 204 and answer["Cache-Control"].startswith("public")
    # the table with its round, and its version: hands, seats, chip counts (nginx asks once a second)
    assert not getattr(answer, "templates", None) and len(queries) <= 5, [q["sql"] for q in queries]
    assert not any("django_session" in q["sql"] for q in queries)
    cache.clear()  # no mark yet: the long way, which leaves one
    with CaptureQueriesContext(connection) as queries:
        answer = crowd["scorekeeper"].get(mine)
    assert answer.status_code == 204 and answer["Cache-Control"] == "private, no-store"
    assert not getattr(answer, "templates", None) and len(queries) <= 7, [q["sql"] for q in queries]
    with CaptureQueriesContext(connection) as queries:  # the mark: no query, no session, no user
        answer = crowd["scorekeeper"].get(mine)
    assert answer.status_code == 204 and answer["Cache-Control"] == "private, no-store"
    assert answer["Vary"] == "Cookie" and not answer.cookies and not queries, [q["sql"] for q in queries]
    # a hand, or the round's clock moved (its end, extra time), moves the version: the poll shows it
    round_ = table.round
    round_.ends_at = timezone.now() + timedelta(hours=1)
    with django_capture_on_commit_callbacks(execute=True):  # the mark moves on commit
        round_.save(update_fields=["ends_at"])
    assert crowd["scorekeeper"].get(mine).status_code == 200
    win(table, "W", 1)
    table.refresh_from_db()
    assert table_version(table) != version


def test_the_front_page_is_shared_for_anonymous_visitors_only(league, crowd, clock):
    anonymous = Client().get(reverse("home"))
    assert anonymous.status_code == 200 and anonymous["Cache-Control"].startswith("public, max-age=")
    assert anonymous["ETag"] and not anonymous.cookies
    assert b"csrfmiddlewaretoken" not in anonymous.content and b"X-CSRFToken" not in anonymous.content
    assert Client().get(reverse("home"), HTTP_IF_NONE_MATCH=anonymous["ETag"]).status_code == 304
    for who, client in crowd.items():
        answer = client.get(reverse("home"))
        assert answer.status_code == 200 and answer["Cache-Control"] == "private, no-store", who
        assert not answer.has_header("ETag"), who
