"""The pipeline (issue 34): events queue messages on commit, a task sends each once, retries a passing
failure with backoff, one bad address never stops the others, and nothing reaches a stranger."""

from __future__ import annotations

import pytest
from django.core import mail

from tests.factories import CompetitionFactory, EntryFactory, PlayerFactory, UserFactory
from tournament.models import Message, Preference, Seat
from tournament.notifications import delivery
from tournament.notifications.build import Notice, messages_create
from tournament.notifications.kinds import Channel, Kind
from tournament.notifications.tasks import notifications_event
from tournament.rounds.lifecycle import round_publish, round_schedule
from tournament.rounds.seating import round_seat

pytestmark = pytest.mark.django_db

Sent, Queued, Failed = Message.State.SENT, Message.State.QUEUED, Message.State.FAILED


def _outcome(message_id: int) -> str:
    """What the door ``messages_send`` did with one message: "sent", "failed", "retry", or "skipped" (it
    was not queued: sent, failed, or being sent by another worker)."""
    return delivery.messages_send([message_id]).get(message_id, ("skipped", 0))[0]


@pytest.fixture
def night(organiser):
    """A competition of nine players (two tables and a bye), each with an email address, a scorekeeper at
    table 1, and its first round seated as a draft."""
    competition = CompetitionFactory(name="Spring League")
    competition.organisers.add(organiser)
    players = [PlayerFactory(contact=f"player{i}@example.com") for i in range(9)]
    for player in players:
        EntryFactory(competition=competition, player=player)
    keeper = UserFactory(username="kim_keeper", email="kim@example.com")
    competition.scorekeepers.add(keeper)
    from django.utils import timezone

    round_ = round_schedule(competition, user=organiser, venue="Bishan CC", starts_at=timezone.now())
    round_seat(round_, user=organiser, time_budget=1.0)
    round_.tables.filter(number=1).update(scorekeeper=keeper)
    return competition, round_, players, keeper


def _publish(round_, organiser, capture):
    with capture(execute=True):
        round_publish(round_, user=organiser)


def test_publishing_tells_each_player_their_own_table_seat_and_link(
    night, organiser, channels, django_capture_on_commit_callbacks
):
    competition, round_, players, keeper = night
    _publish(round_, organiser, django_capture_on_commit_callbacks)
    seats = {s.player_id: s for s in Seat.objects.filter(round=round_).select_related("table")}
    assert len(seats) == 8
    by_address = {m.to[0]: m for m in mail.outbox}
    for player in players:
        email = by_address[player.contact]
        if player.pk in seats:
            seat = seats[player.pk]
            from tournament.confirmations.seat_links import seat_link_path

            assert f"table {seat.table.number}" in email.body and "Bishan CC" in email.body
            assert "https://league.example" + seat_link_path(seat) in email.body  # their own private link
            others = [seat_link_path(s) for p, s in seats.items() if p != player.pk]
            assert not any(link in email.body for link in others)  # nobody else's
        else:
            assert "sit out" in email.subject
        assert email.extra_headers["List-Unsubscribe"].startswith("<https://league.example/messages/stop/")
    assert "keep the score at table 1" in by_address["kim@example.com"].subject
    assert len(mail.outbox) == 10  # 8 seated, 1 bye, 1 scorekeeper
    assert Message.objects.filter(channel=Channel.INBOX).count() == 10
    assert set(Message.objects.filter(channel=Channel.EMAIL).values_list("state", flat=True)) == {Sent}


def test_the_same_event_twice_sends_once(night, organiser, channels, django_capture_on_commit_callbacks):
    competition, round_, players, keeper = night
    _publish(round_, organiser, django_capture_on_commit_callbacks)
    notifications_event("seating", round_.pk)  # told again (a task delivered twice, a replay)
    notifications_event("seating", round_.pk)
    assert len(mail.outbox) == 10
    assert Message.objects.count() == 20
    # A message already claimed is never sent again, whoever asks.
    message = Message.objects.filter(channel=Channel.EMAIL).first()
    assert _outcome(message.pk) == "skipped"
    assert len(mail.outbox) == 10


