"""The organiser's other account doors: make an account, link, unlink, deactivate; rights and audit."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from rest_framework.authtoken.models import Token

from tests.accounts.conftest import PASSWORD
from tournament.access.accounts import (
    AccountError,
    account_create,
    account_set_active,
    player_link,
    player_unlink,
)
from tournament.models import AuditEntry

pytestmark = pytest.mark.django_db
User = get_user_model()


def test_an_organiser_makes_a_players_account(side_a):
    account = account_create(
        side_a.competition,
        role="player",
        player=side_a.newcomer,
        username="newbie",
        password=PASSWORD,
        user=side_a.organiser,
    )
    side_a.newcomer.refresh_from_db()
    assert side_a.newcomer.user == account and account.check_password(PASSWORD)
    entry = AuditEntry.objects.get(action="account_created")
    assert (
        entry.summary == "olivia_organiser made the account newbie for the player A Newcomer of Spring League"
    )


def test_deactivating_ends_logins_and_tokens_and_is_audited(side_a, client):
    token = Token.objects.create(user=side_a.keeper)
    client.force_login(side_a.keeper)
    account_set_active(side_a.competition, side_a.keeper, active=False, user=side_a.organiser)
    side_a.keeper.refresh_from_db()
    assert not side_a.keeper.is_active
    assert not Token.objects.filter(pk=token.pk).exists()
    assert client.get("/organise/").status_code == 302  # the session no longer logs in
    entry = AuditEntry.objects.get(action="account_deactivated")
    assert entry.summary == "olivia_organiser deactivated the account a_keeper"
    account_set_active(side_a.competition, side_a.keeper, active=True, user=side_a.organiser)
    side_a.keeper.refresh_from_db()
    assert side_a.keeper.is_active


def test_an_organiser_cannot_deactivate_people_of_another_competition(side_a, side_b):
    for account in (side_b.keeper, side_b.player_account):
        with pytest.raises(PermissionDenied):  # through their own competition: not its people
            account_set_active(side_a.competition, account, active=False, user=side_a.organiser)
        with pytest.raises(PermissionDenied):  # through the other one: not its organiser
            account_set_active(side_b.competition, account, active=False, user=side_a.organiser)
        account.refresh_from_db()
        assert account.is_active
    assert AuditEntry.objects.count() == 0


def test_organisers_and_oneself_are_out_of_an_organisers_reach(side_a, side_b, stranger):
    side_a.competition.scorekeepers.add(side_b.organiser)  # Oscar keeps score in Olivia's league
    with pytest.raises(PermissionDenied):
        account_set_active(side_a.competition, side_b.organiser, active=False, user=side_a.organiser)
    side_a.competition.scorekeepers.add(side_a.organiser)
    with pytest.raises(PermissionDenied):  # she organises: a superuser's decision
        account_set_active(side_a.competition, side_a.organiser, active=False, user=side_a.organiser)
    stranger.is_superuser = True
    stranger.save()
    account_set_active(side_a.competition, side_b.organiser, active=False, user=stranger)
    side_b.organiser.refresh_from_db()
    assert not side_b.organiser.is_active


def test_link_and_unlink_an_existing_account(side_a, stranger):
    player_link(side_a.competition, side_a.newcomer, stranger, user=side_a.organiser)
    side_a.newcomer.refresh_from_db()
    assert side_a.newcomer.user == stranger
    with pytest.raises(AccountError):  # one account, one player
        player_link(side_a.competition, side_a.player, stranger, user=side_a.organiser)
    player_unlink(side_a.competition, side_a.newcomer, user=side_a.organiser)
    side_a.newcomer.refresh_from_db()
    assert side_a.newcomer.user is None
    assert [e.action for e in AuditEntry.objects.order_by("pk")] == ["player_linked", "player_unlinked"]


def test_an_organiser_cannot_link_a_player_of_another_competition(side_a, side_b, stranger):
    with pytest.raises(PermissionDenied):
        player_link(side_a.competition, side_b.newcomer, stranger, user=side_a.organiser)
    with pytest.raises(PermissionDenied):
        player_link(side_b.competition, side_b.newcomer, stranger, user=side_a.organiser)
    side_b.newcomer.refresh_from_db()
    assert side_b.newcomer.user is None
