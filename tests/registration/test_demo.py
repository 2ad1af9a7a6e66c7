"""The demo league shows sign-ups (issue 51): next season open, a few people at each step, safe twice."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tournament.league.demo import demo_league_load, demo_logins_create
from tournament.models import AuditEntry, Competition, Player, Registration
from tournament.registration.demo import SEASON_NAME
from tournament.registration.matching import matches_for
from tournament.registration.selectors import counts, settings_of, window_state

pytestmark = pytest.mark.django_db


def test_the_demo_opens_next_seasons_sign_ups_with_people_at_each_step(client):
    demo_league_load()
    season = Competition.objects.get(name=SEASON_NAME)
    assert window_state(settings_of(season)) == "open"
    glance = counts(season)
    assert (glance["places"], glance["free"], glance["pending"], glance["approved"], glance["waiting"]) == (
        6, 0, 4, 2, 2,
    )  # fmt: skip
    assert glance["paid"] == 2 and glance["unpaid"] == 1
    goh = Registration.objects.get(competition=season, name="Goh Siew Lan")
    assert matches_for(goh) == [Player.objects.get(registration_no="SG0004").pk]
    approved = Registration.objects.filter(competition=season, status="approved")
    assert {r.player.registration_no for r in approved} == {"SG0005", "SG0006"}  # returning, not new people
    # the demo organiser runs the queue
    demo_logins_create(Competition.objects.exclude(pk=season.pk).get(), "demo-pass-1")
    client.force_login(get_user_model().objects.get(username="organiser"))
    page = client.get(f"/organise/competitions/{season.pk}/registrations/")
    assert page.status_code == 200 and "Goh Siew Lan" in page.content.decode()


def test_the_demo_sign_ups_are_made_once():
    demo_league_load()
    season = Competition.objects.get(name=SEASON_NAME)
    made = (Registration.objects.count(), Player.objects.count(), AuditEntry.objects.count())
    demo_league_load()
    assert (Registration.objects.count(), Player.objects.count(), AuditEntry.objects.count()) == made
    assert Competition.objects.filter(name=SEASON_NAME).get() == season
