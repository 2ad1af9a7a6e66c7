"""Rounds: schedule, generate the seating, review its quality report, swap, publish, scorekeepers.

Every change goes through its door in ``tournament.rounds`` (schedule,
seat, swap, publish, start, end, finish, reopen, hold) or
``tournament.league.competitions.table_set_scorekeeper``; this module only
translates forms and answers.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.db import transaction
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournament.access.request_meta import request_meta
from tournament.forms.rounds import RoundForm, ScheduleForm, ScorekeepersForm, SeatingForm, SwapForm
from tournament.league.competitions import CompetitionError, table_set_scorekeeper
from tournament.models import Player, Round
from tournament.rounds import lifecycle, seating, timing
from tournament.rounds.clock import plays_on
from tournament.rounds.empty_tables import tables_without_hands
from tournament.rounds.lifecycle import table_finished
from tournament.rounds.series import rounds_schedule
from tournament.seating import best_rounds, fewest_same_club_tables
from tournament.stages.seating import stage_decides
from tournament.tables.refusals import refusals_open
from tournament.teams.night import missing_lineups, team_tags
from tournament.views.table.display import WIND_LETTERS

from .access import managed_competition, managed_round, organiser_required
from .alerts import alerts_context
from .design_names import design_label
from .round_play import PLAY_SECONDS, QUIET_MINUTES, tables_now

WINDS = ("E", "S", "W", "N")


@organiser_required
@require_http_methods(["GET", "HEAD", "POST"])
def rounds(request, pk: int):
    """The competition's rounds, and a form to schedule the next one."""
    competition = managed_competition(request, pk)
    existing = list(competition.rounds.prefetch_related("tables"))
    next_number = max((r.number for r in existing), default=0) + 1
    form = ScheduleForm(request.POST or None, competition=competition, initial={"number": next_number})
    if request.method == "POST" and form.is_valid():
        try:
            scheduled = rounds_schedule(
                competition, user=request.user, meta=request_meta(request), **form.cleaned_data
            )
            round_ = scheduled[0]
        except seating.RoundError as exc:
            form.add_error(None, str(exc))
            return render(
                request,
                "organiser/rounds.html",
                {"competition": competition, "rounds": existing, "form": form},
                status=400,
            )
        if len(scheduled) > 1:
            messages.success(
                request,
                _("Rounds %(first)s to %(last)s scheduled.")
                % {"first": round_.number, "last": scheduled[-1].number},
            )
            return redirect("organiser:rounds", competition.pk)
        messages.success(request, _("Round %(n)s scheduled.") % {"n": round_.number})
        return redirect("organiser:round", round_.pk)
    return render(
        request,
        "organiser/rounds.html",
        {"competition": competition, "rounds": existing, "form": form},
        status=400 if form.is_bound else 200,
    )


@organiser_required
@require_POST
def competition_plan_view(request, pk: int):
    """Seat every scheduled round at once: the event planned ahead."""
    competition = managed_competition(request, pk)
    if not competition.rounds.exists():
        messages.error(request, _("There is no round to seat: schedule the rounds first (below)."))
        return redirect("organiser:rounds", competition.pk)
    try:
        planned = seating.competition_plan(competition, user=request.user, meta=request_meta(request))
    except seating.RoundError as exc:  # refused, nothing seated: the rounds again, with the words
        messages.error(request, str(exc))
        existing = list(competition.rounds.prefetch_related("tables"))
        form = ScheduleForm(
            competition=competition, initial={"number": max((r.number for r in existing), default=0) + 1}
        )
        context = {"competition": competition, "rounds": existing, "form": form}
        return render(request, "organiser/rounds.html", context, status=409)
    repeats = sum(p.report.repeat_meetings for p in planned)
    messages.success(
        request,
        _("Drafted the seating of %(n)s rounds at once; repeated meetings: %(r)s. Publish each when ready.")
        % {"n": len(planned), "r": repeats},
    )
    return redirect("organiser:rounds", competition.pk)


@organiser_required
@require_http_methods(["GET", "HEAD", "POST"])
def round_edit(request, pk: int):
    round_ = managed_round(request, pk)
    form = RoundForm(request.POST or None, instance=round_, competition=round_.competition)
    if request.method == "POST" and form.is_valid():
        try:
            lifecycle.round_change(round_, user=request.user, meta=request_meta(request), **form.cleaned_data)
        except seating.RoundError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, _("Saved."))
            return redirect("organiser:round", round_.pk)
    return render(
        request,
        "organiser/round_form.html",
        {"competition": round_.competition, "round": round_, "form": form},
        status=400 if form.is_bound else 200,
    )


def _preview(round_: Round):
    """What seating the round will do (tables, byes and who is due one), or the reason it cannot."""
    try:
        return seating.round_preview(round_), None
    except seating.RoundError as exc:
        return None, str(exc)


