"""Invitations (tournament/access/accounts.py): a one-time, expiring link; its use gives the role it names."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.utils import timezone

from tests.accounts.conftest import PASSWORD
from tournament.access.accounts import AccountError
from tournament.access.invitations import (
    InvitationInvalid,
    invitation_accept,
    invitation_create,
    invitation_withdraw,
    token_digest,
)
from tournament.models import AuditEntry, Invitation

pytestmark = pytest.mark.django_db
User = get_user_model()


def test_only_a_digest_of_the_link_is_kept(side_a):
    invitation, token = invitation_create(side_a.competition, role="scorekeeper", user=side_a.organiser)
    assert len(token) >= 32
    assert invitation.token_hash == token_digest(token) != token
    assert not Invitation.objects.filter(token_hash=token).exists()


def test_a_scorekeeper_invitation_makes_an_account_on_the_staff_once(side_a):
    invitation, token = invitation_create(side_a.competition, role="scorekeeper", user=side_a.organiser)
    account = invitation_accept(token, username="sally", password=PASSWORD)
    assert account.check_password(PASSWORD) and account.is_active
    assert side_a.competition.scorekeepers.filter(pk=account.pk).exists()
    assert account.groups.filter(name="scorekeeper").exists()
    invitation.refresh_from_db()
    assert invitation.used_at is not None and invitation.account == account

    with pytest.raises(InvitationInvalid) as refused:
        invitation_accept(token, username="sally2", password=PASSWORD)
    assert refused.value.reason == "used"
    assert not User.objects.filter(username="sally2").exists()


def test_an_expired_invitation_is_refused_and_changes_nothing(side_a):
    invitation, token = invitation_create(
        side_a.competition, role="player", player=side_a.newcomer, user=side_a.organiser
    )
    Invitation.objects.filter(pk=invitation.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    users = User.objects.count()
    with pytest.raises(InvitationInvalid) as refused:
        invitation_accept(token, username="newbie", password=PASSWORD)
    assert refused.value.reason == "expired"
    assert User.objects.count() == users
    side_a.newcomer.refresh_from_db()
    assert side_a.newcomer.user is None


def test_an_unknown_link_is_refused(side_a):
    with pytest.raises(InvitationInvalid) as refused:
        invitation_accept("not-a-real-token", username="x", password=PASSWORD)
    assert refused.value.reason == "unknown"


def test_a_player_claims_their_record_with_a_new_account(side_a):
    _, token = invitation_create(
        side_a.competition, role="player", player=side_a.newcomer, user=side_a.organiser
    )
    account = invitation_accept(token, username="newbie", password=PASSWORD)
    side_a.newcomer.refresh_from_db()
    assert side_a.newcomer.user == account
    assert account.groups.filter(name="player").exists()
    assert not side_a.competition.scorekeepers.filter(pk=account.pk).exists()


def test_a_player_claims_their_record_with_the_account_they_have(side_a, stranger):
    _, token = invitation_create(
        side_a.competition, role="player", player=side_a.newcomer, user=side_a.organiser
    )
    assert invitation_accept(token, account=stranger) == stranger
    side_a.newcomer.refresh_from_db()
    assert side_a.newcomer.user == stranger


def test_a_record_claimed_in_the_meantime_refuses_the_second_invitation(side_a):
    _, first = invitation_create(
        side_a.competition, role="player", player=side_a.newcomer, user=side_a.organiser
    )
    _, second = invitation_create(
        side_a.competition, role="player", player=side_a.newcomer, user=side_a.organiser
    )
    invitation_accept(first, username="newbie", password=PASSWORD)
    with pytest.raises(InvitationInvalid) as refused:
        invitation_accept(second, username="impostor", password=PASSWORD)
    assert refused.value.reason == "claimed"
    assert not User.objects.filter(username="impostor").exists()


def test_a_taken_username_is_refused_and_the_invitation_stays_usable(side_a):
    invitation, token = invitation_create(side_a.competition, role="scorekeeper", user=side_a.organiser)
    with pytest.raises(AccountError):
        invitation_accept(token, username=side_a.keeper.username.upper(), password=PASSWORD)
    invitation.refresh_from_db()
    assert invitation.used_at is None
    assert invitation_accept(token, username="fresh", password=PASSWORD).username == "fresh"


def test_an_organiser_invites_only_into_their_own_competition(side_a, side_b):
    with pytest.raises(PermissionDenied):
        invitation_create(side_b.competition, role="scorekeeper", user=side_a.organiser)
    with pytest.raises(PermissionDenied):  # a player of B, through A's competition
        invitation_create(side_a.competition, role="player", player=side_b.newcomer, user=side_a.organiser)
    assert Invitation.objects.count() == 0
    assert AuditEntry.objects.count() == 0


def test_making_and_using_an_invitation_is_audited_in_words(side_a):
    invitation, token = invitation_create(
        side_a.competition, role="player", player=side_a.newcomer, user=side_a.organiser
    )
    invitation_accept(token, username="newbie", password=PASSWORD)
    made, used = AuditEntry.objects.filter(object_type="invitation", object_id=invitation.pk).order_by("pk")
    assert (made.action, made.user, made.competition) == (
        "invitation_created",
        side_a.organiser,
        side_a.competition,
    )
    assert made.summary == "olivia_organiser invited the player A Newcomer to Spring League"
    assert "token" not in str(made.data)
    assert used.action == "invitation_used" and used.user.username == "newbie"
    assert used.summary == "newbie claimed the player A Newcomer of Spring League with an invitation"


def test_a_withdrawn_invitation_is_refused(side_a, side_b):
    invitation, token = invitation_create(
        side_a.competition, role="player", player=side_a.newcomer, user=side_a.organiser
    )
    with pytest.raises(PermissionDenied):
        invitation_withdraw(invitation, user=side_b.organiser)
    invitation_withdraw(invitation, user=side_a.organiser)
    with pytest.raises(InvitationInvalid) as refused:
        invitation_accept(token, username="finder", password=PASSWORD)
    assert refused.value.reason == "withdrawn"
    assert not User.objects.filter(username="finder").exists()
    entry = AuditEntry.objects.get(action="invitation_withdrawn")
    assert (
        entry.summary == "olivia_organiser withdrew the invitation of the player A Newcomer to Spring League"
    )
