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
    held = "are held until the organiser releases them"
    public = client.get(url)  # the seating and a notice, never the hands (issue 14: it was a 404)
    assert public.status_code == 200 and held in public.content.decode() and "history" not in public.context
    assert client.get(url + "live/").status_code == 404
    client.force_login(player_user)
    assert held in client.get(url).content.decode()  # a player of another table
    Player.objects.filter(pk=table.seat_map["E"]).update(user=player_user)
    assert client.get(url)["Location"] == url + "seat/"  # their own table page, to confirm (issue 32)
    own = client.get(url + "?sheet=1")  # one of the table's own players
    assert own.status_code == 200 and held not in own.content.decode() and "history" in own.context
    table.round.results_held = False
    table.round.save()
    client.logout()
    assert client.get(url).status_code == 200  # released
