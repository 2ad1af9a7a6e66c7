"""The API docs pages say how to get a token and show one worked example per resource, in English and
简体中文 (issue 38); every request in the examples is an operation of the schema."""

import re

import pytest

pytestmark = pytest.mark.django_db

RESOURCES = ["clubs", "players", "competitions", "rounds", "seating", "tables", "hands",
             "void", "standings", "score", "settle", "rulesets"]  # fmt: skip
REQUEST = re.compile(r"^\s*(GET|POST|PUT|PATCH|DELETE) (/api/v1/\S*)$", re.MULTILINE)


def requests_shown(html: str) -> list[tuple[str, str]]:
    return REQUEST.findall(re.sub(r"<[^>]+>", "", html))


def _operations(client) -> list[tuple[str, re.Pattern]]:
    paths = client.get("/api/v1/schema/?format=json").json()["paths"]
    return [
        (method.upper(), re.compile("^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(path)) + "$"))
        for path, item in paths.items()
        for method in item
    ]


@pytest.mark.parametrize("page", ["/api/v1/redoc/", "/api/v1/docs/"])
@pytest.mark.parametrize(
    ("language", "heading"),
    [("en", "First steps: get a token"), ("zh-hans", "入门：先取得令牌")],
)
def test_the_docs_pages_show_how_to_get_a_token_and_an_example_per_resource(client, page, language, heading):
    html = client.get(page, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert heading in html
    assert "POST http://testserver/api/v1/auth/token/" in html and "Authorization: Token" in html
    requests = requests_shown(html)
    for resource in RESOURCES:
        assert any(f"/{resource}/" in path for _, path in requests), resource


def test_every_request_in_the_examples_is_an_operation_of_the_schema(client):
    html = client.get("/api/v1/redoc/").content.decode()
    operations = _operations(client)
    requests = requests_shown(html)
    assert len(requests) >= 13
    for method, path in requests:
        assert any(m == method and pattern.match(path) for m, pattern in operations), (method, path)
