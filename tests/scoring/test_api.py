"""``POST /api/v1/score/`` and ``/settle/``: the HTTP door of scoring-api.md.

200 for a result, 422 ``{"win": false, "errors"}`` for an illegal hand, 400
``{"errors"}`` for malformed input, 429 in the same shape when throttled;
the same JSON as the command line; open to anyone; in the OpenAPI schema.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

try:
    from django.conf import settings as _settings

    _settings.INSTALLED_APPS  # noqa: B018 (raises when pytest runs with -p no:django)
except Exception:  # pragma: no cover - pure runs of tests/scoring
    pytest.skip("needs Django settings (run without -p no:django)", allow_module_level=True)

from django.core.cache import cache  # noqa: E402
from django.test import Client  # noqa: E402

from tests.scoring.test_commands import CASES, CONTRACT_HAND, CONTRACT_OUTCOME, run_call_command  # noqa: E402

URL = {"score_hand": "/api/v1/score/", "settle": "/api/v1/settle/"}


@pytest.fixture(autouse=True)
def _fresh_throttle():
    """The throttle counts in the cache: every test starts with a clean slate."""
    cache.clear()
    yield
    cache.clear()


def post(client, door: str, body: str | bytes, content_type: str = "application/json"):
    return client.post(URL[door], body, content_type=content_type)


@pytest.mark.parametrize(("what", "door", "text", "exit_code", "status", "error_code"), CASES)
def test_http_answers_like_the_command_line(client, what, door, text, exit_code, status, error_code):
    response = post(client, door, text)
    assert response.status_code == status, what
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    code, command_body = run_call_command(door, text)
    assert (code, body) == (exit_code, command_body), "HTTP and the command line give the same JSON"
    if error_code is not None:
        assert body["errors"][0]["code"] == error_code
        assert all(set(e) <= {"code", "message", "field"} for e in body["errors"])


def test_the_contract_examples_over_http(client):
    scored = post(client, "score_hand", json.dumps(CONTRACT_HAND)).json()
    assert scored["doubles"] == 3 and scored["payment"] == {"full": 8, "half": 4}
    assert scored["sets"][-1] == ["C3", "C3"]
    settled = post(client, "settle", json.dumps(CONTRACT_OUTCOME)).json()
    assert settled["net"] == {"E": 2, "S": 14, "W": -10, "N": -6}
    assert sum(settled["net"].values()) == 0


def test_a_settlement_of_a_whole_hand_carries_its_score(client):
    outcome = {"outcome": "win", "winner": "S", "win": "discard", "discarder": "N", "hand": CONTRACT_HAND}
    body = post(client, "settle", json.dumps(outcome)).json()
    assert body["hand"]["doubles"] == 3
    assert {(t["from"], t["amount"]) for t in body["transfers"]} == {("N", 8), ("E", 4), ("W", 4)}


@pytest.mark.parametrize(
    ("what", "body", "content_type"),
    [
        ("a form post instead of JSON", "outcome=win", "application/x-www-form-urlencoded"),
        ("JSON sent as text/plain but broken", '{"outcome": ', "text/plain"),
        ("bytes that are not UTF-8", b"\xff\xfe\x00", "application/json"),
        ("Infinity", '{"outcome": "win", "doubles": Infinity}', "application/json"),
    ],
)
def test_a_malformed_body_is_a_400_in_the_error_shape(client, what, body, content_type):
    response = post(client, "settle", body, content_type)
    assert response.status_code == 400, what
    assert response.json()["errors"][0]["code"] == "invalid_json"


def test_a_body_too_large_is_a_400_not_a_500(client, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    response = post(client, "score_hand", json.dumps({**CONTRACT_HAND, "padding": "x" * 5000}))
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "too_large"


def test_an_engine_bug_is_a_400_in_the_error_shape_never_a_500(client, monkeypatch):
    from scoring.adapter import api

    def broken(data):
        raise KeyError("a bug in the engine")

    monkeypatch.setattr(api.SettleView, "door", staticmethod(broken))
    response = post(client, "settle", json.dumps(CONTRACT_OUTCOME))
    assert response.status_code == 400
    assert response.json() == {
        "errors": [{"code": "unscorable_input", "message": response.json()["errors"][0]["message"]}]
    }


def test_only_post_is_allowed(client):
    response = client.get(URL["score_hand"])
    assert response.status_code == 405
    assert response.json()["errors"][0]["code"] == "method_not_allowed"


@pytest.mark.django_db
def test_open_to_anyone_even_a_logged_in_browser_without_a_csrf_token(player_user):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(player_user)
    response = post(browser, "score_hand", json.dumps(CONTRACT_HAND))
    assert response.status_code == 200
    assert post(Client(enforce_csrf_checks=True), "settle", json.dumps(CONTRACT_OUTCOME)).status_code == 200


def test_too_many_calls_answer_429_in_the_error_shape(client, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "scoring": "3/minute",
        },
    }
    statuses = [post(client, "score_hand", json.dumps(CONTRACT_HAND)).status_code for _ in range(2)]
    statuses.append(post(client, "settle", json.dumps(CONTRACT_OUTCOME)).status_code)
    assert statuses == [200, 200, 200]
    throttled = post(client, "settle", json.dumps(CONTRACT_OUTCOME))
    assert throttled.status_code == 429
    assert throttled.json()["errors"][0]["code"] == "throttled"
    assert int(throttled["Retry-After"]) > 0
    # another client (another address) is not held back
    other = Client(REMOTE_ADDR="10.0.0.2")
    assert post(other, "settle", json.dumps(CONTRACT_OUTCOME)).status_code == 200


def test_the_rule_sets_are_listed_with_their_settings(client):
    body = client.get("/api/v1/rulesets/").json()
    assert [r["id"] for r in body["results"]] == ["spgg-2023", "sg-tai-card", "sg-classic", "sgmj-2002"]
    assert body["count"] == 4
    spgg = client.get("/api/v1/rulesets/spgg-2023/").json()
    min_doubles = next(s for s in spgg["settings"] if s["key"] == "min_doubles")
    assert min_doubles["value"] == 1 and min_doubles["section"] == "scoring" and min_doubles["description"]
    missing = client.get("/api/v1/rulesets/riichi/")
    assert missing.status_code == 404 and missing.json()["errors"][0]["code"] == "unknown_rules"


def test_the_endpoints_are_in_the_openapi_schema_with_their_errors_and_examples():
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    for path, request_fields in (
        ("/api/v1/score/", {"concealed", "melds", "bonus", "winning_tile", "win", "events", "rules"}),
        ("/api/v1/settle/", {"outcome", "winner", "discarder", "doubles", "hand", "liable", "instant"}),
    ):
        post_op = schema["paths"][path]["post"]
        assert {"200", "400", "422", "429"} <= set(post_op["responses"])
        content = post_op["requestBody"]["content"]["application/json"]
        assert request_fields <= set(content["schema"]["properties"])
        assert content["examples"], "a request example"
        for code in ("200", "400", "422", "429"):
            assert post_op["responses"][code]["content"]["application/json"]["examples"], (path, code)
        assert post_op["security"] == [], (
            "open to anyone: no credentials (security: [], as generators read it)"
        )
    assert "/api/v1/rulesets/" in schema["paths"]


_KEYS = [
    "type",
    "tiles",
    "concealed",
    "seat",
    "outcome",
    "winner",
    "win",
    "doubles",
    "hand",
    "melds",
    "rules",
    "prevailing_wind",
    "seat_wind",
    "winning_tile",
    "bonus",
    "events",
    "instant",
    "liable",
    "discarder",
]
_WORDS = ["", "E", "b1 b2 b3", "RD", "kong", "win", "discard", "spgg-2023", "F2", "CAT"]
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from(_WORDS) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(_KEYS), inner, max_size=6),
    max_leaves=20,
)  # fmt: skip


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(door=st.sampled_from(sorted(URL)), data=_JSON)
def test_no_json_of_any_shape_gets_anything_but_the_contract_answers(client, door, data):
    cache.clear()
    response = post(client, door, json.dumps(data))
    assert response.status_code in (200, 400, 422)
    body = response.json()
    if response.status_code != 200:
        assert body["errors"] and all({"code", "message"} <= set(e) for e in body["errors"])
        assert (body.get("win") is False) == (response.status_code == 422)