def same_club_by_table(
    same_club_tables, names: dict[int, Player], numbers: list[int], tags: dict[int, str] | None = None
) -> list[dict]:
    """One line per table with club-mates, however many clubs meet there (issue 14: a table with two
    pairs of club-mates is one table to move), named by its real table number (``numbers``:
    the round's table numbers in order; the report counts tables from 1). A team event's ``tags`` name
    the team of team-mates instead (issue 49)."""
    out: dict[int, dict] = {}
    for t in same_club_tables:
        number = numbers[t.table - 1] if 0 < t.table <= len(numbers) else t.table
        members = [names[p] for p in t.players if p in names]
        club = members[0].club.name if members and members[0].club else t.club
        if tags and members:
            club = tags.get(members[0].pk, club)
        line = out.setdefault(number, {"table": number, "clubs": []})
        line["clubs"].append({"club": club, "players": [m.name for m in members]})
    return [out[n] for n in sorted(out)]


def _report_for_page(report, names: dict[int, Player], numbers: list[int], tags: dict[int, str]) -> dict:
    """The quality report with players named, for the template (a team event's clashes by team)."""

    def name(pid):
        player = names.get(pid)
        return player.name if player else str(pid)

    same_club = same_club_by_table(report.same_club_tables, names, numbers, tags)
    seated_now = set(names)
    return {
        "repeat_pairs": [
            {"a": name(r.a), "b": name(r.b), "meetings": r.meetings} for r in report.repeat_pairs
        ],
        "repeat_meetings": report.repeat_meetings,
        "max_meetings": report.max_meetings,
        "max_wind_spread": report.max_wind_spread,
        "winds": sorted(
            (
                {
                    "player": name(w.player),
                    "E": w.east,
                    "S": w.south,
                    "W": w.west,
                    "N": w.north,
                    "spread": w.spread,
                }
                for w in report.winds
                if w.player in seated_now
            ),
            key=lambda w: (-w["spread"], w["player"]),
        ),
        "same_club_tables": same_club,
        "byes": [name(p) for p in report.byes],
        "teams": bool(tags),
    }


def round_tables_for_page(round_: Round) -> list[dict]:
    """Tables with their four seats in wind order, players loaded."""
    out = []
    for table in round_.tables.select_related("scorekeeper").prefetch_related("seats__player__club"):
        seats = {s.wind: s.player for s in table.seats.all()}
        links = sorted(table.seats.all(), key=lambda s: "ESWN".index(s.wind))  # to retire one (issue 31)
        # each wind's letter in the reader's language (issue 54: 东 南 西 北)
        out.append(
            {"table": table, "seats": [(WIND_LETTERS[w], seats.get(w)) for w in WINDS], "links": links}
        )
    return out


def _page(request, round_: Round, *, status=200, swap_form=None, keepers_form=None, seating_form=None):
    competition = round_.competition
    tables = round_tables_for_page(round_)
    players = {p.pk: p for t in tables for _, p in t["seats"] if p}
    tags = team_tags(competition.pk)  # a team event: each seat tagged with its team (issue 49)
    for player in players.values():
        player.team_tag = tags.get(player.pk, "")
    report = preview = preview_problem = None
    if tables:
        report_data = seating.round_report(round_)
        byes = Player.objects.filter(pk__in=report_data.byes).select_related("club")
        numbers = [t["table"].number for t in tables if any(p for _, p in t["seats"])]
        report = _report_for_page(report_data, {**players, **{p.pk: p for p in byes}}, numbers, tags)
        report["winds"] = [w for w in report["winds"] if w["player"] in {p.name for p in players.values()}]
        report["field"] = len(players) + len(report_data.byes)
        report["best_rounds"] = best_rounds(report["field"])
        report["fewest_same_club"] = fewest_same_club_tables(
            [tags.get(p.pk) if tags else (p.club.name if p.club else None) for p in players.values()],
            len(numbers),
        )
    if round_.status == Round.Status.SCHEDULED or not tables:
        preview, preview_problem = _preview(round_)
        if preview:
            due = Player.objects.in_bulk(list(preview.sitting_out))
            preview = {
                "p": preview,
                "sitting_out": [due[p].name for p in preview.sitting_out if p in due],
                "design": design_label(preview.design) if preview.design else None,
            }
    changeable = (
        round_.status in (Round.Status.SCHEDULED, Round.Status.SEATED)
        and not round_.tables.filter(hands__isnull=False).exists()
    )
    seated = sorted(((p.pk, p.name) for p in players.values()), key=lambda x: x[1].casefold())
    staff = _staff(competition)
    alerts = alerts_context(competition, round_)
    context = {
        "competition": competition,
        "round": round_,
        "tables": tables,
        "report": report,
        "preview": preview,
        "preview_problem": preview_problem,
        "changeable": changeable,
        "seating_stage": stage_decides(round_) if changeable else None,  # its stage seats it (issue 36)
        "missing_lineups": missing_lineups(round_) if changeable else (),  # a team night (issue 49)
        "seating_form": seating_form or SeatingForm(),
        "swap_form": swap_form or SwapForm(seated=seated),
        "keepers_form": keepers_form or ScorekeepersForm(tables=[t["table"] for t in tables], staff=staff),
        "all_finished": bool(tables) and all(table_finished(t["table"]) for t in tables),
        "now": tables_now(round_, tables, alerts["alerts"].by_table()),
        **alerts,
        "late": timing.starts_late(round_) if round_.status == Round.Status.SEATED else False,
        "far_date": timing.date_words(round_) if timing.far_from_date(round_) else "",  # asks (issue 54)
        "time_up": round_.status == Round.Status.PLAYING
        and round_.ends_at is not None
        and round_.clock_ends <= timezone.now(),  # its end and the extra time given
        "plays_on": plays_on(round_),  # the clock control counts from now (issue 53)
        "scheduled_minutes": timing.scheduled_minutes(round_),
        "empty_tables": (
            list(tables_without_hands(round_).values_list("number", flat=True))
            if round_.status == Round.Status.PLAYING
            else []
        ),
        "quiet_minutes": QUIET_MINUTES,
        "play_seconds": PLAY_SECONDS,
        "refused": refusals_open(round_),  # hands kept offline and refused (issue 32)
    }
    return render(request, "organiser/round.html", context, status=status)


