"""Who a reminder before a night, and an organiser's message, go to (issue 34)."""

from __future__ import annotations

from tournament.models import Competition, Entry, Round


def reminder_recipients(round_: Round) -> list[int]:
    """The players (ids) reminded of ``round_``: those who said yes or have not answered.

    For now every playing entrant of the competition: the season's replies (issue 33, built on another
    branch) will narrow this to the yeses and the unanswered once merged.
    """
    playing = Entry.objects.filter(competition_id=round_.competition_id, status=Entry.Status.ACTIVE)
    return list(playing.values_list("player_id", flat=True))


def broadcast_players(competition: Competition, audience: str) -> list[int]:
    """The players an organiser's message goes to: only the competition's playing entrants.

    ``Broadcast.Audience.UNANSWERED``: everyone playing, until the season's replies (issue 33) are merged.
    """
    playing = Entry.objects.filter(competition=competition, status=Entry.Status.ACTIVE)
    return list(playing.values_list("player_id", flat=True))
