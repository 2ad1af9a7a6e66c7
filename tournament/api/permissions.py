"""Who may write what through the API (league-api.md "Roles"; issue 7).

- Everyone, signed in or not, reads everything.
- **League organisers** (the ``organiser`` group, staff or superusers) create
  and change clubs, players and competitions; the creator of a competition
  becomes one of its organisers.
- An **organiser of a competition** (``Competition.organisers``, or a
  superuser: ``tournament.access.roles.can_manage_competition``) changes that
  competition and everything in it: rounds, seating, tables, hands.
- A **scorekeeper** records and voids hands only at the tables assigned to
  them (``Table.scorekeeper``).
- Players and anonymous visitors write nothing.

A write without credentials is answered 401 (``READ_OR_SIGNED_IN`` comes
first in every view's list), a write by somebody without the role 403. The
object checks run on the competition, round, table or hand the request is
about: views call ``check_object_permissions`` with that object.
"""

from __future__ import annotations

from rest_framework.permissions import SAFE_METHODS, BasePermission, IsAuthenticatedOrReadOnly

from tournament.access.roles import can_manage_competition, is_league_organiser, may_record
from tournament.models import Competition, Hand, Round, Table


def competition_of(obj) -> Competition:
    if isinstance(obj, Competition):
        return obj
    if isinstance(obj, Round):
        return obj.competition
    if isinstance(obj, Table):
        return obj.round.competition
    if isinstance(obj, Hand):
        return obj.table.round.competition
    raise TypeError(f"no competition for {type(obj).__name__}")


def table_of(obj) -> Table:
    return obj.table if isinstance(obj, Hand) else obj


may_score = may_record  # the ledger's own rule (tournament.access.roles)


class LeagueOrganiserOrReadOnly(BasePermission):
    """Clubs, players, new competitions: the organiser group or staff."""

    message = "Only league organisers may change clubs, players and competitions."

    def has_permission(self, request, view) -> bool:
        return request.method in SAFE_METHODS or is_league_organiser(request.user)


class CompetitionOrganiserOrReadOnly(BasePermission):
    """A competition and what is in it (rounds, seating, tables): only its organisers change them."""

    message = "Only an organiser of this competition may change it."

    def has_object_permission(self, request, view, obj) -> bool:
        if request.method in SAFE_METHODS:
            return True
        return can_manage_competition(request.user, competition_of(obj))


class ScorekeeperOrReadOnly(BasePermission):
    """Hands: the table's scorekeeper or an organiser of its competition records and voids them."""

    message = (
        "Only this table's scorekeeper or an organiser of the competition may record or void hands here."
    )

    def has_object_permission(self, request, view, obj) -> bool:
        if request.method in SAFE_METHODS:
            return True
        return may_score(request.user, table_of(obj))


# Credentials first, so that anonymous writes are 401; DRF's own class, so that the schema marks reads
# as open to anonymous visitors.
READ_OR_SIGNED_IN = IsAuthenticatedOrReadOnly
LEAGUE_ORGANISER = [READ_OR_SIGNED_IN, LeagueOrganiserOrReadOnly]
COMPETITION_ORGANISER = [READ_OR_SIGNED_IN, CompetitionOrganiserOrReadOnly]
SCOREKEEPER = [READ_OR_SIGNED_IN, ScorekeeperOrReadOnly]
