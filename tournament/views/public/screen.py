"""The big screen (issue 36) and a round's clock, public and shared by caches.

- ``competition_screen``: the page for the room's TV or projector. It is a frame: the clock, the tables
  still playing, the standings and the message come from ``GET /api/v1/competitions/{id}/screen/``
  (``tournament.api.screen``), which ``static/js/screen.js`` polls; the words it needs are the template's,
  translated.
- ``round_clock``: the round's clock as the scoresheet shows it (the end with the extra time), a partial
  the player's pages poll, so extra time given shows there too.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe

from tournament.models import Competition, Round
from tournament.project.http_cache import LIVE, PAGE, poll, shared

POLL_SECONDS = 5  # the screen asks for its data this often (caches in front answer most of it)
PAGE_SECONDS = 10  # a page of the standings or of the tables stays this long before the next


@require_safe
@shared(PAGE)
def competition_screen(request, pk: int):
    competition = get_object_or_404(Competition, pk=pk)
    context = {"competition": competition, "poll_seconds": POLL_SECONDS, "page_seconds": PAGE_SECONDS}
    return render(request, "public/screen.html", context)


@require_safe
@poll(LIVE)  # everybody's, logged in or not (issue 50)
def round_clock(request, pk: int):
    round_ = get_object_or_404(Round.objects.select_related("competition"), pk=pk)
    return render(request, "public/_round_clock.html", {"round": round_})
