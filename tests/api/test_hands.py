"""Hands through the API: record, list, void, conflicts and retries (league-api.md "hands"; issue 5)."""

import pytest

from tournament.models import ChipTransfer, Hand

pytestmark = pytest.mark.django_db


def hands_url(table):
    return f"/api/v1/tables/{table.pk}/hands/"


def south_wins_on_west(league, doubles=3, **extra):
    east, south, west, north = league.seats()
    return {
        "outcome": "win",
        "winner": south,
        "win": "discard",
        "discarder": west,
        "doubles": doubles,
        **extra,
    }


def test_recording_a_hand_answers_the_transfers_and_the_new_state(league, as_scorekeeper):
    east, south, west, north = league.seats()
    response = as_scorekeeper.post(hands_url(league.table), south_wins_on_west(league), format="json")
    assert response.status_code == 201, response.json()
    body = response.json()
    # 001 rule 21: 3 doubles = 8 full, 4 half; rule 17: the discarder pays full, the others half.
    paid = {(t["from"], t["to"]): t["amount"] for t in body["transfers"]}
    assert paid == {(west, south): 8, (east, south): 4, (north, south): 4}
    assert {t["reason"] for t in body["transfers"]} == {"win"}
    net = dict.fromkeys((east, south, west, north), 0)
    for t in body["transfers"]:
        net[t["from"]] -= t["amount"]
        net[t["to"]] += t["amount"]
    assert sum(net.values()) == 0
    assert body["number"] == 1 and body["prevailing_wind"] == "E" and body["dealer"] == east
    assert body["doubles"] == 3 and body["id"] == Hand.objects.get().pk
    state = body["state"]
    assert state["balances"] == {str(east): 396, str(south): 416, str(west): 392, str(north): 396}
    assert state["hand_number"] == 2 and state["dealer"] == south  # a non-dealer won: the deal passed
    assert state["seat_winds"][str(south)] == "E" and state["finished"] is False


def test_the_table_shows_the_same_state_after_the_hand(league, as_scorekeeper, anonymous):
    as_scorekeeper.post(hands_url(league.table), south_wins_on_west(league), format="json")
    table = anonymous.get(f"/api/v1/tables/{league.table.pk}/").json()
    east, south, west, north = league.seats()
    assert table["seats"] == {"E": east, "S": south, "W": west, "N": north}
    assert table["state"]["balances"][str(south)] == 416 and table["state"]["hand_number"] == 2


def test_the_hand_list_has_every_hand_with_voided_ones_flagged(league, as_scorekeeper, anonymous):
    first = as_scorekeeper.post(hands_url(league.table), south_wins_on_west(league), format="json").json()
    as_scorekeeper.post(hands_url(league.table), {"outcome": "draw"}, format="json")
    as_scorekeeper.post(f"/api/v1/hands/{first['id']}/void/", {"reason": "wrong winner"}, format="json")
    listing = anonymous.get(hands_url(league.table)).json()
    assert listing["count"] == 2 and listing["next"] is None
    voided = {h["id"]: h["voided"] for h in listing["results"]}
    assert voided == {first["id"]: True, first["id"] + 1: False}
    assert listing["results"][0]["void"]["reason"] == "wrong winner"


def test_void_reverses_the_chips_and_answers_the_new_state(league, as_scorekeeper):
    east, south, west, north = league.seats()
    hand = as_scorekeeper.post(hands_url(league.table), south_wins_on_west(league), format="json").json()
    response = as_scorekeeper.post(f"/api/v1/hands/{hand['id']}/void/", {"reason": "misread"}, format="json")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["hand"]["voided"] is True and body["hand"]["id"] == hand["id"]
    assert body["state"]["balances"] == {str(p): 400 for p in (east, south, west, north)}
    assert body["state"]["hand_number"] == 1 and body["state"]["dealer"] == east
    assert ChipTransfer.objects.filter(reason="void").count() == 3 and Hand.objects.count() == 1
    again = as_scorekeeper.post(f"/api/v1/hands/{hand['id']}/void/", {"reason": "again"}, format="json")
    assert again.status_code == 422 and again.json()["errors"][0]["code"] == "already_void"


def test_void_needs_a_reason(league, as_scorekeeper):
    hand = as_scorekeeper.post(hands_url(league.table), {"outcome": "draw"}, format="json").json()
    response = as_scorekeeper.post(f"/api/v1/hands/{hand['id']}/void/", {}, format="json")
    assert response.status_code == 400 and response.json()["errors"][0]["field"] == "reason"


