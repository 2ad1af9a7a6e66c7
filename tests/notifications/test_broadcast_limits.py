"""The broadcast limit counts three ways (issue 48, item 7): per competition, per sender and per recipient.

Before, it was per competition only: an organiser made competitions with another's players and sent the
limit from each, so each player got the limit times the competitions in a day.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import CompetitionFactory, EntryFactory, PlayerFactory, UserFactory
from tournament.models import AuditEntry, Broadcast, Message
from tournament.notifications.broadcast import BroadcastRefused, competition_broadcast

pytestmark = pytest.mark.django_db


@pytest.fixture
def limit(settings):
    settings.NOTIFY_BROADCASTS_PER_DAY = 2
    return 2


def _competition(organiser, players, name):
    competition = CompetitionFactory(name=name)
    competition.organisers.add(organiser)
    for player in players:
        EntryFactory(competition=competition, player=player)
    return competition


def test_one_sender_reaches_the_limit_across_all_their_competitions(organiser, limit, client):
    players = [PlayerFactory() for _ in range(3)]
    cups = [_competition(organiser, players, f"Cup {n}") for n in range(3)]
    for n in range(limit):
        competition_broadcast(cups[n], text=f"Note {n}", audience="everyone", user=organiser)
    client.force_login(organiser)
    url = reverse("organiser:messages", args=[cups[2].pk])
    answer = client.post(url, {"action": "broadcast", "audience": "everyone", "text": "One more"})
    assert answer.status_code == 429
    assert "from one organiser, in all competitions" in answer.content.decode()
    assert Broadcast.objects.count() == limit
    assert AuditEntry.objects.filter(action="message_broadcast").count() == limit


def test_a_player_gets_the_limit_a_day_from_all_competitions_and_the_organiser_is_told(
    organiser, limit, client, django_capture_on_commit_callbacks
):
    shared, own = PlayerFactory(name="Pat Shared"), PlayerFactory(name="Oscar's Own")
    others = [UserFactory(username=f"org_{n}") for n in range(limit)]
    for n, other in enumerate(others):
        theirs = _competition(other, [shared], f"Their cup {n}")
        with django_capture_on_commit_callbacks(execute=True):
            competition_broadcast(theirs, text=f"Theirs {n}", audience="everyone", user=other)
    mine = _competition(organiser, [shared, own], "Mine")
    client.force_login(organiser)
    url = reverse("organiser:messages", args=[mine.pk])
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(
            url, {"action": "broadcast", "audience": "everyone", "text": "Mine"}, follow=True
        )
    assert answer.status_code == 200
    page = answer.content.decode()
    assert "on its way to 1 players" in page and "1 players are not sent it" in page
    sent = Broadcast.objects.get(competition=mine)
    assert (sent.players, sent.recipients, sent.held_back) == ([own.pk], 1, 1)
    assert not Message.objects.filter(player=shared, event__startswith=f"b{sent.pk}:").exists()
    assert Message.objects.filter(player=own, event__startswith=f"b{sent.pk}:").exists()
    assert AuditEntry.objects.get(action="message_broadcast", competition=mine).data["held_back"] == 1


def test_the_competition_limit_still_holds_for_two_organisers(organiser, limit):
    other = UserFactory(username="co_organiser")
    competition = _competition(organiser, [PlayerFactory()], "Shared")
    competition.organisers.add(other)
    competition_broadcast(competition, text="One", audience="everyone", user=organiser)
    competition_broadcast(competition, text="Two", audience="everyone", user=other)
    with pytest.raises(BroadcastRefused, match="whole competition"):
        competition_broadcast(competition, text="Three", audience="everyone", user=other)
