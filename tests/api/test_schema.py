"""The OpenAPI schema and the docs page beside it (league-api.md; issue 7).

Every league endpoint must be in the schema with its error answers, and the
docs must load nothing from another host.
"""

import re
from datetime import datetime

import pytest
from drf_spectacular.validation import validate_schema

from tournament.api.lifecycle import ROUND_ACTIONS
from tournament.models import Round

pytestmark = pytest.mark.django_db

LEAGUE_PATHS = {
    "/api/v1/auth/token/": {"post", "delete"},
    "/api/v1/tokens/": {"get"},
    "/api/v1/tokens/{token_id}/": {"delete"},
    "/api/v1/clubs/": {"get", "post"},
    "/api/v1/clubs/{id}/": {"get", "put", "patch"},
    "/api/v1/players/": {"get", "post"},
    "/api/v1/players/{id}/": {"get", "put", "patch"},
    "/api/v1/competitions/": {"get", "post"},
    "/api/v1/competitions/{id}/": {"get", "put", "patch"},
    "/api/v1/competitions/{competition_pk}/rounds/": {"get", "post"},
    "/api/v1/competitions/{competition_pk}/rounds/{id}/": {"get", "put", "patch"},
    "/api/v1/competitions/{id}/standings/": {"get"},
    "/api/v1/competitions/{id}/seating/": {"post"},
    "/api/v1/rounds/{id}/seating/": {"post"},
    "/api/v1/rounds/{id}/tables/": {"get"},
    "/api/v1/rounds/{id}/standings/": {"get"},
    "/api/v1/tables/{id}/": {"get", "put", "patch"},
    "/api/v1/tables/{id}/hands/": {"get", "post"},
    "/api/v1/hands/{id}/": {"get"},
    "/api/v1/hands/{id}/void/": {"post"},
    "/api/v1/hands/{id}/confirmations/": {"get", "post"},
    "/api/v1/hands/{id}/ruling/": {"post"},
    "/api/v1/competitions/{id}/disputes/": {"get"},
    "/api/v1/seats/{token}/": {"get"},
    "/api/v1/seats/{token}/hands/{hand_id}/confirmation/": {"post"},
    "/api/v1/tables/{id}/counts/": {"get", "post"},
    "/api/v1/tables/{id}/counts/request/": {"post"},
    "/api/v1/counts/{id}/accept/": {"post"},
    "/api/v1/counts/{id}/compare/": {"post"},
    "/api/v1/competitions/{id}/integrity/": {"get"},
    "/api/v1/hands/{id}/correct/": {"post"},
    "/api/v1/tables/{id}/end/": {"post"},
    "/api/v1/competitions/{id}/season/links/{player_pk}/retire/": {"post"},
    **{f"/api/v1/rounds/{{id}}/{action}/": {"post"} for action in ROUND_ACTIONS},
}
SCORING_PATHS = r"^/api/v1/(score|settle|rulesets)/"  # the scoring engine's own API, tested with it


@pytest.fixture
def schema_json(client):
    response = client.get("/api/v1/schema/?format=json")
    assert response.status_code == 200
    return response.json()


def test_the_schema_is_valid_openapi_3_and_lists_every_league_endpoint(schema_json):
    validate_schema(schema_json)
    assert schema_json["openapi"].startswith("3.")
    found = {
        path: set(ops) & {"get", "post", "put", "patch", "delete"}
        for path, ops in schema_json["paths"].items()
    }
    for path, methods in LEAGUE_PATHS.items():
        assert found.get(path) == methods, path


def test_every_league_operation_documents_its_errors_in_the_error_shape(schema_json):
    for path, methods in LEAGUE_PATHS.items():
        for method in methods:
            responses = schema_json["paths"][path][method]["responses"]
            expected = set()
            if "{" in path:
                expected.add("404")
            if method != "get" and "token" not in path:  # a token's own answers: 400/429, 401/404
                expected |= {"400", "401", "403"}
            assert expected <= set(responses), (method, path, sorted(responses))
            for code in set(responses) - {"200", "201", "204"}:
                ref = responses[code]["content"]["application/json"]["schema"]["$ref"]
                assert ref.rsplit("/", 1)[-1] in ("Error", "Conflict"), (method, path, code)
    assert schema_json["components"]["schemas"]["Error"]["required"] == ["errors"]
    hands = schema_json["paths"]["/api/v1/tables/{id}/hands/"]["post"]
    assert {"409", "422"} <= set(hands["responses"])
    assert any(p["name"] == "Idempotency-Key" and p["in"] == "header" for p in hands["parameters"])


def test_each_round_action_documents_itself_and_its_body(schema_json):
    summaries = set()
    for action in ROUND_ACTIONS:
        operation = schema_json["paths"][f"/api/v1/rounds/{{id}}/{action}/"]["post"]
        summaries.add(operation["summary"])
        # reopen (its reason), start (a new end, issue 32), end (count empty tables, issue 32), extra time
        assert ("requestBody" in operation) == (action in ("reopen", "start", "end", "extra-time")), action
        conflict = operation["responses"]["409"]["content"]["application/json"]["schema"]["$ref"]
        assert conflict.endswith("/Error"), action  # a transition refused has no table state
    assert len(summaries) == len(ROUND_ACTIONS)  # each its own, not all the last one's
    reopen = schema_json["paths"]["/api/v1/rounds/{id}/reopen/"]["post"]["requestBody"]
    assert reopen["required"] is True


