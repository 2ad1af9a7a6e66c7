"""The player-facing pages: competitions, leaderboards, rounds, players (issue 6)."""

from tournament.views.public.clubs import board_csv
from tournament.views.public.pages import (
    competition,
    competition_live,
    competition_live_mine,
    player,
    round_page,
)
from tournament.views.public.ratings import ratings
from tournament.views.public.screen import competition_screen, round_clock
from tournament.views.public.standings import (
    competition_standings,
    competition_standings_csv,
    competition_standings_live,
    competition_standings_pdf,
    round_standings_csv,
    round_standings_live,
    round_standings_live_mine,
    round_standings_pdf,
)

__all__ = [
    "competition",
    "board_csv",
    "competition_live",
    "competition_live_mine",
    "competition_screen",
    "competition_standings",
    "competition_standings_csv",
    "competition_standings_live",
    "competition_standings_pdf",
    "player",
    "ratings",
    "round_clock",
    "round_page",
    "round_standings_csv",
    "round_standings_live",
    "round_standings_live_mine",
    "round_standings_pdf",
]
