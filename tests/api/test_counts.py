"""Chip counts and the integrity flags through the API: who may do what, and the answers (issue 19)."""

import pytest

from tests.api.conftest import client_for
from tournament.models import ChipCount, ChipTransfer, Round
from tournament.rounds.lifecycle import table_end
from tournament.tables.ledger.record import hand_record
from tournament.tables.selectors import table_fold

pytestmark = pytest.mark.django_db


@pytest.fixture
def playing(league):
    Round.objects.filter(pk=league.round.pk).update(status=Round.Status.PLAYING)
    league.round.refresh_from_db()
    east, south, west, north = league.seats()
    hand_record(
        table=league.table,
        entry={"outcome": "win", "winner": east, "win": "discard", "discarder": south, "doubles": 2},
    )
    return league


def _balances(table):
    return {str(pid): chips for pid, chips in table_fold(table).state.balances.items()}


def _url(table):
    return f"/api/v1/tables/{table.pk}/counts/"


def test_a_count_that_matches(playing):
    table_end(playing.table, user=playing.users["organiser"])
    keeper = client_for(playing.users["table_scorekeeper"])
    answer = keeper.post(_url(playing.table), {"chips": _balances(playing.table)}, format="json")
    assert answer.status_code == 201, answer.json()
    body = answer.json()
    assert body["status"] == "matched" and body["differences"] == {} and body["adjustment"] == []
    listed = keeper.get(_url(playing.table)).json()
    assert [c["id"] for c in listed["results"]] == [body["id"]]


def test_a_difference_accepted_as_an_adjustment_reaches_the_standings(playing):
    table_end(playing.table, user=playing.users["organiser"])  # a finished round's chips are final
    east, south, _west, _north = playing.seats()
    ledger = _balances(playing.table)
    counted = {**ledger, str(east): ledger[str(east)] - 16, str(south): ledger[str(south)] + 16}
    keeper = client_for(playing.users["table_scorekeeper"])
    entered = keeper.post(_url(playing.table), {"chips": counted}, format="json").json()
    assert entered["status"] == "differs"
    assert entered["differences"] == {str(east): -16, str(south): 16}
    assert entered["hands_since_agreed"] == list(playing.table.hands.values_list("pk", flat=True))

    accept = f"/api/v1/counts/{entered['id']}/accept/"
    assert keeper.post(accept, {"reason": "mine"}, format="json").status_code == 403  # not the organiser's
    other = client_for(playing.users["other_organiser"])
    assert other.post(accept, {"reason": "mine"}, format="json").status_code == 403
    organiser = client_for(playing.users["organiser"])
    assert organiser.post(accept, {}, format="json").status_code == 400
    answer = organiser.post(accept, {"reason": "East paid South 16 on the table"}, format="json")
    assert answer.status_code == 200, answer.json()
    assert answer.json()["adjustment"] == [{"from_player": east, "to_player": south, "amount": 16}]
    standings = client_for().get(f"/api/v1/competitions/{playing.competition.pk}/standings/").json()
    chips = {row["player"]: row["chips"] for row in standings["results"]}
    assert {str(pid): 400 + net for pid, net in chips.items() if str(pid) in counted} == counted
    assert sum(chips.values()) == 0
    assert organiser.post(accept, {"reason": "again"}, format="json").status_code == 422  # accepted once


def test_a_count_with_a_key_given_twice_is_refused_not_read_as_its_last(playing):
    """``json`` keeps the last of two equal keys: a count whose first figures a reader checks and whose
    last ones the server would record is refused whole (400), and no count is entered."""
    table_end(playing.table, user=playing.users["organiser"])
    east = playing.seats()[0]
    ledger = _balances(playing.table)
    right = ", ".join(f'"{pid}": {chips}' for pid, chips in ledger.items())
    keeper = client_for(playing.users["table_scorekeeper"])
    counts = list(
        ChipCount.objects.filter(table=playing.table).values()
    )  # the one ending the table asked for
    for body in (
        f'{{"chips": {{"{east}": 0, {right}}}}}',  # a player's figure twice
        f'{{"chips": {{"{east}": 0}}, "chips": {{{right}}}}}',  # the whole count twice
    ):
        answer = keeper.post(_url(playing.table), body, content_type="application/json")
        assert answer.status_code == 400, body
        error = answer.json()["errors"][0]
        assert error["code"] == "duplicate_key" and "twice" in error["message"]
    assert list(ChipCount.objects.filter(table=playing.table).values()) == counts


def test_a_count_whose_total_is_wrong_is_refused_in_the_error_shape(playing):
    table_end(playing.table, user=playing.users["organiser"])
    east = playing.seats()[0]
    chips = {**_balances(playing.table), str(east): 0}
    answer = client_for(playing.users["table_scorekeeper"]).post(
        _url(playing.table), {"chips": chips}, format="json"
    )
    assert answer.status_code == 422
    assert answer.json()["errors"][0]["code"] == "total_differs"
    negative = {**_balances(playing.table), str(east): -1}
    answer = client_for(playing.users["table_scorekeeper"]).post(
        _url(playing.table), {"chips": negative}, format="json"
    )
    assert answer.status_code == 400 and answer.json()["errors"][0]["field"].startswith("chips")


