"""Accounts an organiser manages without the admin (issue 22), one door per change.

Words: an **account** is a login (Django's user); a competition's **people**
are its scorekeepers and the accounts linked to the players entered in it.
An **invitation** (``tournament.models.Invitation``) is a one-time link that
lets a person make their own account: as a scorekeeper of the competition,
or as the player it was made for (the player claims their record).

- ``invitation_create`` makes one and answers its secret once (only a digest
  is kept); ``invitation_find`` reads the link; ``invitation_accept`` uses it
  (a new account, or the caller's own), once, before it expires;
  ``invitation_withdraw`` stops a link that has not been used;
- ``account_create`` makes an account for a scorekeeper or a player directly;
- ``player_link`` / ``player_unlink`` tie an account to a player's record;
- ``account_set_active`` deactivates (or reactivates) one of the
  competition's people.

Each door checks the caller's right (an organiser of the competition, or a
superuser; ``user=None`` is the operator at the command line) and, for the person it
acts on, ``tournament.access.roles.require_person`` (issue 31: an organiser reaches a
person only when every competition of theirs is the organiser's own), changes state in
one transaction and writes one audit entry. The organiser's pages call these.
The admin keeps its own rule (only a superuser links ``Player.user`` there).
This module does not send mail: the pages do, with the link it answers.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from rest_framework.authtoken.models import Token

from tournament.access.audit import RequestMeta, actor_name, audit_competition
from tournament.access.roles import PLAYER, SCOREKEEPER, require_organiser, require_person
from tournament.models import Competition, Invitation, Player


class AccountError(Exception):
    """The change cannot be made; ``problems`` maps a field (or None) to its messages."""

    def __init__(self, problems: dict[str | None, list[str]]):
        self.problems = problems
        super().__init__("; ".join(m for ms in problems.values() for m in ms))


class InvitationInvalid(Exception):
    """The link does not work: ``reason`` is ``unknown``, ``used``, ``expired`` or ``claimed``."""

    def __init__(self, reason: str):
        self.reason = reason
        super().__init__(reason)


def _entered(competition: Competition, player: Player) -> bool:
    return competition.entries.filter(player=player).exists()


def require_entered(competition: Competition, player: Player) -> None:
    if not _entered(competition, player):
        raise PermissionDenied(_("This player is not entered in this competition."))


def is_person_of(competition: Competition, account) -> bool:
    """A scorekeeper of the competition, or the account of a player entered in it."""
    return (
        competition.scorekeepers.filter(pk=account.pk).exists()
        or competition.entries.filter(player__user=account).exists()
    )


def grant_role(competition: Competition, account, role: str, player: Player | None) -> None:
    """The role the invitation or the organiser gives: a scorekeeper's place, or the player's record."""
    if role == Invitation.Role.SCOREKEEPER:
        competition.scorekeepers.add(account)
        Group.objects.get(name=SCOREKEEPER).user_set.add(account)
    else:
        locked = Player.objects.select_for_update().get(pk=player.pk)
        if locked.user_id is not None and locked.user_id != account.pk:
            raise InvitationInvalid("claimed")
        if Player.objects.filter(user=account).exclude(pk=locked.pk).exists():
            raise AccountError({None: [_("This account is already linked to another player.")]})
        locked.user = account
        locked.save(update_fields=["user"])
        Group.objects.get(name=PLAYER).user_set.add(account)


def new_account(username: str, password: str, email: str = ""):
    User = get_user_model()
    if not username or User.objects.filter(username__iexact=username).exists():
        raise AccountError({"username": [_("This username is taken: choose another.")]})
    try:
        with transaction.atomic():
            return User.objects.create_user(username=username, password=password, email=email)
    except IntegrityError:
        raise AccountError({"username": [_("This username is taken: choose another.")]}) from None


def account_create(
    competition: Competition,
    *,
    role: str,
    username: str,
    password: str,
    email: str = "",
    player: Player | None = None,
    user=None,
    meta: RequestMeta | None = None,
):
    """An organiser makes an account for a scorekeeper of the competition or a player entered in it."""
    require_organiser(user, competition)
    if role not in Invitation.Role.values or (role == Invitation.Role.PLAYER) != (player is not None):
        raise AccountError({None: [_("An account is made for a scorekeeper, or for one player.")]})
    if player is not None:
        require_entered(competition, player)
        require_person(user, player)
        if player.user_id is not None:
            raise AccountError({None: [_("This player already has an account.")]})
    with transaction.atomic():
        account = new_account(username, password, email)
        try:
            grant_role(competition, account, role, player)
        except InvitationInvalid:
            raise AccountError({None: [_("This player already has an account.")]}) from None
        audit_competition(
            "account_created",
            user,
            competition,
            gettext_noop(
                "%(actor)s made the account %(account)s for the player %(player)s of %(competition)s"
            )
            if player
            else gettext_noop("%(actor)s made the account %(account)s, a scorekeeper of %(competition)s"),
            meta,
            object_type="user",
            object_id=account.pk,
            args={"account": account.username, "player": player.name if player else ""},
            data={"role": role, "account": account.pk, "player": player.pk if player else None},
        )
    return account


def player_link(
    competition: Competition, player: Player, account, *, user=None, meta: RequestMeta | None = None
) -> Player:
    """Tie an existing account to a player entered in the competition (neither linked yet).

    The account may not organise, nor keep score in another competition (a superuser may link those).
    """
    require_organiser(user, competition)
    require_entered(competition, player)
    require_person(user, player)
    if not account.is_active:
        raise AccountError({"username": [_("This account cannot be linked to a player.")]})
    # Another competition's people (and any organiser) are out of an organiser's reach.
    elsewhere = account.scorekept.exclude(pk=competition.pk).exists() or account.organised.exists()
    if account.is_superuser or (elsewhere and not (user is None or user.is_superuser)):
        raise PermissionDenied(_("This account belongs to people of another competition."))
    require_person(user, account)
    with transaction.atomic():
        locked = Player.objects.select_for_update().get(pk=player.pk)
        if locked.user_id is not None:
            raise AccountError({None: [_("This player already has an account.")]})
        if Player.objects.filter(user=account).exists():
            raise AccountError({"username": [_("This account is already linked to another player.")]})
        grant_role(competition, account, Invitation.Role.PLAYER, locked)
        text = gettext_noop("%(actor)s linked the account %(account)s to %(player)s")
        _audit_link("player_linked", text, user, competition, locked, account, meta)
    return locked


def _audit_link(action: str, text: str, user, competition: Competition, player: Player, account, meta):
    """The audit entry of a player's account tied or untied: the same subject and ids either way."""
    audit_competition(
        action,
        user,
        competition,
        text,
        meta,
        object_type="player",
        object_id=player.pk,
        args={"account": account.username, "player": player.name},
        data={"account": account.pk, "player": player.pk},
    )


