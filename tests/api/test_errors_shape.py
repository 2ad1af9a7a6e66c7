"""The API's error envelope (league-api.md): no "field" for errors that concern none."""


def test_method_not_allowed_has_no_field(client):
    body = client.get("/api/v1/score/").json()
    assert body["errors"][0]["code"] == "method_not_allowed"
    assert "field" not in body["errors"][0]
