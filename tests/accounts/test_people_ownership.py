"""Whose person is this (issue 31): entering a player or adding a scorekeeper never makes them one's own.

Oscar organises Oscar's Cup. He enters Olivia's players (Pat, linked to his account, and the newcomer)
in his cup and adds her scorekeeper to his staff: he now meets every "entered in my competition" check.
Every door that acts on a person must still refuse him (the page, the API, the admin, the service): they
play or keep score in Olivia's league too. Olivia is refused as well for what is shared; a superuser may.
"""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse
from rest_framework.authtoken.models import Token

from tests.accounts.conftest import PASSWORD
from tests.api.conftest import client_for
from tests.factories import ClubFactory, CompetitionFactory, EntryFactory, UserFactory
from tournament.access.accounts import (
    InvitationInvalid,
    account_create,
    account_set_active,
    player_link,
    player_unlink,
)
from tournament.access.invitations import invitation_accept, invitation_create
from tournament.access.roles import may_manage_person
from tournament.league.competitions import competition_set_staff
from tournament.league.entries import entry_add, entry_request_decide
from tournament.league.people import player_change
from tournament.models import AuditEntry, Invitation, Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def taken(side_a, side_b):
    """Oscar enters Olivia's two players in his cup, and her scorekeeper also keeps score there (only a
    superuser may put her on his staff since issue 48: tests/accounts/test_staff_walls.py)."""
    oscar = side_b.organiser
    for player in (side_a.player, side_a.newcomer):  # he asks, Olivia agrees (issue 48: league.consent)
        entry_request_decide(
            entry_add(side_b.competition, player, user=oscar), accept=True, user=side_a.organiser
        )
    competition_set_staff(side_b.competition, scorekeepers=[side_b.keeper, side_a.keeper], user=None)
    return side_a, side_b


def _people(side_a) -> tuple:
    """What the doors could change about Olivia's people, as plain values."""
    players = Player.objects.filter(pk__in=[side_a.player.pk, side_a.newcomer.pk]).order_by("pk")
    accounts = [side_a.player_account, side_a.keeper]
    return (
        list(players.values_list("name", "contact", "user")),
        [
            (a.__class__.objects.get(pk=a.pk).is_active, Token.objects.filter(user=a).count())
            for a in accounts
        ],
        Invitation.objects.count(),
        side_a.player_account.__class__.objects.count(),
    )


def _refused_doors(side_a, competition, user):
    """Every door that acts on one of Olivia's people, called through ``competition``."""
    fresh = UserFactory(username="fresh_account")
    return {
        "unlink": lambda: player_unlink(competition, side_a.player, user=user),
        "make an account": lambda: account_create(
            competition,
            role="player",
            player=side_a.newcomer,
            username="stolen",
            password=PASSWORD,
            user=user,
        ),
        "invite": lambda: invitation_create(competition, role="player", player=side_a.newcomer, user=user),
        "link": lambda: player_link(competition, side_a.newcomer, fresh, user=user),
        "deactivate the player": lambda: account_set_active(
            competition, side_a.player_account, active=False, user=user
        ),
        "deactivate the scorekeeper": lambda: account_set_active(
            competition, side_a.keeper, active=False, user=user
        ),
        "rename": lambda: player_change(side_a.player, name="Renamed", user=user),
    }


@pytest.mark.parametrize(
    "door",
    ["unlink", "make an account", "invite", "link", "deactivate the player", "deactivate the scorekeeper",
     "rename"],
)  # fmt: skip
def test_another_competitions_organiser_reaches_none_of_its_people(taken, door):
    side_a, side_b = taken
    Token.objects.create(user=side_a.player_account)
    doors = _refused_doors(side_a, side_b.competition, side_b.organiser)
    before, audits = _people(side_a), AuditEntry.objects.count()
    with pytest.raises(PermissionDenied):
        doors[door]()
    assert _people(side_a) == before and AuditEntry.objects.count() == audits


