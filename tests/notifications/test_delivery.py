"""Delivery that cannot lie (issue 34, a season's walk): a send in flight is judged on its claim, not its
age; an event told while the broker is down is sent once it is back, once; a permanent refusal fails at
the first try with its reason; and on the embedded default a click never waits on a channel."""

from __future__ import annotations

import socket
import threading
import time
from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from tests.conftest import need
from tests.factories import CompetitionFactory, EntryFactory, PlayerFactory
from tests.notifications.push_service import PUBLIC, forward, resolve
from tournament.models import Message, Preference, PushSubscription
from tournament.notifications import delivery, tasks
from tournament.notifications.broadcast import competition_broadcast
from tournament.notifications.kinds import Channel, Kind

Sent, Queued, Failed, Sending = (Message.State.SENT, Message.State.QUEUED, Message.State.FAILED,
                                 Message.State.SENDING)  # fmt: skip


def _outcome(message_id: int) -> str:
    """What the door ``messages_send`` did with one message: "sent", "failed", "retry", or "skipped" (it
    was not queued: sent, failed, or being sent by another worker)."""
    return delivery.messages_send([message_id]).get(message_id, ("skipped", 0))[0]


@pytest.fixture
def league(organiser):
    competition = CompetitionFactory(name="Spring League")
    competition.organisers.add(organiser)
    players = [PlayerFactory(contact=f"p{i}@example.com") for i in range(3)]
    for player in players:
        EntryFactory(competition=competition, player=player)
    return competition, players


def _message(competition, player, *, channel=Channel.EMAIL, address="", event="t:1", **fields):
    return Message.objects.create(
        competition=competition, kind=Kind.ORGANISER, event=event, recipient=f"p{player.pk}", player=player,
        channel=channel, address=address or player.contact, language="en", subject="s", body="b", **fields,
    )  # fmt: skip


def _sweeping_during_the_send(monkeypatch, now=None):
    """The sweep runs while the message is on its way (beat, on another worker)."""
    real, swept = delivery.send, []

    def send(message, text, **kwargs):
        swept.append(delivery.messages_interrupted(now() if now else None))
        return real(message, text, **kwargs)

    monkeypatch.setattr(delivery, "send", send)
    return swept


# --- 9. the sweep judges a send on its claim --------------------------------------------------------------


@pytest.mark.django_db
def test_a_message_claimed_20_minutes_after_it_was_written_and_still_sending_is_not_swept(
    league, channels, monkeypatch
):
    competition, players = league
    message = _message(competition, players[0])
    Message.objects.filter(pk=message.pk).update(created_at=timezone.now() - timedelta(minutes=20))
    swept = _sweeping_during_the_send(monkeypatch)
    assert _outcome(message.pk) == "sent"
    message.refresh_from_db()
    assert swept == [0] and message.state == Sent and message.reason == ""
    assert message.claimed_at > message.created_at + timedelta(minutes=19)
    assert [m.to for m in mail.outbox] == [[players[0].contact]]


@pytest.mark.django_db
def test_a_claim_stuck_longer_than_the_limit_is_swept_and_a_shorter_one_is_not(league, channels):
    competition, players = league
    now = timezone.now()
    stuck, busy = _message(competition, players[0]), _message(competition, players[1])
    for message, ago in ((stuck, 16), (busy, 14)):
        Message.objects.filter(pk=message.pk).update(
            state=Sending, attempts=1, claimed_at=now - timedelta(minutes=ago), created_at=now
        )
    assert delivery.messages_interrupted(now) == 1
    stuck.refresh_from_db(), busy.refresh_from_db()
    assert stuck.state == Failed and "interrupted" in stuck.reason
    assert busy.state == Sending
    assert _outcome(stuck.pk) == "skipped" and mail.outbox == []  # never sent again


@pytest.mark.django_db
def test_a_send_that_ends_well_after_being_given_up_is_marked_sent(league, channels, monkeypatch):
    competition, players = league
    message = _message(competition, players[0])
    swept = _sweeping_during_the_send(monkeypatch, now=lambda: timezone.now() + timedelta(minutes=16))
    assert _outcome(message.pk) == "sent"
    message.refresh_from_db()
    assert swept == [1] and message.state == Sent and len(mail.outbox) == 1  # the truth wins


# --- 10. an event told while the broker is down ------------------------------------------------------------


