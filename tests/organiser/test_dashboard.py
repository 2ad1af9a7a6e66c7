"""The dashboard: each of my competitions with what needs doing next."""

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import CompetitionFactory, EntryFactory, PlayerFactory, seated_table
from tournament.models import Round

pytestmark = pytest.mark.django_db


def steps(client, competition):
    response = client.get(reverse("organiser:dashboard"))
    [row] = [r for r in response.context["competitions"] if r["competition"] == competition]
    return [s.text for s in row["steps"]]


def test_a_new_competition_needs_players_and_a_round(olivia, competition):
    assert steps(olivia, competition) == ["No players entered", "No round scheduled"]


def test_a_round_not_seated_and_a_round_playing(olivia, competition, organiser):
    players = [PlayerFactory() for _ in range(8)]
    t1 = seated_table(competition=competition, players=players[:4], round_number=2, table_number=1)
    seated_table(competition=competition, players=players[4:], round_number=2, table_number=2)
    Round.objects.filter(pk=t1.round_id).update(status=Round.Status.PLAYING)
    t1.ended_at = timezone.now()
    t1.save()
    round3 = Round.objects.create(competition=competition, number=3)
    assert steps(olivia, competition) == [
        "Round 2: 2 of 2 tables have no scorekeeper",
        "Round 2 playing: 1 of 2 tables finished",
        "Round 3 not seated",
    ]
    page = olivia.get(reverse("organiser:dashboard")).content.decode()
    assert "Round 3 not seated" in page and reverse("organiser:round", args=[round3.pk]) in page


def test_too_few_players_for_a_table(olivia, competition):
    for _ in range(3):
        EntryFactory(competition=competition)
    assert steps(olivia, competition)[0] == "Only 3 players entered: a table needs four"


def test_the_dashboard_shows_only_the_organisers_competitions_and_links_to_their_pages(olivia, competition):
    CompetitionFactory(name="Someone else's league")
    page = olivia.get(reverse("organiser:dashboard")).content.decode()
    assert "Spring League" in page and "Someone else" not in page
    for name in ("organiser:players", "organiser:rounds", "organiser:competition"):
        assert reverse(name, args=[competition.pk]) in page
    assert reverse("organiser:competition_create") in page


def test_a_drafted_seating_waits_to_be_published(olivia, competition):
    """Issue 14: generating seating makes a draft; the dashboard says it is not published yet."""
    table = seated_table(competition=competition)
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.SCHEDULED)
    assert steps(olivia, competition)[-1] == "Round 1: seating drafted, not published"


def test_only_rounds_soon_are_to_seat(olivia, competition):
    """Issue 54, item 8: eleven orange "Round N not seated" lines for a season's nights months away."""
    now = timezone.now()
    for number, days in enumerate([2, 9, 16, 60, 120], start=1):
        Round.objects.create(
            competition=competition, number=number, starts_at=now + timezone.timedelta(days=days)
        )
    Round.objects.create(competition=competition, number=6)  # no date yet
    Round.objects.create(competition=competition, number=7)
    assert [s for s in steps(olivia, competition) if "not seated" in s] == [
        "Round 1 not seated",  # this week
        "Round 6 not seated",  # the first without a date: nothing says when
    ]
