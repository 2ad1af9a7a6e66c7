"""A night started or checked in far from its date is asked about first, and every time derived from it stays
sane (issue 54, item 10): the page asks with the date, the API wants ``confirm_date``; the round header
and the calendar's event never end before they start; the feed's events carry SEQUENCE and LAST-MODIFIED,
their UIDs the site's host, not the request's (item 9)."""

from datetime import timedelta

import icalendar
import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from tests.api.conftest import client_for
from tests.factories import seated_table
from tournament.models import Attendance, Round
from tournament.rounds.lifecycle import round_change

pytestmark = pytest.mark.django_db
LANGUAGES = ("en", "zh-hans")


@pytest.fixture
def far(season):
    """Night 1, seated, three days from now."""
    seated_table(competition=season.competition, players=[e.player for e in season.entries[:4]])
    start = (timezone.now() + timedelta(days=3)).replace(second=0, microsecond=0)
    Round.objects.filter(pk=season.night.pk).update(
        starts_at=start, ends_at=start + timedelta(hours=3), status=Round.Status.SEATED
    )
    season.night.refresh_from_db()
    return season.night


@pytest.fixture
def olivia(client, organiser):
    client.force_login(organiser)
    return client


def test_the_api_starts_a_night_far_from_its_date_only_when_told_so(far, organiser):
    url = f"/api/v1/rounds/{far.pk}/start/"
    refused = client_for(organiser).post(url, {}, format="json")
    assert refused.status_code == 409 and refused.json()["errors"][0]["code"] == "far_from_date"
    assert str(timezone.localtime(far.starts_at).year) in refused.json()["errors"][0]["message"]
    assert Round.objects.get(pk=far.pk).status == Round.Status.SEATED
    ends = timezone.now() + timedelta(hours=2)
    started = client_for(organiser).post(
        url, {"confirm_date": True, "ends_at": ends.isoformat()}, format="json"
    )
    assert started.status_code == 200 and started.json()["status"] == "playing"
    now = Round.objects.get(pk=far.pk)
    assert now.starts_at < now.ends_at  # started now: the start moved, no end before it


def test_the_round_page_asks_with_the_date_then_starts(far, olivia):
    page_url = reverse("organiser:round", args=[far.pk])
    for language in LANGUAGES:
        olivia.cookies[settings.LANGUAGE_COOKIE_NAME] = language
        page = olivia.get(page_url).content.decode()
        assert 'name="confirm_date"' in page and 'data-testid="far-from-date"' in page
    olivia.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    action = reverse("organiser:round_status", args=[far.pk])
    olivia.post(action, {"action": "start", "minutes": "120"})
    assert Round.objects.get(pk=far.pk).status == Round.Status.SEATED
    olivia.post(action, {"action": "start", "minutes": "120", "confirm_date": "on"})
    started = Round.objects.get(pk=far.pk)
    assert started.status == Round.Status.PLAYING and started.starts_at < started.ends_at
    header = olivia.get(page_url).content.decode().split('<p class="muted">')[1].split("·")[0]
    assert timezone.localtime(started.starts_at).strftime("%Y") in header


def test_a_check_in_far_from_the_date_is_asked_on_the_page_and_the_api(far, season, olivia, organiser):
    entry = season.entries[1]
    url = f"/api/v1/rounds/{far.pk}/attendance/{entry.player_id}/"
    refused = client_for(organiser).put(url, {"checked_in": True}, format="json")
    assert refused.status_code == 409 and refused.json()["errors"][0]["code"] == "far_from_date"
    assert not Attendance.objects.filter(round=far, entry=entry, checked_in=True).exists()
    answer = client_for(organiser).put(url, {"checked_in": True, "confirm_date": True}, format="json")
    assert answer.status_code == 200 and answer.json()["checked_in"] is True

    other = season.entries[2]
    night = reverse("organiser:night", args=[far.pk])
    for language in LANGUAGES:
        olivia.cookies[settings.LANGUAGE_COOKIE_NAME] = language
        page = olivia.get(night).content.decode()
        assert 'data-testid="date-ok"' in page and 'name="confirm_date"' not in page
        assert 'name="confirm_date"' in olivia.get(night, {"date_ok": "1"}).content.decode()
    answer_url = reverse("organiser:night_answer", args=[far.pk])
    olivia.post(answer_url, {"entry": other.pk, "action": "in"})
    assert not Attendance.objects.filter(round=far, entry=other, checked_in=True).exists()
    back = olivia.post(answer_url, {"entry": other.pk, "action": "in", "confirm_date": "1"})
    assert Attendance.objects.filter(round=far, entry=other, checked_in=True).exists()
    assert "date_ok=1" in back["Location"]  # the page stays answered


def test_a_night_near_its_date_asks_nothing(season, organiser):
    seated_table(competition=season.competition, players=[e.player for e in season.entries[:4]])
    start = timezone.now() + timedelta(hours=1)
    Round.objects.filter(pk=season.night.pk).update(
        starts_at=start, ends_at=start + timedelta(hours=3), status=Round.Status.SEATED
    )
    answer = client_for(organiser).post(f"/api/v1/rounds/{season.night.pk}/start/", {}, format="json")
    assert answer.status_code == 200


def test_the_feed_versions_its_events_on_the_sites_host(season, settings):
    settings.SITE_URL = "https://mahjong.example.org"
    start = timezone.now().replace(microsecond=0) + timedelta(days=7)
    url = f"/api/v1/competitions/{season.competition.pk}/calendar.ics"

    def event():
        (one,) = icalendar.Calendar.from_ical(client_for().get(url, HTTP_HOST="127.0.0.1").content).walk(
            "VEVENT"
        )
        return one

    round_change(season.night, starts_at=start, ends_at=start + timedelta(hours=3))
    first = event()
    assert str(first["UID"]) == f"round-{season.night.pk}@mahjong.example.org"
    assert int(first["SEQUENCE"]) == 1 and "LAST-MODIFIED" in first
    round_change(season.night, venue="Bishan CC")
    assert int(event()["SEQUENCE"]) == 2
    Round.objects.filter(pk=season.night.pk).update(ends_at=start - timedelta(hours=4))  # an end read wrong
    wrong = event()
    assert wrong.decoded("DTEND") > wrong.decoded("DTSTART")
