"""Calendar feeds of a season (RFC 5545, the icalendar library; issue 33).

- ``competition_calendar``: public, one ``VEVENT`` per round.
- ``player_calendar``: a player's private feed (their season link): the same nights, with their table
  and seat once the night is published.

UIDs never change (``round-<id>@<host>``; a player's ``round-<id>-entry-<id>@<host>``), so a calendar
that subscribes to the feed moves a night whose time changed instead of adding another. The host is the
site's own (``SITE_URL``), never the request's: one site reached by two names is one calendar (issue 54).
Each event's ``SEQUENCE`` counts the changes of its night's times (the audit log's entries: scheduled,
changed, started with a new end) and ``LAST-MODIFIED`` is the latest of them; ``DTEND`` never comes before
``DTSTART`` (a night whose end reads earlier lasts ``NIGHT_LENGTH``).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from urllib.parse import urlsplit

from django.conf import settings
from django.db.models import Count, Max, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from icalendar import Calendar, Event

from tournament.models import AuditEntry, Competition, Entry, Round, Seat

PUBLISHED = (Round.Status.SEATED, Round.Status.PLAYING, Round.Status.FINISHED)
WIND_NAMES = {"E": "East", "S": "South", "W": "West", "N": "North"}
NIGHT_LENGTH = timedelta(hours=3)
# The audit entries that move a night's event: its scheduling, a change, a start with a new end.
CHANGES = Q(action="round_changed") | Q(action="round_started", data__has_key="ends")


def site_host() -> str:
    """The site's own host name, for UIDs (``SITE_URL``)."""
    return urlsplit(settings.SITE_URL).hostname or "localhost"


def _versions(rounds) -> dict[int, tuple[int, datetime]]:
    """Each round's (changes, last change) from the audit log, in one read."""
    rows = (
        AuditEntry.objects.filter(
            CHANGES | Q(action="round_scheduled"), object_type="round", object_id__in=[r.pk for r in rounds]
        )
        .values("object_id")
        .annotate(n=Count("pk", filter=CHANGES), last=Max("at"))
    )
    return {row["object_id"]: (row["n"], row["last"]) for row in rows}


def _calendar(name: str) -> Calendar:
    cal = Calendar()
    cal.add("prodid", "-//Singapore Mahjong League//Season nights//EN")
    cal.add("version", "2.0")
    cal.add("x-wr-calname", name)
    return cal


def _event(rnd: Round, uid: str, summary: str, version, description: str = "") -> Event | None:
    if rnd.starts_at is None:
        return None
    changes, last = version or (0, None)
    event = Event()
    event.add("uid", uid)
    event.add("summary", summary)
    event.add("dtstamp", timezone.now())
    event.add("dtstart", rnd.starts_at)
    ends = rnd.ends_at if rnd.ends_at and rnd.ends_at > rnd.starts_at else rnd.starts_at + NIGHT_LENGTH
    event.add("dtend", ends)
    event.add("sequence", changes)
    if last is not None:
        event.add("last-modified", last)
    if rnd.venue:
        event.add("location", rnd.venue)
    if description:
        event.add("description", description)
    return event


def _summary(competition: Competition, rnd: Round) -> str:
    return _("%(competition)s — night %(n)s") % {"competition": competition.name, "n": rnd.number}


def competition_calendar(competition: Competition) -> bytes:
    cal = _calendar(competition.name)
    host = site_host()
    rounds = list(Round.objects.filter(competition=competition).order_by("number"))
    versions = _versions(rounds)
    for rnd in rounds:
        event = _event(rnd, f"round-{rnd.pk}@{host}", _summary(competition, rnd), versions.get(rnd.pk))
        if event is not None:
            cal.add_component(event)
    return cal.to_ical()


def player_calendar(entry: Entry) -> bytes:
    competition = entry.competition
    host = site_host()
    cal = _calendar(f"{competition.name} — {entry.player.name}")
    seats = {
        s.round_id: s
        for s in Seat.objects.filter(
            player_id=entry.player_id, round__competition=competition
        ).select_related("table", "round")
    }
    rounds = list(Round.objects.filter(competition=competition).order_by("number"))
    versions = _versions(rounds)
    for rnd in rounds:
        seat = seats.get(rnd.pk) if rnd.status in PUBLISHED else None
        where = (
            _("Table %(t)s, seat %(wind)s") % {"t": seat.table.number, "wind": _(WIND_NAMES[seat.wind])}
            if seat
            else ""
        )
        uid = f"round-{rnd.pk}-entry-{entry.pk}@{host}"
        event = _event(rnd, uid, _summary(competition, rnd), versions.get(rnd.pk), where)
        if event is not None:
            cal.add_component(event)
    return cal.to_ical()
