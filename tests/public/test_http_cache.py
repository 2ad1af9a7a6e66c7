"""What an HTTP cache in front may keep of the public reads (issue 20, ``tournament.project.http_cache``).

Anonymous answers of the public reads are shared (``public``, a short
``max-age``, ``stale-while-revalidate``, an ETag); a conditional request for
an unchanged one is answered 304 without a query or a template. Anything
made for somebody (logged in, an API token) is ``private, no-store``, and a
held round's results are never in a shared answer.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from rest_framework.authtoken.models import Token

from tests.public.conftest import win
from tests.public.helpers import rows_by
from tournament.models import Round
from tournament.project import http_cache
from tournament.rounds.lifecycle import round_hold
from tournament.standings.store import standings_refresh

pytestmark = pytest.mark.django_db


def public_reads(league) -> dict[str, str]:
    competition, table = league["competition"], league["tables"]["r1t1"]
    player = league["players"]["Ann"]
    return {
        "standings API": f"/api/v1/competitions/{competition.pk}/standings/",
        "round standings API": f"/api/v1/rounds/{table.round_id}/standings/",
        "leaderboard": reverse("public:standings", args=[competition.pk]),
        "leaderboard live": reverse("public:standings_live", args=[competition.pk]),
        "round": reverse("public:round", args=[table.round_id]),
        "round live": reverse("public:round_live", args=[table.round_id]),
        "competition": reverse("public:competition", args=[competition.pk]),
        "player": reverse("public:player", args=[player.pk]),
        "table": reverse("table:scoresheet", args=[table.pk]),
        "table live": reverse("table:live", args=[table.pk]),
    }


@pytest.fixture
def clock(monkeypatch):
    class Clock:
        now = 1_000_000.0

        def __call__(self):
            return self.now

    clock = Clock()
    monkeypatch.setattr(http_cache, "_clock", clock)
    return clock


def test_every_public_read_is_shared_with_a_validator_and_no_token_or_cookie(client, league):
    for name, url in public_reads(league).items():
        answer = client.get(url)
        assert answer.status_code == 200, name
        control = answer["Cache-Control"]
        assert control.startswith("public, max-age=") and "stale-while-revalidate=" in control, name
        assert answer["ETag"].startswith('W/"'), name
        assert {"Accept-Language", "Cookie"} <= {v.strip() for v in answer["Vary"].split(",")}, name
        assert not answer.cookies, name  # a Set-Cookie would be every viewer's
        assert b"csrfmiddlewaretoken" not in answer.content and b"X-CSRFToken" not in answer.content, name


def test_an_unchanged_read_is_answered_304_without_a_query_or_a_template(client, league, clock):
    """On the test's clock: a tag names its renewal window (``Policy.renew``), which a slow run may cross."""
    for name, url in public_reads(league).items():
        etag = client.get(url)["ETag"]
        with CaptureQueriesContext(connection) as queries:
            again = client.get(url, HTTP_IF_NONE_MATCH=etag)
        assert again.status_code == 304 and again.content == b"", name
        assert again["ETag"] == etag and again["Cache-Control"].startswith("public"), name
        assert queries.captured_queries == [], name
        assert not getattr(again, "templates", None), name
        # another validator (an older answer) is answered in full
        assert client.get(url, HTTP_IF_NONE_MATCH='W/"older"').status_code == 200, name


def test_a_hand_changes_the_validator_and_the_answer(client, league, django_capture_on_commit_callbacks):
    url = public_reads(league)["standings API"]
    first = client.get(url)
    gus = league["players"]["Gus"]
    with django_capture_on_commit_callbacks(execute=True):
        win(league["tables"]["r1t2"], "W", 2)  # Gus self-draws: 12 chips
    answer = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert answer.status_code == 200 and answer["ETag"] != first["ETag"]
    chips = {row["player"]: row["chips"] for row in answer.json()["results"]}
    before = {row["player"]: row["chips"] for row in first.json()["results"]}
    assert chips[gus.pk] == before[gus.pk] + 12


