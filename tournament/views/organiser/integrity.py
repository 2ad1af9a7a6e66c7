"""The integrity page of a competition: what looks wrong, with the hands behind it (issue 19).

Facts to look at, never verdicts: the page reads ``tournament.counts.integrity``.
"""

from __future__ import annotations

from django.shortcuts import render
from django.views.decorators.http import require_safe

from tournament.counts.integrity import integrity_report
from tournament.counts.integrity_stats import ALPHA, MIN_FEEDS, MIN_ZA_HU

from .access import managed_competition, organiser_required


@organiser_required
@require_safe
def integrity(request, pk: int):
    competition = managed_competition(request, pk)
    context = {
        "competition": competition,
        "report": integrity_report(competition),
        "one_in": round(1 / ALPHA),
        "min_feeds": MIN_FEEDS,
        "min_za_hu": MIN_ZA_HU,
    }
    return render(request, "organiser/integrity.html", context)
