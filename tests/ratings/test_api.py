"""The ratings API (issue 35; league-api.md "Clubs and ratings"): the list, a club's, a player's history."""

import pytest
from rest_framework.test import APIClient

from tests.factories import ClubFactory
from tournament.models import Club, PlayerRating, RatingChange

pytestmark = pytest.mark.django_db

R1 = [[0, 1, 2, 3], [4, 5, 6, 7]]


@pytest.fixture
def rated(night):
    jade, pearl = ClubFactory(name="Jade"), ClubFactory(name="Pearl")
    for i, player in enumerate(night.players):
        player.club = jade if i % 2 == 0 else pearl
        player.save()
    night.play(1, R1, [[("S", 3, None), ("E", 2, "N")], [("E", 1, None)]])
    return night


def test_the_ratings_list_ranks_every_rated_player_best_first(rated):
    response = APIClient().get("/api/v1/ratings/")
    assert response.status_code == 200
    body = response.json()
    assert body["count"] == 8 and body["next"] is None
    rows = body["results"]
    assert set(rows[0]) == {
        "rank",
        "player",
        "name",
        "club",
        "rating",
        "mu",
        "sigma",
        "sessions",
        "provisional",
    }
    assert [r["rating"] for r in rows] == sorted((r["rating"] for r in rows), reverse=True)
    assert rows[0]["rank"] == 1 and rows[0]["player"] == rated.players[1].pk  # table 1's top, +22
    assert all(r["provisional"] and r["sessions"] == 1 for r in rows)
    assert all(r["rating"] == pytest.approx(r["mu"] - 3 * r["sigma"]) for r in rows)
    shared = [r for r in rows if r["player"] in {p.pk for p in rated.players[5:]}]
    assert len({r["rank"] for r in shared}) == 1  # equal chips, equal place, equal rating: one rank


def test_a_club_s_list_has_its_players_only_ranked_among_themselves(rated):
    jade = Club.objects.get(name="Jade")
    rows = APIClient().get("/api/v1/ratings/", {"club": jade.pk}).json()["results"]
    assert {r["player"] for r in rows} == {p.pk for p in rated.players[::2]}
    assert rows[0]["rank"] == 1 and all(r["club"] == jade.pk for r in rows)
    assert APIClient().get("/api/v1/ratings/", {"club": 999999}).json()["count"] == 0


def test_the_schema_says_which_club_the_list_takes(client):
    """``club=0`` is refused (400): the schema says so (a club's id, 1 to 2^63-1), not just ``integer``."""
    schema = client.get("/api/v1/schema/?format=json").json()
    (club,) = [p for p in schema["paths"]["/api/v1/ratings/"]["get"]["parameters"] if p["name"] == "club"]
    assert club["schema"] == {"type": "integer", "minimum": 1, "maximum": 2**63 - 1}


@pytest.mark.parametrize("bad", ["x", "-1", "0", "1.5", "²", "99999999999999999999", ""])
def test_a_malformed_club_is_a_400_in_the_error_shape(rated, bad):
    response = APIClient().get("/api/v1/ratings/", {"club": bad})
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "club"


def test_a_player_s_history_is_each_session_oldest_first(rated):
    player = rated.players[3]  # table 1's bottom
    body = APIClient().get(f"/api/v1/players/{player.pk}/ratings/").json()
    assert body["player"] == player.pk and body["count"] == 1
    (row,) = body["results"]
    change = RatingChange.objects.get(player=player)
    assert row == {
        "round": change.round_id,
        "table": change.table_id,
        "competition": rated.competition.pk,
        "date": change.day.isoformat(),
        "place": 4,
        "rating_before": pytest.approx(0.0),
        "rating_after": pytest.approx(PlayerRating.objects.get(pk=player.pk).rating),
    }
    assert row["rating_after"] < row["rating_before"] + 1  # last place: the mean fell


@pytest.mark.parametrize("bad", ["999999", "abc", "99999999999999999999"])
def test_an_unknown_player_is_a_json_404(bad):
    response = APIClient().get(f"/api/v1/players/{bad}/ratings/")
    assert response.status_code == 404 and response.json()["errors"]


def test_the_ratings_are_read_only(rated, organiser):
    client = APIClient()
    client.force_authenticate(organiser)
    for method in ("post", "put", "patch", "delete"):
        assert getattr(client, method)("/api/v1/ratings/", {}, format="json").status_code == 405
    assert (
        client.post(f"/api/v1/players/{rated.players[0].pk}/ratings/", {}, format="json").status_code == 405
    )
    assert PlayerRating.objects.count() == 8
