"""The pages (issue 34): a person's inbox and choices (logged in, or by their private link), the one-tap
stop link, web push, and the organiser's messages page with its message to everyone."""

from __future__ import annotations

import json
import re

import pytest
from django.core import mail

from tests.factories import CompetitionFactory, EntryFactory, PlayerFactory, UserFactory
from tests.notifications.push_service import PUBLIC, forward, resolve
from tournament.models import AuditEntry, Broadcast, Message, NoticeSettings, Preference, PushSubscription
from tournament.notifications.broadcast import competition_broadcast
from tournament.notifications.kinds import Channel, Kind
from tournament.notifications.links import person_token, stop_token

pytestmark = pytest.mark.django_db


@pytest.fixture
def league(organiser):
    competition = CompetitionFactory(name="Spring League")
    competition.organisers.add(organiser)
    players = [PlayerFactory(contact=f"p{i}@example.com") for i in range(3)]
    for player in players:
        EntryFactory(competition=competition, player=player)
    return competition, players


def _broadcast(competition, organiser, capture, text="Bring your own tiles tonight"):
    with capture(execute=True):
        return competition_broadcast(competition, text=text, audience="everyone", user=organiser)


def test_the_stop_link_works_without_a_login_and_stops_that_kind_only(
    league, organiser, channels, client, django_capture_on_commit_callbacks
):
    competition, players = league
    _broadcast(competition, organiser, django_capture_on_commit_callbacks)
    email = next(m for m in mail.outbox if m.to == [players[0].contact])
    link = next(line.split(": ", 1)[1] for line in email.body.splitlines() if "/messages/stop/" in line)
    path = link.removeprefix("https://league.example")
    page = client.get(path)
    assert page.status_code == 200 and Preference.objects.count() == 0  # looking changes nothing
    assert client.post(path).status_code == 200  # one tap (a mail app's one-click POST needs no token)
    assert Preference.objects.get(player=players[0]).stopped == [Kind.ORGANISER]
    mail.outbox.clear()
    _broadcast(competition, organiser, django_capture_on_commit_callbacks, text="Second message")
    assert sorted(m.to[0] for m in mail.outbox) == [players[1].contact, players[2].contact]
    kept = Message.objects.filter(player=players[0], channel=Channel.INBOX, body="Second message")
    assert kept.exists()  # still kept in their inbox
    assert client.post("/messages/stop/p1.organiser:forged/").status_code == 404
    assert (
        client.get("/messages/stop/" + stop_token(f"p{players[1].pk}", "nonsense") + "/").status_code == 404
    )


def test_the_person_link_opens_only_that_persons_inbox_and_choices(
    league, organiser, no_channels, client, django_capture_on_commit_callbacks
):
    competition, players = league
    _broadcast(competition, organiser, django_capture_on_commit_callbacks)
    path = f"/messages/for/{person_token(f'p{players[0].pk}')}/"
    page = client.get(path)
    assert page.status_code == 200 and "Bring your own tiles tonight" in page.content.decode()
    assert page["Cache-Control"] == "private, no-store"
    # The organiser's contact for the player stays where messages go: a link alone never moves it (issue 48).
    changed = client.post(path, {"language": "zh-hans", "kinds": ["seating", "bye"], "email": ""})
    assert changed.status_code == 302
    pref = Preference.objects.get(player=players[0])
    assert (pref.language, pref.email) == ("zh-hans", "")
    assert set(pref.stopped) == set(Kind.values) - {"seating", "bye"}
    assert client.post(path, {"email": "not an address"}).status_code == 400
    assert client.get("/messages/for/p1:forged/").status_code == 404


def test_my_messages_need_a_login_and_show_mine_only(
    league, organiser, no_channels, client, django_capture_on_commit_callbacks
):
    competition, players = league
    user = UserFactory(username="pat")
    players[0].user = user
    players[0].save()
    _broadcast(competition, organiser, django_capture_on_commit_callbacks)
    assert client.get("/messages/").status_code == 302  # to the login page
    client.force_login(user)
    assert "Bring your own tiles tonight" in client.get("/messages/").content.decode()
    client.force_login(UserFactory(username="charlie"))
    assert "Bring your own tiles tonight" not in client.get("/messages/").content.decode()


