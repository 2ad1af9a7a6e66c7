"""Who sees which round's results on the public pages.

The rule itself lives in ``tournament.rounds.held`` (the API follows the same one);
this module answers the pages' way: a held round is a 404 to whoever may not
see it. The competition's own standings (scope 0) are stored without held
rounds already (``standings_compute``), so only round scopes, round pages and
player histories need this filter.
"""

from __future__ import annotations

from django.http import Http404

from tournament.models import Round
from tournament.rounds.held import sees_held, visible_rounds

__all__ = ["require_results_visible", "sees_held", "visible_rounds"]


def require_results_visible(user, round_: Round) -> None:
    """A held round's results are a 404 to the public (as if not there yet)."""
    if round_.results_held and not sees_held(user, round_.competition):
        raise Http404("This round's results are held back.")
