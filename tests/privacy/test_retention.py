"""Retention (issue 51): contact details of people with no entry for PRIVACY_RETENTION_MONTHS are erased by
the daily beat task, the organisers told PRIVACY_RETENTION_WARN_DAYS before, with a report."""

from __future__ import annotations

import datetime
from io import StringIO

import pytest
from django.conf import settings
from django.core.management import call_command
from django.utils import timezone

from tests.factories import CompetitionFactory, EntryFactory, PlayerFactory
from tournament.models import AuditEntry, Entry, ErasureRecord, Message, Player, Preference, RetentionWarning
from tournament.privacy.retention import retention_run
from tournament.privacy.tasks import privacy_retention

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(organiser):
    competition = CompetitionFactory(name="Old Season")
    competition.organisers.add(organiser)
    old = PlayerFactory(name="Olga Oldtimer", contact="+6590001111")
    Preference.objects.create(player=old, channels=["email"], email="olga@example.com")
    recent = PlayerFactory(name="Rita Recent", contact="+6590002222")
    EntryFactory(competition=competition, player=old)
    EntryFactory(competition=competition, player=recent)
    long_ago = timezone.now() - datetime.timedelta(days=26 * 31)
    Entry.objects.filter(player=old).update(entered_at=long_ago)
    return {"competition": competition, "old": old, "recent": recent}


def test_the_organiser_is_told_first_then_the_contact_goes_and_the_name_stays(organiser, people):
    old, recent = people["old"], people["recent"]
    now = timezone.now()
    report = retention_run(now=now)
    assert [pk for pk, _name, _day in report.warned] == [old.pk] and report.erased == []
    assert Player.objects.get(pk=old.pk).contact == "+6590001111"  # not yet: told first
    warning = RetentionWarning.objects.get(player=old)
    assert warning.erase_on == timezone.localdate(now) + datetime.timedelta(
        days=settings.PRIVACY_RETENTION_WARN_DAYS
    )
    told = Message.objects.get(user=organiser, event__startswith="privacy:warn:")
    assert "Olga Oldtimer" in told.body and str(warning.erase_on) in told.body and told.channel == "inbox"
    assert retention_run(now=now).warned == []  # told once
    later = now + datetime.timedelta(days=settings.PRIVACY_RETENTION_WARN_DAYS + 1)
    report = retention_run(now=later)
    assert report.erased == [(old.pk, "Olga Oldtimer")]
    old.refresh_from_db()
    assert old.contact == "" and old.name == "Olga Oldtimer"
    pref = Preference.objects.get(player=old)
    assert (pref.email, pref.channels) == ("", [])
    assert ErasureRecord.objects.get(player=old).scope == "contact"
    assert AuditEntry.objects.filter(action="contact_erased", object_id=old.pk).exists()
    assert Message.objects.filter(user=organiser, event__startswith="privacy:done:").exists()
    assert Player.objects.get(pk=recent.pk).contact == "+6590002222"
    assert retention_run(now=later + datetime.timedelta(days=1)).erased == []  # nothing left to erase


def test_a_person_who_plays_again_after_the_warning_is_spared(people):
    old = people["old"]
    now = timezone.now()
    retention_run(now=now)
    EntryFactory(competition=CompetitionFactory(name="New Season"), player=old)
    report = retention_run(now=now + datetime.timedelta(days=40))
    assert report.erased == [] and report.spared == 1
    assert Player.objects.get(pk=old.pk).contact == "+6590001111"


def test_the_operator_sets_the_period(people, settings):
    settings.PRIVACY_RETENTION_MONTHS = 60
    assert retention_run().warned == []


def test_the_command_prints_the_report_and_the_beat_runs_the_task(people):
    out = StringIO()
    call_command("privacy_retention", stdout=out)
    assert "warned: " in out.getvalue() and "1 warned, 0 erased" in out.getvalue()
    assert privacy_retention.name == "tournament.tasks.privacy_retention"
    assert settings.CELERY_BEAT_SCHEDULE["privacy-retention"]["task"] == privacy_retention.name
    assert privacy_retention.apply().get() == {"warned": 0, "erased": 0, "spared": 0}


def test_closed_sign_ups_that_never_became_a_player_lose_their_contact(people):
    from tournament.models import Registration

    competition = people["competition"]
    common = {"competition": competition, "name": "Sam Signup", "answers": {"Q": "free text"}}
    stale = Registration.objects.create(**common, email="s@example.com", phone="+6593334444", token="a",
                                        status="refused")  # fmt: skip
    waiting = Registration.objects.create(**common, email="w@example.com", token="b", status="waiting")
    long_ago = timezone.now() - datetime.timedelta(days=25 * 31)
    Registration.objects.filter(pk__in=[stale.pk, waiting.pk]).update(changed_at=long_ago)
    report = retention_run()
    assert report.signups == 1
    stale.refresh_from_db()
    waiting.refresh_from_db()
    assert (stale.email, stale.phone, stale.answers, stale.name) == ("", "", {}, "Sam Signup")
    assert waiting.email == "w@example.com"  # still waiting for a place: kept
    assert AuditEntry.objects.filter(action="signups_erased", competition=competition).exists()
