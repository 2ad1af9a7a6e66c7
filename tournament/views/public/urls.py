"""The public pages, mounted at the site root: competitions, standings, rounds, players."""

from django.urls import path

from tournament.views import public as views
from tournament.views.public import lineup, season, stages
from tournament.views.public.rules import rule_card

app_name = "public"

urlpatterns = [
    path("rules/<slug:ruleset_id>/", rule_card, name="rulecard"),  # a rule set in words (issue 32)
    path("competitions/<int:pk>/", views.competition, name="competition"),
    path("competitions/<int:pk>/live/", views.competition_live, name="competition_live"),
    path("competitions/<int:pk>/live/mine/", views.competition_live_mine, name="competition_live_mine"),
    path("competitions/<int:pk>/standings/", views.competition_standings, name="standings"),
    path("competitions/<int:pk>/stages/", stages.competition_stages, name="stages"),
    path("competitions/<int:pk>/standings/live/", views.competition_standings_live, name="standings_live"),
    path("competitions/<int:pk>/standings.csv", views.competition_standings_csv, name="standings_csv"),
    path("competitions/<int:pk>/standings.pdf", views.competition_standings_pdf, name="standings_pdf"),
    path("competitions/<int:pk>/clubs.csv", views.board_csv, {"board": "clubs"}, name="clubs_csv"),
    path("competitions/<int:pk>/teams.csv", views.board_csv, {"board": "teams"}, name="teams_csv"),
    path("teams/<int:pk>/lineup/", lineup.team_lineup, name="lineup"),
    path("rounds/<int:pk>/", views.round_page, name="round"),
    path("rounds/<int:pk>/clock/", views.round_clock, name="round_clock"),
    path("competitions/<int:pk>/screen/", views.competition_screen, name="screen"),
    path("rounds/<int:pk>/standings/live/", views.round_standings_live, name="round_live"),
    path("rounds/<int:pk>/standings/live/mine/", views.round_standings_live_mine, name="round_live_mine"),
    path("rounds/<int:pk>/standings.csv", views.round_standings_csv, name="round_csv"),
    path("rounds/<int:pk>/standings.pdf", views.round_standings_pdf, name="round_pdf"),
    path("players/<int:pk>/", views.player, name="player"),
    # A season (issue 33): the player's own page, logged in or through the private link
    path("season/<int:pk>/", season.season_mine, name="season"),
    path("season/link/<str:token>/", season.season_link, name="season_link"),
    path("season/link/<str:token>/calendar.ics", season.season_calendar, name="season_calendar"),
    path("ratings/", views.ratings, name="ratings"),
]
