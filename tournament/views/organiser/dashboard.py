"""The organiser's dashboard: their competitions and what needs doing next in each."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.access.roles import ORGANISER, user_roles
from tournament.league.consent import requests_to_decide
from tournament.models import Competition, Entry, Round
from tournament.rounds.lifecycle import table_finished

from .access import managed_competitions, organiser_required
from .alerts import alerts_context

SOON = timedelta(days=7)  # a round to seat is on the dashboard from a week before it starts


@dataclass(frozen=True)
class Step:
    """One thing to do (or watch), with the page where it is done."""

    text: str
    url: str
    urgent: bool = True


def next_steps(competition: Competition) -> list[Step]:
    """What the organiser should do next in ``competition``, most pressing first."""
    steps: list[Step] = []
    players_url = reverse("organiser:players", args=[competition.pk])
    rounds_url = reverse("organiser:rounds", args=[competition.pk])
    active = competition.entries.filter(status=Entry.Status.ACTIVE).count()
    if active == 0:
        steps.append(Step(_("No players entered"), players_url))
    elif active < 4:
        steps.append(Step(_("Only %(n)s players entered: a table needs four") % {"n": active}, players_url))
    rounds = list(competition.rounds.prefetch_related("tables"))
    if not rounds:
        steps.append(Step(_("No round scheduled"), rounds_url))
    soon = timezone.now() + SOON
    undated_told = False
    for rnd in rounds:
        url = reverse("organiser:round", args=[rnd.pk])
        tables = list(rnd.tables.all())
        if rnd.status == Round.Status.SCHEDULED and tables:  # a draft (issue 14): players see nothing yet
            steps.append(Step(_("Round %(n)s: seating drafted, not published") % {"n": rnd.number}, url))
        elif rnd.status == Round.Status.SCHEDULED:
            # Only what needs the organiser soon (issue 54): a night this week, or the first without a date;
            # a season's nights months away are not "to do" yet.
            if rnd.starts_at is not None and rnd.starts_at > soon:
                continue
            if rnd.starts_at is None and undated_told:
                continue
            undated_told = undated_told or rnd.starts_at is None
            steps.append(Step(_("Round %(n)s not seated") % {"n": rnd.number}, url))
        elif rnd.status in (Round.Status.SEATED, Round.Status.PLAYING):
            unkept = sum(1 for t in tables if t.scorekeeper_id is None)
            if unkept:
                steps.append(
                    Step(
                        _("Round %(n)s: %(k)s of %(t)s tables have no scorekeeper")
                        % {"n": rnd.number, "k": unkept, "t": len(tables)},
                        url,
                    )
                )
            if rnd.status == Round.Status.SEATED:
                steps.append(Step(_("Round %(n)s seated, play not started") % {"n": rnd.number}, url, False))
            else:
                done = sum(1 for t in tables if table_finished(t))
                steps.append(
                    Step(
                        _("Round %(n)s playing: %(d)s of %(t)s tables finished")
                        % {"n": rnd.number, "d": done, "t": len(tables)},
                        url,
                        False,
                    )
                )
    return steps


@organiser_required
def dashboard(request):
    competitions = [
        {
            "competition": c,
            "steps": next_steps(c),
            "players": c.entries.filter(status=Entry.Status.ACTIVE).count(),
            **{"alerts": alerts_context(c)},
        }
        for c in managed_competitions(request.user).prefetch_related("rounds")
    ]
    context = {
        "competitions": competitions,
        "may_create": ORGANISER in user_roles(request.user),
        "requests_waiting": requests_to_decide(request.user).count(),
    }
    return render(request, "organiser/dashboard.html", context)
