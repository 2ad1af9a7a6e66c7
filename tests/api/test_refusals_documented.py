"""The refusals a client must expect are in the schema, with their codes (issue 38).

Every operation that can answer 409 or 422 lists the codes (``x-error-codes``, with a meaning and an
example each; ``tournament.api.refusals``); the refusals met here, through the API as a client meets
them, each answer a code their operation lists. (Schemathesis checks every 409 and 422 it meets the
same way: tests/api/test_schema_fuzz.py, ``refusals_name_listed_codes``.)
"""

import pytest

from scoring.adapter.openapi import EXAMPLE_HAND
from tests.api.test_hands import hands_url, south_wins_on_west
from tournament.api.refusals import MEANING

pytestmark = pytest.mark.django_db


@pytest.fixture
def schema(client):
    return client.get("/api/v1/schema/?format=json").json()


def listed(schema, method: str, path: str, status: int) -> list[str]:
    return schema["paths"][path][method]["responses"][str(status)]["x-error-codes"]


def assert_listed(schema, method: str, path: str, response, status: int, code: str) -> None:
    assert response.status_code == status, response.content
    codes = [error["code"] for error in response.json()["errors"]]
    assert code in codes and set(codes) <= set(listed(schema, method, path, status)), codes


def test_every_409_and_422_of_every_operation_lists_its_codes(schema):
    seen = 0
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            for status in ("409", "422"):
                answer = operation.get("responses", {}).get(status)
                if answer is None:
                    continue
                seen += 1
                codes = answer.get("x-error-codes")
                assert codes, f"{method.upper()} {path} {status} lists no code"
                examples = answer["content"]["application/json"]["examples"]
                shown = {e["value"]["errors"][0]["code"] for e in examples.values()}
                for code in codes:
                    assert code in MEANING and code in shown, (path, code)
                    assert f"`{code}`" in answer["description"], (path, code)
    assert seen >= 29  # hands, corrections, voids, rounds, tables, counts, confirmations, the engine


def test_the_refusals_met_at_a_table_are_the_listed_ones(schema, league, as_scorekeeper, as_organiser):
    url, hands = hands_url(league.table), "/api/v1/tables/{id}/hands/"
    first = as_scorekeeper.post(url, south_wins_on_west(league), format="json", HTTP_IDEMPOTENCY_KEY="k1")
    assert first.status_code == 201
    reused = as_scorekeeper.post(url, {"outcome": "draw"}, format="json", HTTP_IDEMPOTENCY_KEY="k1")
    assert_listed(schema, "post", hands, reused, 409, "idempotency_key_reused")
    stale = as_scorekeeper.post(url, {"outcome": "draw", "hand_number": 1}, format="json")
    assert_listed(schema, "post", hands, stale, 409, "conflict")
    below = as_scorekeeper.post(url, south_wins_on_west(league, doubles=0), format="json")
    assert_listed(schema, "post", hands, below, 422, "below_minimum_doubles")

    void = f"/api/v1/hands/{first.json()['id']}/void/"
    assert as_scorekeeper.post(void, {"reason": "misread"}, format="json").status_code == 200
    again = as_scorekeeper.post(void, {"reason": "again"}, format="json")
    assert_listed(schema, "post", "/api/v1/hands/{id}/void/", again, 422, "already_void")

    seating = as_organiser.post(f"/api/v1/rounds/{league.round.pk}/seating/", {}, format="json")
    assert_listed(schema, "post", "/api/v1/rounds/{id}/seating/", seating, 422, "cannot_seat")
    assert as_organiser.post(f"/api/v1/rounds/{league.round.pk}/end/", {}, format="json").status_code == 200
    twice = as_organiser.post(f"/api/v1/rounds/{league.round.pk}/finish/", {}, format="json")
    assert_listed(schema, "post", "/api/v1/rounds/{id}/finish/", twice, 409, "round_transition")
    finished = as_scorekeeper.post(url, {"outcome": "draw"}, format="json")
    assert_listed(schema, "post", hands, finished, 422, "round_finished")


def test_the_engines_refusals_are_the_listed_ones(schema, client):
    incomplete = client.post("/api/v1/score/", {**EXAMPLE_HAND, "concealed": ["B2"] * 8}, "application/json")
    assert_listed(schema, "post", "/api/v1/score/", incomplete, 422, "too_many_copies")
    outcome = {"outcome": "win", "winner": "S", "win": "discard", "discarder": "W", "doubles": 0}
    below = client.post("/api/v1/settle/", outcome, "application/json")
    assert_listed(schema, "post", "/api/v1/settle/", below, 422, "below_minimum_doubles")
