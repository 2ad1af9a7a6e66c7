"""Hands to confirm, gathered (issue 47, item 7): one message every few minutes per player, by hand as it
stands when sent; event keys so that nothing is told twice or missed."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone, translation
from django.utils.translation import gettext

from tests.factories import CompetitionFactory, PlayerFactory, UserFactory, seated_table
from tournament.confirmations.services import hand_answer
from tournament.models import Message, Seat
from tournament.notifications.confirm_digest import GATHER, confirm_digests_due
from tournament.notifications.kinds import Channel, Kind
from tournament.notifications.tasks import _queue_sends
from tournament.tables.ledger.record import hand_record
from tournament.tables.ledger.void import hand_void

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(settings):
    settings.NOTIFY_EMAIL = True
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    keeper = UserFactory(username="kim_keeper")
    competition = CompetitionFactory(confirmation="players", confirmations_needed=2)
    players = [PlayerFactory(contact=f"p{i}@example.com") for i in range(4)]
    return seated_table(competition=competition, players=players, scorekeeper=keeper), keeper


def _win(table, keeper):
    east, south = table.seat_map["E"], table.seat_map["S"]
    entry = {"outcome": "win", "winner": east, "win": "discard", "discarder": south, "doubles": 3}
    return hand_record(table=table, entry=entry, user=keeper)


def _mails_to(address):
    return [m for m in mail.outbox if m.to == [address]]


def _look(now):
    for ids in confirm_digests_due(now):
        _queue_sends(ids)


def test_five_hands_in_two_minutes_are_two_messages_then_nothing_twice(
    table, django_capture_on_commit_callbacks
):
    table, keeper = table
    for _ in range(5):
        with django_capture_on_commit_callbacks(execute=True):
            _win(table, keeper)
    # The first hand told at once; the four after it gathered (told a moment ago)
    assert [m.subject for m in _mails_to("p0@example.com")] == ["Hand 1 at table 1 waits for you"]
    _look(timezone.now() + timedelta(minutes=1))  # beat's look inside the gathering time: nothing
    assert len(_mails_to("p0@example.com")) == 1
    _look(timezone.now() + GATHER + timedelta(seconds=5))
    second = _mails_to("p0@example.com")[1]
    assert second.subject == "Hands 1, 2, 3, 4 and 5 at table 1 wait for you"
    assert "hands 1, 2, 3, 4 and 5 at table 1 wait for your confirmation" in second.body
    assert len(mail.outbox) == 8  # four players, two messages each
    _look(timezone.now() + 3 * GATHER)  # nothing new: nobody told twice
    assert len(mail.outbox) == 8
    inbox = Message.objects.filter(
        recipient=f"p{table.seat_map['E']}", channel=Channel.INBOX, kind=Kind.CONFIRM
    )
    assert inbox.count() == 2


def test_a_void_renumbers_what_waits_and_an_answer_is_not_asked_again(
    table, django_capture_on_commit_callbacks
):
    table, keeper = table
    with django_capture_on_commit_callbacks(execute=True):
        first = _win(table, keeper)
        second = _win(table, keeper)
        _win(table, keeper)  # hand 3
    seats = list(Seat.objects.filter(table=table).select_related("player"))
    for seat in seats[:2]:  # two agree: hand 1 counts, it waits for nobody
        hand_answer(hand=first, seat=seat, verdict="agree")
    hand_void(hand=second, reason="entered twice", user=keeper)
    with django_capture_on_commit_callbacks(execute=True):
        _win(table, keeper)  # recorded 4th: hand 3 in play now
    mail.outbox.clear()
    _look(timezone.now() + GATHER + timedelta(seconds=5))
    # Hand 3 was recorded third and is hand 2 now (hand 2 voided); the newest is hand 3 as it stands
    assert {m.subject for m in mail.outbox} == {"Hands 2 and 3 at table 1 wait for you"}
    assert len(mail.outbox) == 4


def test_a_hand_after_a_message_is_never_missed(table, django_capture_on_commit_callbacks):
    table, keeper = table
    with django_capture_on_commit_callbacks(execute=True):
        _win(table, keeper)
    later = timezone.now() + GATHER + timedelta(seconds=5)
    _look(later)  # nothing new since the first message
    assert len(_mails_to("p1@example.com")) == 1
    with django_capture_on_commit_callbacks(execute=True):
        _win(table, keeper)  # the last message was more than GATHER ago? not yet (real time): gathered
    _look(later)
    subjects = [m.subject for m in _mails_to("p1@example.com")]
    assert subjects == ["Hand 1 at table 1 waits for you", "Hands 1 and 2 at table 1 wait for you"]


def test_the_digest_is_written_in_the_player_s_language(table, django_capture_on_commit_callbacks):
    from tournament.models import Preference

    table, keeper = table
    Preference.objects.create(player_id=table.seat_map["S"], language="zh-hans", channels=["email"])
    for _ in range(2):
        with django_capture_on_commit_callbacks(execute=True):
            _win(table, keeper)
    _look(timezone.now() + GATHER + timedelta(seconds=5))
    address = Seat.objects.select_related("player").get(table=table, wind="S").player.contact
    chinese = _mails_to(address)
    assert len(chinese) == 2 and "waits for you" not in chinese[0].subject and "2" in chinese[1].subject
    with translation.override("zh-hans"):
        wanted = gettext("Hands %(hands)s at table %(table)s wait for you") % {
            "hands": gettext("%(first)s and %(last)s") % {"first": 1, "last": 2},
            "table": 1,
        }
    assert chinese[1].subject == wanted


def test_hands_recorded_and_voided_through_the_page_the_api_and_the_admin_are_gathered_alike(
    table, client, django_user_model, django_capture_on_commit_callbacks
):
    """Every door that records or voids a hand (the scoresheet, the API, the admin's add forms) tells the
    same: the first hand at once, the next ones gathered, numbered as they stand after a void."""
    import json

    from tests.api.conftest import client_for
    from tests.table.helpers import post_hand

    table, keeper = table
    east, south = table.seat_map["E"], table.seat_map["S"]
    win = {"outcome": "win", "winner": east, "win": "discard", "discarder": south, "doubles": 3}
    client.force_login(keeper)
    with django_capture_on_commit_callbacks(execute=True):
        page = post_hand(client, table, {"outcome": "win", "winner": east, "win_from": south, "doubles": 3})
    assert page.status_code in (200, 302)
    with django_capture_on_commit_callbacks(execute=True):
        api = client_for(keeper).post(f"/api/v1/tables/{table.pk}/hands/", win, format="json")
    assert api.status_code == 201, api.content
    root = django_user_model.objects.create_superuser("root", "root@example.com", None)
    client.force_login(root)
    with django_capture_on_commit_callbacks(execute=True):
        added = client.post("/admin/tournament/hand/add/", {"table": table.pk, "entry": json.dumps(win)})
    assert added.status_code == 302 and table.hands.count() == 3
    assert [m.subject for m in _mails_to("p1@example.com")] == ["Hand 1 at table 1 waits for you"]
    with django_capture_on_commit_callbacks(execute=True):
        voided = client.post("/admin/tournament/handvoid/add/", {"hand": api.json()["id"], "reason": "twice"})
    assert voided.status_code == 302
    _look(timezone.now() + GATHER + timedelta(seconds=5))
    assert [m.subject for m in _mails_to("p1@example.com")] == [
        "Hand 1 at table 1 waits for you",
        "Hands 1 and 2 at table 1 wait for you",  # the admin's hand, third recorded, is hand 2 now
    ]
    assert len(mail.outbox) == 8  # four players, two messages each: no door told a hand of its own