@pytest.mark.parametrize(
    "role, status",
    [("anonymous", 401), ("player", 403), ("other_scorekeeper", 403), ("other_organiser", 403)],
)
def test_who_may_not_enter_a_count(playing, role, status):
    table_end(playing.table, user=playing.users["organiser"])
    client = client_for(playing.users[role])
    answer = client.post(_url(playing.table), {"chips": _balances(playing.table)}, format="json")
    assert answer.status_code == status and "errors" in answer.json()
    assert client.get(_url(playing.table)).status_code == status  # nor read them
    request = client.post(f"/api/v1/tables/{playing.table.pk}/counts/request/", format="json")
    assert request.status_code == status
    assert ChipCount.objects.get(table=playing.table).status == ChipCount.Status.REQUESTED


def test_a_player_sees_the_counts_of_his_table_only(playing):
    player_user = playing.users["player"]
    seat = playing.table.seats.first()
    seat.player.user = player_user
    seat.player.save()
    client = client_for(player_user)
    assert client.get(_url(playing.table)).status_code == 200
    assert client.get(_url(playing.other_table)).status_code == 403


def test_the_organiser_asks_for_a_count_mid_session(playing):
    keeper = client_for(playing.users["table_scorekeeper"])
    early = keeper.post(_url(playing.table), {"chips": _balances(playing.table)}, format="json")
    assert early.status_code == 422 and early.json()["errors"][0]["code"] == "no_count_due"
    asked = client_for(playing.users["organiser"]).post(
        f"/api/v1/tables/{playing.table.pk}/counts/request/", format="json"
    )
    assert asked.status_code == 201 and asked.json()["status"] == "requested"
    entered = keeper.post(_url(playing.table), {"chips": _balances(playing.table)}, format="json")
    assert entered.json()["id"] == asked.json()["id"] and entered.json()["status"] == "matched"


def test_the_integrity_flags_for_the_organiser_only(playing):
    table_end(playing.table, user=playing.users["organiser"])
    east, south, *_ = playing.seats()
    ledger = _balances(playing.table)
    client_for(playing.users["table_scorekeeper"]).post(
        _url(playing.table),
        {"chips": {**ledger, str(east): ledger[str(east)] - 1, str(south): ledger[str(south)] + 1}},
        format="json",
    )
    url = f"/api/v1/competitions/{playing.competition.pk}/integrity/"
    answer = client_for(playing.users["organiser"]).get(url)
    assert answer.status_code == 200
    flags = answer.json()
    assert flags["disputed"] == [] and flags["unconfirmed"] == []
    [count] = flags["counts"]
    assert count["differences"] == {str(east): -1, str(south): 1}
    assert count["hands"] == list(playing.table.hands.values_list("pk", flat=True))
    for role, status in (("anonymous", 401), ("table_scorekeeper", 403), ("other_organiser", 403)):
        assert client_for(playing.users[role]).get(url).status_code == status
    assert not ChipTransfer.objects.filter(hand__isnull=True).exists()


@pytest.mark.parametrize("chips", [{}, "four", {"a": 1}, {"1": "10"}, {"1": 2.0}, {"1": True}, {"1": -1}])
def test_malformed_chips_are_400_and_count_nothing(playing, chips):
    table_end(playing.table, user=playing.users["organiser"])
    keeper = client_for(playing.users["table_scorekeeper"])
    if isinstance(chips, dict) and chips and "1" in chips:  # the table's first player, a bad number
        chips = {next(iter(_balances(playing.table))): chips["1"]}
    answer = keeper.post(_url(playing.table), {"chips": chips}, format="json")
    assert answer.status_code == 400, answer.json()
    assert answer.json()["errors"][0]["field"].startswith("chips")
    assert not ChipCount.objects.exclude(status="requested").exists()


@pytest.mark.parametrize("spelled", [" {}", "{} ", "0{}", "+{}", "{}.0"])
def test_a_count_whose_keys_are_not_exactly_the_players_ids_is_refused(playing, spelled):
    """Issue 31, item 8: keys " 1" and "1" were both read as player 1, and one was dropped silently."""
    table_end(playing.table, user=playing.users["organiser"])
    balances = _balances(playing.table)
    first = next(iter(balances))
    chips = {**balances, spelled.format(first): 0}  # the first player twice, the second spelled loosely
    answer = client_for(playing.users["table_scorekeeper"]).post(
        _url(playing.table), {"chips": chips}, format="json"
    )
    assert answer.status_code == 400, answer.json()
    assert answer.json()["errors"][0]["code"] == "wrong_players"
    assert not ChipCount.objects.exclude(status="requested").exists()
    loose = {**balances}
    loose[spelled.format(first)] = loose.pop(first)  # the player's only entry, loosely spelled
    answer = client_for(playing.users["table_scorekeeper"]).post(
        _url(playing.table), {"chips": loose}, format="json"
    )
    assert answer.status_code == 400 and not ChipCount.objects.exclude(status="requested").exists()