def player_unlink(
    competition: Competition, player: Player, *, user=None, meta: RequestMeta | None = None
) -> Player:
    """Untie a player's record from its account (the account itself stays)."""
    require_organiser(user, competition)
    require_entered(competition, player)
    require_person(user, player)
    with transaction.atomic():
        locked = Player.objects.select_for_update(of=("self",)).select_related("user").get(pk=player.pk)
        if locked.user_id is None:
            return locked
        account = locked.user
        locked.user = None
        locked.save(update_fields=["user"])
        text = gettext_noop("%(actor)s unlinked the account %(account)s from %(player)s")
        _audit_link("player_unlinked", text, user, competition, locked, account, meta)
    return locked


def account_set_active(
    competition: Competition, account, *, active: bool, user=None, meta: RequestMeta | None = None
):
    """Deactivate (or reactivate) one of the competition's people: a deactivated account cannot log in,
    its sessions end at their next request and its API tokens are revoked.

    Organisers and superusers are not people an organiser may switch off; nor is the caller.
    """
    require_organiser(user, competition)
    if not is_person_of(competition, account):
        raise PermissionDenied(_("This account is not one of this competition's people."))
    require_person(user, account)
    caller_is_superuser = user is None or user.is_superuser
    if account.is_superuser or (account.organised.exists() and not caller_is_superuser):
        raise PermissionDenied(_("An organiser's account can be changed only by a superuser."))
    if user is not None and account.pk == user.pk:
        raise AccountError({None: [_("You cannot deactivate your own account.")]})
    User = get_user_model()
    with transaction.atomic():
        locked = User.objects.select_for_update().get(pk=account.pk)
        if locked.is_active == active:
            return locked
        locked.is_active = active
        locked.save(update_fields=["is_active"])
        if not active:
            Token.objects.filter(user=locked).delete()
        audit_competition(
            "account_activated" if active else "account_deactivated",
            user,
            competition,
            gettext_noop("%(actor)s reactivated the account %(account)s")
            if active
            else gettext_noop("%(actor)s deactivated the account %(account)s"),
            meta,
            object_type="user",
            object_id=locked.pk,
            args={"account": actor_name(locked)},
            data={"account": locked.pk, "active": active},
        )
    return locked
