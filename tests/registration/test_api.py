"""Registration through the API (league-api.md "Registration and people's data"; issue 51)."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from tests.factories import PlayerFactory, UserFactory
from tests.registration.helpers import open_competition, sign
from tournament.models import Entry, Registration

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_rate_counts():
    cache.clear()


def body(n, **more):
    return {"name": f"Api Person {n}", "email": f"api{n}@example.com", "consent": True, **more}


def test_sign_up_answers_the_link_and_a_full_competition_the_waiting_position(organiser):
    competition = open_competition(organiser, places=1)
    client = APIClient()
    url = f"/api/v1/competitions/{competition.pk}/registrations/"
    first = client.post(url, body(1), format="json")
    assert first.status_code == 201 and first.json()["status"] == "pending"
    assert "/register/me/" in first.json()["link"] and first.json()["position"] is None
    second = client.post(url, body(2), format="json")
    assert second.json() | {} == second.json() and (second.json()["status"], second.json()["position"]) == (
        "waiting",
        1,
    )
    again = client.post(url, body(1), format="json")
    assert again.status_code == 409 and again.json()["errors"][0]["code"] == "already_registered"
    assert Registration.objects.count() == 2


@pytest.mark.parametrize(
    "payload, status, code",
    [
        ({"consent": False}, 400, "consent_required"),
        ({"answers": {"Level?": "x" * 5000}}, 400, "invalid"),
        ({"website": "http://spam"}, 400, "invalid"),
        ({"is_approved": True}, 400, "unknown_field"),
        ({"name": ["list"]}, 400, "invalid"),
    ],
)
def test_bad_sign_ups_are_4xx_and_change_nothing(organiser, payload, status, code):
    competition = open_competition(organiser, questions=["Level?"])
    answer = APIClient().post(
        f"/api/v1/competitions/{competition.pk}/registrations/", body(1, **payload), format="json"
    )
    assert answer.status_code == status and answer.json()["errors"][0]["code"] == code
    assert not Registration.objects.exists()


def test_a_flood_from_one_address_is_429(organiser, settings):
    settings.REGISTRATION_RATE_LIMIT = "3/minute"
    competition = open_competition(organiser)
    client = APIClient()
    url = f"/api/v1/competitions/{competition.pk}/registrations/"
    codes = [client.post(url, body(n), format="json").status_code for n in range(5)]
    assert codes == [201, 201, 201, 429, 429] and Registration.objects.count() == 3


def test_the_queue_is_its_organisers_only_and_decisions_go_through_the_doors(organiser):
    known = PlayerFactory(name="Api Person 1", contact="api1@example.com")
    competition = open_competition(organiser)
    reg = sign(competition, 1, name="Api Person 1", email="api1@example.com")
    other = UserFactory(username="otto")
    url = f"/api/v1/competitions/{competition.pk}/registrations/"
    assert APIClient().get(url).status_code == 401
    client = APIClient()
    client.force_authenticate(other)
    assert client.get(url).status_code == 403
    fake = client.post(f"/api/v1/registrations/{reg.pk}/approve/", {}, format="json")
    assert fake.status_code == 404 and not Entry.objects.exists()
    client.force_authenticate(organiser)
    rows = client.get(url).json()["results"]
    assert rows[0]["matches"] == [known.pk] and rows[0]["status"] == "pending"
    choose = client.post(f"/api/v1/registrations/{reg.pk}/approve/", {}, format="json")
    assert choose.status_code == 409 and choose.json()["errors"][0]["code"] == "choose_player"
    done = client.post(f"/api/v1/registrations/{reg.pk}/approve/", {"player": known.pk}, format="json")
    assert done.status_code == 200 and done.json()["status"] == "approved"
    assert Entry.objects.get(competition=competition).player == known
    paid = client.post(
        f"/api/v1/registrations/{reg.pk}/paid/", {"amount": "10", "method": "cash"}, format="json"
    )
    assert paid.json()["paid"] is True
    twice = client.post(f"/api/v1/registrations/{reg.pk}/refuse/", {"reason": "late"}, format="json")
    assert twice.status_code == 409


def test_the_person_accepts_an_offer_through_their_link(organiser):
    competition = open_competition(organiser, places=1)
    first, second = sign(competition, 1), sign(competition, 2)
    client = APIClient()
    assert client.post(f"/api/v1/registrations/link/{second.token}/accept/").status_code == 409
    client.force_authenticate(organiser)
    refused = client.post(
        f"/api/v1/registrations/{first.pk}/refuse/", {"reason": "Not a member"}, format="json"
    )
    assert refused.status_code == 200
    anon = APIClient()
    accepted = anon.post(f"/api/v1/registrations/link/{second.token}/accept/")
    assert accepted.status_code == 200 and accepted.json()["status"] == "pending"
    assert anon.post("/api/v1/registrations/link/not-a-token/withdraw/").status_code == 404


def test_settings_read_and_written_by_the_organiser_only(organiser):
    competition = open_competition(organiser)
    url = f"/api/v1/competitions/{competition.pk}/registration/"
    public = APIClient().get(url).json()
    assert public["notice_version"] == 1 and "invite_token" not in public
    client = APIClient()
    client.force_authenticate(UserFactory(username="otto"))
    assert client.put(url, {"places": 3}, format="json").status_code == 403
    client.force_authenticate(organiser)
    changed = client.put(url, {"places": 3, "notice": "New words."}, format="json")
    assert (
        changed.status_code == 200 and changed.json()["places"] == 3 and changed.json()["notice_version"] == 2
    )
    bad = client.put(url, {"places": -1}, format="json")
    assert bad.status_code == 400