def test_the_docs_page_shows_every_endpoint_with_only_local_assets(client):
    """Swagger UI at /api/v1/docs/, Redoc beside it: drf-spectacular-sidecar's files, no inline script."""
    from django.contrib.staticfiles import finders
    from django.contrib.staticfiles.storage import staticfiles_storage

    for url in ("/api/v1/docs/", "/api/v1/redoc/"):
        response = client.get(url)
        assert response.status_code == 200, url
        html = response.content.decode()
        external = re.findall(r'(?:src|href)="((?:https?:)?//[^"]+)"', html)
        assert external == [], url  # no CDN: scripts, styles and fonts all come from this site
        assert "<style" not in html and re.findall(r"<script(?![^>]*\bsrc=)", html) == [], url
        for asset in re.findall(r'(?:src|href)="/static/([^"]+)"', html):
            # a source file, or (production's manifest storage: hashed names) a collected one
            assert finders.find(asset) or staticfiles_storage.exists(asset), asset
    start = client.get("/api/v1/docs/?script=")  # Swagger UI's start-up script, a file under the CSP
    assert start["Content-Type"].startswith("application/javascript")
    assert '"validatorUrl": null' in start.content.decode()  # the schema is never sent to swagger.io
    schema = client.get(re.search(r'url: "([^"]+)"', start.content.decode()).group(1) + "?format=json").json()
    for path in LEAGUE_PATHS:  # every endpoint the pages show
        assert path in schema["paths"], path
    redoc = client.get("/api/v1/redoc/")
    nonce = re.search(r'data-nonce="([^"]+)"', redoc.content.decode()).group(1)
    assert f"'nonce-{nonce}'" in redoc["Content-Security-Policy"]


# Random requests from the schema, as every caller and with every check: tests/api/test_schema_fuzz.py.


def test_the_schemas_own_example_for_score_is_accepted(client, schema_json):
    """Issue 13: the example the schema gives for /score/ was refused."""
    body = schema_json["paths"]["/api/v1/score/"]["post"]["requestBody"]["content"]["application/json"]
    example = next(iter(body["examples"].values()))["value"]
    response = client.post("/api/v1/score/", example, content_type="application/json")
    assert response.status_code == 200, response.content
    assert response.json()["win"] is True


def test_the_engines_bodies_are_required(schema_json):
    for path in ("/api/v1/score/", "/api/v1/settle/"):
        assert schema_json["paths"][path]["post"]["requestBody"]["required"] is True


def test_a_time_before_singapores_standard_offsets_is_answered_in_rfc_3339(league):
    """Local mean time (+06:55:25 before 1905) has seconds in its offset, which RFC 3339 cannot write."""
    from tests.api.conftest import client_for

    response = client_for(league.users["organiser"]).post(
        f"/api/v1/competitions/{league.competition.pk}/rounds/",
        {"starts_at": "0402-06-25T05:01:39Z", "venue": "Hall"},
        format="json",
    )
    assert response.status_code == 201, response.content
    assert response.json()["starts_at"] == "0402-06-25T05:01:39Z"
    later = client_for(league.users["organiser"]).patch(
        f"/api/v1/competitions/{league.competition.pk}/rounds/{response.json()['id']}/",
        {"starts_at": "2026-06-25T05:01:39Z"},
        format="json",
    )
    assert later.json()["starts_at"] == "2026-06-25T13:01:39+08:00"  # the league's zone, as before


RFC_3339 = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$")


def test_every_time_the_api_writes_is_rfc_3339_before_1905_too(league):
    """The same for the times the serializers declare themselves (a round's clock, the screen's round, a
    lineup's deadline): schemathesis found ``clock_ends`` written "0529-05-03T08:29:26+06:55:25"."""
    from tests.api.conftest import client_for
    from tests.factories import team_with_members

    organiser = client_for(league.users["organiser"])
    made = organiser.post(
        f"/api/v1/competitions/{league.competition.pk}/rounds/",
        {"starts_at": "0529-05-03T00:34:01Z", "ends_at": "0529-05-03T01:34:01Z", "venue": "Hall"},
        format="json",
    ).json()
    assert made["ends_at"] == "0529-05-03T01:34:01Z" and made["clock_ends"] == "0529-05-03T01:34:01Z"
    team_with_members(league.competition, "Owls", [league.round.seats.first().player])
    lineups = organiser.get(f"/api/v1/rounds/{made['id']}/lineups/").json()
    assert lineups["deadline"] == "0529-05-02T23:34:01Z"  # an hour before the start
    Round.objects.exclude(pk=made["id"]).delete()
    Round.objects.filter(pk=made["id"]).update(status=Round.Status.PLAYING)
    screen = client_for(None).get(f"/api/v1/competitions/{league.competition.pk}/screen/").json()["round"]
    for field, instant in (("starts_at", "0529-05-03T00:34:01Z"), ("clock_ends", "0529-05-03T01:34:01Z")):
        assert RFC_3339.match(screen[field]), screen[field]
        assert datetime.fromisoformat(screen[field]) == datetime.fromisoformat(instant)


def test_the_disputes_queue_is_documented_as_the_array_it_is(schema_json):
    answer = schema_json["paths"]["/api/v1/competitions/{id}/disputes/"]["get"]["responses"]["200"]
    assert answer["content"]["application/json"]["schema"]["type"] == "array"


def test_a_hand_entry_and_its_instant_payouts_take_no_other_field(schema_json):
    components = schema_json["components"]["schemas"]
    assert components["HandEntry"]["additionalProperties"] is False
    assert components["Instant"]["additionalProperties"] is False
    assert components["Instant"]["properties"]["discarder"]  # an exposed kong's feeder, named by id


def test_the_screen_s_standing_lines_document_the_team_beside_the_club(schema_json):
    """A team event's screen names each player's team (added beside ``club``, nothing renamed)."""
    line = schema_json["components"]["schemas"]["ScreenStanding"]
    assert {"club", "team"} <= set(line["required"])
    assert "team event" in line["properties"]["team"]["description"]
