"""Reads of a season's nights: who answered what, who is here, whom to seat, who to remind.

Everything here reads; the changes are the doors of ``tournament.season.attendance``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import NamedTuple

from django.db.models import Count, Q
from django.utils import timezone

from tournament.models import Attendance, Competition, Entry, Hand, Round, Seat
from tournament.notifications.people import Person, people_for
from tournament.season.models import Reply
from tournament.season.sitting_out import round_sitting_out


@dataclass(frozen=True)
class AttendanceRow:
    entry_id: int
    player_id: int
    name: str
    registration_no: str
    reply: str | None  # yes, no, maybe; None: not answered
    checked_in: bool
    checked_in_at: datetime | None
    no_show: bool
    reserve: bool


@dataclass(frozen=True)
class Counts:
    yes: int
    no: int
    maybe: int
    unanswered: int
    checked_in: int
    no_show: int

    @property
    def total(self) -> int:
        return self.yes + self.no + self.maybe + self.unanswered


@dataclass(frozen=True)
class SeatingField:
    candidates: tuple[int, ...]  # player ids, sorted
    source: str  # "checked_in", "yes" or "entries"


def active_entries(competition: Competition):
    return Entry.objects.filter(competition=competition, status=Entry.Status.ACTIVE)


def night_is_seated(round_: Round) -> bool:
    """Replies are closed: the night has tables (a draft too) or is under way."""
    return round_.status != Round.Status.SCHEDULED or round_.tables.exists()


def attendance_rows(round_: Round) -> list[AttendanceRow]:
    """One row per active entry of the night's competition, by name."""
    kept = {a.entry_id: a for a in Attendance.objects.filter(round=round_)}
    entries = active_entries(round_.competition).select_related("player").order_by("player__name", "pk")
    out = []
    for entry in entries:
        a = kept.get(entry.pk)
        out.append(
            AttendanceRow(
                entry_id=entry.pk,
                player_id=entry.player_id,
                name=entry.player.name,
                registration_no=entry.player.registration_no,
                reply=(a.reply or None) if a else None,
                checked_in=bool(a and a.checked_in),
                checked_in_at=a.checked_in_at if a else None,
                no_show=bool(a and a.no_show),
                reserve=bool(a and a.reserve),
            )
        )
    return out


_ORDER = {Reply.YES: 0, Reply.MAYBE: 1, None: 2, Reply.NO: 3}


def check_in_list(rows: list[AttendanceRow]) -> list[AttendanceRow]:
    """For the phone at the door: not yet here first, the ``yes`` replies first among them, then by name."""
    return sorted(rows, key=lambda r: (r.checked_in, _ORDER[r.reply], r.name.casefold()))


class _Answer(NamedTuple):
    """What ``attendance_counts`` reads of a row: ``season_nights`` makes these without the names."""

    reply: str | None
    checked_in: bool
    no_show: bool


def attendance_counts(rows: list[AttendanceRow] | list[_Answer]) -> Counts:
    replies = [r.reply for r in rows]
    return Counts(
        yes=replies.count(Reply.YES),
        no=replies.count(Reply.NO),
        maybe=replies.count(Reply.MAYBE),
        unanswered=replies.count(None),
        checked_in=sum(r.checked_in for r in rows),
        no_show=sum(r.no_show for r in rows),
    )


def season_nights(competition: Competition) -> list[tuple[Round, Counts]]:
    """Every night of the season by number with its counts, in three queries however many nights
    (issue 53): the season page lists every night at once."""
    rounds = list(competition.rounds.order_by("number"))
    active = set(active_entries(competition).values_list("pk", flat=True))
    kept: dict[int, list[_Answer]] = {r.pk: [] for r in rounds}
    for round_id, reply, checked_in, no_show in Attendance.objects.filter(
        round__competition=competition, entry_id__in=active
    ).values_list("round_id", "reply", "checked_in", "no_show"):
        kept[round_id].append(_Answer(reply or None, bool(checked_in), bool(no_show)))
    unanswered = _Answer(None, False, False)  # an active entry with no row for the night
    return [
        (rnd, attendance_counts(kept[rnd.pk] + [unanswered] * (len(active) - len(kept[rnd.pk]))))
        for rnd in rounds
    ]


@dataclass(frozen=True)
class SeatPlan:
    """What seating the field makes (issue 47): its tables of four, who sits out, and how many reserves
    would make one more table (0: none would, or none is needed)."""

    tables: int
    out: int
    reserves_for_table: int


def seat_plan(players: int, reserves: int) -> SeatPlan:
    tables, out = divmod(players, 4)
    need = 4 - out if out else 0
    return SeatPlan(tables, out, need if need and need <= reserves else 0)


