"""Calendar feeds of a season (RFC 5545, the icalendar library; issue 33).

- ``competition_calendar``: public, one ``VEVENT`` per round.
- ``player_calendar``: a player's private feed (their season link): the same nights, with their table
  and seat once the night is published.

UIDs never change (``round-<id>@<host>``; a player's ``round-<id>-entry-<id>@<host>``), so a calendar
that subscribes to the feed moves a night whose time changed instead of adding another.
"""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone
from django.utils.translation import gettext as _
from icalendar import Calendar, Event

from tournament.models import Competition, Entry, Round, Seat

PUBLISHED = (Round.Status.SEATED, Round.Status.PLAYING, Round.Status.FINISHED)
WIND_NAMES = {"E": "East", "S": "South", "W": "West", "N": "North"}


def _calendar(name: str) -> Calendar:
    cal = Calendar()
    cal.add("prodid", "-//Singapore Mahjong League//Season nights//EN")
    cal.add("version", "2.0")
    cal.add("x-wr-calname", name)
    return cal


def _event(rnd: Round, uid: str, summary: str, description: str = "") -> Event | None:
    if rnd.starts_at is None:
        return None
    event = Event()
    event.add("uid", uid)
    event.add("summary", summary)
    event.add("dtstamp", timezone.now())
    event.add("dtstart", rnd.starts_at)
    event.add("dtend", rnd.ends_at or rnd.starts_at + timedelta(hours=3))
    if rnd.venue:
        event.add("location", rnd.venue)
    if description:
        event.add("description", description)
    return event


def _summary(competition: Competition, rnd: Round) -> str:
    return _("%(competition)s — night %(n)s") % {"competition": competition.name, "n": rnd.number}


def competition_calendar(competition: Competition, host: str) -> bytes:
    cal = _calendar(competition.name)
    for rnd in Round.objects.filter(competition=competition).order_by("number"):
        event = _event(rnd, f"round-{rnd.pk}@{host}", _summary(competition, rnd))
        if event is not None:
            cal.add_component(event)
    return cal.to_ical()


def player_calendar(entry: Entry, host: str) -> bytes:
    competition = entry.competition
    cal = _calendar(f"{competition.name} — {entry.player.name}")
    seats = {
        s.round_id: s
        for s in Seat.objects.filter(
            player_id=entry.player_id, round__competition=competition
        ).select_related("table", "round")
    }
    for rnd in Round.objects.filter(competition=competition).order_by("number"):
        seat = seats.get(rnd.pk) if rnd.status in PUBLISHED else None
        where = (
            _("Table %(t)s, seat %(wind)s") % {"t": seat.table.number, "wind": _(WIND_NAMES[seat.wind])}
            if seat
            else ""
        )
        event = _event(rnd, f"round-{rnd.pk}-entry-{entry.pk}@{host}", _summary(competition, rnd), where)
        if event is not None:
            cal.add_component(event)
    return cal.to_ical()
