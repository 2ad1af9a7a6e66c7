"""No-shows and reserves, written when a night is seated (issue 33): part of the seating door's change.

``night_record_seating`` is called by ``tournament.rounds.seating.round_seat`` inside its transaction,
which writes the audit entry naming the no-shows and reserves; nothing else writes these flags.
"""

from __future__ import annotations

from tournament.models import Attendance, Entry, Round
from tournament.season.models import Reply


def night_record_seating(round_: Round, source: str, reserves: tuple[int, ...]) -> list[int]:
    """Flag the no-shows (replied yes, not checked in, on a night seated from check-ins) and the reserves;
    answers the no-shows' player ids."""
    rows = Attendance.objects.filter(round=round_)
    rows.update(no_show=False, reserve=False)
    no_shows: list[int] = []
    if source == "checked_in":
        missing = rows.filter(reply=Reply.YES, checked_in=False, entry__status=Entry.Status.ACTIVE)
        no_shows = sorted(missing.values_list("entry__player_id", flat=True))
        missing.update(no_show=True)
    if reserves:
        entries = Entry.objects.filter(competition=round_.competition_id, player_id__in=reserves)
        for entry in entries:
            Attendance.objects.update_or_create(round=round_, entry=entry, defaults={"reserve": True})
    return no_shows