@pytest.mark.parametrize("door", ["unlink", "deactivate the player", "deactivate the scorekeeper", "rename"])
def test_a_shared_person_is_a_superusers_to_change_not_either_organisers(taken, door, stranger):
    side_a, side_b = taken
    with pytest.raises(PermissionDenied):  # Olivia: her player plays in Oscar's cup too
        _refused_doors(side_a, side_a.competition, side_a.organiser)[door]()
    stranger.is_superuser = True
    stranger.save()
    _refused_doors(side_a, side_a.competition, stranger)[door]()  # a superuser may


def test_the_rule_in_one_place(taken, side_a, side_b, stranger):
    assert not may_manage_person(side_b.organiser, side_a.player)
    assert not may_manage_person(side_b.organiser, side_a.player_account)  # through the player record
    assert not may_manage_person(side_b.organiser, side_a.keeper)  # staff of his: still not his
    assert may_manage_person(side_b.organiser, side_b.newcomer)  # only in his cup
    assert may_manage_person(side_a.player_account, side_a.player)  # the person themself
    assert not may_manage_person(stranger, side_b.newcomer)  # no organiser
    assert may_manage_person(None, side_a.player)  # the operator at the command line


def test_the_organisers_pages_refuse_another_competitions_people(taken, client):
    side_a, side_b = taken
    client.force_login(side_b.organiser)
    before = _people(side_a)
    url = reverse("organiser:player_account", args=[side_b.competition.pk, side_a.player.pk])
    assert client.post(url, {"action": "unlink"}).status_code == 403
    url = reverse("organiser:player_account", args=[side_b.competition.pk, side_a.newcomer.pk])
    assert client.post(url, {"action": "invite", "invite-email": ""}).status_code == 403
    body = {"action": "create", "account-username": "stolen", "account-password1": PASSWORD,
            "account-password2": PASSWORD}  # fmt: skip
    assert client.post(url, body).status_code == 403
    for account in (side_a.player_account, side_a.keeper):
        url = reverse("organiser:account_active", args=[side_b.competition.pk, account.pk])
        assert client.post(url, {"active": "0"}).status_code == 403
    assert _people(side_a) == before


def test_the_api_renames_and_shows_contact_only_to_the_owners(taken):
    side_a, side_b = taken
    club = ClubFactory(name="Tiger Club")
    Player.objects.filter(pk=side_a.player.pk).update(club=club, contact="pat@example.org")
    oscar, olivia = client_for(side_b.organiser), client_for(side_a.organiser)
    url = f"/api/v1/players/{side_a.player.pk}/"
    assert oscar.patch(url, {"name": "Renamed"}, format="json").status_code == 403
    assert olivia.patch(url, {"name": "Renamed"}, format="json").status_code == 403  # shared with Oscar
    assert oscar.patch(f"/api/v1/clubs/{club.pk}/", {"name": "Mine"}, format="json").status_code == 403
    assert "contact" not in oscar.get(url).json()
    assert "contact" not in oscar.get("/api/v1/players/?search=A Player").json()["results"][0]
    assert Player.objects.get(pk=side_a.player.pk).name == "A Player"
    mine = f"/api/v1/players/{side_a.newcomer.pk}/"
    assert olivia.patch(mine, {"contact": "x"}, format="json").status_code == 403  # entered by Oscar too
    own = f"/api/v1/players/{side_b.newcomer.pk}/"
    assert oscar.patch(own, {"name": "Bea Newname"}, format="json").status_code == 200
    assert oscar.get(own).json()["contact"] == ""  # his own player's contact: he sees it


