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
    """Record, void or correct hands at ``table``: its scorekeeper, or an organiser of its competition."""
    if not user or not user.is_authenticated:
        return False
    return table.scorekeeper_id == user.pk or can_manage_competition(user, table.round.competition)
