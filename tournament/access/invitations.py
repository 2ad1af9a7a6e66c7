"""Invitations (issue 22): a one-time link an organiser makes for a scorekeeper or a player, one door per
change.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.access.accounts import (
    AccountError,
    InvitationInvalid,
    grant_role,
    new_account,
    require_entered,
)
from tournament.access.audit import RequestMeta, audit_competition
from tournament.access.roles import may_manage_person, require_organiser, require_person
from tournament.models import Competition, Invitation, Player

INVITATION_DAYS = 14  # how long an invitation's link works


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def invitation_create(
    competition: Competition,
    *,
    role: str,
    player: Player | None = None,
    email: str = "",
    user=None,
    meta: RequestMeta | None = None,
) -> tuple[Invitation, str]:
    """A new invitation and its secret (the link's last part), which is not kept and cannot be read again."""
    require_organiser(user, competition)
    if role not in Invitation.Role.values or (role == Invitation.Role.PLAYER) != (player is not None):
        raise AccountError({None: [_("An invitation is for a scorekeeper, or for one player.")]})
    if player is not None:
        require_entered(competition, player)
        require_person(user, player)
        if player.user_id is not None:
            raise AccountError({None: [_("This player already has an account.")]})
    token = secrets.token_urlsafe(24)
    with transaction.atomic():
        invitation = Invitation.objects.create(
            competition=competition,
            role=role,
            player=player,
            email=email,
            token_hash=token_digest(token),
            created_by=user if user is not None and user.is_authenticated else None,
            expires_at=timezone.now() + timedelta(days=INVITATION_DAYS),
        )
        audit_competition(
            "invitation_created",
            user,
            competition,
            gettext_noop("%(actor)s invited the player %(player)s to %(competition)s")
            if player
            else gettext_noop("%(actor)s invited a scorekeeper to %(competition)s"),
            meta,
            object_type="invitation",
            object_id=invitation.pk,
            args={"player": player.name if player else ""},
            data={"role": role, "player": player.pk if player else None, "email": bool(email)},
        )
    return invitation, token


def invitation_find(token: str) -> Invitation:
    """The invitation of a link, if it still works; else ``InvitationInvalid`` says why
    (``unknown``, ``used``, ``withdrawn``, ``expired``, ``claimed``)."""
    invitation = (
        Invitation.objects.select_related("competition", "player")
        .filter(token_hash=token_digest(token))
        .first()
    )
    if invitation is None:
        raise InvitationInvalid("unknown")
    if invitation.used_at is not None:
        raise InvitationInvalid("used")
    if invitation.withdrawn_at is not None:
        raise InvitationInvalid("withdrawn")
    if invitation.expires_at <= timezone.now():
        raise InvitationInvalid("expired")
    if invitation.player_id and invitation.player.user_id is not None:
        raise InvitationInvalid("claimed")
    return invitation


def invitation_accept(
    token: str,
    *,
    username: str = "",
    password: str = "",
    account=None,
    email: str | None = None,
    meta: RequestMeta | None = None,
):
    """Use the link once: a new account (``username``, ``password``, ``email``: the address the person
    typed, else the one the organiser sent the link to) or the caller's own ``account``.

    The account gets the invitation's role. Used twice, expired, or for a player already claimed:
    ``InvitationInvalid``, and nothing changes.
    """
    with transaction.atomic():
        found = invitation_find(token)
        invitation = Invitation.objects.select_for_update().get(pk=found.pk)
        if invitation.used_at is not None:  # used by a request that finished while we read
            raise InvitationInvalid("used")
        if invitation.withdrawn_at is not None:
            raise InvitationInvalid("withdrawn")
        if invitation.player_id and not may_manage_person(invitation.created_by, invitation.player):
            # The player has since joined a competition the inviter does not organise (issue 31).
            raise InvitationInvalid("withdrawn")
        if account is None:
            account = new_account(username, password, invitation.email if email is None else email)
        grant_role(invitation.competition, account, invitation.role, invitation.player)
        invitation.used_at = timezone.now()
        invitation.account = account
        invitation.save(update_fields=["used_at", "account"])
        audit_competition(
            "invitation_used",
            account,
            invitation.competition,
            gettext_noop("%(actor)s claimed the player %(player)s of %(competition)s with an invitation")
            if invitation.player
            else gettext_noop("%(actor)s joined %(competition)s as a scorekeeper with an invitation"),
            meta,
            object_type="invitation",
            object_id=invitation.pk,
            args={"player": invitation.player.name if invitation.player else ""},
            data={"role": invitation.role, "account": account.pk, "player": invitation.player_id},
        )
    return account


def invitation_withdraw(invitation: Invitation, *, user=None, meta: RequestMeta | None = None) -> Invitation:
    """The link stops working (a slip lost or handed to the wrong person); a used one stays as it was."""
    require_organiser(user, invitation.competition)
    with transaction.atomic():
        locked = (
            Invitation.objects.select_for_update(of=("self",))  # player is nullable: lock the invitation only
            .select_related("competition", "player")
            .get(pk=invitation.pk)
        )
        if locked.used_at is not None or locked.withdrawn_at is not None:
            return locked
        locked.withdrawn_at = timezone.now()
        locked.save(update_fields=["withdrawn_at"])
        audit_competition(
            "invitation_withdrawn",
            user,
            locked.competition,
            gettext_noop("%(actor)s withdrew the invitation of the player %(player)s to %(competition)s")
            if locked.player
            else gettext_noop("%(actor)s withdrew an invitation of a scorekeeper to %(competition)s"),
            meta,
            object_type="invitation",
            object_id=locked.pk,
            args={"player": locked.player.name if locked.player else ""},
            data={"role": locked.role, "player": locked.player_id},
        )
    return locked
