"""The OpenAPI schema, the docs page beside it, and a schemathesis smoke run (league-api.md; issue 7).

Every league endpoint must be in the schema with its error answers, the
docs must load nothing from another host, and random requests built from the
schema must never get a 500.
"""

import re

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from drf_spectacular.validation import validate_schema
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.factories import UserFactory
from tournament.ledger import hand_record

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


def test_the_docs_page_shows_every_endpoint_with_only_local_assets(client):
    response = client.get("/api/v1/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    for path in LEAGUE_PATHS:
        assert f"<code>{path}</code>" in html, path
    external = re.findall(r'(?:src|href)="((?:https?:)?//[^"]+)"', html)
    assert external == []  # no CDN: scripts, styles and fonts all come from this site


# --- schemathesis: random requests from the schema, on the test database with a few rows ---


# Loaded at collection, before any database exists: generating the schema reads no rows.
# (schemathesis.pytest.from_fixture would load it per test, but 4.32 cannot run under pytest 9.)
schema = schemathesis.openapi.from_wsgi("/api/v1/schema/?format=json", get_wsgi_application()).exclude(
    path_regex=SCORING_PATHS
)
schema.config.phases.coverage.enabled = False


# No 500s, and every answer (errors included) is documented: status, content type and body.
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]


@pytest.fixture
def _one_db_connection():
    """Keep the test's database connection across the WSGI requests, as Django's test client does.

    Django's WSGI handler closes "old" connections at each request; inside a test's transaction that
    would close the test connection on PostgreSQL.
    """
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def superuser_token(league, settings, _one_db_connection):
    # django-axes answers a locked-out login in plain text unless told otherwise (asked of settings.py).
    settings.AXES_LOCKOUT_CALLABLE = "tournament.api.errors.lockout_response"
    hand_record(table=league.table, entry={"outcome": "draw"})  # a few rows of every kind to find
    admin = UserFactory(username="ada_admin", is_superuser=True, is_staff=True)
    return Token.objects.create(user=admin).key  # writes get past the permission checks


@schema.parametrize()
@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_random_requests_never_get_a_server_error(case, superuser_token):
    case.call_and_validate(headers={"Authorization": f"Token {superuser_token}"}, checks=CHECKS)
