"""Malformed bodies are a 400 in the error shape on every endpoint that takes one, never a 500 (issue 13).

The endpoints are read from the OpenAPI schema, so an endpoint added later is covered without a change
here. Each body is one that Python's ``json`` parses (or fails on) in a way no later step can take:
nesting thousands deep (``RecursionError``), lone surrogates as a value or a key (no UTF-8, no
PostgreSQL ``jsonb``), NUL characters and a key given twice in one object, at the top or deeper (``json``
would keep the last one without a word). (Numbers are bounded field by field: test_numbers.py.)
"""

import re

import pytest

from tests.api.conftest import client_for
from tests.factories import team_with_members
from tournament.confirmations.seat_links import seat_link_token
from tournament.models import (
    AuditEntry,
    ChipCount,
    Club,
    Competition,
    Hand,
    Lineup,
    Player,
    Registration,
    Round,
    Seat,
    Team,
    TeamMember,
)
from tournament.stages.services import stage_create
from tournament.tables.ledger.record import hand_record

pytestmark = pytest.mark.django_db

DEEP = 5000
BODIES = {
    "nested_array": "[" * DEEP + "]" * DEEP,
    "nested_object": '{"a": ' * DEEP + "1" + "}" * DEEP,
    "nested_in_a_field": '{"reason": "x", "hand": ' + "[" * DEEP + "]" * DEEP + "}",
    "moderately_nested": '{"options": ' + "[" * 200 + "]" * 200 + "}",
    "surrogate_value": '{"name": "\\ud800", "reason": "\\udfff", "username": "\\ud800", "outcome": "draw"}',
    "surrogate_key": '{"\\ud800": 1, "outcome": "draw"}',
    "surrogate_nested_key": '{"options": {"\\udc00x": 1}, "outcome": "draw", "hand": {"\\ud83d": []}}',
    "nul_in_a_key": '{"options": {"a\\u0000": 1}, "name": "club"}',
    "duplicate_key": '{"outcome": "draw", "name": "Jade", "name": "Pearl", "reason": "x", "reason": "y"}',
    "duplicate_nested_key": '{"outcome": "draw", "options": {"a": 1, "a": 2}, "chips": {"1": 400, "1": 0}}',
}
METHODS = ("post", "put", "patch")


def _write_operations(schema: dict) -> list[tuple[str, str]]:
    return [
        (path, method)
        for path, operations in schema["paths"].items()
        for method in operations
        if method in METHODS
    ]


def test_the_schema_has_the_write_endpoints_this_test_walks(client):
    operations = _write_operations(client.get("/api/v1/schema/?format=json").json())
    paths = {path for path, _ in operations}
    assert {"/api/v1/auth/token/", "/api/v1/tables/{id}/hands/", "/api/v1/score/", "/api/v1/settle/"} <= paths
    assert len(operations) >= 18


@pytest.fixture
def objects(league):
    east, south, west, north = league.seats()
    hand = hand_record(table=league.table, entry={"outcome": "draw"})
    return {
        "clubs": Club.objects.create(name="Tanjong Pagar", short_name="TP").pk,
        "players": Player.objects.get(pk=east).pk,
        "competitions": league.competition.pk,
        "rounds": league.round.pk,
        "tables": league.table.pk,
        "hands": hand.pk,
        "seats": seat_link_token(Seat.objects.get(table=league.table, wind="E")),
        "counts": ChipCount.objects.create(table=league.table).pk,
        "attendance": east,  # a player of the round's competition (issue 33)
        "links": east,  # a player whose season link is retired (issue 33)
        "stages": stage_create(league.competition, name="Preliminaries").pk,
        "lineups": team_with_members(league.competition, "East Wind", [Player.objects.get(pk=east)]).pk,
        "registrations": Registration.objects.create(
            competition=league.competition, name="Walk In", token="malformed-bodies-" + "t" * 26
        ).pk,
        "link": "malformed-bodies-" + "t" * 26,  # a registration's own link (issue 51)
    }