def test_each_language_has_its_own_validator(client, league):
    url = public_reads(league)["leaderboard live"]
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    chinese = client.get(url, HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert english["ETag"] != chinese["ETag"]
    assert (
        client.get(url, HTTP_ACCEPT_LANGUAGE="zh-hans", HTTP_IF_NONE_MATCH=english["ETag"]).status_code == 200
    )


def test_the_live_partial_is_renewed_as_it_says_how_old_the_standings_are(client, league, clock):
    url = public_reads(league)["leaderboard live"]
    etag = client.get(url)["ETag"]
    clock.now += http_cache.LIVE.renew
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_an_answer_kept_past_a_change_keeps_its_own_validator(
    client, league, standings_floor, clock, django_capture_on_commit_callbacks
):
    """Served from memory for a second past a hand, it is tagged with the version it was made at: a
    conditional request with that tag once the new one is made is answered in full, not 304. The tag also
    names the minute (``DATA.renew``): on the test's clock, or a run crossing a minute fails (once in CI)."""
    url = public_reads(league)["standings API"]
    first = client.get(url)
    with django_capture_on_commit_callbacks(execute=True):
        win(league["tables"]["r1t2"], "W", 2)
    standings_refresh(league["competition"])
    standings_floor.now += 0.5  # within the second: the kept answer
    kept = client.get(url)
    assert kept.content == first.content and kept["ETag"] == first["ETag"]
    standings_floor.now += 0.6
    fresh = client.get(url, HTTP_IF_NONE_MATCH=kept["ETag"])
    assert fresh.status_code == 200 and fresh.content != first.content


def test_a_logged_in_reader_gets_private_answers_never_a_304_of_the_shared_one(client, league, stranger):
    shared = {name: client.get(url)["ETag"] for name, url in public_reads(league).items()}
    client.force_login(stranger)
    for name, url in public_reads(league).items():
        if name.endswith(" live"):
            continue  # the polled addresses answer everybody the shared answer (issue 50, test_crowd.py)
        answer = client.get(url, HTTP_IF_NONE_MATCH=shared[name])
        assert answer.status_code == 200, name
        assert answer["Cache-Control"] == "private, no-store" and not answer.has_header("ETag"), name


def test_an_api_token_gets_private_answers(league, stranger):
    token = Token.objects.create(user=stranger)
    answer = Client().get(public_reads(league)["standings API"], HTTP_AUTHORIZATION=f"Token {token.key}")
    assert answer.status_code == 200 and answer["Cache-Control"] == "private, no-store"
    assert "X-Accel-Expires" not in answer  # nginx keeps nothing of it


def test_a_held_round_never_reaches_a_shared_cache(
    client, league, organiser, django_capture_on_commit_callbacks
):
    """Anonymous answers leave the held round out (404, or the seating without its results); the
    organiser, who sees its results, gets every answer private."""
    round_2 = Round.objects.get(competition=league["competition"], number=2)
    league["competition"].organisers.add(organiser)
    with django_capture_on_commit_callbacks(execute=True):
        round_hold(round_2, held=True, user=organiser)
    standings_refresh(league["competition"])
    table = league["tables"]["r2t1"]
    ben = league["players"]["Ben"]  # won 32 chips in round 2
    urls = {
        "round": reverse("public:round", args=[round_2.pk]),
        "round live": reverse("public:round_live", args=[round_2.pk]),
        "round standings API": f"/api/v1/rounds/{round_2.pk}/standings/",
        "table": reverse("table:scoresheet", args=[table.pk]),
        "table live": reverse("table:live", args=[table.pk]),
        "leaderboard live": reverse("public:standings_live", args=[league["competition"].pk]),
        "player": reverse("public:player", args=[ben.pk]),
    }
    anonymous = {name: client.get(url) for name, url in urls.items()}
    for name in ("round live", "table live"):  # a 404 carries no caching headers: nginx keeps none
        assert anonymous[name].status_code == 404 and not anonymous[name].has_header("Cache-Control"), name
    assert anonymous["round standings API"].json()["results"] == []  # shared: says held, shows nothing
    for name in ("round", "table"):  # the round's seating, said to be held: shared, with no results
        assert anonymous[name]["Cache-Control"].startswith("public"), name
    assert "held back" in anonymous["round"].content.decode()
    assert 'data-testid="results-held"' in anonymous["table"].content.decode()
    client.force_login(organiser)
    for name, url in urls.items():
        answer = client.get(url)
        if name.endswith(" live"):  # polled: the public's answer, whoever asks (issue 50, test_crowd.py)
            assert answer.content == anonymous[name].content, name
            continue
        assert answer.status_code == 200 and answer["Cache-Control"] == "private, no-store", name
    mine = reverse("public:round_live_mine", args=[round_2.pk])  # the organiser's page polls this one
    assert client.get(mine)["Cache-Control"] == "private, no-store"
    round_board = dict(rows_by(client.get(mine).content.decode()))
    assert int(round_board[ben.pk][3]) == 32  # the held results the organiser sees: never shared


def test_the_language_switch_of_a_shared_page_needs_no_token(league):
    client = Client(enforce_csrf_checks=True)
    url = public_reads(league)["leaderboard"]
    assert b"csrfmiddlewaretoken" not in client.get(url).content
    answer = client.post(reverse("set_language"), {"language": "zh-hans", "next": url})
    assert answer.status_code == 302 and client.cookies["django_language"].value == "zh-hans"


@pytest.mark.django_db(transaction=True)  # saves commit, as in production: their bump runs on commit
def test_what_no_hand_moves_moves_the_validator_too(client, league):
    """A round renamed (or seated, published, ended): the page's validator changes at once, not a
    ``renew`` later (the browser test of issue 14 caught a published seating answered 304)."""
    round_1 = league["tables"]["r1t1"].round
    url = reverse("public:round", args=[round_1.pk])
    etag = client.get(url)["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    round_1.venue = "Toa Payoh Hub"
    round_1.save(update_fields=["venue"])
    answer = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert answer.status_code == 200 and "Toa Payoh Hub" in answer.content.decode()


def test_what_must_show_a_hand_within_seconds_is_kept_by_nginx_to_the_end_of_its_second(
    client, league, clock
):
    # nginx counts max-age in whole seconds (a copy lived one to two seconds); X-Accel-Expires holds the
    # live partials and the standings API to the second they were made in (issue 20: freshness).
    clock.now = 1_000_000.75
    seen = set()
    for name, url in public_reads(league).items():
        answer = client.get(url)
        whole = answer["Cache-Control"] == "public, max-age=1, stale-while-revalidate=10"
        if whole:  # LIVE and DATA
            seen.add(name)
            assert answer["X-Accel-Expires"] == "@1000000", name
            again = client.get(url, HTTP_IF_NONE_MATCH=answer["ETag"])
            assert again.status_code == 304 and again["X-Accel-Expires"] == "@1000000", name
        else:  # whole pages keep nginx's max-age
            assert "X-Accel-Expires" not in answer, name
    assert {"standings API", "leaderboard live"} <= seen


def test_if_none_match_star_is_answered_as_without_it(client, league, clock):
    """Issue 31, item 6: ``*`` was a 304 (public) for any shared read, addresses that do not exist too."""
    missing = {
        "standings API": "/api/v1/competitions/999999/standings/",
        "leaderboard": reverse("public:standings", args=[999999]),
        "round": reverse("public:round", args=[999999]),
        "player": reverse("public:player", args=[999999]),
    }
    for name, url in missing.items():
        answer = client.get(url, HTTP_IF_NONE_MATCH="*")
        assert answer.status_code == 404, name
        assert not answer.get("Cache-Control", "").startswith("public"), name
    for name, url in public_reads(league).items():
        plain = client.get(url)
        answer = client.get(url, HTTP_IF_NONE_MATCH="*")
        assert answer.status_code == 200 and answer.content == plain.content, name
        assert answer["ETag"] == plain["ETag"], name
    leaderboard = public_reads(league)["leaderboard"]
    etag = client.get(leaderboard)["ETag"]
    assert client.get(leaderboard, HTTP_IF_NONE_MATCH=f'"x", {etag}').status_code == 304  # a named one still


def test_logged_in_pages_token_answers_and_secret_addresses_are_private(client, league, organiser, stranger):
    """Issue 31, item 8: outside the shared reads, such answers said nothing (a cache could keep them)."""
    from tournament.confirmations.seat_links import seat_link_token
    from tournament.models import Seat

    competition, table = league["competition"], league["tables"]["r1t1"]
    competition.organisers.add(organiser)
    client.force_login(organiser)
    for url in (reverse("organiser:round", args=[table.round_id]), reverse("table:counts", args=[table.pk])):
        answer = client.get(url)
        assert answer.status_code == 200 and answer["Cache-Control"] == "private, no-store", url
    token = Token.objects.create(user=organiser).key
    for url in (
        f"/api/v1/tables/{table.pk}/counts/",
        f"/api/v1/competitions/{competition.pk}/",
        "/api/v1/players/",
    ):
        answer = Client().get(url, HTTP_AUTHORIZATION=f"Token {token}")
        assert answer.status_code == 200 and answer["Cache-Control"] == "private, no-store", url
    secret = seat_link_token(Seat.objects.get(table=table, wind="E"))
    for url in (f"/api/v1/seats/{secret}/", reverse("seat:follow", args=[secret])):
        answer = Client().get(url)  # nobody logged in: the address itself is the credential
        assert answer.status_code == 200 and answer["Cache-Control"] == "private, no-store", url
    assert "Cache-Control" not in Client().get(
        "/api/v1/players/"
    )  # an anonymous read of the league: as before