def door_marks(round_: Round) -> tuple[dict[int, int], set[int]]:
    """For the door list (issue 47): each seated player's table number, and the players who did not come
    to the night before (replied yes, never checked in)."""
    tables = dict(Seat.objects.filter(round=round_).values_list("player_id", "table__number"))
    before = (
        Round.objects.filter(competition_id=round_.competition_id, number__lt=round_.number)
        .order_by("-number")
        .values_list("pk", flat=True)
        .first()
    )
    missed = (
        set(
            Attendance.objects.filter(round_id=before, no_show=True).values_list(
                "entry__player_id", flat=True
            )
        )
        if before
        else set()
    )
    return tables, missed


def door_nights(user) -> list[Round]:
    """The next round not finished of each competition the user keeps score for (its scorekeepers): their
    way to the door's check-in list (issue 47). Organisers have the season page."""
    if user is None or not user.is_authenticated:
        return []
    rounds = (
        Round.objects.filter(competition__scorekeepers=user)
        .exclude(status=Round.Status.FINISHED)
        .select_related("competition")
        .order_by("competition_id", "number")
    )
    firsts: dict[int, Round] = {}
    for round_ in rounds[:200]:
        firsts.setdefault(round_.competition_id, round_)
    return list(firsts.values())


def reminder_recipients(round_: Round) -> list[Entry]:
    """The active entries to remind of a night: those who replied ``yes`` or have not answered.

    For the notifications (issue 34): a reminder goes to them, never to those who said no or maybe.
    Each entry comes with its player (``entry.player``); ordered by the player's name.
    """
    answered_other = Attendance.objects.filter(round=round_).exclude(reply__in=["", Reply.YES])
    return list(
        active_entries(round_.competition)
        .exclude(pk__in=answered_other.values("entry_id"))
        .select_related("player")
        .order_by("player__name", "pk")
    )


def seating_field(round_: Round) -> SeatingField:
    """Whom the night is seated from: the checked-in if anyone is, else the ``yes`` replies, else every
    active entry (league-api.md, "Season nights")."""
    active = active_entries(round_.competition).values("pk")
    here = Attendance.objects.filter(round=round_, entry__in=active)
    checked = sorted(here.filter(checked_in=True).values_list("entry__player_id", flat=True))
    if checked:
        return SeatingField(tuple(checked), "checked_in")
    yes = sorted(here.filter(reply=Reply.YES).values_list("entry__player_id", flat=True))
    if yes:
        return SeatingField(tuple(yes), "yes")
    everyone = sorted(active_entries(round_.competition).values_list("player_id", flat=True))
    return SeatingField(tuple(everyone), "entries")


def night_reserves(round_: Round, candidates) -> tuple[int, ...]:
    """The reserves the night was seated with, while they still fill its last table: each a playing entry
    not among ``candidates`` (who is here), as many as the last table lacks; else none."""
    rows = list(
        Attendance.objects.filter(round=round_, reserve=True).values_list("entry__player_id", "entry__status")
    )
    kept = {player for player, _status in rows}
    playing = all(status == Entry.Status.ACTIVE for _player, status in rows)
    fits = kept and playing and not kept & set(candidates) and len(kept) == -len(candidates) % 4
    return tuple(sorted(kept)) if fits else ()


def sat_out_counts(round_: Round) -> tuple[dict[int, int], dict[int, int]]:
    """Before this night: (nights each player came and sat out, nights each player sat at a table).

    Came: checked in, or, on a night nobody was checked in, replied ``yes``.
    """
    earlier = Round.objects.filter(competition=round_.competition, number__lt=round_.number)
    played: dict[int, int] = {}
    for player, n in (
        Seat.objects.filter(round__in=earlier).values_list("player_id").annotate(n=Count("pk")).order_by()
    ):
        played[player] = n
    seated = set(Seat.objects.filter(round__in=earlier).values_list("round_id", "player_id"))
    with_check_ins = set(
        Attendance.objects.filter(round__in=earlier, checked_in=True).values_list("round_id", flat=True)
    )
    came = Attendance.objects.filter(round__in=earlier).filter(
        Q(checked_in=True) | (Q(reply=Reply.YES) & ~Q(round_id__in=with_check_ins))
    )
    sat_out: dict[int, int] = {}
    seated_rounds = {r for r, _ in seated}
    for rnd, player in came.values_list("round_id", "entry__player_id"):
        if (rnd, player) not in seated and rnd in seated_rounds:
            sat_out[player] = sat_out.get(player, 0) + 1
    return sat_out, played


