"""The front page (issue 32, items 23 and 24): what is on now and next, and a scorekeeper's own competition
as a link with where their tables come from."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import PlayerFactory, seated_table
from tournament.models import Round
from tournament.standings.store import standings_refresh
from tournament.tables.ledger.record import hand_record

pytestmark = pytest.mark.django_db


def test_a_first_visitor_sees_what_is_playing_the_latest_standings_and_the_next_nights(client):
    playing = seated_table(players=[PlayerFactory(name=n) for n in ("Ann", "Ben", "Cai", "Dee")])
    Round.objects.filter(pk=playing.round_id).update(status=Round.Status.PLAYING, venue="Toa Payoh CC")
    competition = playing.round.competition
    done = seated_table(competition=competition, round_number=2)
    seats = done.seat_map
    hand_record(table=done, entry={"outcome": "win", "winner": seats["E"], "win": "self_draw", "doubles": 2})
    Round.objects.filter(pk=done.round_id).update(status=Round.Status.FINISHED, ends_at=timezone.now())
    standings_refresh(competition)
    Round.objects.create(
        competition=competition, number=3, starts_at=timezone.now() + dt.timedelta(days=7), venue="Bishan CC"
    )
    page = client.get(reverse("home")).content.decode()
    assert "Playing now" in page and f'href="/tables/{playing.pk}/"' in page and "Toa Payoh CC" in page
    assert "Latest standings" in page and reverse("public:standings", args=[competition.pk]) in page
    assert "Next nights" in page and "Bishan CC" in page


def test_a_held_round_is_not_in_the_latest_standings(client):
    table = seated_table()
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.FINISHED, results_held=True)
    assert "Latest standings" not in client.get(reverse("home")).content.decode()


def test_a_scorekeepers_competition_is_a_link_and_says_where_tables_come_from(client, scorekeeper):
    table = seated_table()
    table.round.competition.scorekeepers.add(scorekeeper)
    client.force_login(scorekeeper)
    page = client.get(reverse("home")).content.decode()
    assert f'href="{reverse("public:competition", args=[table.round.competition_id])}"' in page
    assert "Your tables come from the organiser" in page
