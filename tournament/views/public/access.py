"""Who sees which round's results on the public pages.

A **held** round (``Round.results_held``) keeps its results back from the
public until the organiser releases it (issue 6). The organisers of the
competition still see it, marked "held". The competition's own standings
(scope 0) are stored without held rounds already (``standings_compute``), so
only round scopes, round pages and player histories need this filter.
"""

from __future__ import annotations

from django.http import Http404

from tournament.models import Competition, Round
from tournament.roles import can_manage_competition


def sees_held(user, competition: Competition) -> bool:
    """Organisers of the competition see held rounds; nobody else does."""
    return can_manage_competition(user, competition)


def visible_rounds(user, competition: Competition):
    """The competition's rounds whose results this user may see."""
    rounds = Round.objects.filter(competition=competition)
    return rounds if sees_held(user, competition) else rounds.exclude(results_held=True)


def require_results_visible(user, round_: Round) -> None:
    """A held round's results are a 404 to the public (as if not there yet)."""
    if round_.results_held and not sees_held(user, round_.competition):
        raise Http404("This round's results are held back.")