def test_a_draft_tells_nobody_and_a_rolled_back_publish_tells_nobody(
    night, organiser, channels, django_capture_on_commit_callbacks
):
    competition, round_, players, keeper = night
    from django.db import transaction

    with django_capture_on_commit_callbacks(execute=True), pytest.raises(RuntimeError):
        with transaction.atomic():
            round_publish(round_, user=organiser)
            raise RuntimeError("the request failed after the door")
    notifications_event("seating", round_.pk)  # the round is still a draft
    assert mail.outbox == [] and Message.objects.count() == 0


def _telegram_people(players, chats):
    for player, chat in zip(players, chats, strict=False):
        Preference.objects.create(player=player, channels=[Channel.TELEGRAM], telegram_chat=chat)


def test_one_bad_address_never_stops_the_others(
    night, organiser, channels, django_capture_on_commit_callbacks
):
    competition, round_, players, keeper = night
    _telegram_people(players[:3], ["1001", "1002", "1003"])
    channels.answers["/bot"] = [200, 400]  # the second chat does not exist: Telegram answers 400
    _publish(round_, organiser, django_capture_on_commit_callbacks)
    telegram = Message.objects.filter(channel=Channel.TELEGRAM).order_by("pk")
    assert sorted(m.state for m in telegram) == [Failed, Sent, Sent]
    failed = telegram.get(state=Failed)
    assert failed.attempts == 1 and "400" in failed.reason  # refused: not tried again
    assert len(channels.to("/bot")) == 3
    assert len(mail.outbox) == 7  # everybody else by email, as before


def test_a_passing_failure_is_tried_again_with_backoff_then_sent(
    night, organiser, channels, django_capture_on_commit_callbacks, sends_here
):
    """On the embedded default a retry is picked up by the sender's look once its backoff has passed
    since its claim: never at once, never slept."""
    from datetime import timedelta

    competition, round_, players, keeper = night
    _telegram_people(players[:1], ["1001"])
    channels.answers["/bot"] = [500, 503]
    _publish(round_, organiser, django_capture_on_commit_callbacks)
    message = Message.objects.get(channel=Channel.TELEGRAM)
    assert (message.state, message.attempts) == (Queued, 1) and "500" in message.reason
    sends_here.sweep(message.claimed_at + timedelta(seconds=29))  # not yet: 30 s after the first try
    message.refresh_from_db()
    assert message.attempts == 1 and len(channels.to("/bot")) == 1
    sends_here.sweep(message.claimed_at + timedelta(seconds=31))
    message.refresh_from_db()
    assert (message.state, message.attempts) == (Queued, 2) and "503" in message.reason
    sends_here.sweep(message.claimed_at + timedelta(seconds=119))  # then four times longer
    assert Message.objects.get(pk=message.pk).attempts == 2
    sends_here.sweep(message.claimed_at + timedelta(seconds=121))
    message.refresh_from_db()
    assert (message.state, message.attempts) == (Sent, 3)
    assert len(channels.to("/bot")) == 3


def test_a_worker_schedules_a_retry_with_backoff(night, channels, monkeypatch):
    """With a broker, the retry is a task queued with its countdown: 30 s, then four times longer."""
    from tournament.notifications import tasks

    competition, round_, players, keeper = night
    _telegram_people(players[:1], ["1001"])
    message = _queued(competition, players[0], channel=Channel.TELEGRAM, address="1001")
    channels.answers["/bot"] = [500, 503]
    waits = []
    monkeypatch.setitem(tasks.notifications_send.app.conf, "task_always_eager", False)
    monkeypatch.setattr(
        tasks.notification_send_again, "apply_async", lambda args, countdown: waits.append(countdown)
    )
    tasks.notifications_send([message.pk])
    tasks.notifications_send([message.pk])
    tasks.notifications_send([message.pk])
    message.refresh_from_db()
    assert waits == [30, 120] and (message.state, message.attempts) == (Sent, 3)