def test_the_admin_is_no_side_door_for_renames(taken, client):
    side_a, side_b = taken
    side_b.organiser.is_staff = True
    side_b.organiser.save()
    Player.objects.filter(pk=side_a.player.pk).update(contact="pat@example.org")
    client.force_login(side_b.organiser)
    url = reverse("admin:tournament_player_change", args=[side_a.player.pk])
    page = client.get(url)
    assert page.status_code == 200 and "pat@example.org" not in page.content.decode()
    answer = client.post(url, {"name": "Renamed", "registration_no": side_a.player.registration_no})
    assert answer.status_code == 403
    assert Player.objects.get(pk=side_a.player.pk).name == "A Player"
    own = reverse("admin:tournament_player_change", args=[side_b.newcomer.pk])
    body = {"name": "Bea Newname", "registration_no": side_b.newcomer.registration_no, "contact": ""}
    assert client.post(own, body).status_code == 302
    assert AuditEntry.objects.get(action="player_changed").user == side_b.organiser


def test_an_invitation_stops_working_once_its_player_joins_another_organisers_competition(side_a, side_b):
    _invitation, token = invitation_create(
        side_b.competition, role="player", player=side_b.newcomer, user=side_b.organiser
    )
    EntryFactory(competition=side_a.competition, player=side_b.newcomer)
    with pytest.raises(InvitationInvalid):
        invitation_accept(token, username="bea_claims", password=PASSWORD)
    side_b.newcomer.refresh_from_db()
    assert side_b.newcomer.user is None


def test_what_happens_to_a_person_elsewhere_is_in_each_of_their_competitions_audit_log(
    taken, client, stranger
):
    side_a, side_b = taken
    stranger.is_superuser = True
    stranger.save()
    player_change(side_a.player, name="Pat Renamed", user=stranger)
    unrelated = CompetitionFactory(name="Unrelated")
    unrelated.organisers.add(side_a.organiser)
    client.force_login(side_a.organiser)
    page = client.get(reverse("organiser:audit", args=[side_a.competition.pk])).content.decode()
    # What Oscar's Cup wrote stays in its log (issue 48); what happened under no competition is here.
    assert "oscar_organiser entered A Player in Oscar&#x27;s Cup" not in page
    assert "changed the player A Player: name" in page
    other = client.get(reverse("organiser:audit", args=[unrelated.pk])).content.decode()
    assert "Oscar" not in other and "changed the player" not in other


@pytest.mark.parametrize("lookup", ["contact__startswith", "contact__regex", "contact__contains", "contact"])
def test_the_admins_list_filters_are_no_oracle_for_a_contact(taken, client, lookup):
    """A filter on the contact in the list's address counts the players whose contact matches: letter by
    letter, that reads every contact. An organiser who may not read it cannot filter on it either."""
    side_a, side_b = taken
    side_b.organiser.is_staff = True
    side_b.organiser.save()
    Player.objects.filter(pk=side_a.player.pk).update(contact="pat@example.org")
    client.force_login(side_b.organiser)
    page = client.get(reverse("admin:tournament_player_changelist"), {lookup: "pat@example.org"[:5]})
    assert page.status_code == 400  # DisallowedModelAdminLookup, as for any lookup the admin does not offer
    assert "A Player" not in page.content.decode()


def test_what_happens_in_her_league_stays_in_her_log(taken, client):
    """What happens to Olivia's player in her league stays in her log (issue 48: it was Oscar's to read once
    he entered the player); the client address it was done from is hers alone to read."""
    from tournament.access.audit import RequestMeta
    from tournament.league.entries import entry_withdraw

    side_a, side_b = taken
    entry = side_a.competition.entries.get(player=side_a.player)
    entry_withdraw(entry, user=side_a.organiser, meta=RequestMeta(ip_address="203.0.113.7"))
    client.force_login(side_b.organiser)
    page = client.get(reverse("organiser:audit", args=[side_b.competition.pk])).content.decode()
    assert "withdrew A Player from Spring League" not in page
    assert "203.0.113.7" not in page
    client.force_login(side_a.organiser)
    own = client.get(reverse("organiser:audit", args=[side_a.competition.pk])).content.decode()
    assert "from 203.0.113.7" in own  # her own competition's entry: her log shows where it came from
