"""Generating seating makes a draft (issue 14): the organiser reviews and publishes it; until then the
players, the scorekeepers and the public see none of it (pages, /tables/mine/, the API)."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import EntryFactory, PlayerFactory
from tournament.models import Round, Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def drafted(olivia, competition, player_user, scorekeeper):
    players = [PlayerFactory(name=f"Player {i:02d}") for i in range(8)]
    players[0].user = player_user
    players[0].save()
    for p in players:
        EntryFactory(competition=competition, player=p)
    round_ = Round.objects.create(competition=competition, number=1)
    olivia.post(reverse("organiser:round_seat", args=[round_.pk]), {"seed": 3})
    mine = Table.objects.get(round=round_, seats__player=players[0])
    Table.objects.filter(pk=mine.pk).update(scorekeeper=scorekeeper)
    round_.refresh_from_db()
    return round_, mine


def _as(user):
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.mark.parametrize("who", ["anonymous", "player_user", "scorekeeper"])
def test_a_draft_is_seen_by_nobody_but_its_organisers(request, drafted, who):
    round_, table = drafted
    assert round_.status == Round.Status.SCHEDULED
    client = _as(None if who == "anonymous" else request.getfixturevalue(who))
    competition_page = client.get(
        reverse("public:competition", args=[round_.competition_id])
    ).content.decode()
    assert reverse("table:scoresheet", args=[table.pk]) not in competition_page
    round_page = client.get(reverse("public:round", args=[round_.pk])).content.decode()
    assert "Player 01" not in round_page and "This round is not seated yet." in round_page
    assert client.get(reverse("table:scoresheet", args=[table.pk])).status_code == 404
    assert client.get(reverse("table:live", args=[table.pk])).status_code == 404
    assert client.get(f"/api/v1/rounds/{round_.pk}/tables/").json()["results"] == []
    assert client.get(f"/api/v1/tables/{table.pk}/").status_code == 404
    if who != "anonymous":
        mine = client.get(reverse("table:mine")).content.decode()
        assert "No table for you yet." in mine and f"/tables/{table.pk}/" not in mine


def test_the_organiser_reviews_the_draft_then_publishes_it(olivia, drafted, player_user):
    round_, table = drafted
    round_page = olivia.get(reverse("public:round", args=[round_.pk])).content.decode()
    assert "Draft: only the organisers see this seating until it is published." in round_page
    assert olivia.get(reverse("table:scoresheet", args=[table.pk])).status_code == 200
    olivia.post(reverse("organiser:round_status", args=[round_.pk]), {"action": "publish"})
    round_.refresh_from_db()
    assert round_.status == Round.Status.SEATED
    client = _as(player_user)
    mine = client.get(reverse("table:mine")).content.decode()
    assert f"/tables/{table.pk}/" in mine and "Your next table" in mine
    assert "Player 00" in Client().get(reverse("public:round", args=[round_.pk])).content.decode()
    assert len(Client().get(f"/api/v1/rounds/{round_.pk}/tables/").json()["results"]) == 2


def test_seating_a_published_round_again_makes_it_a_draft_again(olivia, drafted):
    round_, table = drafted
    olivia.post(reverse("organiser:round_status", args=[round_.pk]), {"action": "publish"})
    olivia.post(reverse("organiser:round_seat", args=[round_.pk]), {"seed": 9})
    round_.refresh_from_db()
    assert round_.status == Round.Status.SCHEDULED
    assert Client().get(f"/api/v1/rounds/{round_.pk}/tables/").json()["results"] == []


# --- issue 32, item 5: seating again says what it does, draws anew, keeps the links printed --------------


def test_seat_again_says_first_that_a_published_round_goes_back_to_a_draft(olivia, drafted):
    round_, _table = drafted
    olivia.post(reverse("organiser:round_status", args=[round_.pk]), {"action": "publish"})
    page = olivia.get(reverse("organiser:round", args=[round_.pk])).content.decode()
    assert "The round goes back to a draft" in page and 'data-confirm="Draw the seating again?' in page
    assert 'class="primary">Seat again' not in page  # not as loud as Publish


def _links(round_) -> dict[int, str]:
    from tournament.confirmations.seat_links import seat_link_path
    from tournament.models import Seat

    return {s.player_id: seat_link_path(s) for s in Seat.objects.filter(round=round_)}


def test_seat_again_draws_anew_and_keeps_tables_and_private_links(olivia, organiser, drafted):
    from tournament.confirmations.seat_links import seat_for_token
    from tournament.rounds.seating import round_tables

    round_, _table = drafted
    before_tables, before_links = round_tables(round_), _links(round_)
    table_ids = set(Table.objects.filter(round=round_).values_list("pk", flat=True))
    draws = set()
    for _ in range(3):  # no draw number: a new seating (the same one three times running is 1 in ~10^4)
        olivia.post(reverse("organiser:round_seat", args=[round_.pk]), {})
        draws.add(round_tables(round_))
    assert draws - {before_tables}
    assert set(Table.objects.filter(round=round_).values_list("pk", flat=True)) == table_ids
    for player, path in before_links.items():
        seat = seat_for_token(path.rstrip("/").rsplit("/", 1)[-1])
        assert seat is not None and seat.player_id == player  # the slip printed before still reaches them
    assert _links(round_) == before_links


def test_the_same_draw_number_draws_the_same_seating_through_the_api(organiser, drafted):
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    from tournament.rounds.seating import round_tables

    round_, _table = drafted
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=organiser)[0].key}")
    first = client.post(f"/api/v1/rounds/{round_.pk}/seating/", {"seed": 5}, format="json")
    assert first.status_code in (200, 201)
    tables = round_tables(round_)
    client.post(f"/api/v1/rounds/{round_.pk}/seating/", {"seed": 5}, format="json")
    assert round_tables(round_) == tables


def test_a_swap_keeps_both_players_links(olivia, drafted):
    from tournament.models import Seat

    round_, _table = drafted
    before = _links(round_)
    a, b = Seat.objects.filter(round=round_).order_by("table__number", "wind")[::4][:2]
    olivia.post(
        reverse("organiser:round_swap", args=[round_.pk]), {"player_a": a.player_id, "player_b": b.player_id}
    )
    assert Seat.objects.get(player=a.player_id, round=round_).table_id == b.table_id
    assert _links(round_) == before


# --- a seat's private link while its round is drawn again (a draft): nothing of the draft ----------------


def _token(path: str) -> str:
    return path.rstrip("/").rsplit("/", 1)[-1]


def _sitting(round_) -> dict[int, tuple]:
    """Each player's table number, table id, wind and table-mates' names, as seated now."""
    from tournament.models import Seat

    seats = list(Seat.objects.filter(round=round_).select_related("table", "player"))
    return {
        s.player_id: (
            s.table.number, s.table_id, s.wind,
            {o.player.name for o in seats if o.table_id == s.table_id and o.pk != s.pk},
        )
        for s in seats
    }  # fmt: skip


def test_an_old_seat_link_shows_nothing_of_a_draft_then_the_new_seat_once_published(
    olivia, drafted, player_user
):
    """A published round drawn again is a draft: every link given out before opened the draft's table and
    named its table-mates. Now it says the tables are being drawn (page, the player's own page, the API) and
    answers nothing; published again, the same link shows the player's new seat."""
    from tests.api.conftest import client_for
    from tournament.models import Player, Seat
    from tournament.rounds.seating import round_tables

    round_, _table = drafted
    olivia.post(reverse("organiser:round_status", args=[round_.pk]), {"action": "publish"})
    links, before = _links(round_), round_tables(round_)
    names = dict(Player.objects.filter(pk__in=links).values_list("pk", "name"))
    mine = Seat.objects.get(round=round_, player__user=player_user)
    olivia.post(reverse("organiser:round_seat", args=[round_.pk]), {"seed": 9})
    round_.refresh_from_db()
    assert round_.status == Round.Status.SCHEDULED and round_tables(round_) != before
    for player, path in links.items():
        others = set(names.values()) - {names[player]}
        page = Client().get(path)
        text = page.content.decode()
        assert page.status_code == 200 and 'data-testid="seat-waiting"' in text, player
        assert f"You are {names[player]}." in text and "being drawn" in text
        assert not any(name in text for name in others), player  # not a table-mate of the draft
        assert "Table 1" not in text and "Table 2" not in text and "seat-balances" not in text
        api = client_for(None).get(f"/api/v1/seats/{_token(path)}/")
        assert api.status_code == 422 and api.json()["errors"][0]["code"] == "round_not_published"
        assert not any(name in api.content.decode() for name in others) and "table" not in api.json()
        answer = Client().post(f"{path}hands/agree/", {"hand": "1"})
        assert answer.status_code == 422 and "being drawn" in answer.content.decode()
    # The player's own page (signed in) at the table they sat at before, and at the draft's: the same words.
    for table_id in Table.objects.filter(round=round_).values_list("pk", flat=True):
        own = _as(player_user).get(reverse("table:my_seat", args=[table_id]))
        text = own.content.decode()
        assert own.status_code == 200 and "being drawn" in text, table_id
        assert not any(name in text for name in set(names.values()) - {names[mine.player_id]})

    olivia.post(reverse("organiser:round_status", args=[round_.pk]), {"action": "publish"})
    now = _sitting(round_)
    for player, path in links.items():
        number, table_id, wind, mates = now[player]
        text = Client().get(path).content.decode()
        assert f"Table {number}" in text and "being drawn" not in text, player
        assert all(name in text for name in mates), player  # the new table-mates, now published
        seat = client_for(None).get(f"/api/v1/seats/{_token(path)}/").json()
        assert (seat["table"], seat["wind"], seat["player"]) == (table_id, wind, player)