def _queued(competition, player, *, channel=Channel.EMAIL, address="", **fields):
    return Message.objects.create(
        competition=competition, kind=Kind.SEATING, event=f"r0:seat:{channel}", recipient=f"p{player.pk}",
        player=player, channel=channel, address=address or player.contact, language="en", subject="s",
        body="b", **fields,
    )  # fmt: skip


def test_a_channel_that_keeps_failing_ends_failed_with_its_reason(
    night, organiser, channels, django_capture_on_commit_callbacks, sends_here
):
    from datetime import timedelta

    competition, round_, players, keeper = night
    _telegram_people(players[:1], ["1001"])
    channels.answers["/bot"] = [502] * 10
    _publish(round_, organiser, django_capture_on_commit_callbacks)
    for _ in range(delivery.MAX_ATTEMPTS):
        sends_here.sweep(Message.objects.get(channel=Channel.TELEGRAM).claimed_at + timedelta(hours=1))
    message = Message.objects.get(channel=Channel.TELEGRAM)
    assert (message.state, message.attempts) == (Failed, delivery.MAX_ATTEMPTS)
    assert "502" in message.reason
    assert len(channels.to("/bot")) == delivery.MAX_ATTEMPTS


def test_nobody_outside_the_competition_is_told(night, channels):
    competition, round_, players, keeper = night
    stranger, other_keeper = PlayerFactory(contact="x@example.com"), UserFactory(email="y@example.com")
    ids = messages_create(
        competition,
        Kind.ORGANISER,
        [
            Notice(
                event="t:1",
                words=Kind.ORGANISER,
                facts={"competition": "x", "text": "hi"},
                player_id=stranger.pk,
            ),
            Notice(
                event="t:1",
                words=Kind.ORGANISER,
                facts={"competition": "x", "text": "hi"},
                user_id=other_keeper.pk,
            ),
            Notice(
                event="t:1",
                words=Kind.ORGANISER,
                facts={"competition": "x", "text": "hi"},
                player_id=players[0].pk,
            ),
        ],
        scope="t:",
    )
    assert Message.objects.filter(recipient__in=[f"p{stranger.pk}", f"u{other_keeper.pk}"]).count() == 0
    assert len(ids) == 1 and Message.objects.get(pk=ids[0]).player == players[0]


def test_with_no_channel_set_up_every_message_is_kept_in_the_inbox(
    night, organiser, no_channels, client, django_capture_on_commit_callbacks
):
    competition, round_, players, keeper = night
    _publish(round_, organiser, django_capture_on_commit_callbacks)
    assert mail.outbox == []
    assert set(Message.objects.values_list("channel", "state")) == {(Channel.INBOX, Sent)}
    client.force_login(keeper)
    page = client.get("/messages/")
    assert page.status_code == 200 and "you keep the score at table 1" in page.content.decode()


def test_the_message_is_in_the_persons_language(
    night, organiser, channels, django_capture_on_commit_callbacks
):
    competition, round_, players, keeper = night
    chinese = players[0]
    Preference.objects.create(player=chinese, language="zh-hans", channels=[Channel.EMAIL])
    _publish(round_, organiser, django_capture_on_commit_callbacks)
    by_address = {m.to[0]: m for m in mail.outbox}
    seated = Seat.objects.filter(player=chinese).exists()
    assert (
        ("第" in by_address[chinese.contact].subject)
        if seated
        else ("轮空" in by_address[chinese.contact].body)
    )
    assert "停止" in by_address[chinese.contact].body  # the footer too
    assert (
        "Round 1" in by_address[players[1].contact].subject
        or "sit out" in by_address[players[1].contact].subject
    )


def test_whatsapp_when_a_cloud_api_token_is_set(
    night, organiser, channels, settings, django_capture_on_commit_callbacks
):
    competition, round_, players, keeper = night
    settings.WHATSAPP_TOKEN, settings.WHATSAPP_PHONE_ID = "EAAGtokenForTests123", "1234567890"
    settings.WHATSAPP_API_URL = channels.url + "/wa/{phone_id}/messages"
    Preference.objects.create(player=players[0], channels=[Channel.WHATSAPP], whatsapp="+6591234567")
    _publish(round_, organiser, django_capture_on_commit_callbacks)
    ((path, headers, body),) = channels.to("/wa/")
    assert path == "/wa/1234567890/messages" and headers["authorization"] == "Bearer EAAGtokenForTests123"
    assert b"6591234567" in body
    assert Message.objects.get(channel=Channel.WHATSAPP).state == Sent


