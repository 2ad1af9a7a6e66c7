"""Read-only fields sent with a value are refused the same way on every resource (issue 38).

One rule (tournament.api.fields.refuse_read_only, docs/api.md): a read-only field sent with a value
other than the one it has is a 400 ``read_only`` naming the field, and nothing is written; what a GET
answered, sent back unchanged, is accepted. On create a field has no value yet: ``id`` is refused.
"""

import pytest

from tests.factories import ClubFactory, PlayerFactory
from tournament.models import AuditEntry, Club, Competition, Player, Round

pytestmark = pytest.mark.django_db

CREATES = [
    ("/api/v1/clubs/", {"id": 999, "name": "Tanjong Pagar MJ", "short_name": "TPMJ"}, Club, "id"),
    ("/api/v1/players/", {"id": 999, "name": "Mei Ling", "registration_no": "R-77"}, Player, "id"),
    ("/api/v1/competitions/", {"id": 999, "name": "Winter Cup"}, Competition, "id"),
    (
        "/api/v1/competitions/",
        {"name": "Cup", "created_at": "2026-01-01T00:00:00+08:00"},
        Competition,
        "created_at",
    ),
]


@pytest.mark.parametrize(("url", "body", "model", "field"), CREATES, ids=lambda v: str(v)[:30])
def test_a_read_only_field_on_create_is_refused_and_nothing_is_made(
    league, as_organiser, url, body, model, field
):
    before = (model.objects.count(), AuditEntry.objects.count())
    response = as_organiser.post(url, body, format="json")
    assert response.status_code == 400, response.content
    (error,) = response.json()["errors"]
    assert (error["code"], error["field"]) == ("read_only", field)
    assert (model.objects.count(), AuditEntry.objects.count()) == before
    del body[field]
    assert as_organiser.post(url, body, format="json").status_code == 201  # the same body without it


def test_a_rounds_id_on_create_is_refused(league, as_organiser):
    url = f"/api/v1/competitions/{league.competition.pk}/rounds/"
    before = Round.objects.count()
    response = as_organiser.post(url, {"id": 999}, format="json")
    assert response.status_code == 400 and response.json()["errors"][0]["code"] == "read_only"
    assert Round.objects.count() == before


def _detail_urls(league) -> dict[str, str]:
    club = ClubFactory()
    return {
        "club": f"/api/v1/clubs/{club.pk}/",
        "player": f"/api/v1/players/{PlayerFactory(club=club).pk}/",
        "competition": f"/api/v1/competitions/{league.competition.pk}/",
        "round": f"/api/v1/competitions/{league.competition.pk}/rounds/{league.round.pk}/",
        "table": f"/api/v1/tables/{league.table.pk}/",
    }


@pytest.mark.parametrize("resource", ["club", "player", "competition", "round", "table"])
def test_what_a_get_answered_goes_back_unchanged_and_a_changed_id_is_refused(league, as_organiser, resource):
    url = _detail_urls(league)[resource]
    before = as_organiser.get(url).json()
    assert as_organiser.put(url, before, format="json").status_code == 200  # the whole answer, sent back
    assert as_organiser.patch(url, {"id": before["id"]}, format="json").status_code == 200
    response = as_organiser.patch(url, {"id": before["id"] + 1000}, format="json")
    assert response.status_code == 400, response.content
    assert response.json()["errors"] == [
        {
            "code": "read_only",
            "field": "id",
            "message": "Read-only here: id is not changed through this endpoint.",
        }
    ]
    assert as_organiser.get(url).json() == before
