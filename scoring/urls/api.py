"""The scoring engine's API, mounted at /api/v1/ (tournament/project/urls.py); see scoring/api.py."""

from django.urls import path

from scoring import api

app_name = "scoring_api"

urlpatterns = [
    path("score/", api.ScoreView.as_view(), name="score"),
    path("settle/", api.SettleView.as_view(), name="settle"),
    path("rulesets/", api.RuleSetListView.as_view(), name="rulesets"),
    path("rulesets/<str:rules_id>/", api.RuleSetDetailView.as_view(), name="ruleset"),
]