def test_a_send_interrupted_by_a_stopped_worker_is_marked_failed_not_sent_again(night, channels):
    from datetime import timedelta

    from django.utils import timezone

    competition, round_, players, keeper = night
    message = Message.objects.create(
        competition=competition, kind=Kind.SEATING, event="r0:seat:x", recipient=f"p{players[0].pk}",
        player=players[0], channel=Channel.EMAIL, address=players[0].contact, language="en", subject="s",
        body="b", state=Message.State.SENDING, attempts=1,
    )  # fmt: skip
    assert delivery.messages_interrupted() == 0  # a send in progress is left alone
    assert delivery.messages_interrupted(timezone.now() + timedelta(minutes=16)) == 1
    message.refresh_from_db()
    assert message.state == Failed and "interrupted" in message.reason
    assert _outcome(message.pk) == "skipped" and mail.outbox == []


def test_a_seating_lost_with_the_broker_is_told_by_beat_later(
    night, organiser, channels, django_capture_on_commit_callbacks, monkeypatch
):
    competition, round_, players, keeper = night
    from tournament.notifications import tasks

    def broker_down(*args, **kwargs):
        raise OSError("Connection refused")

    monkeypatch.setattr(tasks.notifications_event, "delay", broker_down)
    _publish(round_, organiser, django_capture_on_commit_callbacks)  # the publish stands
    round_.refresh_from_db()
    assert round_.status == round_.Status.SEATED and mail.outbox == []
    monkeypatch.undo()
    tasks.notifications_reminders()  # beat, five minutes later
    assert len(mail.outbox) == 10
    tasks.notifications_reminders()
    assert len(mail.outbox) == 10  # once


def _slip_seats(round_):
    from tournament.rounds.printing import round_sheets

    slips = round_sheets(round_, "https://league.example/", private=True)
    return [seat for table in slips["tables"] for seat in table.seats]


def test_the_player_slips_print_only_the_codes_no_message_carried(
    night, organiser, channels, django_capture_on_commit_callbacks
):
    from tournament.rounds.printing import round_sheets

    competition, round_, players, keeper = night
    unreached = Seat.objects.filter(round=round_).select_related("player").first().player
    unreached.contact = ""  # no address: only the inbox, which the table cannot rely on
    unreached.save()
    _publish(round_, organiser, django_capture_on_commit_callbacks)
    seats = [
        seat
        for table in round_sheets(round_, "https://league.example/", private=True)["tables"]
        for seat in table.seats
    ]
    assert [s.player for s in seats if s.qr] == [unreached]  # the one code printed
    assert all(s.sent for s in seats if s.player != unreached)
    # The table card itself never prints a private code (issue 32, item 7)
    card = [
        seat for table in round_sheets(round_, "https://league.example/")["tables"] for seat in table.seats
    ]
    assert not any(s.qr for s in card)
    # A link retired and sent again still counts as delivered; a link retired, not yet sent, is printed.
    from tournament.confirmations.seat_links import seat_link_reset

    other = Seat.objects.filter(round=round_).exclude(player=unreached).first()
    with django_capture_on_commit_callbacks(execute=True):
        seat_link_reset(other, user=organiser)
    seats = [
        seat
        for table in round_sheets(round_, "https://league.example/", private=True)["tables"]
        for seat in table.seats
    ]
    assert sorted(s.player.pk for s in seats if s.qr) == [unreached.pk]
    seat_link_reset(other, user=organiser)  # its message not sent (no commit in this test)
    seats = [
        seat
        for table in round_sheets(round_, "https://league.example/", private=True)["tables"]
        for seat in table.seats
    ]
    assert sorted(s.player.pk for s in seats if s.qr) == sorted([unreached.pk, other.player_id])