def _url(path: str, objects: dict) -> str:
    def fill(match):
        name = match.group(1)
        before = path[: match.start()].rstrip("/").rsplit("/", 1)[-1]
        return str(objects["competitions"] if name == "competition_pk" else objects[before])

    return re.sub(r"\{(\w+)\}", fill, path)


@pytest.mark.parametrize("kind", sorted(BODIES))
def test_every_write_endpoint_answers_a_malformed_body_with_a_400(kind, client, objects, organiser):
    operations = _write_operations(client.get("/api/v1/schema/?format=json").json())
    as_organiser = client_for(organiser)
    counts = _counts()
    for path, method in operations:
        url = _url(path, objects)
        response = getattr(as_organiser, method)(url, BODIES[kind], content_type="application/json")
        assert response.status_code == 400, (kind, method, url, response.content[:300])
        errors = response.json()["errors"]
        assert errors and all({"code", "message"} <= set(e) for e in errors), (kind, method, url)
    assert _counts() == counts  # nothing was written


NOT_OBJECTS = {"null": "null", "a_list": "[]", "a_list_of_objects": '[{"outcome": "draw"}]', "a_number": "0"}


@pytest.mark.parametrize("kind", sorted(NOT_OBJECTS))
def test_every_write_endpoint_answers_a_body_not_an_object_with_a_400(kind, client, objects, organiser):
    """A write's body is a JSON object or nothing: ``null`` was read as no body (and seated a round)."""
    operations = _write_operations(client.get("/api/v1/schema/?format=json").json())
    as_organiser = client_for(organiser)
    counts = _counts()
    for path, method in operations:
        url = _url(path, objects)
        response = getattr(as_organiser, method)(url, NOT_OBJECTS[kind], content_type="application/json")
        assert response.status_code == 400, (kind, method, url, response.content[:300])
        errors = response.json()["errors"]
        assert errors and all({"code", "message"} <= set(e) for e in errors), (kind, method, url)
    assert _counts() == counts  # nothing was written


def test_the_anonymous_token_endpoint_answers_400_too(anonymous):
    for kind, body in BODIES.items():
        response = anonymous.post("/api/v1/auth/token/", body, content_type="application/json")
        assert response.status_code == 400, (kind, response.content[:300])
        assert response.json()["errors"][0]["code"] in {"invalid_json", "invalid_text", "duplicate_key"}


def test_lone_surrogates_and_deep_nesting_have_their_own_codes(as_scorekeeper, league):
    url = f"/api/v1/tables/{league.table.pk}/hands/"
    codes = {
        kind: _first_code(as_scorekeeper.post(url, BODIES[kind], content_type="application/json"))
        for kind in ("nested_array", "nested_object", "moderately_nested", "surrogate_key", "nul_in_a_key")
    }
    assert codes == {
        "nested_array": "invalid_json",
        "nested_object": "invalid_json",
        "moderately_nested": "invalid_json",
        "surrogate_key": "invalid_text",
        "nul_in_a_key": "invalid_text",
    }


def test_a_key_given_twice_is_refused_with_its_own_code_and_named(as_scorekeeper, league):
    url = f"/api/v1/tables/{league.table.pk}/hands/"
    hands = Hand.objects.count()
    deep = '[{"a": {"b": [{"c": 1, "c": 1}]}}]'
    for body in (BODIES["duplicate_key"], BODIES["duplicate_nested_key"], deep):
        response = as_scorekeeper.post(url, body, content_type="application/json")
        assert response.status_code == 400, body
        assert _first_code(response) == "duplicate_key", body
    message = response.json()["errors"][0]["message"]
    assert '"c"' in message and "twice" in message
    assert Hand.objects.count() == hands


def _first_code(response) -> str:
    return response.json()["errors"][0]["code"]


def _counts() -> tuple[int, ...]:
    return tuple(
        m.objects.count()
        for m in (Club, Player, Competition, Round, Hand, AuditEntry, Team, TeamMember, Lineup)
    )