def _staff(competition):
    User = get_user_model()
    return (
        (
            User.objects.filter(pk__in=competition.scorekeepers.values("pk"))
            | User.objects.filter(pk__in=competition.organisers.values("pk"))
        )
        .distinct()
        .select_related("player")
        .order_by("username")
    )


@organiser_required
def round_detail(request, pk: int):
    return _page(request, managed_round(request, pk))


@organiser_required
@require_POST
def round_seat_view(request, pk: int):
    round_ = managed_round(request, pk)
    form = SeatingForm(request.POST)
    if not form.is_valid():
        return _page(request, round_, status=400, seating_form=form)
    try:
        result = seating.round_seat(
            round_,
            user=request.user,
            seed=form.cleaned_data["seed"],
            swiss=form.cleaned_data["swiss"],
            seat_regulars=form.cleaned_data["seat_regulars"],
            meta=request_meta(request),
        )
    except seating.RoundError as exc:
        messages.error(request, str(exc))
        return _page(request, round_, status=409, seating_form=form)
    messages.success(
        request,
        _("A draft of %(t)s tables (%(b)s byes); repeated meetings: %(r)s. Review it, then publish it.")
        % {"t": len(result.tables), "b": len(result.byes), "r": result.report.repeat_meetings},
    )
    return redirect("organiser:round", round_.pk)


@organiser_required
@require_POST
def round_swap_view(request, pk: int):
    round_ = managed_round(request, pk)
    seated = [(p.pk, p.name) for p in Player.objects.filter(seats__round=round_)]
    form = SwapForm(request.POST, seated=seated)
    if not form.is_valid():  # said at the top of the round's page, not below the fold of /swap/
        for text in dict.fromkeys(e for errors in form.errors.values() for e in errors):
            messages.error(request, text)
        return redirect("organiser:round", round_.pk)
    try:
        report = seating.round_swap(
            round_,
            form.cleaned_data["player_a"],
            form.cleaned_data["player_b"],
            user=request.user,
            meta=request_meta(request),
        )
    except seating.RoundError as exc:
        messages.error(request, str(exc))
        return redirect("organiser:round", round_.pk)
    messages.success(request, _("Swapped. Repeated meetings now: %(r)s.") % {"r": report.repeat_meetings})
    return redirect("organiser:round", round_.pk)


@organiser_required
@require_POST
def round_scorekeepers(request, pk: int):
    round_ = managed_round(request, pk)
    tables = list(round_.tables.all())
    form = ScorekeepersForm(request.POST, tables=tables, staff=_staff(round_.competition))
    if not form.is_valid():
        return _page(request, round_, status=400, keepers_form=form)
    keepers = {
        u.pk: u
        for u in get_user_model().objects.filter(pk__in=[uid for _t, uid in form.assignments() if uid])
    }
    try:
        with transaction.atomic():
            for table, user_id in form.assignments():
                table_set_scorekeeper(
                    table, keepers.get(user_id), user=request.user, meta=request_meta(request)
                )
    except CompetitionError as exc:
        messages.error(request, str(exc))
        return _page(request, round_, status=400, keepers_form=form)
    messages.success(request, _("Scorekeepers saved."))
    return redirect("organiser:round", round_.pk)
