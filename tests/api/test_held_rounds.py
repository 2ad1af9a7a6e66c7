"""A held round's results stay out of every API read until released (issues 6, 13: trust).

The rule is the scoresheet page's (``tournament.held.sees_table_results``):
while ``Round.results_held``, the competition's organisers (and superusers),
the table's scorekeeper and the table's own players see its hands and state;
anybody else gets the hands as 404 (code ``results_held``, as the page is a
404) and the tables with their seating but ``state`` null.
"""

import pytest

from tests.api.conftest import client_for
from tests.factories import UserFactory
from tournament.tables.ledger import hand_record
from tournament.models import Player, Round

pytestmark = pytest.mark.django_db

HIDDEN = ("anonymous", "player", "other_scorekeeper", "other_organiser")
SHOWN = ("organiser", "superuser", "table_scorekeeper", "table_player")


@pytest.fixture
def held(league):
    """League's table 1 has a hand; its round is held back."""
    hand = hand_record(
        table=league.table,
        entry={"outcome": "win", "winner": league.table.seat_map["E"], "win": "self_draw", "doubles": 2},
    )
    Round.objects.filter(pk=league.round.pk).update(results_held=True)
    league.users["superuser"] = UserFactory(username="sue_superuser", is_superuser=True)
    table_player = UserFactory(username="tina_at_the_table")
    Player.objects.filter(pk=league.table.seat_map["S"]).update(user=table_player)
    league.users["table_player"] = table_player
    league.hand = hand
    return league


def _release(league):
    Round.objects.filter(pk=league.round.pk).update(results_held=False)


def _urls(league) -> dict[str, str]:
    return {
        "table": f"/api/v1/tables/{league.table.pk}/",
        "round_tables": f"/api/v1/rounds/{league.round.pk}/tables/",
        "hands": f"/api/v1/tables/{league.table.pk}/hands/",
        "hand": f"/api/v1/hands/{league.hand.pk}/",
    }


def _table_of(answer, league) -> dict:
    assert answer.status_code == 200, answer.content[:300]
    data = answer.json()
    tables = data["results"] if "results" in data else data if isinstance(data, list) else [data]
    return next(t for t in tables if t["id"] == league.table.pk)


@pytest.mark.parametrize("role", HIDDEN)
def test_held_hands_are_a_404_to_anyone_but_the_tables_people_and_the_organisers(held, role):
    client = client_for(held.users[role])
    for name in ("hands", "hand"):
        answer = client.get(_urls(held)[name])
        assert answer.status_code == 404, (name, answer.content[:300])
        assert answer.json()["errors"][0]["code"] == "results_held"
        assert "transfers" not in answer.content.decode()


@pytest.mark.parametrize("role", HIDDEN)
def test_held_tables_show_their_seating_but_no_state(held, role):
    client = client_for(held.users[role])
    for name in ("table", "round_tables"):
        table = _table_of(client.get(_urls(held)[name]), held)
        assert table["seats"] == held.table.seat_map  # who sits where stays public
        assert table["results_held"] is True
        assert table["state"] is None, name


@pytest.mark.parametrize("role", SHOWN)
def test_the_organisers_and_the_tables_own_people_see_a_held_table(held, role):
    client = client_for(held.users[role])
    urls = _urls(held)
    for name in ("table", "round_tables"):
        state = _table_of(client.get(urls[name]), held)["state"]
        assert state["balances"][str(held.table.seat_map["E"])] == 412 and state["hands_played"] == 1
    hands = client.get(urls["hands"])
    assert hands.status_code == 200 and [h["id"] for h in hands.json()["results"]] == [held.hand.pk]
    hand = client.get(urls["hand"])
    assert hand.status_code == 200 and hand.json()["transfers"]


def test_the_other_table_of_a_held_round_is_hidden_from_this_tables_people(held):
    """The table's scorekeeper and players see their own table, not the round's other tables."""
    other = hand_record(table=held.other_table, entry={"outcome": "draw"})
    for role in ("table_scorekeeper", "table_player"):
        client = client_for(held.users[role])
        assert client.get(f"/api/v1/hands/{other.pk}/").status_code == 404
        answer = client.get(f"/api/v1/rounds/{held.round.pk}/tables/")
        other_table = next(t for t in answer.json()["results"] if t["id"] == held.other_table.pk)
        assert other_table["state"] is None


@pytest.mark.parametrize("role", HIDDEN)
def test_a_released_round_is_read_by_everybody_again(held, role):
    _release(held)
    client = client_for(held.users[role])
    urls = _urls(held)
    for name in ("table", "round_tables"):
        table = _table_of(client.get(urls[name]), held)
        assert table["results_held"] is False and table["state"]["hands_played"] == 1
    assert client.get(urls["hands"]).json()["count"] == 1
    assert client.get(urls["hand"]).status_code == 200


def _standings(client, league) -> tuple[dict, dict]:
    competition = client.get(f"/api/v1/competitions/{league.competition.pk}/standings/")
    rnd = client.get(f"/api/v1/rounds/{league.round.pk}/standings/")
    assert competition.status_code == rnd.status_code == 200
    return competition.json(), rnd.json()


@pytest.mark.parametrize("role", (*HIDDEN, "table_scorekeeper", "table_player"))
def test_the_standings_leave_a_held_round_out_but_for_its_organisers(held, role):
    """A whole round's standings show every table: only the organisers see them, as on the round page."""
    east = held.table.seat_map["E"]
    competition, rnd = _standings(client_for(held.users[role]), held)
    assert {r["player"]: r["chips"] for r in competition["results"]}.get(east, 0) == 0
    assert rnd["held"] is True and rnd["results"] == []
    for organiser in ("organiser", "superuser"):
        competition, rnd = _standings(client_for(held.users[organiser]), held)
        assert {r["player"]: r["chips"] for r in competition["results"]}[east] == 12
        assert {r["player"]: r["chips"] for r in rnd["results"]}[east] == 12
