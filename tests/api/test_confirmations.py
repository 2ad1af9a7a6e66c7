"""The confirmations API (issue 19): reading and answering by account or seat link, the queue, rulings."""

import pytest

from tests.api.conftest import client_for
from tests.factories import PlayerFactory, seated_table
from tournament.tables.ledger import hand_record
from tournament.models import AuditEntry, HandAnswer, HandCheck, Seat
from tournament.confirmations.seat_links import seat_link_token

pytestmark = pytest.mark.django_db


@pytest.fixture
def hand(league):
    competition = league.competition
    competition.confirmation, competition.confirmations_needed = "players", 2
    competition.save()
    east, south, west, north = league.seats()
    seat = Seat.objects.get(table=league.table, wind="W")  # Pat plays West at table 1
    seat.player.user = league.users["player"]
    seat.player.save()
    entry = {"outcome": "win", "winner": east, "win": "discard", "discarder": south, "doubles": 3}
    return hand_record(table=league.table, entry=entry, user=league.users["table_scorekeeper"])


def _token(league, wind, table=None):
    return seat_link_token(Seat.objects.get(table=table or league.table, wind=wind))


def test_who_reads_a_hands_confirmations(league, hand):
    url = f"/api/v1/hands/{hand.pk}/confirmations/"
    expected = {"anonymous": 401, "player": 200, "other_scorekeeper": 403, "table_scorekeeper": 200,
                "other_organiser": 403, "organiser": 200}  # fmt: skip
    for role, code in expected.items():
        answer = client_for(league.users[role]).get(url)
        assert answer.status_code == code, role
        if code >= 400:
            assert answer.json()["errors"][0]["message"]
    data = client_for(league.users["player"]).get(url).json()
    assert (data["state"], data["counted"], data["needed"], data["answers"]) == ("pending", False, 2, [])
    assert len(data["may_answer"]) == 4  # the scorekeeper, who entered it, does not play


def test_a_player_answers_for_their_own_seat_only(league, hand):
    url = f"/api/v1/hands/{hand.pk}/confirmations/"
    player = client_for(league.users["player"])
    first = player.post(url, {"verdict": "agree"}, format="json")
    assert first.status_code == 201 and first.json()["answers"][0]["wind"] == "W"
    assert player.post(url, {"verdict": "agree"}, format="json").status_code == 200  # a replay
    changed = player.post(url, {"verdict": "dispute", "reason": "no"}, format="json")
    assert changed.status_code == 409 and changed.json()["errors"][0]["code"] == "already_answered"
    refused = client_for(league.users["other_scorekeeper"]).post(url, {"verdict": "agree"}, format="json")
    assert refused.status_code == 403
    assert client_for(None).post(url, {"verdict": "agree"}, format="json").status_code == 401
    assert HandAnswer.objects.count() == 1


def test_the_seat_link_reads_its_table_and_answers_for_its_seat(league, hand):
    anonymous = client_for(None)
    token = _token(league, "N")
    table = anonymous.get(f"/api/v1/seats/{token}/")
    assert table.status_code == 200
    body = table.json()
    assert (body["wind"], body["table"], body["hands"][0]["hand"]["id"]) == ("N", league.table.pk, hand.pk)
    url = f"/api/v1/seats/{token}/hands/{hand.pk}/confirmation/"
    bad = anonymous.post(url, {"verdict": "dispute"}, format="json")
    assert bad.status_code == 400 and bad.json()["errors"][0]["code"] == "reason_required"
    disputed = anonymous.post(url, {"verdict": "dispute", "reason": "it was 2 doubles"}, format="json")
    assert disputed.status_code == 201
    answer = HandAnswer.objects.get()
    assert (answer.seat.wind, answer.by_link, answer.user) == ("N", True, None)
    assert disputed.json()["state"] == "disputed"


def test_a_seat_link_cannot_reach_another_table_or_competition(league, hand):
    anonymous = client_for(None)
    other = _token(league, "E", table=league.other_table)
    assert anonymous.post(f"/api/v1/seats/{other}/hands/{hand.pk}/confirmation/", {"verdict": "agree"},
                          format="json").status_code == 404  # fmt: skip
    elsewhere = seated_table(
        competition=league.other_competition, players=[PlayerFactory() for _ in range(4)]
    )
    token = _token(league, "S", table=elsewhere)
    assert anonymous.post(f"/api/v1/seats/{token}/hands/{hand.pk}/confirmation/", {"verdict": "agree"},
                          format="json").status_code == 404  # fmt: skip
    forged = _token(league, "S")[:-2] + "zz"
    answer = anonymous.get(f"/api/v1/seats/{forged}/")
    assert answer.status_code == 404 and "errors" in answer.json()
    assert not HandAnswer.objects.exists()


def test_the_queue_and_a_ruling(league, hand):
    client_for(None).post(f"/api/v1/seats/{_token(league, 'S')}/hands/{hand.pk}/confirmation/",
                          {"verdict": "dispute", "reason": "I did not discard"}, format="json")  # fmt: skip
    queue_url = f"/api/v1/competitions/{league.competition.pk}/disputes/"
    assert client_for(league.users["other_organiser"]).get(queue_url).status_code == 403
    assert client_for(league.users["table_scorekeeper"]).get(queue_url).status_code == 403
    queue = client_for(league.users["organiser"]).get(queue_url).json()
    assert [item["hand"]["id"] for item in queue] == [hand.pk]
    assert queue[0]["confirmation"]["answers"][0]["reason"] == "I did not discard"
    rule_url = f"/api/v1/hands/{hand.pk}/ruling/"
    body = {"ruling": "keep", "reason": "the table saw the discard"}
    assert (
        client_for(league.users["table_scorekeeper"]).post(rule_url, body, format="json").status_code == 403
    )
    ruled = client_for(league.users["organiser"]).post(rule_url, body, format="json")
    assert ruled.status_code == 200 and (ruled.json()["state"], ruled.json()["counted"]) == ("kept", True)
    again = client_for(league.users["organiser"]).post(rule_url, body, format="json")
    assert again.status_code == 409
    late = client_for(league.users["player"]).post(f"/api/v1/hands/{hand.pk}/confirmations/",
                                                   {"verdict": "agree"}, format="json")  # fmt: skip
    assert late.status_code == 409 and late.json()["errors"][0]["code"] == "already_ruled"
    assert HandCheck.objects.get(hand=hand).ruled_by == league.users["organiser"]
    assert AuditEntry.objects.filter(action="hand_ruled", object_id=hand.pk).count() == 1
    assert client_for(league.users["organiser"]).get(queue_url).json() == []


def test_the_competition_carries_its_confirmation_setting_changed_through_its_door(league):
    url = f"/api/v1/competitions/{league.competition.pk}/"
    organiser = client_for(league.users["organiser"])
    assert organiser.get(url).json()["confirmation"] == "none"
    bad = organiser.patch(url, {"confirmation": "players", "confirmations_needed": 7}, format="json")
    assert bad.status_code == 400 and bad.json()["errors"][0]["field"] == "confirmations_needed"
    ok = organiser.patch(url, {"confirmation": "unchallenged", "confirmation_minutes": 5}, format="json")
    assert ok.status_code == 200 and (ok.json()["confirmation"], ok.json()["confirmation_minutes"]) == (
        "unchallenged", 5,
    )  # fmt: skip
    assert (
        AuditEntry.objects.filter(action="confirmation_changed", competition=league.competition).count() == 1
    )
    denied = client_for(league.users["table_scorekeeper"]).patch(url, {"confirmation": "none"}, format="json")
    assert denied.status_code == 403