def test_a_retry_with_the_same_idempotency_key_returns_the_first_hand(league, as_scorekeeper):
    entry = south_wins_on_west(league)
    first = as_scorekeeper.post(hands_url(league.table), entry, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    retry = as_scorekeeper.post(hands_url(league.table), entry, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    assert first.status_code == 201 and retry.status_code == 200
    assert retry.json()["id"] == first.json()["id"] and retry.json()["transfers"] == first.json()["transfers"]
    assert Hand.objects.count() == 1 and ChipTransfer.objects.count() == 3
    other = as_scorekeeper.post(hands_url(league.table), entry, format="json", HTTP_IDEMPOTENCY_KEY="k-2")
    assert other.status_code == 201 and Hand.objects.count() == 2


def test_a_stale_hand_number_is_a_conflict_with_the_state_now(league, as_scorekeeper, as_organiser):
    entry = {"outcome": "draw", "hand_number": 1}
    assert as_scorekeeper.post(hands_url(league.table), entry, format="json").status_code == 201
    response = as_organiser.post(hands_url(league.table), entry, format="json")  # a second device, too late
    assert response.status_code == 409
    body = response.json()
    assert body["errors"][0]["code"] == "conflict" and body["state"]["hand_number"] == 2
    assert Hand.objects.count() == 1


@pytest.mark.parametrize(
    ("entry", "status", "code", "field"),
    [
        (
            {"outcome": "win", "winner": 10**6, "win": "self_draw", "doubles": 2},
            400,
            "not_at_table",
            "winner",
        ),
        ({"outcome": "win", "winner": "east", "win": "self_draw", "doubles": 2}, 400, "invalid", "winner"),
        ({"outcome": "win", "winner": 2**70, "win": "self_draw", "doubles": 2}, 400, "max_value", "winner"),
        ({"outcome": "jackpot"}, 400, "invalid_choice", "outcome"),
        ({"outcome": "draw", "instant": [{"type": "kong"}]}, 400, "required", "instant[0].player"),
        ({"outcome": "draw", "hand_number": 0}, 400, "min_value", "hand_number"),
        # JSON types as the schema says: a number in a string is not a number (issue 14)
        ({"outcome": "win", "winner": 1, "win": "self_draw", "doubles": "3"}, 400, "invalid", "doubles"),
    ],
)
def test_malformed_entries_are_400_and_record_nothing(league, as_scorekeeper, entry, status, code, field):
    response = as_scorekeeper.post(hands_url(league.table), entry, format="json")
    assert response.status_code == status
    errors = response.json()["errors"]
    assert (errors[0]["code"], errors[0].get("field")) == (code, field)
    assert not Hand.objects.exists()


def test_a_win_below_the_minimum_is_422(league, as_scorekeeper):
    east, *_ = league.seats()
    entry = {"outcome": "win", "winner": east, "win": "self_draw", "doubles": 0}
    response = as_scorekeeper.post(hands_url(league.table), entry, format="json")
    assert response.status_code == 422 and response.json()["errors"]
    assert not Hand.objects.exists()


@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        ('{"outcome": "draw"', "application/json"),  # malformed JSON
        ("[1, 2]", "application/json"),  # not an object
        ("outcome=draw", "application/x-www-form-urlencoded"),  # not JSON at all
    ],
)
def test_unreadable_bodies_are_400(league, as_scorekeeper, body, content_type):
    response = as_scorekeeper.generic("POST", hands_url(league.table), body, content_type=content_type)
    assert response.status_code == 400 and response.json()["errors"][0]["code"]


def test_instant_payouts_name_players_by_id(league, as_scorekeeper):
    east, south, west, north = league.seats()
    entry = {"outcome": "draw", "instant": [{"type": "kong", "player": north, "concealed": True}]}
    response = as_scorekeeper.post(hands_url(league.table), entry, format="json")
    assert response.status_code == 201, response.json()
    received = {t["to"] for t in response.json()["transfers"]}
    assert received == {north} and response.json()["state"]["balances"][str(north)] > 400


@pytest.mark.parametrize("path", ["/api/v1/tables/999999/hands/", "/api/v1/tables/abc/hands/"])
def test_unknown_tables_are_404(as_organiser, path):
    assert as_organiser.post(path, {"outcome": "draw"}, format="json").status_code == 404
    response = as_organiser.get(path)
    assert response.status_code == 404 and response.json()["errors"][0]["code"] == "not_found"


def test_a_table_without_four_players_takes_no_hand(league, as_organiser):
    league.table.seats.filter(wind="N").delete()
    response = as_organiser.post(hands_url(league.table), {"outcome": "draw"}, format="json")
    assert response.status_code == 422 and response.json()["errors"][0]["code"] == "table_not_seated"
    assert as_organiser.get(f"/api/v1/tables/{league.table.pk}/").json()["state"] is None
