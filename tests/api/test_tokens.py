"""API tokens: obtain with a username and password, use, revoke (league-api.md; issue 7)."""

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def test_a_token_from_username_and_password_authenticates_writes(organiser):
    client = APIClient()
    response = client.post(
        "/api/v1/auth/token/",
        {"username": organiser.username, "password": "pw-for-tests-only"},
        format="json",
    )
    assert response.status_code == 200
    key = response.json()["token"]
    assert key == Token.objects.get(user=organiser).key
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert client.post("/api/v1/clubs/", {"name": "Tiger Club"}, format="json").status_code == 201


def test_wrong_password_is_400_and_gives_no_token(organiser):
    response = APIClient().post(
        "/api/v1/auth/token/", {"username": organiser.username, "password": "guess"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "invalid_credentials"
    assert not Token.objects.exists()


def test_missing_fields_are_named(db):
    response = APIClient().post("/api/v1/auth/token/", {"username": "x"}, format="json")
    assert response.status_code == 400 and response.json()["errors"][0]["field"] == "password"


def test_a_revoked_token_no_longer_works(organiser):
    key = Token.objects.create(user=organiser).key
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert client.delete("/api/v1/auth/token/").status_code == 204
    assert not Token.objects.filter(user=organiser).exists()
    response = client.post("/api/v1/clubs/", {"name": "Tiger Club"}, format="json")
    assert response.status_code == 401 and response.json()["errors"][0]["code"] == "authentication_failed"


def test_repeated_failures_lock_the_login_out_in_the_api_error_shape(organiser, settings):
    settings.AXES_LOCKOUT_CALLABLE = "tournament.api.errors.lockout_response"
    client = APIClient()
    wrong = {"username": organiser.username, "password": "guess"}
    statuses = [client.post("/api/v1/auth/token/", wrong, format="json").status_code for _ in range(6)]
    assert statuses[0] == 400 and statuses[-1] == 429
    right = client.post(
        "/api/v1/auth/token/",
        {"username": organiser.username, "password": "pw-for-tests-only"},
        format="json",
    )
    assert right.status_code == 429 and right.json()["errors"][0]["code"] == "locked_out"
    assert not Token.objects.exists()
