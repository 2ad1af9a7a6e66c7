"""The front page (issue 32): what is on now and next for a first visitor (rounds playing with their live
tables, the latest standings, the next nights), and for a signed-in person their own competitions."""

from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone

from tournament.models import Competition
from tournament.project.http_cache import PAGE, shared
from tournament.rounds.selectors import competitions_with_results, rounds_next, rounds_playing
from tournament.teams.selectors import captained_teams
from tournament.views.public.leaderboard import leaderboard


def _mine(user) -> list[dict]:
    if not user.is_authenticated:
        return []
    organised = list(user.organised.all())
    keeping = [c for c in user.scorekept.all() if c not in organised]
    return [{"competition": c, "organiser": True} for c in organised] + [
        {"competition": c, "organiser": False} for c in keeping
    ]


@shared(PAGE)  # issue 50: an anonymous visitor's front page is everybody's; a signed-in one's stays private
def home(request):
    standings = [
        {"competition": c, "top": [line for line in leaderboard(c).lines[:3]]}
        for c in competitions_with_results()
    ]
    context = {
        "mine": _mine(request.user),
        "playing": rounds_playing(),
        "standings": standings,
        "next_rounds": rounds_next(timezone.now()),
        "competitions": Competition.objects.all()[:20],
        "mine_url": reverse("table:mine"),
        "captain_of": list(captained_teams(request.user)),  # a team event's captain names the lineups
    }
    return render(request, "home.html", context)
