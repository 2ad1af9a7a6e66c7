"""A held round's tables are not public until the organiser releases the results (issue 6)."""

import pytest

from tests.factories import seated_table
from tournament.models import Player

pytestmark = pytest.mark.django_db


def test_a_held_rounds_scoresheet_is_hidden_from_the_public_but_not_from_its_players(client, player_user):
    table = seated_table()
    table.round.results_held = True
    table.round.save()
    url = f"/tables/{table.pk}/"
    assert client.get(url).status_code == 404
    assert client.get(url + "live/").status_code == 404
    client.force_login(player_user)
    assert client.get(url).status_code == 404  # a player of another table
    Player.objects.filter(pk=table.seat_map["E"]).update(user=player_user)
    assert client.get(url).status_code == 200  # one of the table's own players
    table.round.results_held = False
    table.round.save()
    client.logout()
    assert client.get(url).status_code == 200  # released