def test_web_push_subscribes_and_delivers_to_the_push_service(
    league, organiser, channels, vapid, client, django_capture_on_commit_callbacks, monkeypatch
):
    competition, players = league
    resolve(monkeypatch, {"push.example": PUBLIC})  # a public push service (a name that resolves)
    user = UserFactory(username="pat")
    players[0].user = user
    players[0].save()
    client.force_login(user)
    page = client.get("/messages/").content.decode()
    # the subscribe button and its script (hashed in production: js/push.<hash>.js)
    assert f'data-key="{vapid["public"]}"' in page and re.search(r"js/push\.(?:[0-9a-f]{12}\.)?js", page)
    subscription = {
        "endpoint": "https://push.example/abc",
        "keys": {"p256dh": vapid["p256dh"], "auth": vapid["auth"]},
    }
    made = client.post("/messages/push/", json.dumps(subscription), content_type="application/json")
    assert made.status_code == 201
    assert client.post("/messages/push/", "{broken", content_type="application/json").status_code == 400
    plain = {"endpoint": "http://push.example/abc", "keys": {"p256dh": "x", "auth": "y"}}
    assert (
        client.post("/messages/push/", json.dumps(plain), content_type="application/json").status_code == 400
    )
    # A NUL or a lone surrogate (JSON escapes), keys that are not base64url: refused, nothing stored
    for bad in (
        {"endpoint": "https://push.example/a\u0000b", "keys": subscription["keys"]},
        {"endpoint": "https://push.example/\ud800", "keys": subscription["keys"]},
        {"endpoint": "https://push.example/ok", "keys": {"p256dh": "x\u0000", "auth": vapid["auth"]}},
        {"endpoint": "https://push.example/ok", "keys": {"p256dh": vapid["p256dh"], "auth": "\udc00"}},
        # an address or a local name: the worker would post inside the network
        {"endpoint": "https://127.0.0.1:8443/push", "keys": subscription["keys"]},
        {"endpoint": "https://[::1]/push", "keys": subscription["keys"]},
        {"endpoint": "https://169.254.169.254/latest", "keys": subscription["keys"]},
        {"endpoint": "https://localhost/push", "keys": subscription["keys"]},
        {"endpoint": "https://redis/push", "keys": subscription["keys"]},
    ):
        refused = client.post("/messages/push/", json.dumps(bad), content_type="application/json")
        assert refused.status_code == 400 and refused.json()["errors"][0]["code"] == "invalid"
    # Nested past Python's recursion limit (was a 500), not an object, numbers where text is due
    for raw in ("[" * 100_000 + "]" * 100_000, '"text"', '{"endpoint": 5, "keys": {"p256dh": 1, "auth": 2}}'):
        refused = client.post("/messages/push/", raw, content_type="application/json")
        assert refused.status_code == 400 and refused.json()["errors"][0]["code"] == "invalid"
    assert PushSubscription.objects.count() == 1
    assert Preference.objects.get(player=players[0]).channels == ["email", "push"]
    # The browser's push service stands in on loopback, behind the public-only session.
    forward(monkeypatch, channels.url)
    PushSubscription.objects.update(endpoint="https://push.example/push/abc")
    _broadcast(competition, organiser, django_capture_on_commit_callbacks)
    ((path, headers, body),) = channels.to("/push/")
    assert headers["authorization"].startswith("vapid t=") and headers["content-encoding"] == "aes128gcm"
    assert b"Bring your own" not in body  # encrypted for the browser
    assert Message.objects.get(player=players[0], channel=Channel.PUSH).state == Message.State.SENT
    channels.answers["/push/"] = [410]  # the browser unsubscribed
    _broadcast(competition, organiser, django_capture_on_commit_callbacks, text="Again")
    assert not PushSubscription.objects.exists()
    failed = Message.objects.get(player=players[0], channel=Channel.PUSH, body="Again")
    assert failed.state == Message.State.FAILED and "gone" in failed.reason


def test_the_organiser_sees_each_message_state_and_reason(
    league, organiser, channels, client, django_capture_on_commit_callbacks
):
    competition, players = league
    Preference.objects.create(player=players[0], channels=[Channel.TELEGRAM], telegram_chat="not-a-chat")
    _broadcast(competition, organiser, django_capture_on_commit_callbacks)
    client.force_login(organiser)
    page = client.get(f"/organise/competitions/{competition.pk}/messages/")
    text = page.content.decode()
    assert page.status_code == 200 and "not a Telegram chat id" in text
    assert text.count('<li class="msg-sent">') == 2 and text.count('<li class="msg-failed">') == 1
    failed = client.get(f"/organise/competitions/{competition.pk}/messages/?state=failed").content.decode()
    assert players[0].name in failed and players[1].name not in failed
    other = UserFactory(username="otto_other_organiser")
    from django.contrib.auth.models import Group

    other.groups.add(Group.objects.get(name="organiser"))
    client.force_login(other)
    assert client.get(f"/organise/competitions/{competition.pk}/messages/").status_code == 403


