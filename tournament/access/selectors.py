"""Reads of the access part: which audit entries a competition's organisers see (issue 31).

A competition's audit log holds the entries written under it, and every entry about one of its
people written anywhere else: a player entered (or renamed, linked, invited, deactivated) by the
organiser of another competition, a club of one of its players renamed. People are league-wide, so
what happens to them elsewhere is their every competition's business. "Its people" are the players
entered in it (withdrawn ones too), the accounts linked to them, and its organisers and scorekeepers.
Entries of another competition about its hands, rounds or answers stay there.
"""

from __future__ import annotations

from django.db.models import Q, QuerySet

from tournament.models import AuditEntry, Competition, Player

# The kinds of entry that are about a person, and the key of ``data`` that names them.
PERSON_SUBJECTS = ("player", "user", "club", "invitation", "entry")


def competition_audit(competition: Competition) -> QuerySet[AuditEntry]:
    """Every audit entry the competition's organisers see, newest first."""
    players = Player.objects.filter(entries__competition=competition)
    player_ids = list(players.values_list("pk", flat=True))
    accounts = {
        *players.exclude(user=None).values_list("user_id", flat=True),
        *competition.scorekeepers.values_list("pk", flat=True),
        *competition.organisers.values_list("pk", flat=True),
    }
    clubs = set(players.exclude(club=None).values_list("club_id", flat=True))
    about = (
        Q(object_type="player", object_id__in=player_ids)
        | Q(object_type="user", object_id__in=accounts)
        | Q(object_type="club", object_id__in=clubs)
        | Q(data__player__in=player_ids)
        | Q(data__account__in=list(accounts))
    )
    return AuditEntry.objects.filter(
        Q(competition=competition) | (Q(object_type__in=PERSON_SUBJECTS) & about)
    )
