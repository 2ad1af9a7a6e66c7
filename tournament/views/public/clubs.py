"""The club standings on the public standings page, in its PDF and as a CSV of their own (issue 35); the
team standings of a team event beside them, and their CSV.

The clubs are made from the players' stored lines of the competition scope
(``tournament.standings.clubs``), so they move with the players' table: the
live partial that htmx polls carries both. A search or club filter on the
page narrows the players' table only; the clubs are always every club.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_safe

from tournament.models import Competition
from tournament.standings.clubs import RankedClub, club_standings
from tournament.standings.exports import csv_attachment, csv_text
from tournament.standings.store import kept_lines
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
    ranked = club_standings(competition, kept_lines(competition))  # the rows the players' table read
    return [(rank_label(c.rank, c.shared), c) for c in ranked]


def clubs_csv_text(competition: Competition) -> str:
    """The club standings as CSV, safe in a spreadsheet as the players' CSV is (``standings.exports``)."""
    rows = (
        [csv_rank_label(c.rank, c.shared), c.line.name, c.line.chips, c.line.players, c.line.sessions]
        for _label, c in club_board(competition)
    )
    return csv_text(CLUB_COLUMNS, rows)


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
    rows = (
        [csv_rank_label(t.rank, t.shared), t.line.name, points, t.line.chips, t.line.players, t.line.sessions]
        for _label, t, points in team_board(competition)
    )
    return csv_text(TEAM_COLUMNS, rows)


BOARD_CSV = {"clubs": clubs_csv_text, "teams": teams_csv_text}


@require_safe
def board_csv(request, pk: int, board: str):
    """The club or the team standings as a CSV download (``board``, given by the URL: "clubs", "teams")."""
    competition = get_object_or_404(Competition, pk=pk)
    return csv_attachment(BOARD_CSV[board](competition), f"{board}-competition-{competition.pk}.csv")
