"""The club standings on the public standings page, in its PDF and as a CSV of their own (issue 35); the
team standings of a team event beside them, and their CSV.

The clubs are made from the players' stored lines of the competition scope
(``tournament.standings.clubs``), so they move with the players' table: the
live partial that htmx polls carries both. A search or club filter on the
page narrows the players' table only; the clubs are always every club.
"""

from __future__ import annotations

import io

from defusedcsv import csv
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET

from tournament.models import Competition
from tournament.standings.clubs import RankedClub, club_standings
from tournament.standings.exports import BOM
from tournament.standings.store import COMPETITION_SCOPE, stored_lines
from tournament.teams.selectors import standings_of_teams
from tournament.teams.standings import RankedTeam, points_text
from tournament.views.public.leaderboard import csv_rank_label, rank_label

CLUB_COLUMNS = (
    ("rank", gettext_lazy("Rank")),
    ("name", gettext_lazy("Club")),
    ("chips", gettext_lazy("Net chips")),
    ("players", gettext_lazy("Players who played")),
    ("sessions", gettext_lazy("Sessions")),
)


def club_board(competition: Competition) -> list[tuple[str, RankedClub]]:
    """Every club of the competition, ranked, with its rank as shown ("=2" for a shared place)."""
    ranked = club_standings(competition, stored_lines(competition, COMPETITION_SCOPE))
    return [(rank_label(c.rank, c.shared), c) for c in ranked]


def clubs_csv_text(competition: Competition) -> str:
    """The club standings as CSV, safe in a spreadsheet as the players' CSV is (``standings.exports``)."""
    out = io.StringIO()
    out.write(BOM)
    writer = csv.writer(out)
    writer.writerow([str(label) for _key, label in CLUB_COLUMNS])
    for _label, c in club_board(competition):
        line = c.line
        writer.writerow(
            [csv_rank_label(c.rank, c.shared), line.name, line.chips, line.players, line.sessions]
        )
    return out.getvalue()


@require_GET
def competition_clubs_csv(request, pk: int):
    competition = get_object_or_404(Competition, pk=pk)
    response = HttpResponse(clubs_csv_text(competition), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="clubs-competition-{competition.pk}.csv"'
    return response


# --- the teams beside the clubs (issue 35: team events) -----------------------------------------------

TEAM_COLUMNS = (
    ("rank", gettext_lazy("Rank")),
    ("name", gettext_lazy("Team")),
    ("points", gettext_lazy("Points")),
    ("chips", gettext_lazy("Net chips")),
    ("players", gettext_lazy("Players who played")),
    ("sessions", gettext_lazy("Sessions")),
)


def team_board(competition: Competition) -> list[tuple[str, RankedTeam, str]]:
    """The competition's teams ranked from its finished rounds (none without teams: the clubs are its
    teams), each with its rank as shown and its points as shown."""
    ranked = standings_of_teams(competition)
    return [(rank_label(t.rank, t.shared), t, points_text(t.line.points)) for t in ranked]


def teams_csv_text(competition: Competition) -> str:
    out = io.StringIO()
    out.write(BOM)
    writer = csv.writer(out)
    writer.writerow([str(label) for _key, label in TEAM_COLUMNS])
    for _label, t, points in team_board(competition):
        line = t.line
        writer.writerow(
            [csv_rank_label(t.rank, t.shared), line.name, points, line.chips, line.players, line.sessions]
        )
    return out.getvalue()


@require_GET
def competition_teams_csv(request, pk: int):
    competition = get_object_or_404(Competition, pk=pk)
    response = HttpResponse(teams_csv_text(competition), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="teams-competition-{competition.pk}.csv"'
    return response
