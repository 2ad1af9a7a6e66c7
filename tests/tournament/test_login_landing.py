"""After logging in each role lands where their evening is (issue 14); a ``next`` still wins."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import CompetitionFactory, PlayerFactory, seated_table
from tournament.models import Round

pytestmark = pytest.mark.django_db

PASSWORD = "pw-for-tests-only"


def log_in(user, **data):
    client = Client()
    return client.post(
        reverse("login"), {"username": user.username, "password": PASSWORD, **data}, follow=True
    )


@pytest.fixture
def evening(scorekeeper, player_user, organiser):
    """Round 2 playing (Pat at table 1, Sam keeping its score), round 3 published for later."""
    competition = CompetitionFactory(name="Autumn League")
    competition.organisers.add(organiser)
    pat = PlayerFactory(name="Pat Lim", user=player_user)
    others = [PlayerFactory(name=n) for n in ("Ann Ong", "Ben Tan", "Cat Koh")]
    now = seated_table(
        competition=competition, players=[pat, *others], round_number=2, scorekeeper=scorekeeper
    )
    Round.objects.filter(pk=now.round_id).update(status=Round.Status.PLAYING)
    later = seated_table(competition=competition, players=[*others, pat], round_number=3)
    return {"now": now, "later": later, "pat": pat}


def test_a_player_lands_on_the_table_being_played(evening, player_user):
    answer = log_in(player_user)
    # their own seat's page at that table, where they agree or dispute (issue 32, item 17)
    assert answer.redirect_chain[-1][0] == reverse("table:my_seat", args=[evening["now"].pk])
    html = answer.content.decode()
    assert "Pat Lim" in html and "Ann Ong" in html
    assert 'id="entry-form"' not in html  # reads and answers; never records


def test_a_player_with_no_table_tonight_lands_on_their_own_page(player_user):
    pat = PlayerFactory(name="Pat Lim", user=player_user)
    answer = log_in(player_user)
    assert answer.redirect_chain[-1][0] == reverse("public:player", args=[pat.pk])
    assert "<h1>Pat Lim</h1>" in answer.content.decode()


def test_a_scorekeeper_lands_on_their_tables_sheet(evening, scorekeeper):
    answer = log_in(scorekeeper)
    assert answer.redirect_chain[-1][0] == reverse("table:scoresheet", args=[evening["now"].pk])
    assert 'id="entry-form"' in answer.content.decode()  # the form to enter the next hand


def test_an_organiser_lands_on_the_dashboard(evening, organiser):
    answer = log_in(organiser)
    assert answer.redirect_chain[-1][0] == reverse("organiser:dashboard")
    assert "Autumn League" in answer.content.decode()


def test_next_still_wins(evening, player_user):
    answer = log_in(player_user, next=reverse("public:standings", args=[evening["now"].round.competition_id]))
    assert answer.redirect_chain[-1][0] == reverse(
        "public:standings", args=[evening["now"].round.competition_id]
    )


def test_somebody_with_no_role_lands_on_the_front_page(stranger):
    assert log_in(stranger).redirect_chain[-1][0] == reverse("home")
