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


def _client(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def test_a_new_password_revokes_the_users_tokens(organiser, scorekeeper):
    key = Token.objects.create(user=organiser).key
    other = Token.objects.create(user=scorekeeper).key
    organiser.set_password("a-new-password-for-tests")
    organiser.save()
    assert not Token.objects.filter(user=organiser).exists()
    assert _client(key).get("/api/v1/tokens/").status_code == 401
    assert Token.objects.filter(key=other).exists()  # nobody else's


def test_saving_a_user_without_a_new_password_keeps_the_token(organiser):
    key = Token.objects.create(user=organiser).key
    organiser.first_name = "Olivia"
    organiser.save()
    assert Token.objects.filter(key=key).exists()


def test_a_hash_upgrade_at_login_keeps_the_token(organiser):
    from django.contrib.auth.hashers import make_password

    # A stored hash with too short a salt: the next login upgrades it (a save), not the password.
    organiser.password = make_password("pw-for-tests-only", salt="short")
    organiser.save()
    key = Token.objects.create(user=organiser).key
    assert organiser.check_password("pw-for-tests-only")
    assert "$short$" not in organiser.password  # upgraded and saved
    assert Token.objects.filter(key=key).exists()


def test_the_owner_lists_their_tokens_without_the_keys(organiser, scorekeeper):
    key = Token.objects.create(user=organiser).key
    Token.objects.create(user=scorekeeper)
    response = _client(key).get("/api/v1/tokens/")
    assert response.status_code == 200
    body = response.json()
    assert body["count"] == 1 and body["next"] is None
    (item,) = body["results"]
    assert item["current"] is True and item["key_prefix"] == key[:6] and item["created"]
    assert key not in response.content.decode()


def test_the_owner_revokes_a_token_by_its_id(organiser):
    key = Token.objects.create(user=organiser).key
    client = _client(key)
    token_id = client.get("/api/v1/tokens/").json()["results"][0]["id"]
    assert client.delete(f"/api/v1/tokens/{token_id}/").status_code == 204
    assert not Token.objects.filter(key=key).exists()
    assert client.get("/api/v1/tokens/").status_code == 401


def test_nobody_revokes_anothers_token(organiser, scorekeeper):
    theirs = Token.objects.create(user=scorekeeper)
    from tournament.api.tokens import public_id

    mine = _client(Token.objects.create(user=organiser).key)
    response = mine.delete(f"/api/v1/tokens/{public_id(theirs)}/")
    assert response.status_code == 404 and response.json()["errors"][0]["code"] == "not_found"
    assert Token.objects.filter(pk=theirs.pk).exists()
    assert APIClient().get("/api/v1/tokens/").status_code == 401
