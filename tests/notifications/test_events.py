"""What is told to whom (issue 34): a hand waiting, a ruling, results, reminders; and a seat link is for
its night only."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from tests.factories import CompetitionFactory, EntryFactory, PlayerFactory, UserFactory, seated_table
from tournament.confirmations.seat_links import seat_for_token, seat_link_reset, seat_link_token
from tournament.confirmations.services import hand_answer, hand_rule
from tournament.models import Message, NoticeSettings, Round, Seat
from tournament.notifications.kinds import Channel, Kind
from tournament.notifications.reminders import reminders_due, rounds_to_remind
from tournament.rounds.lifecycle import round_finish, round_hold
from tournament.tables.ledger.record import hand_record

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(organiser, channels):
    keeper = UserFactory(username="kim_keeper")
    competition = CompetitionFactory(confirmation="players", confirmations_needed=2)
    competition.organisers.add(organiser)
    players = [PlayerFactory(contact=f"p{i}@example.com") for i in range(4)]
    return seated_table(competition=competition, players=players, scorekeeper=keeper), keeper


def _win(table, keeper):
    east, south = table.seat_map["E"], table.seat_map["S"]
    entry = {"outcome": "win", "winner": east, "win": "discard", "discarder": south, "doubles": 3}
    return hand_record(table=table, entry=entry, user=keeper)


def _emails(kind):
    return sorted(m.to[0] for m in mail.outbox if kind in m.subject)


def test_a_hand_waiting_tells_each_player_with_their_own_link(table, django_capture_on_commit_callbacks):
    table, keeper = table
    with django_capture_on_commit_callbacks(execute=True):
        hand = _win(table, keeper)
    seats = Seat.objects.filter(table=table).select_related("player")
    assert _emails("waits for you") == sorted(s.player.contact for s in seats)
    for seat in seats:
        message = Message.objects.get(player=seat.player, kind=Kind.CONFIRM, channel=Channel.EMAIL)
        assert message.link.endswith(f"/s/{seat_link_token(seat)}/")
    event = f"r{table.round_id}:confirm:h{hand.pk}"  # gathered per round (issue 47)
    assert Message.objects.filter(event=event).count() == 8  # inbox and email, once each


def test_no_confirmation_asked_no_message(organiser, channels, django_capture_on_commit_callbacks):
    table = seated_table(competition=CompetitionFactory(), scorekeeper=UserFactory())
    with django_capture_on_commit_callbacks(execute=True):
        _win(table, table.scorekeeper)
    assert mail.outbox == [] and not Message.objects.exists()


def test_the_ruling_goes_to_the_player_who_disputed(table, organiser, django_capture_on_commit_callbacks):
    table, keeper = table
    hand = _win(table, keeper)
    seats = {s.wind: s for s in Seat.objects.filter(table=table).select_related("player")}
    hand_answer(hand=hand, seat=seats["W"], verdict="dispute", reason="wrong discarder")
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        hand_rule(hand=hand, ruling="keep", reason="the discarder was right", user=organiser)
    assert _emails("ruling") == [seats["W"].player.contact]
    body = next(m.body for m in mail.outbox if "ruling" in m.subject)
    assert "kept hand 1" in body and "the discarder was right" in body


def test_results_released_tell_the_round_s_players_once(table, organiser, django_capture_on_commit_callbacks):
    table, keeper = table
    round_ = table.round
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.PLAYING, results_held=True)
    table.ended_at = timezone.now()
    table.save()
    with django_capture_on_commit_callbacks(execute=True):
        round_finish(round_, user=organiser)  # held: nothing yet
    assert _emails("are out") == []
    with django_capture_on_commit_callbacks(execute=True):
        round_hold(round_, held=False, user=organiser)
    assert len(_emails("are out")) == 4
    with django_capture_on_commit_callbacks(execute=True):
        round_hold(round_, held=True, user=organiser)
        round_hold(round_, held=False, user=organiser)  # released again: told once
    assert len(_emails("are out")) == 4


def test_a_reminder_goes_at_the_organiser_s_time_once(organiser, channels):
    competition = CompetitionFactory()
    for i in range(3):
        EntryFactory(competition=competition, player=PlayerFactory(contact=f"r{i}@example.com"))
    EntryFactory(
        competition=competition, player=PlayerFactory(contact="gone@example.com"), status="withdrawn"
    )
    NoticeSettings.objects.create(competition=competition, reminder_minutes=120)
    now = timezone.now()
    tonight = Round.objects.create(competition=competition, number=1, starts_at=now + timedelta(minutes=90))
    Round.objects.create(competition=competition, number=2, starts_at=now + timedelta(days=3))
    assert rounds_to_remind(now - timedelta(minutes=40)) == []  # 130 minutes before: not yet
    assert rounds_to_remind(now) == [tonight.pk]
    from tournament.notifications.tasks import _queue_sends

    for ids in reminders_due(now):
        _queue_sends(ids)
    for ids in reminders_due(now):  # beat asks again five minutes later
        _queue_sends(ids)
    assert _emails("Reminder") == ["r0@example.com", "r1@example.com", "r2@example.com"]
    NoticeSettings.objects.filter(competition=competition).update(reminder_minutes=0)
    Round.objects.filter(pk=tonight.pk).update(starts_at=now + timedelta(minutes=30))
    assert rounds_to_remind(now) == []  # no reminder set


def test_a_seat_link_is_for_its_night_and_can_be_retired(organiser, channels):
    table = seated_table(competition=CompetitionFactory())
    table.round.competition.organisers.add(organiser)
    seat = Seat.objects.select_related("table__round").get(table=table, wind="E")
    token = seat_link_token(seat)
    assert seat_for_token(token) == seat
    round_ = table.round
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.FINISHED, starts_at=timezone.now())
    assert seat_for_token(token) == seat  # the same night: still open
    Round.objects.filter(pk=round_.pk).update(starts_at=timezone.now() - timedelta(hours=13))
    assert seat_for_token(token) is None  # the night is over
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.PLAYING)
    new = seat_link_reset(seat, user=organiser)
    assert seat_for_token(token) is None and seat_for_token(new) is not None  # retired


def test_a_retired_seat_link_sends_its_player_the_new_one(
    organiser, channels, django_capture_on_commit_callbacks
):
    players = [PlayerFactory(contact=f"s{i}@example.com") for i in range(4)]
    table = seated_table(competition=CompetitionFactory(), players=players)
    table.round.competition.organisers.add(organiser)
    seat = Seat.objects.select_related("table__round", "player").get(table=table, wind="S")
    old = seat_link_token(seat)
    with django_capture_on_commit_callbacks(execute=True):
        new = seat_link_reset(seat, user=organiser)
    (email,) = mail.outbox
    assert email.to == [seat.player.contact]
    assert f"/s/{new}/" in email.body and f"/s/{old}/" not in email.body
    with django_capture_on_commit_callbacks(execute=True):
        newer = seat_link_reset(seat, user=organiser)  # retired again: told again, the newest link
    assert len(mail.outbox) == 2 and f"/s/{newer}/" in mail.outbox[1].body


def test_a_round_ended_at_its_time_releases_its_results(table, organiser, django_capture_on_commit_callbacks):
    table, keeper = table
    from tournament.rounds.lifecycle import round_end

    Round.objects.filter(pk=table.round_id).update(status=Round.Status.PLAYING)
    with django_capture_on_commit_callbacks(execute=True):
        round_end(table.round, user=organiser)
    assert len(_emails("are out")) == 4


def test_a_reminder_skips_a_no_and_carries_each_players_own_reply_link(organiser, channels):
    """The season's replies decide who is reminded (issue 33 with 34): yes and not answered, never no."""
    from django.urls import reverse

    from tournament.models import Entry
    from tournament.notifications.recipients import broadcast_players
    from tournament.notifications.tasks import _queue_sends
    from tournament.season.attendance import attendance_reply
    from tournament.season.links import season_link_token

    competition = CompetitionFactory()
    competition.organisers.add(organiser)
    entries = [
        EntryFactory(competition=competition, player=PlayerFactory(contact=f"n{i}@example.com"))
        for i in range(3)
    ]
    NoticeSettings.objects.create(competition=competition, reminder_minutes=120)
    now = timezone.now()
    tonight = Round.objects.create(competition=competition, number=1, starts_at=now + timedelta(minutes=90))
    attendance_reply(tonight, entries[1], "no", user=organiser)
    attendance_reply(tonight, entries[2], "yes", user=organiser)
    for ids in reminders_due(now):
        _queue_sends(ids)
    assert _emails("Reminder") == ["n0@example.com", "n2@example.com"]
    for message in (m for m in mail.outbox if "Reminder" in m.subject):
        entry = Entry.objects.get(competition=competition, player__contact=message.to[0])
        assert reverse("public:season_link", args=[season_link_token(entry)]) in message.body
    # An organiser's message to "those who have not answered" reaches the one who has not, for this night
    assert broadcast_players(competition, "unanswered") == [entries[0].player_id]
