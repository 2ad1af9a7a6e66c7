"""The public ratings page (issue 35): every rated player, best first, filtered by club.

Views only translate: ``?club=`` (a club's id; empty for every club) and
``?page=`` become a read of ``tournament.ratings.selectors.ratings_list``, 50
players a page. A club that is not a whole number, or names no club, is a
404, as an unknown page is. Without JavaScript the filter is a plain GET form.
"""

from __future__ import annotations

import re

from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_safe

from tournament.models import Club
from tournament.project.http_cache import PAGE, shared
from tournament.ratings.rate import MIN_SESSIONS
from tournament.ratings.selectors import ratings_list
from tournament.views.public.standings import my_player_id

PER_PAGE = 50


def _club(request) -> Club | None:
    wanted = request.GET.get("club", "").strip()
    if not wanted:
        return None
    if not re.fullmatch(r"[0-9]{1,18}", wanted):
        raise Http404("No such club.")
    club = Club.objects.filter(pk=int(wanted)).first()
    if club is None:
        raise Http404("No such club.")
    return club


@require_safe
@shared(PAGE)
def ratings(request):
    club = _club(request)
    page = Paginator(ratings_list(club.pk if club else None), PER_PAGE).get_page(request.GET.get("page", 1))
    context = {
        "club": club,
        "clubs": Club.objects.filter(players__rating__isnull=False).distinct().order_by("name"),
        "page": page,
        "min_sessions": MIN_SESSIONS,
        "me": my_player_id(request.user),
    }
    return render(request, "public/ratings.html", context)
