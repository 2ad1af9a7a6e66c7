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
from tournament.league.competitions import CompetitionError, competition_change
from tournament.models import Entry, Player, Team, TeamMember
from tournament.teams.errors import TeamError
from tournament.teams.models import SubstituteRule, TeamScoring
from tournament.teams.selectors import competition_teams, lineup_deadline, next_lineup_round, round_lineups
from tournament.teams.services import (
    team_captain_set,
    team_create,
    team_delete,
    team_member_add,
    team_member_remove,
    team_update,
)

from .access import managed_competition, organiser_required


def _id(value: str) -> int:
    if not (value.isascii() and value.isdigit()) or len(value) > 18:
        raise Http404  # a mangled form names nothing
    return int(value)


def _settings(competition, post) -> dict:
    try:
        points = [int(p) for p in post.get("placing_points", "").replace(" ", "").split(",")]
    except ValueError:
        points = None  # the door says what it takes
    try:
        minutes = int(post.get("lineup_deadline", ""))
    except ValueError:
        minutes = -1
    return {
        "team_scoring": post.get("team_scoring", ""),
        "placing_points": points,
        "lineup_deadline": minutes,
        "substitute_rule": post.get("substitute_rule", ""),
    }


def _act(request, competition) -> str:
    """Do the one change the form asks for; answers what to say when it is done."""
    post, user, meta = request.POST, request.user, request_meta(request)
    action = post.get("action", "")
    if action == "settings":
        competition_change(competition, user=user, meta=meta, **_settings(competition, post))
        return _("The team settings are saved.")
    if action == "create":
        team_create(
            competition,
            name=post.get("name", ""),
            short_name=post.get("short_name", ""),
            user=user,
            meta=meta,
        )
        return _("The team is created.")
    team = get_object_or_404(Team, pk=_id(post.get("team", "")), competition=competition)
    if action == "rename":
        team_update(
            team, name=post.get("name", ""), short_name=post.get("short_name", ""), user=user, meta=meta
        )
        return _("The team's name is saved.")
    if action == "delete":
        team_delete(team, user=user, meta=meta)
        return _("The team is deleted.")
    if action == "add":
        player = get_object_or_404(Player, pk=_id(post.get("player", "")))
        team_member_add(team, player, substitute=post.get("substitute") == "on", user=user, meta=meta)
        return _("%(player)s is in the team.") % {"player": player.name}
    if action == "remove":
        player = get_object_or_404(Player, pk=_id(post.get("player", "")))
        team_member_remove(team, player, user=user, meta=meta)
        return _("%(player)s is out of the team.") % {"player": player.name}
    if action == "captain":
        raw = post.get("player", "")
        player = get_object_or_404(Player, pk=_id(raw)) if raw else None
        team_captain_set(team, player, user=user, meta=meta)
        return _("The captain is saved.")
    raise Http404


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
    in_team = TeamMember.objects.filter(competition=competition).values("player_id")
    free = (
        Entry.objects.filter(competition=competition, status=Entry.Status.ACTIVE)
        .exclude(player__in=in_team)
        .select_related("player")
        .order_by("player__name")
    )
    round_ = next_lineup_round(competition)
    context = {
        "competition": competition,
        "teams": competition_teams(competition),
        "free": [e.player for e in free],
        "problem": problem,
        "scoring_choices": TeamScoring.choices,
        "substitute_choices": SubstituteRule.choices,
        "points_text": ", ".join(str(p) for p in competition.placing_points),
        "round": round_,
        "deadline": lineup_deadline(round_) if round_ else None,
        "lineups": round_lineups(round_, request.user) if round_ else [],
    }
    return render(request, "organiser/teams.html", context, status=status)
