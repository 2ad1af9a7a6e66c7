"""Reads of the access part: which audit entries a competition's organisers see (issues 31, 48).

A competition's audit log holds the entries written under it, and the entries about one of its people
written under no competition (a superuser's rename, a club renamed). What another competition's
organisers wrote about a person stays in that competition's log (issue 48: entering a player elsewhere
must not open their first competition's entries about them to the newcomer); an organiser who enters another's
player asks first (``league.consent``), and the answer is written in the competition asked for. "Its
people" are the players entered in it (withdrawn ones too), the accounts linked to them, and its
organisers and scorekeepers.
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
        Q(competition=competition) | (Q(competition__isnull=True, object_type__in=PERSON_SUBJECTS) & about)
    )
