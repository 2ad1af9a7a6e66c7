"""The leaderboard's live partial, shared between anonymous viewers for up to a second (issue 7).

Every open leaderboard polls the partial every few seconds; anonymous viewers
of the same page, search and language get one render a second between them.
The partial says how old the standings are, so it is made afresh at least
every ``FRESH_SECONDS`` even when nothing changed; organisers always get it
made afresh, and a held round never comes out of memory.
"""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.public.conftest import win
from tests.public.helpers import rows_by
from tournament.models import Round
from tournament.rounds import round_hold
from tournament.standings.store import standings_refresh

pytestmark = pytest.mark.django_db


def _live(league) -> str:
    return reverse("public:standings_live", args=[league["competition"].pk])


def _queries(client, url, **extra) -> tuple[int, bytes]:
    with CaptureQueriesContext(connection) as queries:
        answer = client.get(url, **extra)
    assert answer.status_code == 200
    return len(queries.captured_queries), answer.content


def test_anonymous_viewers_share_one_render_a_second(client, league, standings_floor):
    made, first = _queries(client, _live(league))
    assert made > 3 and b'id="standings-live"' in first
    standings_floor.now += 0.5
    kept, again = _queries(client, _live(league), HTTP_ACCEPT_LANGUAGE="en")
    assert kept == 1 and again == first  # only the competition's lookup (an unknown one is a 404)
    standings_floor.now += 0.6  # a second on: made afresh even though nothing changed ("updated 5 s ago")
    assert _queries(client, _live(league))[0] > 1


def test_a_search_or_a_language_is_its_own_partial(client, league, standings_floor):
    everyone = client.get(_live(league)).content.decode()
    searched = client.get(_live(league), {"q": "Gus"}).content.decode()
    assert len(rows_by(everyone)) == 8 and [pid for pid, _ in rows_by(searched)] == [
        league["players"]["Gus"].pk
    ]
    chinese = client.get(_live(league), HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    english = client.get(_live(league), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert chinese != english and english == everyone


def test_a_hand_shows_within_the_second(client, league, standings_floor):
    gus = league["players"]["Gus"]
    before = dict(rows_by(client.get(_live(league)).content.decode()))
    win(league["tables"]["r1t2"], "W", 2)  # Gus self-draws: 12 chips
    standings_refresh(league["competition"])
    standings_floor.now += 1.1
    after = dict(rows_by(client.get(_live(league)).content.decode()))
    assert int(after[gus.pk][3]) == int(before[gus.pk][3]) + 12


def test_a_held_round_never_comes_out_of_memory(
    client, league, standings_floor, organiser, django_capture_on_commit_callbacks
):
    ben = league["players"]["Ben"]  # he won in round 2
    shown = dict(rows_by(client.get(_live(league)).content.decode()))
    round_2 = Round.objects.get(competition=league["competition"], number=2)
    league["competition"].organisers.add(organiser)
    with django_capture_on_commit_callbacks(execute=True):
        round_hold(round_2, held=True, user=organiser)
    standings_refresh(league["competition"])
    standings_floor.now += 0.1  # well within the second
    hidden = dict(rows_by(client.get(_live(league)).content.decode()))
    assert hidden[ben.pk][3] != shown[ben.pk][3]  # round 2's hand is left out at once


def test_an_organiser_always_gets_it_made_afresh(
    client, league, standings_floor, organiser, django_assert_num_queries
):
    client.force_login(organiser)
    client.get(_live(league))
    with pytest.raises(pytest.fail.Exception):
        with django_assert_num_queries(0):
            client.get(_live(league))
