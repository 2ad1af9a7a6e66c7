"""The big screen's settings for the organiser (issue 36): its message line and where to open it."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournament.access.request_meta import request_meta
from tournament.models import Screen
from tournament.screen.message import ScreenError, screen_message_set
from tournament.screen.models import MAX_MESSAGE
from tournament.screen.selectors import screen_round

from .access import managed_competition, organiser_required


@organiser_required
@require_http_methods(["GET", "HEAD", "POST"])
def screen_settings(request, pk: int):
    competition = managed_competition(request, pk)
    current = Screen.objects.filter(competition=competition).values_list("message", flat=True).first() or ""
    context = {
        "competition": competition,
        "message": current,
        "max_message": MAX_MESSAGE,
        "round": screen_round(competition),
    }
    if request.method == "POST":
        wanted = request.POST.get("message", "")
        try:
            screen_message_set(competition, message=wanted, user=request.user, meta=request_meta(request))
        except ScreenError as exc:
            context |= {"message": wanted, "problem": str(exc)}
            return render(request, "organiser/screen.html", context, status=400)
        messages.success(request, _("The big screen's message is saved."))
        return redirect("organiser:screen", competition.pk)
    return render(request, "organiser/screen.html", context)
