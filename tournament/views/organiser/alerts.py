"""What needs the organiser during play, as a live partial (issue 32): ``tournament.rounds.alerts``."""

from __future__ import annotations

from django.shortcuts import render

from tournament.rounds.alerts import competition_alerts

from .access import managed_competition, managed_round, organiser_required

ALERT_SECONDS = 20  # the partial asks again this often


def alerts_context(competition, round_=None) -> dict:
    return {
        "competition": competition,
        "alerts": competition_alerts(competition, round_=round_),
        "alerts_round": round_,
        "alert_seconds": ALERT_SECONDS,
    }


@organiser_required
def competition_alerts_view(request, pk: int):
    competition = managed_competition(request, pk)
    return render(request, "organiser/_alerts.html", alerts_context(competition))


@organiser_required
def round_alerts_view(request, pk: int):
    round_ = managed_round(request, pk)
    return render(request, "organiser/_alerts.html", alerts_context(round_.competition, round_))
