"""The captain's lineup page (issue 35): the team's roster, the next round and its deadline, the players
named; saved through ``tournament.teams.services.lineup_set``, which refuses after the deadline (the
organiser may still name it until the round is seated). The team's captain and the competition's
organisers open it; anyone else is refused.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournament.access.request_meta import request_meta
from tournament.access.roles import can_manage_competition
from tournament.models import Lineup, Player, Team, TeamMember
from tournament.teams.errors import TeamError
from tournament.teams.night import lineup_size
from tournament.teams.selectors import deadline_passed, lineup_deadline, next_lineup_round
from tournament.teams.services import lineup_set


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def team_lineup(request, pk: int):
    team = get_object_or_404(Team.objects.select_related("competition", "captain"), pk=pk)
    organiser = can_manage_competition(request.user, team.competition)
    captain = team.captain is not None and team.captain.user_id == request.user.pk
    if not (organiser or captain):
        raise PermissionDenied(_("Only the team's captain or an organiser names its lineup."))
    round_ = next_lineup_round(team.competition)
    roster = list(TeamMember.objects.filter(team=team).select_related("player"))
    status = 200
    problem = ""
    if request.method == "POST" and round_ is not None:
        # past 18 digits an id names nobody (past a 64-bit key; past 4,300, Python's int() refuses it)
        wanted = [
            int(v) for v in request.POST.getlist("players") if v.isascii() and v.isdigit() and len(v) <= 18
        ]
        found = Player.objects.in_bulk(wanted)
        players = [found[pk] for pk in wanted if pk in found]  # one named twice, twice: the door says so
        try:
            lineup_set(round_, team, players, user=request.user, meta=request_meta(request))
        except TeamError as exc:
            problem, status = str(exc), 409 if exc.status == 409 else 400
        else:
            messages.success(request, _("The lineup is saved."))
            return redirect("public:lineup", team.pk)
    named = set()
    if round_ is not None:
        lineup = Lineup.objects.filter(round=round_, team=team).first()
        named = set(lineup.players.values_list("pk", flat=True)) if lineup else set()
    closed = round_ is not None and deadline_passed(round_) and not organiser
    context = {
        "team": team,
        "competition": team.competition,
        "round": round_,
        "deadline": lineup_deadline(round_) if round_ else None,
        "closed": closed,
        "roster": roster,
        "named": named,
        "problem": problem,
        "organiser": organiser,
        "size": lineup_size(team.competition),  # how many to name (issue 49)
        "regulars": [m.player.name for m in roster if not m.substitute],
    }
    return render(request, "public/lineup.html", context, status=status)
