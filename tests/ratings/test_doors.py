"""The ratings follow a round's doors whichever way they are opened (issue 35): the organiser's round
page, the API's round actions; a stranger's attempt changes nothing."""

import pytest
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.factories import UserFactory
from tournament.models import PlayerRating, RatingChange, Round

pytestmark = pytest.mark.django_db

R1 = [[0, 1, 2, 3], [4, 5, 6, 7]]


@pytest.fixture
def playing(night):
    rnd, _ = night.play(1, R1, [[("S", 3, None)], [("E", 1, None)]], end=False)
    return night, rnd


def api_as(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return client


def test_the_organiser_s_round_page_ends_holds_and_releases(
    client, playing, django_capture_on_commit_callbacks
):
    night, rnd = playing
    client.force_login(night.organiser)
    url = reverse("organiser:round_status", args=[rnd.pk])
    with django_capture_on_commit_callbacks(execute=True):
        client.post(url, {"action": "end"})
    assert RatingChange.objects.filter(round=rnd).count() == 8
    with django_capture_on_commit_callbacks(execute=True):
        client.post(url, {"action": "hold"})
    assert not PlayerRating.objects.exists()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(url, {"action": "release"})
        client.post(url, {"action": "reopen", "reason": "a hand to correct"})
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.PLAYING and not RatingChange.objects.exists()


def test_the_api_s_round_actions_rate_and_unrate(playing, django_capture_on_commit_callbacks):
    night, rnd = playing
    api = api_as(night.organiser)
    with django_capture_on_commit_callbacks(execute=True):
        assert api.post(f"/api/v1/rounds/{rnd.pk}/end/", {}, format="json").status_code == 200
    assert PlayerRating.objects.count() == 8
    body = APIClient().get("/api/v1/ratings/").json()
    assert body["count"] == 8
    with django_capture_on_commit_callbacks(execute=True):
        assert api.post(f"/api/v1/rounds/{rnd.pk}/hold/", {}, format="json").status_code == 200
    assert APIClient().get("/api/v1/ratings/").json()["count"] == 0


def test_another_organiser_cannot_end_the_round_and_nothing_is_rated(
    playing, django_capture_on_commit_callbacks
):
    _, rnd = playing
    from django.contrib.auth.models import Group

    other = UserFactory(username="otto_other_organiser")
    other.groups.add(Group.objects.get(name="organiser"))
    with django_capture_on_commit_callbacks(execute=True):
        response = api_as(other).post(f"/api/v1/rounds/{rnd.pk}/end/", {}, format="json")
    assert response.status_code in (403, 404)
    assert not RatingChange.objects.exists() and Round.objects.get(pk=rnd.pk).status == Round.Status.PLAYING