@pytest.fixture
def broker(monkeypatch):
    """Tasks go to the broker (as with a worker): ``down`` makes every ``apply_async`` raise as Celery's
    own does when Redis refuses; up, the tasks are kept, to be run as a worker would (``work``)."""
    app = tasks.notifications_send.app
    monkeypatch.setitem(app.conf, "task_always_eager", False)

    class Broker:
        down = True
        queued: list = []

        def send_task(self, name, args=None, kwargs=None, **options):
            if self.down:
                from kombu.exceptions import OperationalError

                raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")
            self.queued.append((name, args))

        def work(self):
            monkeypatch.setitem(app.conf, "task_always_eager", True)  # the worker runs them here
            while self.queued:
                name, args = self.queued.pop(0)
                app.tasks[name](*args)
            monkeypatch.setitem(app.conf, "task_always_eager", False)

    state = Broker()
    monkeypatch.setattr(app, "send_task", state.send_task)
    return state


def _late(minutes=4):
    """Written a few minutes ago: past ``WAITING`` (three minutes, so that a one-minute outage is told
    within minutes of the broker's return: the walk of issue 47)."""
    Message.objects.update(created_at=timezone.now() - timedelta(minutes=minutes))


@pytest.mark.django_db
def test_an_event_told_while_the_broker_is_down_is_sent_by_beat_once(
    league, organiser, channels, broker, django_capture_on_commit_callbacks
):
    competition, players = league
    with django_capture_on_commit_callbacks(execute=True):
        competition_broadcast(competition, text="Bring your own tiles", audience="everyone", user=organiser)
    emails = Message.objects.filter(channel=Channel.EMAIL)
    assert sorted(emails.values_list("address", flat=True)) == sorted(p.contact for p in players)
    assert set(emails.values_list("state", flat=True)) == {Queued} and mail.outbox == []  # kept, waiting
    assert tasks.notifications_requeue() == 0  # not late yet: its send may still be on its way
    broker.down = False
    _late()
    assert tasks.notifications_requeue() == 3
    assert tasks.notifications_requeue() == 3  # beat again before a worker took the first: queued twice
    broker.work()
    assert sorted(m.to[0] for m in mail.outbox) == sorted(p.contact for p in players)  # each once
    assert set(emails.values_list("state", flat=True)) == {Sent}
    assert tasks.notifications_requeue() == 0
    broker.work()
    assert len(mail.outbox) == 3


@pytest.mark.django_db
def test_a_season_link_renewed_on_the_page_while_the_broker_is_down_is_sent_by_beat_once(
    league, organiser, channels, broker, client, django_capture_on_commit_callbacks
):
    """Issue 47, items 10 and 12: a door's event other than a seating or a broadcast (here the organiser
    retiring a player's season link) is not lost with the broker: its message waits, beat sends it once."""
    from tournament.models import Entry
    from tournament.season.links import season_link_token

    competition, players = league
    entry = Entry.objects.get(competition=competition, player=players[0])
    client.force_login(organiser)
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(f"/organise/entries/{entry.pk}/retire-season-link/").status_code == 302
    email = Message.objects.get(channel=Channel.EMAIL)  # written at once in the request, kept waiting
    assert email.state == Queued and email.address == players[0].contact and mail.outbox == []
    broker.down = False
    _late()
    assert tasks.notifications_requeue() == 1
    broker.work()
    entry.refresh_from_db()
    assert [m.to for m in mail.outbox] == [[players[0].contact]]
    assert f"/season/link/{season_link_token(entry)}/" in mail.outbox[0].body
    assert tasks.notifications_requeue() == 0
    broker.work()
    assert len(mail.outbox) == 1


@pytest.mark.django_db
def test_a_retry_lost_with_the_broker_is_queued_again_after_its_backoff(league, channels, broker):
    competition, players = league
    Preference.objects.create(player=players[0], channels=[Channel.TELEGRAM], telegram_chat="1001")
    message = _message(competition, players[0], channel=Channel.TELEGRAM, address="1001")
    channels.answers["/bot"] = [503]
    tasks.notifications_send([message.pk])  # the worker: a passing failure, its retry cannot be queued
    message.refresh_from_db()
    assert (message.state, message.attempts) == (Queued, 1) and broker.queued == []
    broker.down = False
    claimed = message.claimed_at
    assert delivery.messages_waiting(claimed + timedelta(seconds=30) + delivery.WAITING) == [message.pk]
    assert delivery.messages_waiting(claimed + timedelta(seconds=29) + delivery.WAITING) == []
    Message.objects.filter(pk=message.pk).update(claimed_at=claimed - timedelta(minutes=11))
    assert tasks.notifications_requeue() == 1
    broker.work()
    message.refresh_from_db()
    assert (message.state, message.attempts) == (Sent, 2)


