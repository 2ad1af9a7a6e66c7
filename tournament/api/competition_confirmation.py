"""The competition's confirmation setting (issue 19) as the competition endpoint takes it."""

from __future__ import annotations

from rest_framework import serializers

from tournament.league.competitions import CompetitionError, competition_set_confirmation
from tournament.models import Competition

CONFIRMATION = ("confirmation", "confirmations_needed", "confirmation_minutes")


def set_confirmation(competition: Competition, fields: dict, user, meta) -> None:
    """What makes a hand count (issue 19), through its door ``competition_set_confirmation``."""
    if not fields:
        return
    try:
        competition_set_confirmation(
            competition,
            rule=fields.get("confirmation", competition.confirmation),
            needed=fields.get("confirmations_needed"),
            minutes=fields.get("confirmation_minutes"),
            user=user,
            meta=meta,
        )
    except CompetitionError as exc:
        raise serializers.ValidationError(
            {k or "non_field_errors": v for k, v in exc.problems.items()}
        ) from None
