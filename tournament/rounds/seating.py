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
A round of a stage is seated as its stage says (issue 36): ``round_seat`` and ``round_preview`` ask
``tournament.stages.seating`` (the stage's players, by its method, or why not now), so the round page, the
API and the stage page seat it alike; ``competition_plan`` refuses a stage's round.
``round_swap`` exchanges two players before play starts (on a published round, both are told their new
seat: ``tournament.notifications.seatings``). Each is a door
(issue 13): it checks the caller's right (an organiser of the competition;
``user=None`` is a command run by the operator), refuses once the round is
playing or a hand has been recorded in it, and writes an audit entry.
The rest of a round's life (publish, start, end, finish, reopen, hold) is
``tournament.rounds.lifecycle``.
"""

from __future__ import annotations

import secrets
from dataclasses import replace

from django.db import transaction
from django.db.models import Sum
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.access.audit import RequestMeta, audit_round, audit_write
from tournament.access.roles import require_organiser
from tournament.models import ChipTransfer, Entry, Player, Round, Seat, Table
from tournament.notifications import events as notify
from tournament.rounds.seating_given import round_seat_given
from tournament.rounds.seating_rows import (  # noqa: F401 - RoundLocked: lifecycle and the API import it here
    RoundError,
    RoundLocked,
    RoundSeating,
    _audit_seated,
    _check_changeable,
    _clubs,
    _history,
    _write_tables,
    round_tables,
    seats_exchange,
)
from tournament.season.choose import NightField, choose_seated
from tournament.season.noshow import night_record_seating
from tournament.season.selectors import night_reserves, sat_out_counts, seating_field
from tournament.seating import SeatingOptions, seat
from tournament.seating import preview as seating_preview
from tournament.seating import report as seating_report
from tournament.seating import swap as seating_swap
from tournament.seating.errors import SeatingError
from tournament.seating.model import SeatingPreview, SeatingReport
from tournament.seating.winds import order_round, seat_counts
from tournament.stages.errors import StageError
from tournament.stages.seating import StagePlan, stage_decides, stage_seating
from tournament.teams.night import team_night


def _field(round_: Round) -> list[int]:
    entries = Entry.objects.filter(competition=round_.competition, status=Entry.Status.ACTIVE)
    return sorted(entries.values_list("player_id", flat=True))


def _night(
    round_: Round, seed: int | None, reserves=None, seat_regulars: bool = False
) -> tuple[list[int], str, NightField | None]:
    """Who sits tonight (issue 33, ``tournament.season``): the checked-in, else the yes replies, else
    every active entry; with the organiser's reserves. Every active entry without reserves is seated as
    before (the generator's byes follow its design); otherwise the byes are chosen here, so that they
    go to those who sat out least, and the generator seats a multiple of four. A team event's night seats
    only the teams' players (``tournament.teams.night``): a team without a lineup is named, and seated by
    its regulars only when the organiser says so (``seat_regulars``)."""
    team = team_night(round_)
    if team is not None:
        if reserves:
            raise RoundError(_("A team night seats the teams' players: it takes no reserves."))
        if team.missing and not seat_regulars:
            raise RoundError(team.missing_words(round_.number))
        return team.field(seat_regulars), "lineups", None
    field = seating_field(round_)
    if reserves is None:
        reserves = night_reserves(round_, field.candidates)
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


def _options(
    round_: Round, seed: int | None, swiss: bool = False, time_budget: float = 10.0, *, anew: bool = False
) -> SeatingOptions:
    # The first draw's default seed is the competition's: previews and seatings of one event agree. Drawn
    # again (``anew``) without a number, the seating is a new one: "draw again" must change the tables.
    if seed is None:
        seed = secrets.randbelow(2**31) if anew else round_.competition_id
    return SeatingOptions(seed=seed, rounds=1, swiss=swiss, time_budget=time_budget)


def _stage_plan(round_: Round) -> StagePlan | None:
    """How the round's stage seats it (``tournament.stages.seating``); None: the usual draw."""
    try:
        return stage_seating(round_)
    except StageError as exc:
        raise RoundError(str(exc)) from None


def round_preview(round_: Round, *, seed: int | None = None) -> SeatingPreview:
    """What seating the round will do (tables, byes, who sits out), told before generating."""
    plan = _stage_plan(round_)
    if plan is not None and plan.tables is not None:  # the stage's own tables and byes
        n = sum(len(t) for t in plan.tables) + len(plan.byes)
        return SeatingPreview(
            players=n, tables=len(plan.tables), byes_per_round=len(plan.byes), due_for_bye=(),
            sitting_out=plan.byes,
            bye_counts=(), design=None, design_rounds=0,
        )  # fmt: skip
    players = sorted(plan.players) if plan and plan.players is not None else _night(round_, seed)[0]
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
    reserves: tuple[int, ...] | None = None,
    seat_regulars: bool = False,
    meta: RequestMeta | None = None,
) -> RoundSeating:
    """Seat (or seat again) a round that has not started, from who is here (``_night``: a team night its
    teams' lineups, ``seat_regulars`` for a team that named none); a stage's round from the stage's players
    by the stage's method (``tournament.stages.seating``), whatever door asks. ``reserves`` None: the
    night's reserves as seated before, while they still fill its last table (seated again, a night keeps
    them: the walk of issue 47 saw "seat again" drop them); ``()``: none."""
    require_organiser(user, round_.competition)
    _check_changeable(round_)
    plan = _stage_plan(round_)
    if plan is not None and (plan.players is not None or plan.tables is not None) and reserves:
        raise RoundError(
            _("Round %(n)s is seated from the players of the stage %(stage)s: it takes no reserves.")
            % {"n": round_.number, "stage": plan.stage.name}
        )
    if plan is not None and plan.tables is not None:  # placing groups, knockout: the stage's tables
        return round_seat_given(round_, plan.tables, user=user, meta=meta, method=plan.method, byes=plan.byes)
    if plan is not None:
        swiss = plan.swiss  # the stage's method, not the form's
    if plan is not None and plan.players is not None:
        players, source, night = sorted(plan.players), "stage", None
    else:
        players, source, night = _night(round_, seed, reserves, seat_regulars)
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
        _audit_seated(
            user,
            locked,
            seated.tables,
            byes,
            seated.method,
            meta,
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
    staged = next(((r, s) for r in pending if (s := stage_decides(r)) is not None), None)
    if staged is not None:  # its stage seats it from its own players, when they are known
        raise RoundError(
            _("Round %(n)s belongs to the stage %(stage)s, which seats its own players: seat the rounds "
              "one at a time.")
            % {"n": staged[0].number, "stage": staged[1].name}
        )  # fmt: skip
    first = pending[0]
    if team_night(first) is not None:  # each night from its lineups (issue 49)
        raise RoundError(_("A team event seats each round from its teams' lineups: seat them one at a time."))
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
    team = team_night(round_)  # a team night: its teams' players, never an entry in no team
    players = team.field(seat_regulars=True) if team else list(seating_field(round_).candidates)
    if stage_decides(round_) is not None:  # a stage's round: its players, not those it left out (issue 49)
        try:
            plan = stage_seating(round_)
        except StageError:
            plan = None
        players = list(plan.players) if plan is not None and plan.players is not None else []
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
        seats_exchange(locked, seats[player_a], seats[player_b])  # each keeps their private link
        names = dict(Player.objects.filter(pk__in=(player_a, player_b)).values_list("pk", "name"))
        if locked.status != Round.Status.SCHEDULED:  # published: both are told their new seat (issue 49)
            notify.seating_changed(locked.pk)
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