@pytest.mark.django_db
def test_a_batch_claimed_by_one_worker_is_not_sent_by_another_meanwhile(league, channels, monkeypatch):
    """Beat's re-queuing runs while a late batch is being sent: the claimed ones are skipped."""
    competition, players = league
    ids = [_message(competition, p).pk for p in players]
    real, others = delivery.send, []

    def send(message, text, **kwargs):
        if not others:
            others.append(delivery.messages_send(ids))  # the other worker, in the middle of this send
        return real(message, text, **kwargs)

    monkeypatch.setattr(delivery, "send", send)
    outcomes = delivery.messages_send(ids)
    assert others == [{}] and set(outcomes) == set(ids)
    assert sorted(m.to[0] for m in mail.outbox) == sorted(p.contact for p in players)


@pytest.mark.django_db(transaction=True)
def test_two_workers_at_once_send_each_message_once(channels, monkeypatch):
    from django.db import connection, connections

    need(connection.vendor == "postgresql", "two connections writing at once: PostgreSQL")
    competition = CompetitionFactory()
    players = [PlayerFactory(contact=f"c{i}@example.com") for i in range(30)]
    for player in players:
        EntryFactory(competition=competition, player=player)
    ids = [_message(competition, p).pk for p in players]
    real = delivery.send
    monkeypatch.setattr(delivery, "send", lambda *a, **k: time.sleep(0.01) or real(*a, **k))
    start, outcomes = threading.Barrier(2), []

    def worker():
        start.wait()
        try:
            outcomes.append(delivery.messages_send(ids))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert not set(outcomes[0]) & set(outcomes[1]) and set(outcomes[0]) | set(outcomes[1]) == set(ids)
    assert sorted(m.to[0] for m in mail.outbox) == sorted(p.contact for p in players)


# --- 11. a refusal fails at once, with its reason --------------------------------------------------------


class SMTPStandIn:
    """A mail server on loopback that answers ``answers`` (MAIL, RCPT, DATA's end) and keeps what it took."""

    def __init__(self, answers: dict):
        self.answers, self.taken = answers, []
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self):
        while True:
            try:
                conn, _ = self.server.accept()
            except OSError:
                return
            threading.Thread(target=self._talk, args=(conn,), daemon=True).start()

    def _talk(self, conn):
        reader = conn.makefile("rb")
        conn.sendall(b"220 stand-in ESMTP\r\n")
        for raw in reader:
            verb = raw[:4].upper()
            if verb in (b"EHLO", b"HELO"):
                conn.sendall(b"250 stand-in\r\n")
            elif verb in (b"MAIL", b"RCPT"):
                conn.sendall(self.answers.get(verb.decode(), b"250 ok") + b"\r\n")
            elif verb == b"DATA":
                conn.sendall(b"354 go on\r\n")
                body = b"".join(iter(lambda: reader.readline(), b".\r\n"))
                answer = self.answers.get("DATA", b"250 taken")
                if answer.startswith(b"250"):
                    self.taken.append(body)
                conn.sendall(answer + b"\r\n")
            elif verb == b"QUIT":
                conn.sendall(b"221 bye\r\n")
                break
            else:  # RSET, NOOP
                conn.sendall(b"250 ok\r\n")
        conn.close()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("answers", "outcome", "said"),
    [
        ({"DATA": b"550 5.7.1 Message rejected as spam"}, "failed", "550"),
        ({"RCPT": b"550 5.1.1 No such user"}, "failed", "550"),
        ({"MAIL": b"553 5.7.1 Sender not allowed"}, "failed", "553"),
        ({"DATA": b"451 4.3.0 Try again later"}, "retry", "451"),
        ({"RCPT": b"450 4.2.1 Mailbox busy"}, "retry", "450"),
    ],
)
def test_a_mail_server_s_permanent_refusal_fails_at_the_first_try(
    league, settings, answers, outcome, said, client, organiser
):
    competition, players = league
    server = SMTPStandIn(answers)
    settings.NOTIFY_EMAIL = True
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", server.port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    message = _message(competition, players[0])
    assert _outcome(message.pk) == outcome
    message.refresh_from_db()
    assert message.attempts == 1 and said in message.reason and server.taken == []
    assert message.state == (Failed if outcome == "failed" else Queued)
    if outcome == "failed":  # the organiser reads why
        client.force_login(organiser)
        page = client.get(f"/organise/competitions/{competition.pk}/messages/?state=failed")
        assert said in page.content.decode() and "refused" in page.content.decode()
    server.server.close()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("status", "outcome"),
    [(400, "failed"), (401, "failed"), (403, "failed"), (410, "failed"), (429, "retry"), (503, "retry")],
)
def test_a_push_service_s_4xx_fails_at_once_and_a_busy_one_is_tried_again(
    league, channels, vapid, monkeypatch, status, outcome
):
    competition, players = league
    resolve(monkeypatch, {"push.example": PUBLIC})
    forward(monkeypatch, channels.url)
    preference = Preference.objects.create(player=players[0], channels=[Channel.PUSH])
    PushSubscription.objects.create(
        preference=preference, endpoint="https://push.example/push/abc", p256dh=vapid["p256dh"],
        auth=vapid["auth"],
    )  # fmt: skip
    channels.answers["/push/"] = [status]
    message = _message(competition, players[0], channel=Channel.PUSH, address="")
    assert _outcome(message.pk) == outcome
    message.refresh_from_db()
    assert message.attempts == 1 and len(channels.to("/push/")) == 1
    assert message.state == (Failed if outcome == "failed" else Queued) and message.reason


