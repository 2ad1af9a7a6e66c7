"""A player's or a club's details changed (issue 31): one door for each, the person's owners only.

Players and clubs are league-wide: a rename shows in every competition the
player plays in. So ``player_change`` and ``club_change`` ask the one rule of
``tournament.access.roles.may_manage_person``: an organiser changes a player
(a club) only when every competition of that player (of every player of the
club) is one they organise; otherwise only a superuser. The audit entry is
about the player (``object_type="player"``) or the club, with no competition
of its own: the audit page of every competition the player (or a player of
the club) is in shows it (``tournament.views.organiser.audit``). The API and
the admin call these; registering a new player or club is not a change of a
person and stays with the league organisers.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.access.audit import RequestMeta, audit_write
from tournament.access.roles import require_person
from tournament.models import Club, Competition, Player
from tournament.standings.queue import queue_standings_recompute

PLAYER_FIELDS = ("name", "club", "registration_no", "contact")
CLUB_FIELDS = ("name", "short_name")


class PersonError(Exception):
    """The change cannot be made; ``problems`` maps a field (or None) to its messages."""

    def __init__(self, problems: dict[str | None, list[str]]):
        self.problems = problems
        super().__init__("; ".join(m for ms in problems.values() for m in ms))


def _unknown(changes: dict, allowed: tuple[str, ...]) -> None:
    unknown = set(changes) - set(allowed)
    if unknown:
        raise PersonError(
            {None: [_("These cannot be changed here: %(f)s.") % {"f": ", ".join(sorted(unknown))}]}
        )


def _plain(value):
    return value.pk if isinstance(value, Club) else value


def _locked_change(instance, changes: dict) -> tuple[object, list[str], str]:
    """The row locked, the fields that really change (set on it and saved), and its name before."""
    locked = type(instance).objects.select_for_update().get(pk=instance.pk)
    changed = sorted(k for k, v in changes.items() if getattr(locked, k) != v)
    before = locked.name
    for key in changed:
        setattr(locked, key, changes[key])
    if changed:
        locked.save(update_fields=changed)
    return locked, changed, before


def player_change(player: Player, *, user=None, meta: RequestMeta | None = None, **changes) -> Player:
    """Change a player's name, club, registration number or contact; the standings show the new name."""
    _unknown(changes, PLAYER_FIELDS)
    require_person(user, player)
    with transaction.atomic():
        locked, changed, before = _locked_change(player, changes)
        if not changed:
            return locked
        audit_write(
            "player_changed",
            user=user,
            competition=None,
            object_type="player",
            object_id=locked.pk,
            words=gettext_noop("%(actor)s changed the player %(before)s: %(fields)s"),
            args={"before": before, "fields": ", ".join(changed)},
            # The contact is personal: the entry says it changed, not what it is.
            data={"player": locked.pk, "fields": changed, "name": locked.name, "before": before}
            | {k: _plain(changes[k]) for k in changed if k != "contact"},
            meta=meta,
        )
        queue_standings_recompute(locked.entries.values_list("competition_id", flat=True))
    return locked


def club_change(club: Club, *, user=None, meta: RequestMeta | None = None, **changes) -> Club:
    """Rename a club (or its short name); the standings of its players' competitions show it."""
    _unknown(changes, CLUB_FIELDS)
    require_person(user, club)
    with transaction.atomic():
        locked, changed, before = _locked_change(club, changes)
        if not changed:
            return locked
        audit_write(
            "club_changed",
            user=user,
            competition=None,
            object_type="club",
            object_id=locked.pk,
            words=gettext_noop("%(actor)s changed the club %(before)s: %(fields)s"),
            args={"before": before, "fields": ", ".join(changed)},
            data={"club": locked.pk, "fields": changed, "before": before, **{k: changes[k] for k in changed}},
            meta=meta,
        )
        competitions = Competition.objects.filter(entries__player__club=locked).distinct()
        queue_standings_recompute(competitions.values_list("pk", flat=True))
    return locked
