"""A round's tables as rows: what every way of seating a round shares (issue 36), and the one place
that writes a round's seats and tables.

The generator's draw (``tournament.rounds.seating.round_seat``) and the tables a stage chose
(``tournament.rounds.seating_given``) read the rounds before, check that the round may still be seated,
and write its tables as a draft here; a swap (``round_swap``) exchanges two seats here, and a late
arrival (``tournament.season.late``, issue 47) takes a free seat or opens a table of four here. Each
caller is the door that checks the right and writes the audit entry. Kept apart from ``seating`` so that
the stage part can read a round's tables (``round_tables``) while ``round_seat`` asks the stage how to
seat its round, with no import circle.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Max
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.access.audit import audit_round
from tournament.models import Hand, Round, Seat, Table
from tournament.seating.model import SeatingReport
from tournament.standings.queue import queue_standings_recompute
from tournament.teams.selectors import separation_groups

WINDS = ("E", "S", "W", "N")


class RoundError(Exception):
    """The round cannot be seated or changed now; the message says why."""


class RoundLocked(RoundError):
    """The change is well formed but the round's state no longer allows it (its number once seated)."""


@dataclass(frozen=True)
class RoundSeating:
    round: Round
    tables: tuple[tuple[int, int, int, int], ...]
    byes: tuple[int, ...]
    report: SeatingReport
    method: str = ""
    seated_from: str = "entries"  # the checked-in, the yes replies or every active entry (issue 33)


def _clubs(players: list[int], competition_id: int) -> dict[int, str | None]:
    """Kept apart at the tables: the players' teams in a team event, else their clubs (issue 35)."""
    return separation_groups(competition_id, players)


def round_tables(round_: Round) -> tuple[tuple[int, int, int, int], ...]:
    """The round's tables as seated, each (E, S, W, N) player ids, by table number."""
    by_table: dict[int, dict[str, int]] = {}
    for table_number, wind, player in Seat.objects.filter(round=round_).values_list(
        "table__number", "wind", "player_id"
    ):
        by_table.setdefault(table_number, {})[wind] = player
    return tuple(tuple(seats[w] for w in WINDS) for _, seats in sorted(by_table.items()))  # type: ignore[misc]


def _history(round_: Round) -> list[tuple]:
    """Earlier rounds' tables, oldest first."""
    earlier = Round.objects.filter(competition=round_.competition, number__lt=round_.number).order_by(
        "number"
    )
    return [tables for r in earlier if (tables := round_tables(r))]


def _check_changeable(round_: Round) -> None:
    if round_.status in (Round.Status.PLAYING, Round.Status.FINISHED):
        raise RoundError(
            _("Round %(n)s is %(status)s: its seating is fixed.")
            % {"n": round_.number, "status": round_.get_status_display().lower()}
        )
    if Hand.objects.filter(table__round=round_).exists():
        raise RoundError(
            _("Hands have been recorded in round %(n)s: its seating is fixed.") % {"n": round_.number}
        )


def _write_tables(locked: Round, tables) -> None:
    """The round's tables as drawn (each E, S, W, N): a draft.

    A table number keeps its row (its page, its scorekeeper) and a player seated before keeps their seat
    row and link nonce (their private link, ``tournament.confirmations.seat_links``), wherever they sit now.
    """
    old_tables = {t.number: t for t in Table.objects.filter(round=locked)}
    kept = {s.player_id: (s.pk, s.link_nonce) for s in Seat.objects.filter(round=locked)}
    Seat.objects.filter(round=locked).delete()  # seating before play is a plan, not a result
    for number, members in enumerate(tables, start=1):
        table = old_tables.pop(number, None) or Table.objects.create(round=locked, number=number)
        Seat.objects.bulk_create(
            Seat(
                pk=kept.get(p, (None, ""))[0],
                link_nonce=kept.get(p, (None, ""))[1],
                table=table,
                round=locked,
                wind=w,
                player_id=p,
            )
            for w, p in zip(WINDS, members, strict=True)
        )
    Table.objects.filter(pk__in=[t.pk for t in old_tables.values()]).delete()
    queue_standings_recompute(locked.competition_id)  # a round's lines list who sits at it (issue 48)
    if locked.status != Round.Status.SCHEDULED:  # a published round drawn again: a draft until republished
        locked.status = Round.Status.SCHEDULED
        locked.save(update_fields=["status"])


def _audit_seated(user, locked: Round, tables, byes, method: str, meta, **how) -> None:
    """The draft seating's audit entry, drawn or given: its tables, byes and method, and ``how`` it was
    seated (``seated_from``; a draw's seed, reserves and no-shows)."""
    audit_round(
        "round_seated",
        user,
        locked,
        gettext_noop("%(actor)s drew a draft seating for round %(round)s"),
        meta,
        tables=[list(t) for t in tables],
        byes=list(byes),
        method=method,
        **how,
    )


def seats_exchange(locked: Round, a: Seat, b: Seat) -> None:
    """Two players change places; each keeps their seat row and link nonce, so their private link still
    works (issue 32)."""
    places = (a.table_id, a.wind), (b.table_id, b.wind)
    Seat.objects.filter(pk__in=(a.pk, b.pk)).delete()
    for seat, (table_id, wind) in ((a, places[1]), (b, places[0])):
        Seat.objects.create(
            pk=seat.pk, link_nonce=seat.link_nonce, round=locked, table_id=table_id, wind=wind,
            player_id=seat.player_id,
        )  # fmt: skip
    queue_standings_recompute(locked.competition_id)  # the round's lines: who sits at each table


def seat_given_up(locked: Round, seat: Seat, player_id: int) -> Seat:
    """A player who is not here gives up ``seat`` to ``player_id`` (a late arrival): its table and wind in a
    new row; the one who left keeps no seat, and their private link shows none."""
    table_id, wind = seat.table_id, seat.wind
    seat.delete()
    taken = Seat.objects.create(round=locked, table_id=table_id, wind=wind, player_id=player_id)
    queue_standings_recompute(locked.competition_id)
    return taken


def table_added(locked: Round, players) -> Table:
    """A new table after the round's last, its four ``players`` seated E, S, W, N (late arrivals waiting)."""
    number = (Table.objects.filter(round=locked).aggregate(m=Max("number"))["m"] or 0) + 1
    table = Table.objects.create(round=locked, number=number)
    Seat.objects.bulk_create(
        Seat(table=table, round=locked, wind=w, player_id=p) for w, p in zip(WINDS, players, strict=True)
    )
    queue_standings_recompute(locked.competition_id)
    return table
