"""The sign-up pages and the organiser's queue page (issue 51)."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from tests.factories import UserFactory
from tests.registration.helpers import open_competition, sign
from tournament.models import AuditEntry, Entry, Registration

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_rate_counts():
    cache.clear()


def form(**more):
    return {"name": "Lim Mei Ling", "phone": "+65 9123 4567", "channel": "link", "consent": "yes", **more}


def test_the_form_signs_up_and_opens_the_private_page(client, organiser):
    competition = open_competition(organiser, questions=["Level?"], fee="SGD 10")
    page = client.get(f"/register/{competition.pk}/")
    assert page.status_code == 200 and b"SGD 10" in page.content and b"consent" in page.content
    done = client.post(f"/register/{competition.pk}/", form(q0="Beginner"))
    reg = Registration.objects.get()
    assert done.status_code == 302 and done["Location"].endswith(f"/register/me/{reg.token}/")
    assert reg.answers == {"Level?": "Beginner"}
    mine = client.get(done["Location"])
    assert (
        mine.status_code == 200
        and b"Beginner" in mine.content
        and mine["Cache-Control"] == "private, no-store"
    )
    client.post(done["Location"], {"action": "withdraw"})
    reg.refresh_from_db()
    assert reg.status == "withdrawn"


def test_the_form_refuses_with_its_status_and_changes_nothing(client, organiser):
    competition = open_competition(organiser)
    assert client.post(f"/register/{competition.pk}/", form(consent="")).status_code == 400
    assert client.post(f"/register/{competition.pk}/", form(website="spam")).status_code == 400
    assert client.post(f"/register/{competition.pk}/", form(q0="x" * 400, name="")).status_code == 400
    assert not Registration.objects.exists()
    client.post(f"/register/{competition.pk}/", form())
    twice = client.post(f"/register/{competition.pk}/", form())
    assert twice.status_code == 409 and Registration.objects.count() == 1


def test_a_full_competition_says_so(client, organiser):
    competition = open_competition(organiser, places=1)
    sign(competition, 1)
    page = client.get(f"/register/{competition.pk}/")
    assert b'data-testid="full"' in page.content


def test_the_queue_page_one_tap_each_and_another_organiser_is_refused(client, organiser):
    competition = open_competition(organiser, places=2, fee="SGD 10")
    reg = sign(competition, 1)
    client.force_login(UserFactory(username="otto"))
    assert client.get(f"/organise/competitions/{competition.pk}/registrations/").status_code == 403
    client.force_login(organiser)
    url = f"/organise/competitions/{competition.pk}/registrations/"
    page = client.get(url)
    assert page.status_code == 200 and f'data-registration="{reg.pk}"'.encode() in page.content
    assert client.post(url, {"registration": reg.pk, "action": "approve"}).status_code == 302
    assert Entry.objects.filter(competition=competition).count() == 1
    client.post(url, {"registration": reg.pk, "action": "paid", "amount": "10", "method": "cash"})
    reg.refresh_from_db()
    assert reg.paid and AuditEntry.objects.filter(action="registration_paid").exists()
    bad = client.post(url, {"registration": reg.pk, "action": "refuse", "reason": ""})
    assert bad.status_code == 400
    competition_page = client.get(f"/organise/competitions/{competition.pk}/")
    assert b"registrations-link" in competition_page.content


def test_the_organiser_sets_the_window_on_the_page(client, organiser):
    competition = open_competition(organiser)
    client.force_login(organiser)
    url = f"/organise/competitions/{competition.pk}/registrations/"
    answer = client.post(
        url,
        {
            "action": "settings",
            "open_from": "2026-01-01T10:00",
            "open_until": "2099-01-01T10:00",
            "places": "40",
            "who": "anyone",
            "offer_hours": "24",
            "questions": "Level?\nT-shirt size?",
            "notice": "Our own words.",
            "ask_club": "on",
        },
    )
    assert answer.status_code == 302
    window = competition.registration_settings
    window.refresh_from_db()
    assert (
        window.places == 40 and window.offer_hours == 24 and window.questions == ["Level?", "T-shirt size?"]
    )
    assert competition.data_notices.order_by("-version").first().text == "Our own words."
