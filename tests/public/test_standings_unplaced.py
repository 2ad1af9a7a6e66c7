"""Who has no place yet (issue 49, item 6): a player who never played is listed after every player who
did, with no place and a word why, on the page, the API and the home page; a player entered after round 1
is listed at once; with nights needed (``min_sessions``) a blank place says how many; a team that never
played is listed after the teams that did; the Sessions column stays on a phone."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.api.conftest import client_for
from tests.factories import CompetitionFactory, PlayerFactory, seated_table, team_with_members
from tests.public.helpers import rows_by
from tournament.league.entries import entry_add
from tournament.models import Round
from tournament.rounds.lifecycle import round_end
from tournament.standings.store import standings_refresh
from tournament.tables.ledger.record import hand_record

pytestmark = pytest.mark.django_db


def lose_all(table, loser_wind="S"):
    """East wins self-drawn: the three others lose."""
    seats = {s.wind: s.player_id for s in table.seats.all()}
    return hand_record(
        table=table, entry={"outcome": "win", "winner": seats["E"], "win": "self_draw", "doubles": 2}
    )


@pytest.fixture
def league(organiser):
    competition = CompetitionFactory(name="Unplaced League")
    competition.organisers.add(organiser)
    four = [PlayerFactory(name=f"Played {i}") for i in range(4)]
    table = seated_table(competition=competition, players=four)
    lose_all(table)
    standings_refresh(competition)  # as the worker would after the hand
    return competition, four


def api_rows(competition):
    return client_for().get(f"/api/v1/competitions/{competition.pk}/standings/").json()["results"]


def test_a_player_entered_after_round_1_is_listed_last_with_no_place_and_says_why(
    league, organiser, client, django_capture_on_commit_callbacks
):
    competition, four = league
    late = PlayerFactory(name="Aaron Late")  # first by name: placed by play, not by the alphabet
    with django_capture_on_commit_callbacks(execute=True):
        entry_add(competition, late, user=organiser)  # the door queues the recompute that lists them
    results = api_rows(competition)
    assert [r["player"] for r in results][-1] == late.pk  # listed, and after all who played
    assert results[-1]["rank"] is None and all(r["rank"] is not None for r in results[:-1])
    page = client.get(reverse("public:standings", args=[competition.pk])).text
    cells = dict(rows_by(page, "data-player"))
    assert cells[late.pk][0] == "not played"
    assert 'class="num sessions"' in page  # the Sessions column is not one a phone hides


def test_with_nights_needed_a_blank_place_says_how_many(
    league, organiser, client, django_capture_on_commit_callbacks
):
    competition, four = league
    competition.min_sessions = 3
    competition.save(update_fields=["min_sessions"])
    late = PlayerFactory(name="Aaron Late")
    with django_capture_on_commit_callbacks(execute=True):
        entry_add(competition, late, user=organiser)
    page = client.get(reverse("public:standings", args=[competition.pk])).text
    rows = rows_by(page, "data-player")
    cells = dict(rows)
    assert all(cells[p.pk][0] == "needs 3 sessions" for p in four)
    assert rows[-1][0] == late.pk and cells[late.pk][0] == "not played"  # after the short, though 0 > -4
    Round.objects.filter(competition=competition).update(status=Round.Status.FINISHED)  # on the home page
    home = client.get("/").text
    assert "Unplaced League" in home and 'Played 0 <span class="muted">(no place yet)</span>' in home
    assert ". Played" not in home  # never ". Pang Soo Ching" for a player with no place


def test_a_team_that_never_played_is_listed_after_the_teams_that_lost(organiser, client):
    competition = CompetitionFactory(name="Team Cup")
    competition.organisers.add(organiser)
    teams = [
        team_with_members(competition, name, [PlayerFactory(name=f"{name} {k}") for k in range(4)])
        for name in ("Ants", "Bees", "Cats", "Dogs", "Eels")
    ]
    table = seated_table(
        competition=competition, players=[t.members.order_by("pk").first().player for t in teams[1:]]
    )
    lose_all(table)  # Bees win; Cats, Dogs and Eels lose; Ants never played
    round_end(Round.objects.get(competition=competition), user=organiser)
    body = client.get(f"/api/v1/competitions/{competition.pk}/teams/standings/").json()["results"]
    assert [r["name"] for r in body][0] == "Bees" and body[-1]["name"] == "Ants"
    assert body[-1]["rank"] is None and all(r["rank"] is not None for r in body[:-1])
    page = client.get(reverse("public:standings", args=[competition.pk])).text
    assert f'data-team="{teams[0].pk}"' in page and "not played" in page
