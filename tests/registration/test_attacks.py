"""Registration attacked (issue 51): other organisers, players and scorekeepers at the organiser's doors,
replays, the same person twice in another spelling, closed and full windows, bad bodies, floods. Every
refusal is a clear 4xx and leaves nothing changed."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from tests.registration.helpers import open_competition, sign
from tournament.models import AuditEntry, Entry, Registration, RegistrationSettings
from tournament.registration.errors import RegistrationError
from tournament.registration.offers import offer_accept
from tournament.registration.queue import registration_approve, registration_refuse, registration_withdraw
from tournament.registration.window import registration_configure

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_rate_counts():
    cache.clear()


def _api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def _signup_url(competition) -> str:
    return f"/api/v1/competitions/{competition.pk}/registrations/"


def _state():
    return (
        sorted(Registration.objects.values_list("pk", "status", "paid_at")),
        Entry.objects.count(),
        AuditEntry.objects.count(),
    )


@pytest.fixture
def other_organiser(db):
    from django.contrib.auth.models import Group

    from tests.factories import UserFactory

    user = UserFactory(username="rival_organiser")
    user.groups.add(Group.objects.get(name="organiser"))
    return user


@pytest.mark.parametrize("who", ["other_organiser", "scorekeeper", "player_user", "stranger"])
def test_nobody_but_its_organisers_reads_or_decides_a_queue(organiser, who, request):
    competition = open_competition(organiser, places=5)
    reg = sign(competition, 1)
    user = request.getfixturevalue(who)
    before = _state()
    api = _api(user)
    assert api.get(_signup_url(competition)).status_code in (403, 404)
    window = api.get(f"/api/v1/competitions/{competition.pk}/registration/")
    assert window.status_code in (200, 401, 403, 404)
    assert window.status_code != 200 or "invite_token" not in window.json()  # the invitation stays theirs
    for action, body in (("approve", {"new_player": True}), ("refuse", {"reason": "no"}), ("wait", {}),
                         ("paid", {"amount": "10"}), ("withdraw", {})):  # fmt: skip
        answer = api.post(f"/api/v1/registrations/{reg.pk}/{action}/", body, format="json")
        assert answer.status_code in (403, 404), (action, answer.status_code)
    put = api.put(f"/api/v1/competitions/{competition.pk}/registration/", {"places": 99}, format="json")
    assert put.status_code == 403
    page = Client()
    page.force_login(user)
    url = reverse("organiser:registrations", args=[competition.pk])
    assert page.get(url).status_code in (302, 403, 404)
    posted = page.post(url, {"action": "approve", "registration": reg.pk})
    assert posted.status_code in (302, 403, 404)
    assert "Person 1" not in posted.content.decode()
    assert _state() == before and RegistrationSettings.objects.get(competition=competition).places == 5


def test_an_organiser_cannot_decide_another_queue_through_their_own_page(organiser, other_organiser):
    theirs = open_competition(organiser)
    mine = open_competition(other_organiser)
    reg = sign(theirs, 1)
    before = _state()
    page = Client()
    page.force_login(other_organiser)
    answer = page.post(
        reverse("organiser:registrations", args=[mine.pk]), {"action": "approve", "registration": reg.pk}
    )
    assert answer.status_code in (403, 404) and _state() == before


def test_organiser_posts_without_the_csrf_token_are_refused(organiser):
    competition = open_competition(organiser)
    reg = sign(competition, 1)
    before = _state()
    page = Client(enforce_csrf_checks=True)
    page.force_login(organiser)
    url = reverse("organiser:registrations", args=[competition.pk])
    assert page.post(url, {"action": "refuse", "registration": reg.pk, "reason": "x"}).status_code == 403
    api = APIClient(enforce_csrf_checks=True)
    api.force_login(organiser)
    answer = api.post(f"/api/v1/registrations/{reg.pk}/refuse/", {"reason": "x"}, format="json")
    assert answer.status_code == 403 and _state() == before


def test_the_public_sign_up_form_wants_its_csrf_token(organiser):
    competition = open_competition(organiser)
    page = Client(enforce_csrf_checks=True)
    answer = page.post(
        reverse("registration:signup", args=[competition.pk]),
        {"name": "No Token", "email": "nt@example.com", "channel": "link", "consent": "yes"},
    )
    assert answer.status_code == 403 and not Registration.objects.exists()


def test_replays_approve_twice_accept_twice_after_expiry_or_after_withdrawing(organiser):
    competition = open_competition(organiser, places=1)
    first = sign(competition, 1)
    registration_approve(first, user=organiser, new_player=True)
    state = _state()
    with pytest.raises(RegistrationError) as twice:
        registration_approve(first, user=organiser, new_player=True)
    assert twice.value.status == 409 and _state() == state
    waiting = sign(competition, 2)
    assert waiting.status == "waiting"
    with pytest.raises(RegistrationError):  # no offer yet: a waiting person cannot take a place
        offer_accept(waiting)
    registration_withdraw(first, user=organiser)  # the place frees: offered to the waiting one
    waiting.refresh_from_db()
    assert waiting.status == "offered"
    offer_accept(waiting)
    state = _state()
    with pytest.raises(RegistrationError) as again:
        offer_accept(waiting)
    assert again.value.status == 409 and _state() == state
    # after the deadline
    third = sign(competition, 3)
    registration_refuse(waiting, user=organiser, reason="late")
    third.refresh_from_db()
    assert third.status == "offered"
    Registration.objects.filter(pk=third.pk).update(offer_expires_at=timezone.now() - timedelta(seconds=1))
    with pytest.raises(RegistrationError):
        offer_accept(third)
    assert Registration.objects.get(pk=third.pk).status == "offered"  # beat expires it, not the person
    # withdrawn, then accept through the API link
    registration_withdraw(third, by_person=True)
    link = _api().post(f"/api/v1/registrations/link/{third.token}/accept/")
    assert link.status_code == 409 and Registration.objects.get(pk=third.pk).status == "withdrawn"
    assert _api().post("/api/v1/registrations/link/not-a-token/accept/").status_code == 404


@pytest.mark.parametrize(
    "first, second",
    [
        ({"email": "Anna.Tan@Example.com"}, {"email": "  anna.tan@example.COM "}),
        ({"phone": "+65 9123 4567", "email": ""}, {"phone": "91234567", "email": ""}),
        ({"phone": "9123 4567", "email": ""}, {"phone": "+6591234567", "email": ""}),
        ({"phone": "6591234567", "email": ""}, {"phone": "+65 91234567", "email": ""}),
    ],
)
def test_the_same_person_in_another_spelling_is_the_same_place_twice(organiser, first, second):
    competition = open_competition(organiser)
    sign(competition, 1, **first)
    before = _state()
    with pytest.raises(RegistrationError) as twice:
        sign(competition, 2, **second)
    assert twice.value.code == "already_registered" and twice.value.status == 409
    assert _state() == before


def test_a_foreign_number_is_not_taken_for_a_singapore_one(organiser):
    competition = open_competition(organiser)
    sign(competition, 1, phone="+60 12 345 6789", email="")
    sign(competition, 2, phone="12 345 6789", email="")  # another number: not the same person
    assert Registration.objects.count() == 2


def test_closed_not_yet_open_and_never_opened_windows_are_409(organiser):
    competition = open_competition(organiser)
    now = timezone.now()
    registration_configure(competition, user=organiser, open_from=now - timedelta(days=3),
                           open_until=now - timedelta(days=1))  # fmt: skip
    late = {"name": "Late", "email": "l@example.com", "consent": True}
    answer = _api().post(_signup_url(competition), late, format="json")
    assert answer.status_code == 409 and answer.json()["errors"][0]["code"] == "registration_closed"
    registration_configure(competition, user=organiser, open_from=now + timedelta(days=1), open_until=None)
    assert _api().post(_signup_url(competition), {"name": "Early", "email": "e@example.com", "consent": True},
                       format="json").status_code == 409  # fmt: skip
    from tests.factories import CompetitionFactory

    never = CompetitionFactory()
    assert _api().post(_signup_url(never), {"name": "X", "email": "x@example.com", "consent": True},
                       format="json").status_code == 409  # fmt: skip
    assert not Registration.objects.exists()


def test_a_cap_of_zero_is_refused_and_a_full_competition_puts_people_on_the_waiting_list(organiser):
    competition = open_competition(organiser, places=1)
    before = RegistrationSettings.objects.get(competition=competition).places
    with pytest.raises(RegistrationError):
        registration_configure(competition, user=organiser, places=0)
    api = _api(organiser)
    for bad in (0, -1, True, "5", 1.5):
        put = api.put(f"/api/v1/competitions/{competition.pk}/registration/", {"places": bad}, format="json")
        assert put.status_code == 400, bad
    assert RegistrationSettings.objects.get(competition=competition).places == before
    sign(competition, 1)
    assert sign(competition, 2).status == "waiting"  # full: a place on the waiting list, never a second seat


@pytest.mark.parametrize(
    "body",
    [
        {"fee": 5},
        {"notice": 5},
        {"fee_how": ["x"]},
        {"notice_contact": {"a": 1}},
        {"clubs": ["x"]},
        {"clubs": 5},
        {"clubs": "12"},
        {"ask_name_zh": "yes"},
        {"ask_club": None},
        {"offer_hours": True},
        {"questions": "Level?"},
        {"invite_token": "mine"},
        {"open_from": 5},
    ],
)
def test_wrong_types_in_the_window_are_400_and_change_nothing(organiser, body):
    competition = open_competition(organiser, places=3)
    before = RegistrationSettings.objects.filter(competition=competition).values().get()
    put = _api(organiser).put(f"/api/v1/competitions/{competition.pk}/registration/", body, format="json")
    assert put.status_code == 400, put.content
    assert RegistrationSettings.objects.filter(competition=competition).values().get() == before


@pytest.mark.parametrize(
    "fields",
    [
        {"name": "Bad\x00Name"},
        {"name_zh": "名\x00字"},
        {"q0": "nul \x00 inside"},
        {"q0": "x" * 301},
        {"name": "x" * 121},
        {"phone": "+65 9123 4567\x00", "email": ""},
    ],
)
def test_the_sign_up_page_refuses_what_no_database_stores_with_a_400(organiser, fields):
    competition = open_competition(organiser, questions=["Level?"])
    post = {"name": "Page Person", "email": "pp@example.com", "channel": "link", "consent": "yes", **fields}
    answer = Client().post(reverse("registration:signup", args=[competition.pk]), post)
    assert answer.status_code == 400 and not Registration.objects.exists()


@pytest.mark.parametrize(
    "raw",
    [
        '{"name": "A", "name": "B", "email": "ab@example.com", "consent": true}',
        '{"name": "A\\u0000", "email": "ab@example.com", "consent": true}',
        '{"name": "A\\ud800", "email": "ab@example.com", "consent": true}',
        '{"name": "A", "email": "ab@example.com", "consent": true, "answers": {"Level?": "\\u0000"}}',
        '{"name": "A", "email": "ab@example.com", "consent": "true"}',
        '{"name": "A", "email": "ab@example.com", "consent": true, "club": {"id": 1}}',
        '{"name": "A", "email": "ab@example.com", "consent": true, "answers": ["x"]}',
        '{"name": "A", "email": "ab@example.com", "consent": true, "invite": 5}',
        '["not", "an", "object"]',
        "null",
        '{"name": "' + "x" * 3_000_000 + '"}',
    ],
)
def test_bad_api_bodies_are_400_and_change_nothing(organiser, raw):
    competition = open_competition(organiser, questions=["Level?"])
    answer = _api().post(_signup_url(competition), raw, content_type="application/json")
    assert 400 <= answer.status_code < 500 and answer.status_code != 429, answer.content[:200]
    assert not Registration.objects.exists()


def test_a_filled_honeypot_is_400_on_the_page_and_the_api(organiser):
    competition = open_competition(organiser)
    page = Client().post(
        reverse("registration:signup", args=[competition.pk]),
        {"name": "Bot", "email": "bot@example.com", "channel": "link", "consent": "yes", "website": "x"},
    )
    api = _api().post(_signup_url(competition), {"name": "Bot", "email": "b@example.com", "consent": True,
                                                  "website": "http://x"}, format="json")  # fmt: skip
    assert (page.status_code, api.status_code) == (400, 400) and not Registration.objects.exists()


def test_the_rate_limit_holds_across_the_page_and_the_api_together(organiser, settings):
    settings.REGISTRATION_RATE_LIMIT = "2/minute"
    competition = open_competition(organiser)
    page = Client().post(
        reverse("registration:signup", args=[competition.pk]),
        {"name": "One", "email": "one@example.com", "channel": "link", "consent": "yes"},
    )
    assert page.status_code == 302
    second = _api().post(_signup_url(competition), {"name": "Two", "email": "two@example.com",
                                                     "consent": True}, format="json")  # fmt: skip
    assert second.status_code == 201
    third = _api().post(_signup_url(competition), {"name": "Three", "email": "three@example.com",
                                                    "consent": True}, format="json")  # fmt: skip
    fourth = Client().post(
        reverse("registration:signup", args=[competition.pk]),
        {"name": "Four", "email": "four@example.com", "channel": "link", "consent": "yes"},
    )
    assert (third.status_code, fourth.status_code) == (429, 429)
    assert Registration.objects.count() == 2
