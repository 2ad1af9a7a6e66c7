"""Whose results count in the league's ratings (issue 48): the door ``competition_set_rated``.

Only a superuser (or the operator) marks a competition rated (``Competition.rated``); the operator's
``RATINGS_RATE`` may count more (``sessions.rated_rounds``). An organiser cannot: one entered a league's
best player in a competition of his own with three accomplices, recorded made-up losses and moved the
player from 1st to 24th.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.access.audit import RequestMeta, audit_competition
from tournament.models import Competition
from tournament.ratings.queue import queue_ratings_competition


def competition_set_rated(
    competition: Competition, *, rated: bool, user=None, meta: RequestMeta | None = None
) -> Competition:
    """Whether the competition's results count in the league's ratings (issue 48): a superuser's mark (or
    the operator's, ``user=None``), never an organiser's: an organiser could otherwise enter a player with
    made-up results and move them in the ratings. Its rounds are rated again after the commit."""
    if user is not None and not user.is_superuser:
        raise PermissionDenied(_("Only a superuser decides whose results count in the ratings."))
    with transaction.atomic():
        locked = Competition.objects.select_for_update().get(pk=competition.pk)
        if locked.rated == rated:
            return locked
        locked.rated = rated
        locked.save(update_fields=["rated"])
        words = (
            gettext_noop("%(actor)s counted the results of %(competition)s in the ratings")
            if rated
            else gettext_noop("%(actor)s took the results of %(competition)s out of the ratings")
        )
        audit_competition("competition_rated", user, locked, words, meta, data={"rated": rated})
        queue_ratings_competition(locked.pk)
    return locked
