"""The three roles, and who may change what.

- **organiser**: sets up and runs competitions (clubs, players, entries,
  rounds, seating). Model permissions through the ``organiser`` group;
  object level: only competitions where the user is in
  ``Competition.organisers``.
- **scorekeeper**: records and voids hands; object level: only at the
  tables (later: the competitions) assigned to them.
- **player**: reads everything public, writes nothing.

Groups are made (and kept up to date) after every ``migrate``.
"""

from __future__ import annotations

from django.contrib.auth.models import Group, Permission

ORGANISER = "organiser"
SCOREKEEPER = "scorekeeper"
PLAYER = "player"
ROLES = (ORGANISER, SCOREKEEPER, PLAYER)

# Model permissions per role: (app_label, codename). Read access is public,
# so "view" rights only matter in the admin.
_LEAGUE_MODELS = ("club", "player", "competition", "entry")
ROLE_PERMISSIONS: dict[str, list[str]] = {
    ORGANISER: [f"{action}_{model}" for model in _LEAGUE_MODELS for action in ("add", "change", "view")],
    SCOREKEEPER: [f"view_{model}" for model in _LEAGUE_MODELS],
    PLAYER: [],
}


def ensure_role_groups(**kwargs) -> None:
    """Create the role groups and give them their permissions (idempotent)."""
    for role, codenames in ROLE_PERMISSIONS.items():
        group, _ = Group.objects.get_or_create(name=role)
        perms = Permission.objects.filter(content_type__app_label="tournament", codename__in=codenames)
        group.permissions.set(perms)


def user_roles(user) -> set[str]:
    if not user.is_authenticated:
        return set()
    roles = set(user.groups.filter(name__in=ROLES).values_list("name", flat=True))
    if user.is_superuser:
        roles.add(ORGANISER)
    return roles


def can_manage_competition(user, competition) -> bool:
    """An organiser of this competition (or a superuser)."""
    if not user.is_authenticated:
        return False
    return user.is_superuser or competition.organisers.filter(pk=user.pk).exists()


def require_organiser(user, competition) -> None:
    """The right every organiser's door checks: an organiser of this competition.

    ``user=None`` is the operator at the command line (management commands,
    the demo loader, the app's own tasks): they act with the machine's rights.
    A page, the API and the admin always pass the person who asked.
    """
    from django.core.exceptions import PermissionDenied
    from django.utils.translation import gettext as _

    if user is None:
        return
    if not can_manage_competition(user, competition):
        raise PermissionDenied(_("Only an organiser of this competition may do that."))


def may_record(user, table) -> bool:
    """Record, void or correct hands at ``table``: its scorekeeper, or an organiser of its competition.

    A scorekeeper taken off the staff keeps no table a hand can be recorded at (issue 48): the staff door
    clears their tables of rounds not finished, and reopening a finished round clears those of people no
    longer on the staff (``rounds.lifecycle.round_reopen``); both under the tables' row locks, which every
    hand's recording takes first. So the table row is the rule, read at no extra cost (the hand post's
    reads are counted: tests/api/test_hand_post_statements.py)."""
    if not user or not user.is_authenticated:
        return False
    return table.scorekeeper_id == user.pk or can_manage_competition(user, table.round.competition)


def is_league_organiser(user) -> bool:
    """In the league-wide organiser group (or staff, or a superuser): may create clubs, players and
    competitions. Only a superuser puts an account in the group (the admin); organising a competition
    does not (issue 48: roles are per competition)."""
    if not user or not user.is_authenticated:
        return False
    return user.is_staff or user.is_superuser or user.groups.filter(name=ORGANISER).exists()


def organises_anything(user) -> bool:
    """May open the organiser's pages: a league organiser, or an organiser of some competition."""
    return is_league_organiser(user) or (user.is_authenticated and user.organised.exists())


# --- whose person is this? (issue 31) ------------------------------------------------------------------
# Players are league-wide: any organiser may enter any player in their own competition, and add anyone to
# their staff. Neither makes that person theirs. A person (a player's record and the account linked to it
# are one person) belongs to every competition they play in, keep score in or organise; an organiser's door
# that acts on the person (accounts, links, invitations, deactivation, renames, contact details) reaches
# them only when EVERY one of those competitions is one the organiser organises. Otherwise only a superuser
# (or the person themself) may. A person in no competition yet is nobody else's, so any organiser reaches
# them. This is the one rule; ``people_beyond`` answers it for many at once, ``may_manage_person`` for one.


def _foreign_competitions(user):
    from tournament.models import Competition

    return Competition.objects.exclude(organisers=user)


def people_beyond(user) -> dict:
    """The querysets of accounts, players and clubs out of ``user``'s reach (an organiser, not a superuser).

    An account is beyond when it plays, keeps score or organises in a competition ``user`` does not
    organise; a player when they are entered in one, or their account is beyond; a club when one of its
    players is beyond.
    """
    from django.contrib.auth import get_user_model
    from django.db.models import Q

    from tournament.models import Club, Player

    foreign = _foreign_competitions(user)
    accounts = get_user_model().objects.filter(
        Q(player__entries__competition__in=foreign) | Q(scorekept__in=foreign) | Q(organised__in=foreign)
    )
    players = Player.objects.filter(Q(entries__competition__in=foreign) | Q(user__in=accounts))
    return {"accounts": accounts, "players": players, "clubs": Club.objects.filter(players__in=players)}


def may_manage_person(user, person) -> bool:
    """May ``user`` change ``person`` (a ``Player``, an account or a ``Club``) or read their contact?

    ``user=None`` is the operator at the command line. A superuser may; so may the person themself
    (their own account, or the player record linked to it); an organiser only when every competition of
    the person is one they organise (``people_beyond``); nobody else.
    """
    from django.contrib.auth import get_user_model

    from tournament.models import Club, Player

    if user is None:
        return True
    if not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    if isinstance(person, Player):
        if person.user_id is not None and person.user_id == user.pk:
            return True
        kind = "players"
    elif isinstance(person, Club):
        kind = "clubs"
    elif isinstance(person, get_user_model()):
        if person.pk == user.pk:
            return True
        kind = "accounts"
    else:
        raise TypeError(f"not a person: {type(person).__name__}")
    if not organises_anything(user):
        return False
    return not people_beyond(user)[kind].filter(pk=person.pk).exists()


def require_person(user, person) -> None:
    """``may_manage_person``, or ``PermissionDenied``: the check of every door that acts on a person."""
    from django.core.exceptions import PermissionDenied
    from django.utils.translation import gettext as _

    if not may_manage_person(user, person):
        raise PermissionDenied(
            _(
                "This person also plays or works in a competition you do not organise: "
                "only a superuser (or the person) may change them."
            )
        )
