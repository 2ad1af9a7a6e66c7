"""The organiser's teams page of a competition (issue 35): create and delete teams, add and remove
members, name captains, the team settings, and each team's lineup for the next round. Every change is
one door (``tournament.teams.services``, the settings ``league.competitions.competition_change``); a
refusal shows its reason on the page with a 400 and changes nothing.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournament.access.request_meta import request_meta
from tournament.forms.teams import TeamActionForm, TeamSettingsForm
from tournament.league.competitions import CompetitionError, competition_change
from tournament.models import Player, Team
from tournament.teams.errors import TeamError
from tournament.teams.models import SubstituteRule, TeamScoring
from tournament.teams.selectors import (
    captain_warning,
    competition_teams,
    lineup_deadline,
    next_lineup_round,
    players_in_no_team,
    round_lineups,
)
from tournament.teams.services import (
    team_captain_set,
    team_create,
    team_delete,
    team_member_add,
    team_member_remove,
    team_update,
)

from .access import managed_competition, organiser_required


def _act(request, competition) -> str:
    """Do the one change the form asks for; answers what to say when it is done."""
    form = TeamActionForm(request.POST)
    if not form.is_valid():
        if "action" in form.errors or "team" in form.errors or "player" in form.errors:
            raise Http404  # a mangled form names nothing
        raise TeamError(" ".join(form.non_field_errors()))
    data, user, meta = form.cleaned_data, request.user, request_meta(request)
    action = data["action"]
    if action == "settings":
        settings = TeamSettingsForm(request.POST)
        settings.is_valid()  # every field is optional text: the door says what it refuses
        competition_change(competition, user=user, meta=meta, **settings.door_values())
        return _("The team settings are saved.")
    if action == "create":
        team_create(competition, name=data["name"], short_name=data["short_name"], user=user, meta=meta)
        return _("The team is created.")
    team = get_object_or_404(Team, pk=data["team"], competition=competition)
    if action == "rename":
        team_update(team, name=data["name"], short_name=data["short_name"], user=user, meta=meta)
        return _("The team's name is saved.")
    if action == "delete":
        team_delete(team, user=user, meta=meta)
        return _("The team is deleted.")
    player = get_object_or_404(Player, pk=data["player"]) if data["player"] else None
    if action == "add":
        team_member_add(team, player, substitute=data["substitute"], user=user, meta=meta)
        return _("%(player)s is in the team.") % {"player": player.name}
    if action == "remove":
        team_member_remove(team, player, user=user, meta=meta)
        return _("%(player)s is out of the team.") % {"player": player.name}
    team_captain_set(team, player, user=user, meta=meta)  # "captain": a member, or nobody
    if warning := captain_warning(player):  # they cannot log in to name the lineup (issue 49)
        messages.warning(request, warning)
    return _("The captain is saved.")


@organiser_required
@require_http_methods(["GET", "HEAD", "POST"])
def teams(request, pk: int):
    competition = managed_competition(request, pk)
    problem, status = "", 200
    if request.method == "POST":
        try:
            done = _act(request, competition)
        except (TeamError, CompetitionError) as exc:
            problem, status = str(exc), 400
        else:
            messages.success(request, done)
            return redirect("organiser:teams", competition.pk)
        competition.refresh_from_db()
    round_ = next_lineup_round(competition)
    context = {
        "competition": competition,
        "teams": competition_teams(competition),
        "free": players_in_no_team(competition),
        "problem": problem,
        "scoring_choices": TeamScoring.choices,
        "substitute_choices": SubstituteRule.choices,
        "points_text": ", ".join(str(p) for p in competition.placing_points),
        "round": round_,
        "deadline": lineup_deadline(round_) if round_ else None,
        "lineups": round_lineups(round_, request.user) if round_ else [],
    }
    return render(request, "organiser/teams.html", context, status=status)
