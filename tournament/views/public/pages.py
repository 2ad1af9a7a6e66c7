"""The public competition, round and player pages.

Views only translate: they load the objects, decide which rounds this user
may see (``access``: held rounds are for the competition's organisers) and
hand the work to ``results`` (a round's tables), ``history`` (a player's
sessions and hands) and ``leaderboard`` (the stored standings).
"""

from __future__ import annotations

from collections import defaultdict

from django.db.models import Q
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_safe

from tournament.models import Competition, Player, Round, Table
from tournament.project.http_cache import LIVE, PAGE, personal, poll, shared
from tournament.rounds.held import sees_seating
from tournament.stages.selectors import round_stage_names
from tournament.standings.store import COMPETITION_SCOPE, stored_standings
from tournament.teams.selectors import team_names
from tournament.views.public.access import sees_held, visible_rounds
from tournament.views.public.career import player_career
from tournament.views.public.history import chart_data, player_hands, player_sessions
from tournament.views.public.leaderboard import line_of
from tournament.views.public.results import round_results
from tournament.views.public.standings import LIVE_SECONDS, board_context, my_player_id

TOP = 10


def _competition_context(request, competition: Competition) -> dict:
    """The competition page's leaders and rounds: the page and its live partial (htmx polls it)."""
    rounds = list(Round.objects.filter(competition=competition).order_by("number"))
    organiser = sees_held(request.user, competition)
    tables: dict[int, list[Table]] = defaultdict(list)
    # Held rounds' tables and drafts' (seating not yet published) are the organisers' only.
    shown = [r.pk for r in rounds if organiser or not (r.results_held or r.status == Round.Status.SCHEDULED)]
    for table in Table.objects.filter(round__in=shown).order_by("number"):
        tables[table.round_id].append(table)
    top = stored_standings(competition, COMPETITION_SCOPE)
    # A team event names each leader's team where another names the club, as the big screen does (issue 49).
    teams = team_names(competition) if competition.teams.exists() else None
    stage_names = round_stage_names(competition)
    return {
        "competition": competition,
        # each round: its tables, whether held from this reader, and its stage's name where there are stages
        "rounds": [
            (r, tables.get(r.pk, []), r.results_held and not organiser, stage_names.get(r.pk, ""))
            for r in rounds
        ],
        # each leader's line and their group: the team in a team event, else the club
        "top": [
            (line, line.club if teams is None else teams.get(line.player_id, ""))
            for line in map(line_of, top[:TOP])
        ],
        "sees_held": organiser,
        "me": my_player_id(request.user),
        "live_seconds": LIVE_SECONDS,
    }


@require_safe
@shared(PAGE)
def competition(request, pk: int):
    competition = get_object_or_404(Competition, pk=pk)
    context = _competition_context(request, competition)
    # A season (issue 33): the player's own page, where they answer for the nights
    context["my_season"] = (
        bool(context["me"]) and competition.entries.filter(player_id=context["me"]).exists()
    )
    return render(request, "public/competition.html", context)


@require_safe
@poll(LIVE)
def competition_live(request, pk: int):
    """The competition page's live part: the leaders and the rounds as the evening goes.

    Polled: everybody gets the anonymous answer (issue 50); one's own line is marked by the page's
    script (``data-me``). An organiser, who sees held rounds' and drafts' tables, polls ``…_mine``.
    """
    competition = get_object_or_404(Competition, pk=pk)
    return render(request, "public/_competition_live.html", _competition_context(request, competition))


@require_safe
@personal
def competition_live_mine(request, pk: int):
    """The organiser's live part (held rounds and drafts included): personal, never kept."""
    competition = get_object_or_404(Competition, pk=pk)
    return render(request, "public/_competition_live.html", _competition_context(request, competition))


@require_safe
@shared(PAGE)
def round_page(request, pk: int):
    round_ = get_object_or_404(Round.objects.select_related("competition"), pk=pk)
    competition = round_.competition
    hidden = round_.results_held and not sees_held(request.user, competition)
    draft = round_.status == Round.Status.SCHEDULED
    context = {"competition": competition, "round": round_, "hidden": hidden, "draft": draft}
    if not hidden:
        seating = sees_seating(request.user, round_)
        context |= {
            "results": round_results(round_) if seating else [],
            **board_context(request, competition, round_),
        }
    return render(request, "public/round.html", context)


def _competitions_of(player: Player):
    return (
        Competition.objects.filter(Q(entries__player=player) | Q(rounds__seats__player=player))
        .distinct()
        .order_by("-starts_on", "-pk")
    )


ROLE_NAMES = {
    "won": gettext_lazy("won on a discard"),
    "self_drawn": gettext_lazy("won self-drawn"),
    "dealt_in": gettext_lazy("dealt in (discarder)"),
    "za_hu": gettext_lazy("Za Hu (false win)"),
    "paid_win": gettext_lazy("paid another player's win"),
    "penalty_received": gettext_lazy("received a Za Hu penalty"),
    "payout": gettext_lazy("kong or bonus payout"),
    "adjustment": gettext_lazy("chip count adjustment (accepted by the organiser)"),
}


@require_safe
@shared(PAGE)
def player(request, pk: int):
    player = get_object_or_404(Player.objects.select_related("club"), pk=pk)
    competitions = list(_competitions_of(player))
    chosen = competitions[0] if competitions else None
    wanted = request.GET.get("competition", "")
    if wanted:
        chosen = next((c for c in competitions if str(c.pk) == wanted), None)
        if chosen is None:
            raise Http404("This player is not in that competition.")
    context: dict = {
        "player": player,
        "competitions": competitions,
        "competition": chosen,
        "career": player_career(player, start=_("Start"), label=_("Rating")),  # issue 35
    }
    if chosen is not None:
        rounds = visible_rounds(request.user, chosen)
        sessions = player_sessions(player, rounds)
        hands = player_hands(player, rounds)
        row = next((r for r in stored_standings(chosen) if r.totals.player_id == player.pk), None)
        context |= {
            "line": line_of(row) if row else None,
            "sessions": sessions,
            "hands": [(hand, ROLE_NAMES[hand.role]) for hand in hands],
            "hands_total": sum(hand.net for hand in hands),
            "chart": chart_data(
                sessions,
                start=_("Start"),
                label_of=lambda s: _("Round %(number)s") % {"number": s.round_number},
                label=_("Chips over the competition"),
            ),
        }
    return render(request, "public/player.html", context)