def test_a_message_to_everyone_is_limited_and_audited(league, organiser, channels, client, settings):
    competition, players = league
    settings.NOTIFY_BROADCASTS_PER_DAY = 2
    client.force_login(organiser)
    url = f"/organise/competitions/{competition.pk}/messages/"
    for n in range(2):
        sent = client.post(url, {"action": "broadcast", "audience": "everyone", "text": f"Note {n}"})
        assert sent.status_code == 302
    refused = client.post(url, {"action": "broadcast", "audience": "everyone", "text": "Note 3"})
    assert refused.status_code == 429 and Broadcast.objects.count() == 2
    # The same message again (a double tap, a replayed post) is not sent twice, nor counted
    settings.NOTIFY_BROADCASTS_PER_DAY = 5
    again = client.post(url, {"action": "broadcast", "audience": "everyone", "text": "Note 1"})
    assert again.status_code == 409 and "not sent twice" in again.content.decode()
    assert Broadcast.objects.count() == 2
    assert client.post(url, {"action": "broadcast", "audience": "everyone", "text": ""}).status_code == 400
    assert client.post(url, {"action": "broadcast", "audience": "all", "text": "x"}).status_code == 400
    entries = AuditEntry.objects.filter(action="message_broadcast", competition=competition)
    assert entries.count() == 2 and "Note 0" in entries.last().summary
    # In hours or days (issue 47), kept as minutes
    assert (
        client.post(url, {"action": "reminder", "reminder_amount": "3", "reminder_unit": "hours"}).status_code
        == 302
    )
    assert (
        client.post(url, {"action": "reminder", "reminder_amount": "-1", "reminder_unit": "days"}).status_code
        == 400
    )
    assert (
        client.post(url, {"action": "reminder", "reminder_amount": "15", "reminder_unit": "days"}).status_code
        == 400
    )
    assert (
        client.post(url, {"action": "reminder", "reminder_amount": "2", "reminder_unit": "weeks"}).status_code
        == 400
    )
    assert client.post(url, {"action": "reminder", "reminder_minutes": "90"}).status_code == 400
    assert competition.notice_settings.reminder_minutes == 180
    assert AuditEntry.objects.filter(action="reminder_changed").count() == 1


def test_the_admin_is_a_read_only_window(
    league, organiser, channels, client, django_capture_on_commit_callbacks
):
    competition, players = league
    _broadcast(competition, organiser, django_capture_on_commit_callbacks)
    admin = UserFactory(username="ada_admin", is_staff=True, is_superuser=True)
    client.force_login(admin)
    assert client.get("/admin/tournament/message/").status_code == 200
    message = Message.objects.filter(channel=Channel.EMAIL).first()
    page = client.get(f"/admin/tournament/message/{message.pk}/change/")
    assert page.status_code == 200 and "Bring your own tiles" not in page.content.decode()  # no body, no link
    changed = client.post(f"/admin/tournament/message/{message.pk}/change/", {"state": "queued"})
    assert changed.status_code == 403
    assert client.post(f"/admin/tournament/message/{message.pk}/delete/", {"post": "yes"}).status_code == 403
    message.refresh_from_db()
    assert message.state == Message.State.SENT


def test_bad_input_is_refused_and_changes_nothing(league, organiser, no_channels, client):
    competition, players = league
    assert client.get("/messages/stop/" + "x" * 5000 + "/").status_code == 404
    token = person_token(f"p{players[0].pk}")
    assert (
        client.post(f"/messages/for/{token}/push/", "{}", content_type="application/json").status_code == 404
    )
    assert client.post(f"/messages/for/{token}/", {"email": "a@" + "b" * 300 + ".com"}).status_code == 400
    assert client.post(f"/messages/for/{token}/", {"language": "klingon"}).status_code == 400
    client.force_login(organiser)
    url = f"/organise/competitions/{competition.pk}/messages/"
    assert (
        client.post(url, {"action": "broadcast", "audience": "everyone", "text": "x" * 1001}).status_code
        == 400
    )
    assert (
        client.post(
            url, {"action": "reminder", "reminder_amount": "1" + "0" * 30, "reminder_unit": "days"}
        ).status_code
        == 400
    )
    assert client.post(url, {}).status_code == 400
    assert not Preference.objects.exists() and not Broadcast.objects.exists()
    assert not Message.objects.exists() and not NoticeSettings.objects.exists()