def no_show_names(competition: Competition) -> list[tuple[str, int]]:
    """(name, nights they said yes and did not come), the most first: the season page's list."""
    names = dict(Entry.objects.filter(competition=competition).values_list("player_id", "player__name"))
    counts = ((names.get(p, p), n) for p, n in no_show_counts(competition).items())
    return sorted(counts, key=lambda x: -x[1])


def entries_by_name(competition: Competition) -> list[Entry]:
    """The active entries with their players, by name (the season page's private links)."""
    return list(active_entries(competition).select_related("player").order_by("player__name"))


def competition_entry(competition_id: int, entry_pk) -> Entry | None:
    """An entry of this competition by its id as a form sent it; None for another's, or no number."""
    try:
        return Entry.objects.select_related("player").get(pk=int(entry_pk), competition=competition_id)
    except (Entry.DoesNotExist, TypeError, ValueError):
        return None


def night_seats(round_: Round) -> tuple[set[int], bool]:
    """The players seated on the night, and whether a hand has been played (its seating is then fixed)."""
    seated = set(round_.seats.values_list("player_id", flat=True))
    return seated, Hand.objects.filter(table__round=round_).exists()


def no_show_counts(competition: Competition) -> dict[int, int]:
    """Player id -> nights they said yes and did not come."""
    rows = (
        Attendance.objects.filter(round__competition=competition, no_show=True)
        .values_list("entry__player_id")
        .annotate(n=Count("pk"))
        .order_by()
    )
    return dict(rows)


@dataclass(frozen=True)
class Night:
    round: Round
    reply: str | None
    checked_in: bool
    no_show: bool
    table: int | None  # once published
    wind: str | None
    closed: bool  # replies closed
    sits_out: bool = False  # published, here and not seated: told "you sit out" (issue 49)


def player_nights(entry: Entry) -> list[Night]:
    """A player's nights of the season, in order: their reply, and where they sit once published."""
    rounds = list(Round.objects.filter(competition=entry.competition_id).order_by("number"))
    kept = {a.round_id: a for a in Attendance.objects.filter(entry=entry)}
    published = (Round.Status.SEATED, Round.Status.PLAYING, Round.Status.FINISHED)
    seats = {
        s.round_id: s
        for s in Seat.objects.filter(player_id=entry.player_id, round__in=rounds).select_related("table")
    }
    with_tables = set(
        Seat.objects.filter(round__in=rounds).values_list("round_id", flat=True).distinct().order_by()
    )
    out = []
    for rnd in rounds:
        a, seat = kept.get(rnd.pk), seats.get(rnd.pk) if rnd.status in published else None
        # A night over keeps what the player was told (their "you sit out" stays in the inbox): asked
        # only of a night they came to (checked in, a reserve, or said yes), so a season of nights they
        # stayed home reads no more
        came = a is not None and (a.checked_in or a.reserve or a.reply == Reply.YES)
        sits_out = (
            seat is None
            and rnd.status in published
            and (rnd.status != Round.Status.FINISHED or came)
            and rnd.pk in with_tables
            and entry.player_id in round_sitting_out(rnd).byes
        )
        out.append(
            Night(
                round=rnd,
                reply=(a.reply or None) if a else None,
                checked_in=bool(a and a.checked_in),
                no_show=bool(a and a.no_show),
                table=seat.table.number if seat else None,
                wind=seat.wind if seat else None,
                closed=rnd.status != Round.Status.SCHEDULED or rnd.pk in with_tables,
                sits_out=sits_out,
            )
        )
    return out


def next_night(nights: list[Night]) -> Night | None:
    """The first night not finished whose day has not passed (or the first unfinished one)."""
    today = timezone.localdate()
    for night in nights:
        if night.round.status == Round.Status.FINISHED:
            continue
        starts = night.round.starts_at
        if starts is None or timezone.localtime(starts).date() >= today:
            return night
    return None


def entries_without_channel(competition: Competition) -> list[tuple[Entry, Person]]:
    """The competition's playing entries whose player no message reaches off the site: no channel open
    to them (no email, Telegram, WhatsApp or push: ``notifications.people``), so their messages wait in
    their inbox and the organiser passes their links on by hand. By name; a few queries, whatever the
    number of players (``people_for`` reads the players, their accounts and choices at once)."""
    entries = list(
        Entry.objects.filter(competition=competition, status=Entry.Status.ACTIVE)
        .select_related("player")
        .order_by("player__name", "pk")
    )
    people = people_for(player_ids=[e.player_id for e in entries])
    return [(e, people[f"p{e.player_id}"]) for e in entries if not people[f"p{e.player_id}"].open]
