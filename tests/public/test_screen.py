"""The big screen (issue 36): its public page, its one JSON read, the organiser's message line.

The league of ``tests/public/conftest.py``: round 1 (two tables) and round 2 are both playing (their
first hands started them), so the screen is about round 1.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.exceptions import PermissionDenied
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tests.api.conftest import client_for
from tests.factories import seated_table
from tournament.models import AuditEntry, Round, Screen
from tournament.rounds.clock import round_add_time
from tournament.rounds.lifecycle import round_hold, table_end
from tournament.screen.message import ScreenError, screen_message_set
from tournament.standings import cache as standings_cache
from tournament.standings.store import standings_refresh
from tournament.tables.ledger.record import hand_record

pytestmark = pytest.mark.django_db


def screen_url(competition) -> str:
    return f"/api/v1/competitions/{competition.pk}/screen/"


def test_the_screen_shows_the_clock_the_tables_still_playing_and_the_standings(client, league):
    competition = league["competition"]
    round_ = league["tables"]["r1t1"].round
    Round.objects.filter(pk=round_.pk).update(ends_at=timezone.now() + timedelta(hours=1))
    round_add_time(round_, minutes=10)
    answer = client.get(screen_url(competition))
    assert answer.status_code == 200
    assert answer["Cache-Control"].startswith("public")
    data = answer.json()
    assert data["round"]["number"] == 1 and data["round"]["status"] == "playing"
    assert data["round"]["extra_minutes"] == 10
    round_.refresh_from_db()
    assert data["round"]["clock_ends"] == round_.clock_ends.isoformat()
    tables = {t["number"]: t for t in data["tables"]}
    assert set(tables) == {1, 2}
    first = tables[1]
    assert first["hands"] == 2
    # Ann won 2 doubles on Dan's discard: the last hand; 001 rule 21: Dan pays 4, Ben and Cat 2 each.
    assert first["last_hand"] == {
        "number": 2, "outcome": "win", "winner": "Ann Lim", "self_drawn": False, "discarder": "Dan Koh",
        "offender": None, "doubles": 2, "limit": False,
    }  # fmt: skip
    chips = {p["name"]: p["chips"] for p in first["players"]}
    capital = competition.capital
    assert chips == {"Ann Lim": capital - 8 + 8, "Ben Tan": capital + 24 - 2, "Cat Ong": capital - 8 - 2,
                     "Dan Koh": capital - 8 - 4}  # fmt: skip
    standings = data["standings"]
    assert standings[0]["name"] == "Ben Tan" and standings[0]["rank"] == 1
    assert [line["chips"] for line in standings] == sorted(
        (line["chips"] for line in standings), reverse=True
    )


def test_an_ended_table_and_a_held_round_are_not_shown(client, league, django_capture_on_commit_callbacks):
    competition = league["competition"]
    table = league["tables"]["r1t2"]
    with django_capture_on_commit_callbacks(execute=True):
        table_end(table)
    numbers = [t["number"] for t in client.get(screen_url(competition)).json()["tables"]]
    assert numbers == [1]
    with django_capture_on_commit_callbacks(execute=True):
        round_hold(table.round, held=True)
    data = client.get(screen_url(competition)).json()
    assert data["round"]["held"] is True and data["tables"] == []
    # The standings leave the held round out: Eve has only round 2's chips (-8), not her round 1 win (+6).
    eve = next(line for line in data["standings"] if line["name"] == "Eve Ng")
    assert eve["chips"] == -8


def test_nothing_private_is_on_the_screen(client, league, organiser):
    competition = league["competition"]
    competition.organisers.add(organiser)
    player = league["players"]["Ann"]
    player.contact = "ann@example.org"
    player.save()
    client.force_login(organiser)  # an organiser's screen is the public one too
    body = client.get(screen_url(competition)).content.decode()
    page = client.get(reverse("public:screen", args=[competition.pk])).content.decode()
    for text in (body, page):
        assert "ann@example.org" not in text
        assert "/s/" not in text and "token" not in text.lower()
        assert "olivia_organiser" not in text


def test_the_screen_answer_is_kept_between_changes_and_moves_with_them(
    client, league, django_capture_on_commit_callbacks
):
    competition = league["competition"]
    url = screen_url(competition)
    client.get(url)
    with CaptureQueriesContext(connection) as queries:
        again = client.get(url)
    assert again.status_code == 200 and len(queries) == 0
    table = league["tables"]["r1t1"]
    with django_capture_on_commit_callbacks(execute=True):
        hand_record(table=table, entry={"outcome": "draw"})
        standings_refresh(competition)
    data = client.get(url).json()
    first = next(t for t in data["tables"] if t["number"] == 1)
    assert first["hands"] == 3 and first["last_hand"]["outcome"] == "draw"


def test_every_spelling_of_the_competition_s_id_shares_one_kept_answer(client, league):
    competition = league["competition"]
    first = client.get(screen_url(competition))
    with CaptureQueriesContext(connection) as queries:
        again = client.get(f"/api/v1/competitions/0{competition.pk}/screen/")
    assert again.status_code == 200 and len(queries) == 0 and again.content == first.content
    assert client.get("/api/v1/competitions/x7/screen/").status_code == 404


def test_the_message_line_through_its_door_page_and_api(
    client, league, organiser, stranger, django_capture_on_commit_callbacks
):
    competition = league["competition"]
    competition.organisers.add(organiser)
    screen_message_set(competition, message="  Final table   at 9 pm ", user=organiser)
    assert Screen.objects.get(competition=competition).message == "Final table at 9 pm"
    assert AuditEntry.objects.filter(action="screen_message_set").count() == 1
    assert client.get(screen_url(competition)).json()["message"] == "Final table at 9 pm"
    with pytest.raises(ScreenError):
        screen_message_set(competition, message="x" * 201, user=organiser)
    with pytest.raises(PermissionDenied):
        screen_message_set(competition, message="hello", user=stranger)
    # The organiser's page
    url = reverse("organiser:screen", args=[competition.pk])
    client.force_login(organiser)
    page = client.get(url)
    assert (
        page.status_code == 200 and reverse("public:screen", args=[competition.pk]) in page.content.decode()
    )
    assert client.post(url, {"message": "Break until 8:15"}).status_code == 302
    assert Screen.objects.get(competition=competition).message == "Break until 8:15"
    assert client.post(url, {"message": "y" * 500}).status_code == 400
    # A NUL (a form lets it through; PostgreSQL stores none: a 500 there)
    assert client.post(url, {"message": "Break\x00 until 9"}).status_code == 400
    with pytest.raises(ScreenError):
        screen_message_set(competition, message="lone \ud800", user=organiser)
    assert Screen.objects.get(competition=competition).message == "Break until 8:15"
    client.force_login(stranger)
    assert client.post(url, {"message": "hijack"}).status_code == 403
    # The API
    api = f"/api/v1/competitions/{competition.pk}/screen/message/"
    answer = client_for(organiser).put(api, {"message": "Prize giving at 10"}, format="json")
    assert answer.status_code == 200, answer.content
    assert answer.json() == {"message": "Prize giving at 10"}
    for bad in ({"message": "z" * 201}, {"message": 5}, {}, ["x"]):
        refused = client_for(organiser).put(api, bad, format="json")
        assert refused.status_code == 400, bad
        assert refused.json()["errors"]
    assert client_for(stranger).put(api, {"message": "x"}, format="json").status_code == 403
    assert client_for().put(api, {"message": "x"}, format="json").status_code == 401
    assert Screen.objects.get(competition=competition).message == "Prize giving at 10"
    # Clearing it
    with django_capture_on_commit_callbacks(execute=True):
        assert client_for(organiser).put(api, {"message": ""}, format="json").json() == {"message": ""}
    assert client.get(screen_url(competition)).json()["message"] == ""


def test_the_screen_page_is_public_and_shared(client, league):
    competition = league["competition"]
    page = client.get(reverse("public:screen", args=[competition.pk]))
    assert page.status_code == 200
    assert page["Cache-Control"].startswith("public")
    html = page.content.decode()
    assert screen_url(competition) in html and "csrfmiddlewaretoken" not in html
    assert client.get(reverse("public:screen", args=[999999])).status_code == 404
    assert client.get("/api/v1/competitions/999999/screen/").status_code == 404
    assert client.get("/api/v1/competitions/abc/screen/").status_code == 404


def test_which_round_the_screen_is_about(client, organiser):
    table = seated_table()
    competition = table.round.competition
    first = table.round
    data = client.get(screen_url(competition)).json()
    assert data["round"]["id"] == first.pk and data["round"]["status"] == "seated" and data["tables"] == []
    first.status = Round.Status.FINISHED
    first.save()
    second = Round.objects.create(competition=competition, number=2)
    # A save of a round moves the standings version on commit (``http_cache.WATCHED``): the test's
    # transaction never commits, so the version is moved here.
    standings_cache.bump()
    assert client.get(screen_url(competition)).json()["round"]["id"] == second.pk
    second.delete()
    standings_cache.bump()
    assert client.get(screen_url(competition)).json()["round"]["id"] == first.pk
