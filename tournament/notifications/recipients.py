"""Who a reminder before a night, and an organiser's message, go to (issue 34), from the season's replies
(issue 33, ``tournament.season``)."""

from __future__ import annotations

from tournament.models import Attendance, Competition, Entry, Round
from tournament.season import selectors as season


def reminder_entries(round_: Round) -> list[Entry]:
    """The entries reminded of ``round_``: those who said yes or have not answered (never those who said
    no or maybe), each with its player."""
    return season.reminder_recipients(round_)


def next_night(competition: Competition) -> Round | None:
    """The competition's next round not yet played: the one replies are asked for."""
    waiting = Round.objects.filter(
        competition=competition, status__in=[Round.Status.SCHEDULED, Round.Status.SEATED]
    )
    return waiting.order_by("starts_at", "number").first()


def broadcast_players(competition: Competition, audience: str) -> list[int]:
    """The players an organiser's message goes to: only the competition's playing entrants; with
    ``Broadcast.Audience.UNANSWERED``, those of them who have not answered for the next night (nobody when
    no night is coming)."""
    playing = Entry.objects.filter(competition=competition, status=Entry.Status.ACTIVE)
    if audience == "unanswered":
        night = next_night(competition)
        if night is None:
            return []
        answered = Attendance.objects.filter(round=night).exclude(reply="").values("entry_id")
        playing = playing.exclude(pk__in=answered)
    return list(playing.values_list("player_id", flat=True))
