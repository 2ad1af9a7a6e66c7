"""HEAD answers carry no body, straight from the WSGI application (issue 38: HEAD /api/v1/redoc/ sent one).

Django's test client drops a HEAD answer's body itself, which hid it; these requests go to the WSGI
application as a server or schemathesis sends them.
"""

import pytest
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from werkzeug.test import Client

pytestmark = pytest.mark.django_db


@pytest.fixture
def wsgi():
    """The WSGI application, keeping the test's database connection across requests (as the test client
    does: Django closes "old" connections when a request starts and ends)."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield Client(get_wsgi_application())
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.mark.parametrize("path", ["/api/v1/redoc/", "/api/v1/docs/", "/api/v1/schema/", "/api/v1/rulesets/"])
def test_a_head_request_gets_the_gets_headers_and_no_body(wsgi, path):
    get, head = wsgi.get(path), wsgi.head(path)
    assert head.status_code == get.status_code == 200
    assert head.get_data() == b""
    assert head.headers["Content-Type"] == get.headers["Content-Type"]
    assert int(head.headers["Content-Length"]) == len(get.get_data()) > 0


def test_a_get_keeps_its_body(wsgi):
    assert b"redoc" in wsgi.get("/api/v1/redoc/").get_data()


@pytest.fixture
def night():
    """A published round of one table with a hand recorded, and its standings stored."""
    from tests.factories import seated_table
    from tournament.standings.store import standings_refresh
    from tournament.tables.ledger.record import hand_record

    table = seated_table()
    hand_record(
        table=table, entry={"outcome": "win", "winner": table.seat_map["S"], "win": "self_draw", "doubles": 2}
    )
    standings_refresh(table.round.competition)
    return table


def _pages(table) -> list[str]:
    c, r, p = table.round.competition_id, table.round_id, table.seat_map["E"]
    return [
        f"/competitions/{c}/",
        f"/competitions/{c}/live/",
        f"/competitions/{c}/standings/",
        f"/competitions/{c}/standings/live/",
        f"/competitions/{c}/standings.csv",
        f"/competitions/{c}/standings.pdf",
        f"/competitions/{c}/clubs.csv",
        f"/competitions/{c}/screen/",
        f"/rounds/{r}/",
        f"/rounds/{r}/clock/",
        f"/rounds/{r}/standings/live/",
        f"/rounds/{r}/standings.csv",
        f"/rounds/{r}/standings.pdf",
        f"/tables/{table.pk}/",
        f"/tables/{table.pk}/live/",
        f"/players/{p}/",
        "/ratings/",
        "/rules/spgg-2023/",
        "/sw.js",
        "/manifest.webmanifest",
    ]


def test_every_public_page_answers_a_head_as_its_get_without_the_body(wsgi, night):
    """``require_GET`` answered HEAD 405 on the public pages (a monitor's or a cache's check failed); they
    answer it as GET does, with no body."""
    for path in _pages(night):
        get, head = wsgi.get(path), wsgi.head(path)
        assert get.status_code == 200, path
        assert head.status_code == 200, (path, head.status_code)
        assert head.get_data() == b"", path
        assert head.headers["Content-Type"] == get.headers["Content-Type"], path


def test_a_head_of_a_page_that_is_not_there_is_its_404(wsgi, night):
    for path in ("/competitions/999999/standings/", "/rules/no-such-rules/", "/players/999999/"):
        assert wsgi.head(path).status_code == wsgi.get(path).status_code == 404, path


def test_a_signed_in_players_pages_answer_a_head_too(client, night, player_user):
    east = night.seats.get(wind="E").player
    east.user = player_user
    east.save(update_fields=["user"])
    client.force_login(player_user)
    for path in ("/tables/mine/", f"/tables/{night.pk}/seat/", f"/season/{night.round.competition_id}/"):
        assert client.get(path).status_code == 200, path
        assert client.head(path).status_code == 200, path


@pytest.mark.parametrize("path", ["/calculator/", "/messages/stop/{stop}/", "/messages/for/{person}/"])
def test_the_calculator_and_a_messages_link_answer_a_head_too(client, path):
    """Found by an attack (issue 48): these answered HEAD with 405 while their GET is 200."""
    from tests.factories import PlayerFactory
    from tournament.notifications.links import person_token, stop_token

    player = PlayerFactory()
    url = path.format(stop=stop_token(f"p{player.pk}", "organiser"), person=person_token(f"p{player.pk}"))
    got, head = client.get(url), client.head(url)
    assert got.status_code == 200 and head.status_code == 200 and head.content == b""
