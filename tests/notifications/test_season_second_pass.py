"""Issue 47's second pass, beyond the digest: reminders on the embedded default (its in-process beat, the
next reminder on the page, the setting in hours or days), inbox messages in the reader's language, and
issue 53's notifications parts (where messages go audited, reads in constant queries)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tests.factories import CompetitionFactory, EntryFactory, PlayerFactory, UserFactory
from tournament.access.models import AuditEntry
from tournament.models import Message, NoticeSettings, Preference, Round
from tournament.notifications.build import Notice, messages_create
from tournament.notifications.kinds import Channel, Kind
from tournament.notifications.links import person_token
from tournament.notifications.people import people_for
from tournament.notifications.preferences import preference_change
from tournament.notifications.reminders import next_reminder
from tournament.project.beat_here import BeatHere

pytestmark = pytest.mark.django_db


@pytest.fixture
def inbox_only(settings):
    settings.NOTIFY_EMAIL = False
    settings.TELEGRAM_BOT_TOKEN = ""
    settings.VAPID_PRIVATE_KEY = settings.VAPID_PUBLIC_KEY = ""
    settings.WHATSAPP_TOKEN = ""


def _league(n=3):
    competition = CompetitionFactory(name="Tuesday League")
    entries = [EntryFactory(competition=competition, player=PlayerFactory()) for _ in range(n)]
    return competition, entries


def test_the_in_process_beat_sends_a_due_reminder_and_each_task_at_its_interval(inbox_only):
    competition, entries = _league()
    NoticeSettings.objects.create(competition=competition, reminder_minutes=120)
    Round.objects.create(competition=competition, number=1, starts_at=timezone.now() + timedelta(minutes=90))
    clock = [1000.0]
    schedule = {
        "r": {"task": "tournament.tasks.notifications_reminders", "schedule": 300},
        "c": {"task": "tournament.tasks.notifications_confirm_digests", "schedule": 60},
        "x": {"task": "tournament.tasks.no_such_task", "schedule": 60},  # fails, stops nothing
    }
    beat = BeatHere(schedule, clock=lambda: clock[0])
    assert beat.tick() == [
        "tournament.tasks.notifications_reminders",
        "tournament.tasks.notifications_confirm_digests",
    ]
    told = Message.objects.filter(kind=Kind.REMINDER, channel=Channel.INBOX)
    assert sorted(told.values_list("player_id", flat=True)) == sorted(e.player_id for e in entries)
    clock[0] += 61
    assert beat.tick() == ["tournament.tasks.notifications_confirm_digests"]
    assert beat.seconds_to_next() == pytest.approx(60)
    clock[0] += 300
    assert "tournament.tasks.notifications_reminders" in beat.tick()
    assert told.count() == 3  # asked again: nobody told twice


def test_the_command_runs_once_here_and_refuses_beside_a_broker(inbox_only, capsys):
    from tournament.project.celery import app

    call_command("beat_here", "--once")
    assert "tournament.tasks.notifications_reminders" in capsys.readouterr().out
    app.conf.task_always_eager = False
    try:
        with pytest.raises(CommandError):
            call_command("beat_here", "--once")
    finally:
        app.conf.task_always_eager = True


def test_the_page_says_when_the_next_reminder_goes_set_in_hours_or_days(inbox_only, organiser, client):
    competition, _entries = _league()
    competition.organisers.add(organiser)
    now = timezone.now()
    soon = Round.objects.create(competition=competition, number=1, starts_at=now + timedelta(hours=30))
    Round.objects.create(competition=competition, number=2, starts_at=now + timedelta(days=8))
    client.force_login(organiser)
    url = f"/organise/competitions/{competition.pk}/messages/"
    assert (
        client.post(url, {"action": "reminder", "reminder_amount": "2", "reminder_unit": "days"}).status_code
        == 302
    )
    assert NoticeSettings.objects.get(competition=competition).reminder_minutes == 2 * 24 * 60
    page = client.get(url).content.decode()
    assert 'value="2"' in page and '<option value="days" selected>' in page
    found = next_reminder(competition.pk, now)
    assert found.round == soon and found.at == soon.starts_at - timedelta(days=2)  # due: goes within a minute
    assert "The reminder for round 1 is due" in page
    call_command("beat_here", "--once")  # the reminder goes; the next one is night 2's
    found = next_reminder(competition.pk)
    assert found.round.number == 2
    page = client.get(url).content.decode()
    assert "The next reminder goes on" in page and "for round 2" in page
    client.post(url, {"action": "reminder", "reminder_amount": "0", "reminder_unit": "hours"})
    assert next_reminder(competition.pk) is None
    assert "No reminder is waiting to go" in client.get(url).content.decode()


def test_an_inbox_message_reaches_a_chinese_reader_in_chinese_when_their_language_is_the_site_s(
    inbox_only, client, django_capture_on_commit_callbacks
):
    competition, entries = _league(1)
    player = entries[0].player
    reminder_round = Round.objects.create(competition=competition, number=4, starts_at=timezone.now())
    messages_create(competition, Kind.REMINDER, [
        Notice(event=f"r{reminder_round.pk}:reminder:x", words=Kind.REMINDER, player_id=player.pk,
               facts={"competition": competition.name, "round": 4, "venue": "", "starts_at": None})
    ], scope=f"r{reminder_round.pk}:")  # fmt: skip
    kept = Message.objects.get(player=player)
    assert kept.language == "en" and kept.words == Kind.REMINDER and kept.subject.startswith("Reminder")
    url = f"/messages/for/{person_token(f'p{player.pk}')}/"
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Reminder: round 4 of Tuesday League" in english
    chinese = client.get(url, HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "Reminder: round 4" not in chinese and "Tuesday League" in chinese
    # A person who chose English reads it in English on a Chinese page
    Preference.objects.create(player=player, language="en")
    assert (
        "Reminder: round 4 of Tuesday League"
        in client.get(url, HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    )


def test_where_messages_go_is_audited_inside_the_change(inbox_only, settings):
    settings.NOTIFY_EMAIL = True
    competition, entries = _league(1)
    player = entries[0].player
    key = f"p{player.pk}"
    preference_change(key, channels=["email"], stopped=[], language="", email="new@example.com", by_link=True)
    entry = AuditEntry.objects.get(action="messages_where_changed")
    assert entry.object_type == "preference" and entry.data["changed"] == ["email"]
    assert "new@example.com" not in entry.summary and player.name in entry.summary
    preference_change(
        key, channels=["email"], stopped=["reminder"], language="zh-hans", email="new@example.com"
    )
    assert (
        AuditEntry.objects.filter(action="messages_where_changed").count() == 1
    )  # kinds, language: not where
    account = UserFactory()
    preference_change(key, channels=[], stopped=[], email="new@example.com", account=account)
    last = AuditEntry.objects.filter(action="messages_where_changed").first()
    assert last.user == account and last.data["changed"] == ["channels"]


def test_people_for_reads_accounts_players_in_constant_queries(inbox_only):
    def queries(n):
        users = []
        for _ in range(n):
            user = UserFactory()
            PlayerFactory(user=user)
            users.append(user.pk)
        with CaptureQueriesContext(connection) as done:
            found = people_for([], users)
        assert len(found) == 2 * n  # each account, and its player
        return len(done)

    assert queries(2) == queries(6)


def test_the_season_page_reads_its_nights_in_constant_queries(organiser, client):
    competition, entries = _league(8)
    competition.organisers.add(organiser)
    client.force_login(organiser)
    url = f"/organise/competitions/{competition.pk}/season/"

    def queries():
        with CaptureQueriesContext(connection) as done:
            assert client.get(url).status_code == 200
        return len(done)

    Round.objects.create(competition=competition, number=1)
    one = queries()
    for n in range(2, 8):
        Round.objects.create(competition=competition, number=n)
    assert queries() == one


def test_the_api_reads_and_sets_the_reminder_in_hours(organiser, inbox_only):
    from tests.api.conftest import client_for

    competition, _entries = _league()
    competition.organisers.add(organiser)
    soon = Round.objects.create(
        competition=competition, number=3, starts_at=timezone.now() + timedelta(days=5)
    )
    url = f"/api/v1/competitions/{competition.pk}/reminder/"
    api = client_for(organiser)
    body = api.get(url).json()
    assert body["reminder_minutes"] == 24 * 60 and body["reminder_hours"] == 24
    assert body["next_reminder_round"] == 3
    changed = api.put(url, {"reminder_hours": 48}, format="json")
    assert changed.status_code == 200 and changed.json()["reminder_hours"] == 48
    assert NoticeSettings.objects.get(competition=competition).reminder_minutes == 48 * 60
    assert changed.json()["next_reminder_at"].startswith(
        timezone.localtime(soon.starts_at - timedelta(hours=48)).isoformat()[:16]
    )
    NoticeSettings.objects.filter(competition=competition).update(reminder_minutes=90)  # kept from before
    assert api.get(url).json()["reminder_hours"] == 1.5
    for bad in ({}, {"reminder_hours": -1}, {"reminder_hours": 337}, {"reminder_hours": "2"},
                {"reminder_minutes": 120}, {"reminder_days": 2}):  # fmt: skip
        assert api.put(url, bad, format="json").status_code == 400, bad
    assert NoticeSettings.objects.get(competition=competition).reminder_minutes == 90
    assert AuditEntry.objects.filter(action="reminder_changed").count() == 1
    assert client_for(UserFactory()).get(url).status_code == 403
    assert client_for(None).get(url).status_code in (401, 403)
    assert client_for(organiser).get("/api/v1/competitions/999999/reminder/").status_code == 404
