"""Retire a player's private season link (issue 33): a link lost, or seen by someone else.

The door is ``tournament.season.links.season_link_retire`` (checked and audited): the link, its calendar
and the check-in code stop working at once. The new link is sent to the player (a message kept in their
inbox at least, issue 47); the page shows it to the organiser to pass on as well, and the messages page
lists it too.
"""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.access.request_meta import request_meta
from tournament.notifications.links import absolute
from tournament.season.links import season_link_retire

from .access import managed_entry, organiser_required


@organiser_required
@require_POST
def season_link_retire_page(request, pk: int):
    entry = managed_entry(request, pk)  # another competition's organiser: 403, nothing changes
    token = season_link_retire(entry, user=request.user, meta=request_meta(request))
    messages.success(
        request,
        _(
            "The old private link of %(player)s and their check-in code no longer work. "
            "The new link is in their messages; pass it on too: %(link)s"
        )
        % {"player": entry.player.name, "link": absolute(reverse("public:season_link", args=[token]))},
    )
    back = "organiser:messages" if request.POST.get("back") == "messages" else "organiser:season"
    return redirect(reverse(back, args=[entry.competition_id]) + "#links")
