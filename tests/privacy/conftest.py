"""A league with a played, ended round and one person with every kind of data the league holds (issue 51).

Zelda Quokka (a name found nowhere else) plays in the organiser's competition: a contact, choices with
addresses, a web-push subscription, a login, a sign-up with an answer and consents under the notice's
version 1, a dispute's reason, messages that name her, audit entries that name her, the big screen's line.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group

from tests.factories import CompetitionFactory, EntryFactory, PlayerFactory, UserFactory
from tests.ratings.conftest import Night
from tournament.access.audit import audit_write
from tournament.models import (
    Message,
    Preference,
    PushSubscription,
    Registration,
    Screen,
)
from tournament.registration.notice import LEAGUE, consent_record, current_notice, messages_purpose
from tournament.standings.store import standings_refresh

NAME = "Zelda Quokka"
NAME_ZH = "佐尔达"
CONTACT = "+6591234567"


@pytest.fixture
def other_organiser(db):
    user = UserFactory(username="oscar_other")
    user.groups.add(Group.objects.get(name="organiser"))
    return user


@pytest.fixture
def superuser(db):
    return UserFactory(username="root_admin", is_superuser=True, is_staff=True)


@pytest.fixture
def league(organiser, django_capture_on_commit_callbacks):
    night = Night(organiser, django_capture_on_commit_callbacks)
    zelda = night.players[0]
    zelda.name, zelda.contact = NAME, CONTACT
    zelda.user = UserFactory(
        username="zquokka", first_name="Zelda", last_name="Quokka", email="z@example.com"
    )
    zelda.save()
    night.play(1, [[0, 1, 2, 3], [4, 5, 6, 7]], [[("E", 3, None), ("S", 2, "E")], [("W", 1, None)]])
    night.play(2, [[0, 4, 1, 5], [2, 6, 3, 7]], [[("N", 4, "E")], [("E", 2, "S")]])
    competition = night.competition
    standings_refresh(competition)
    pref = Preference.objects.create(
        player=zelda, channels=["email", "whatsapp"], email="zelda@example.com", whatsapp="+6598765432"
    )
    PushSubscription.objects.create(
        preference=pref, endpoint="https://push.example.com/abc", p256dh="k", auth="a"
    )
    registration = Registration.objects.create(
        competition=competition, name=NAME, name_zh=NAME_ZH, email="zelda@example.com", phone=CONTACT,
        answers={"Dietary needs": "vegetarian"}, token="tok-zelda", status="approved", player=zelda,
    )  # fmt: skip
    notice = current_notice(competition)
    consent_record(notice, [LEAGUE, messages_purpose("email")], registration=registration, player=zelda)
    Message.objects.create(
        competition=competition, kind="organiser", event="t:1", recipient=f"p{night.players[1].pk}",
        player=night.players[1], channel="inbox", language="en", subject=f"Table with {NAME}",
        body=f"You sit with {NAME} and others.", state="sent",
    )  # fmt: skip
    Message.objects.create(
        competition=competition, kind="organiser", event="t:2", recipient=f"p{zelda.pk}", player=zelda,
        channel="email", address="zelda@example.com", language="en", subject="Hello", body=f"Dear {NAME}",
        state="sent",
    )  # fmt: skip
    audit_write(
        "test_named", user=organiser, competition=competition, object_type="entry", object_id=1,
        words="%(actor)s seated %(player)s", args={"player": NAME},
    )  # fmt: skip
    Screen.objects.create(competition=competition, message=f"Well played, {NAME}!")
    return {
        "night": night,
        "competition": competition,
        "zelda": zelda,
        "notice": notice,
        "registration": registration,
    }


@pytest.fixture
def loner(db):
    """A player in no competition of the organiser: another organiser's."""
    competition = CompetitionFactory(name="Elsewhere Cup")
    player = PlayerFactory(name="Walter Elsewhere")
    EntryFactory(competition=competition, player=player)
    return player