@pytest.mark.django_db
def test_a_bad_vapid_key_fails_every_push_at_once_without_posting(league, channels, vapid, settings):
    competition, players = league
    settings.VAPID_PRIVATE_KEY = "not-a-key"
    preference = Preference.objects.create(player=players[0], channels=[Channel.PUSH])
    PushSubscription.objects.create(
        preference=preference, endpoint="https://push.example/push/abc", p256dh=vapid["p256dh"],
        auth=vapid["auth"],
    )  # fmt: skip
    message = _message(competition, players[0], channel=Channel.PUSH, address="")
    assert _outcome(message.pk) == "failed"
    message.refresh_from_db()
    assert message.attempts == 1 and "VAPID_PRIVATE_KEY" in message.reason and channels.requests == []


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("status", "outcome"), [(400, "failed"), (403, "failed"), (404, "failed"), (429, "retry"), (502, "retry")]
)
def test_telegram_and_whatsapp_4xx_fail_at_once_but_429(league, channels, settings, status, outcome):
    competition, players = league
    settings.WHATSAPP_TOKEN, settings.WHATSAPP_PHONE_ID = "EAAGtokenForTests123", "1234567890"
    settings.WHATSAPP_API_URL = channels.url + "/wa/{phone_id}/messages"
    chat = _message(competition, players[0], channel=Channel.TELEGRAM, address="1001")
    phone = _message(competition, players[1], channel=Channel.WHATSAPP, address="+6591234567")
    channels.answers["/bot"], channels.answers["/wa/"] = [status], [status]
    for message in (chat, phone):
        assert _outcome(message.pk) == outcome
        message.refresh_from_db()
        assert message.attempts == 1 and str(status) in message.reason


# --- 11. on the embedded default, a click never waits on a channel ---------------------------------------


@pytest.mark.django_db(transaction=True)
def test_the_request_returns_before_a_slow_channel_has_sent(league, organiser, channels, client, sends_here):
    competition, players = league
    Preference.objects.create(player=players[0], channels=[Channel.TELEGRAM], telegram_chat="1001")
    channels.delays["/bot"] = 2.0  # a channel taking its time
    sends_here.threaded = True  # the embedded default: the sends go to the background thread
    client.force_login(organiser)
    began = time.monotonic()
    answer = client.post(
        f"/organise/competitions/{competition.pk}/messages/",
        {"action": "broadcast", "audience": "everyone", "text": "Doors open at seven"},
    )
    took = time.monotonic() - began
    assert answer.status_code == 302 and took < 1.5
    telegram = Message.objects.get(channel=Channel.TELEGRAM)
    assert telegram.state in (Queued, Sending)  # the page came back while it was on its way
    assert sends_here.drain(timeout=20)
    telegram.refresh_from_db()
    assert telegram.state == Sent and len(channels.to("/bot")) == 1
    assert sorted(m.to[0] for m in mail.outbox) == sorted(p.contact for p in players[1:])
