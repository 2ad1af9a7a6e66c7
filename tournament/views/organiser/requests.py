"""Requests to enter a player in another organiser's competition (issue 48, ``tournament.league.consent``):
the player, or an organiser the player is theirs, answers here. Thin: the door decides who may."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournament.access.request_meta import request_meta
from tournament.league.consent import requests_to_decide
from tournament.league.entries import RequestRefused, entry_request_decide
from tournament.models import EntryRequest


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def entry_requests(request):
    status = 200
    if request.method == "POST":
        pk = request.POST.get("request", "")
        answer = request.POST.get("answer", "")
        if not (pk.isascii() and pk.isdigit() and len(pk) < 19) or answer not in ("accept", "decline"):
            messages.error(request, _("Choose a request and an answer."))
            status = 400
        else:
            asked = get_object_or_404(EntryRequest.objects.select_related("player"), pk=int(pk))
            try:  # PermissionDenied (not theirs to answer) is the site's 403 page
                decided = entry_request_decide(
                    asked, accept=answer == "accept", user=request.user, meta=request_meta(request)
                )
            except RequestRefused as exc:
                messages.error(request, str(exc))
                status = 409
            else:
                words = (
                    _("%(player)s is entered in %(competition)s.")
                    if decided.state == EntryRequest.State.ACCEPTED
                    else _("%(player)s is not entered in %(competition)s.")
                )
                messages.success(
                    request, words % {"player": decided.player.name, "competition": decided.competition.name}
                )
                return redirect("organiser:entry_requests")
    context = {"requests": requests_to_decide(request.user)}
    return render(request, "organiser/entry_requests.html", context, status=status)
