"""Seating a round: the bridge between the database and the pure generator ``tournament.seating``.

``round_seat`` loads the competition's entered players, their clubs, the
tables of the rounds already seated and (for swiss seating) their chips,
runs the pure generator, and saves the tables in one transaction as a
**draft** (issue 14): the round stays scheduled, the organiser reviews the
report, swaps, and publishes it (``lifecycle.round_publish``); until then
only the competition's organisers see its tables (``tournament.rounds.held``).
Seating a published round again makes it a draft again (the page says so
before, issue 32), draws anew unless given a draw number, and keeps each
table's row and each staying player's seat row, so the table's page and the
player's private link printed earlier still work.
``round_swap`` exchanges two players before play starts. Each is a door
(issue 13): it checks the caller's right (an organiser of the competition;
``user=None`` is a command run by the operator), refuses once the round is
playing or a hand has been recorded in it, and writes an audit entry.
The rest of a round's life (publish, start, end, finish, reopen, hold) is
``tournament.rounds.lifecycle``.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, replace

from django.db import transaction
from django.db.models import Sum
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.access.audit import RequestMeta, audit_round, audit_write
from tournament.access.roles import require_organiser
from tournament.models import ChipTransfer, Entry, Hand, Player, Round, Seat, Table
from tournament.season.choose import NightField, choose_seated
from tournament.season.noshow import night_record_seating
from tournament.season.selectors import sat_out_counts, seating_field
from tournament.seating import SeatingOptions, seat
from tournament.seating import preview as seating_preview
from tournament.seating import report as seating_report
from tournament.seating import swap as seating_swap
from tournament.seating.errors import SeatingError
from tournament.seating.model import SeatingPreview, SeatingReport
from tournament.seating.winds import order_round, seat_counts
from tournament.teams.selectors import lineup_field, separation_groups

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


def _field(round_: Round) -> list[int]:
    entries = Entry.objects.filter(competition=round_.competition, status=Entry.Status.ACTIVE)
    return sorted(entries.values_list("player_id", flat=True))


def _night(round_: Round, seed: int | None, reserves=()) -> tuple[list[int], str, NightField | None]:
    """Who sits tonight (issue 33, ``tournament.season``): the checked-in, else the yes replies, else
    every active entry; with the organiser's reserves. Every active entry without reserves is seated as
    before (the generator's byes follow its design); otherwise the byes are chosen here, so that they
    go to those who sat out least, and the generator seats a multiple of four."""
    lineups = lineup_field(round_)  # a team event's night: the players the teams named (issue 35)
    if lineups is not None and not reserves:
        return lineups, "lineups", None
    field = seating_field(round_)
    reserves = tuple(sorted(set(reserves)))
    if field.source == "entries" and not reserves:
        return list(field.candidates), field.source, None
    active = set(_field(round_))
    bad = [p for p in reserves if p not in active or p in field.candidates]
    if bad:
        raise RoundError(
            _("A reserve must be a playing entry of this competition who is not already seated.")
        )
    free = -len(field.candidates) % 4
    if reserves and len(reserves) != free:
        raise RoundError(
            _("%(n)s players are here: choose %(free)s reserves to fill the last table, or none.")
            % {"n": len(field.candidates), "free": free}
        )
    sat_out, played = sat_out_counts(round_)
    seed = round_.competition_id if seed is None else seed
    night = choose_seated(field.candidates, sat_out, played, seed * 1000 + round_.number, reserves)
    return list(night.seated), field.source, night


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


def _gone(history: list[tuple], field: list[int]) -> set[int]:
    """Players who sat in earlier rounds but are no longer in the field (withdrawn)."""
    return {p for tables in history for t in tables for p in t} - set(field)


def _chips(round_: Round, players: list[int]) -> dict[int, int]:
    """Net chips so far in the competition (for swiss seating)."""
    tables = Table.objects.filter(round__competition=round_.competition)
    received = dict(
        ChipTransfer.objects.filter(table__in=tables)
        .values("to_player")
        .annotate(s=Sum("amount"))
        .values_list("to_player", "s")
    )
    paid = dict(
        ChipTransfer.objects.filter(table__in=tables)
        .values("from_player")
        .annotate(s=Sum("amount"))
        .values_list("from_player", "s")
    )
    return {p: received.get(p, 0) - paid.get(p, 0) for p in players}


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


def _options(
    round_: Round, seed: int | None, swiss: bool = False, time_budget: float = 10.0, *, anew: bool = False
) -> SeatingOptions:
    # The first draw's default seed is the competition's: previews and seatings of one event agree. Drawn
    # again (``anew``) without a number, the seating is a new one (issue 32: it used to be the same).
    if seed is None:
        seed = secrets.randbelow(2**31) if anew else round_.competition_id
    return SeatingOptions(seed=seed, rounds=1, swiss=swiss, time_budget=time_budget)


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
    if locked.status != Round.Status.SCHEDULED:  # a published round drawn again: a draft until republished
        locked.status = Round.Status.SCHEDULED
        locked.save(update_fields=["status"])


def round_preview(round_: Round, *, seed: int | None = None) -> SeatingPreview:
    """What seating the round will do (tables, byes, who sits out), told before generating."""
    players, _source, _ = _night(round_, seed)
    history = _history(round_)
    try:
        return seating_preview(
            players,
            history,
            _options(round_, seed),
            clubs=_clubs(players, round_.competition_id),
            withdrawn=_gone(history, players),
        )
    except SeatingError as exc:
        raise RoundError(str(exc)) from None


def round_seat(
    round_: Round,
    *,
    user=None,
    seed: int | None = None,
    swiss: bool = False,
    time_budget: float = 10.0,
    reserves: tuple[int, ...] = (),
    meta: RequestMeta | None = None,
    players: list[int] | None = None,
) -> RoundSeating:
    """Seat (or seat again) a round that has not started, from who is here (``_night``), or from
    ``players`` (a stage's qualifiers, ``tournament.stages.services``)."""
    require_organiser(user, round_.competition)
    _check_changeable(round_)
    if players is None:
        players, source, night = _night(round_, seed, reserves)
    else:
        players, source, night = sorted(players), "stage", None
    history = _history(round_)
    options = _options(round_, seed, swiss, time_budget, anew=round_.tables.exists())
    try:
        result = seat(
            players,
            history=history,
            clubs=_clubs(players, round_.competition_id),
            chips=_chips(round_, players) if swiss else None,
            withdrawn=_gone(history, players),
            options=options,
        )
    except SeatingError as exc:
        raise RoundError(str(exc)) from None
    seated = result.rounds[0]
    if night is not None:
        # A night's field changes from week to week: the blocks of four rounds that balance the winds
        # (seating/winds.py) do not hold a player who missed some of their nights. Each table's winds
        # are ordered by its players' own counts instead (bench/season_bench.py: 15 players of 40 with
        # a wind spread over 1 after 12 nights, 2 this way).
        seated = replace(seated, tables=order_round(seated.tables, seat_counts(history)))
    with transaction.atomic():
        locked = Round.objects.select_for_update().get(pk=round_.pk)
        _check_changeable(locked)
        _write_tables(locked, seated.tables)
        no_shows = night_record_seating(locked, source, night.reserves if night else ())
        byes = night.byes if night else seated.byes
        audit_round(
            "round_seated",
            user,
            locked,
            gettext_noop("%(actor)s drew a draft seating for round %(round)s"),
            meta,
            tables=[list(t) for t in seated.tables],
            byes=list(byes),
            method=seated.method,
            seed=options.seed,
            seated_from=source,
            reserves=list(night.reserves if night else ()),
            no_shows=no_shows,
        )
    return RoundSeating(locked, tuple(seated.tables), tuple(byes), seated.report, seated.method, source)


def competition_plan(
    competition,
    *,
    user=None,
    seed: int | None = None,
    time_budget: float = 30.0,
    meta: RequestMeta | None = None,
) -> list[RoundSeating]:
    """Seat every scheduled, unseated round of a competition at once (planning the event ahead).

    The rounds are planned together by one call of the generator, after the
    rounds already seated; seating them one at a time with ``round_seat``
    gives the same quality (the generator continues the same design).
    """
    require_organiser(user, competition)
    pending = [
        r
        for r in Round.objects.filter(competition=competition, status=Round.Status.SCHEDULED).order_by(
            "number"
        )
        if not r.tables.exists()
    ]
    if not pending:
        raise RoundError(_("Every scheduled round is already seated: there is no round to seat."))
    first = pending[0]
    later_seated = Round.objects.filter(competition=competition, number__gt=first.number).exclude(
        pk__in=[r.pk for r in pending]
    )
    if later_seated.exists():
        raise RoundError(_("A later round is already seated: seat the remaining rounds one at a time."))
    players = _field(first)
    history = _history(first)
    options = SeatingOptions(
        seed=competition.pk if seed is None else seed, rounds=len(pending), time_budget=time_budget
    )
    try:
        result = seat(
            players,
            history=history,
            clubs=_clubs(players, competition.pk),
            withdrawn=_gone(history, players),
            options=options,
        )
    except SeatingError as exc:
        raise RoundError(str(exc)) from None
    out = []
    with transaction.atomic():
        for rnd, seated in zip(pending, result.rounds, strict=True):
            locked = Round.objects.select_for_update().get(pk=rnd.pk)
            _check_changeable(locked)
            _write_tables(locked, seated.tables)
            audit_round(
                "round_seated",
                user,
                locked,
                gettext_noop(
                    "%(actor)s drew a draft seating for round %(round)s (planned with the rounds after it)"
                ),
                meta,
                tables=[list(t) for t in seated.tables],
                planned=True,
            )
            out.append(
                RoundSeating(locked, tuple(seated.tables), tuple(seated.byes), seated.report, seated.method)
            )
    return out


def round_report(round_: Round) -> SeatingReport:
    """The quality report of the round as it is seated now (byes: tonight's candidates not seated)."""
    players = lineup_field(round_) or list(seating_field(round_).candidates)  # a team night: the named
    tables = round_tables(round_)
    seated = {p for t in tables for p in t}
    return seating_report(
        tables,
        _history(round_),
        clubs=_clubs(sorted(set(players) | seated), round_.competition_id),
        byes=tuple(p for p in players if p not in seated),
    )


def round_swap(
    round_: Round, player_a: int, player_b: int, *, user=None, meta: RequestMeta | None = None
) -> SeatingReport:
    """Exchange two players' seats before the round starts; answers the new report."""
    require_organiser(user, round_.competition)
    _check_changeable(round_)
    try:
        seating_swap(round_tables(round_), player_a, player_b)  # validates both are seated
    except SeatingError as exc:
        raise RoundError(str(exc)) from None
    with transaction.atomic():
        locked = Round.objects.select_for_update().get(pk=round_.pk)
        _check_changeable(locked)
        seats = {s.player_id: s for s in Seat.objects.filter(round=locked, player__in=(player_a, player_b))}
        a, b = seats[player_a], seats[player_b]
        places = (a.table_id, a.wind), (b.table_id, b.wind)
        Seat.objects.filter(pk__in=(a.pk, b.pk)).delete()
        # Each keeps their seat row and nonce: their private link still works (issue 32).
        for seat, (table_id, wind) in ((a, places[1]), (b, places[0])):
            Seat.objects.create(
                pk=seat.pk, link_nonce=seat.link_nonce, round=locked, table_id=table_id, wind=wind,
                player_id=seat.player_id,
            )  # fmt: skip
        names = dict(Player.objects.filter(pk__in=(player_a, player_b)).values_list("pk", "name"))
        audit_write(
            "seats_swapped",
            user=user,
            competition=locked.competition,
            object_type="round",
            object_id=locked.pk,
            words=gettext_noop("%(actor)s swapped %(a)s and %(b)s in round %(round)s"),
            args={
                "a": names.get(player_a, player_a),
                "b": names.get(player_b, player_b),
                "round": locked.number,
            },
            data={"round": locked.number, "players": [player_a, player_b]},
            meta=meta,
        )
    return round_report(round_)
