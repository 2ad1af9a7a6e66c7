"""A late arrival (issue 33): checked in after the night is seated, then seated where there is room.

``night_seat_late``, the organiser's door: the player is checked in, then

1. given a **free seat**: the seat of a player who is not here (not checked in, and not a reserve the
   organiser seated to fill a table: a seated reserve is here) on a night with check-ins (someone seated
   is checked in), at a table where no hand is recorded yet; else
2. kept **waiting**; when four are waiting (checked in, not seated: byes and late arrivals, the earliest
   first), they make a new table.

The seat and table rows are written by the rounds' seating rows (``tournament.rounds.seating_rows``,
as a draw and a swap are). Audited with what happened, naming whose seat was taken (the organiser's page
and the API answer name them too). The round must be seated and not finished. Once the round is
published, everyone whose seat changed is told (``tournament.notifications``: the late arrival their seat,
or that they sit out while they wait, the player who lost it that they have none now, four waiting their
new table).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.access.audit import RequestMeta, audit_round
from tournament.access.roles import require_organiser
from tournament.models import Attendance, Entry, Hand, Round, Seat
from tournament.notifications import events as notify
from tournament.rounds.seating_rows import WINDS, seat_given_up, table_added
from tournament.season.attendance import attendance_check_in
from tournament.season.errors import SeasonError


@dataclass(frozen=True)
class LateSeat:
    table: int | None  # the table number, None while waiting
    wind: str | None
    replaced: int | None  # the player whose free seat was taken
    waiting: int  # players still waiting for a table of four
    replaced_name: str | None = None  # their name


def _free_seat(locked: Round) -> Seat | None:
    """The first seat (by table and wind) of a player who is not here, at a table with no hand yet; none
    on a night nobody seated is checked in (nobody's absence is known)."""
    rows = Attendance.objects.filter(round=locked)
    checked_in = set(rows.filter(checked_in=True).values_list("entry__player_id", flat=True))
    seats = Seat.objects.filter(round=locked)
    if not seats.filter(player_id__in=checked_in).exists():
        return None
    here = checked_in | set(rows.filter(reserve=True).values_list("entry__player_id", flat=True))
    played = set(Hand.objects.filter(table__round=locked).values_list("table_id", flat=True))
    return (
        seats.exclude(player_id__in=here)
        .exclude(table_id__in=played)
        .select_related("table", "player")
        .order_by("table__number", "wind")
        .first()
    )


def night_seat_late(round_: Round, entry: Entry, *, user=None, meta: RequestMeta | None = None) -> LateSeat:
    require_organiser(user, round_.competition)
    with transaction.atomic():
        locked = Round.objects.select_for_update().select_related("competition").get(pk=round_.pk)
        if locked.status == Round.Status.FINISHED or not locked.tables.exists():
            raise SeasonError(_("Only a seated night that is not over takes late arrivals."))
        if Seat.objects.filter(round=locked, player_id=entry.player_id).exists():
            raise SeasonError(
                _("%(name)s is already seated tonight.") % {"name": entry.player.name}, "player"
            )
        attendance_check_in(locked, entry, True, user=user, meta=meta)
        free = _free_seat(locked)
        if free is not None:
            result = LateSeat(free.table.number, free.wind, free.player_id, 0, free.player.name)
            seat_given_up(locked, free, entry.player_id)  # the rounds' seat rows (issue 47, item 3)
            words = gettext_noop(
                "%(actor)s seated %(player)s, arrived late, at table %(table)s of night %(round)s, "
                "in the seat of %(replaced_name)s, who is not here"
            )
        else:
            seated = set(Seat.objects.filter(round=locked).values_list("player_id", flat=True))
            waiting = list(
                Attendance.objects.filter(round=locked, checked_in=True, entry__status=Entry.Status.ACTIVE)
                .exclude(entry__player_id__in=seated)
                .order_by("checked_in_at", "pk")
                .values_list("entry__player_id", flat=True)
            )
            if len(waiting) >= 4:
                four = waiting[:4]
                table = table_added(locked, four)
                wind = WINDS[four.index(entry.player_id)] if entry.player_id in four else None
                result = LateSeat(table.number, wind, None, len(waiting) - 4)
                words = gettext_noop(
                    "%(actor)s opened table %(table)s of night %(round)s for four players waiting, "
                    "%(player)s arrived late"
                )
            else:
                result = LateSeat(None, None, None, len(waiting))
                words = gettext_noop(
                    "%(actor)s keeps %(player)s, arrived late, waiting for a table of four on night %(round)s"
                )
        audit_round(
            "night_late_arrival",
            user,
            locked,
            words,
            meta,
            player=entry.player.name,
            table=result.table or 0,
            replaced=result.replaced,
            replaced_name=result.replaced_name or "",
            waiting=result.waiting,
        )
        # Published: whose seat changed is told (issue 49); one kept waiting is here without a table, as
        # their season page says, so they are told they sit out (until four waiting make a table)
        if locked.status != Round.Status.SCHEDULED:
            notify.seating_changed(locked.pk)
    return result
