"""A player's season page (issue 33), the page a player bookmarks: the next night and their reply,
where they sit once published, their nights so far, their check-in code, their calendar.

Two ways in: logged in (``/season/<competition id>/``: the player linked to the account), or the
private link (``/season/link/<token>/``: no account; ``tournament.season.links``). Replies go through
``tournament.season.attendance.attendance_reply``, which closes them once the night is seated.

The page links the player's messages: their inbox through a fresh person link (most players have no
account, and the inbox is where their messages are kept), or their own inbox when logged in. The player
may ask for a new private link (``season_link_retire``): the old one, its calendar and the check-in code
stop working at once, and the page opens at the new link.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from tournament.access.request_meta import request_meta
from tournament.confirmations.seat_links import qr_svg
from tournament.models import Competition, Entry, Round
from tournament.notifications.links import person_url
from tournament.season.attendance import attendance_reply
from tournament.season.calendar import player_calendar
from tournament.season.errors import SeasonError
from tournament.season.links import check_in_code, entry_for_token, season_link_retire, season_link_token
from tournament.season.selectors import next_night, player_nights


def _new_link(request, entry: Entry, *, link: bool):
    """The player's own "new link": the old one dies at once; the link's page opens at the new one."""
    token = season_link_retire(
        entry, user=request.user, link_entry=entry if link else None, meta=request_meta(request)
    )
    new = reverse("public:season_link", args=[token])
    if link:
        messages.success(
            request,
            _(
                "Your old private link no longer works. This page's address is your new private link: "
                "bookmark it, keep it to yourself, and subscribe to your calendar again."
            ),
        )
        return redirect(new)
    messages.success(
        request,
        _("Your old private link no longer works. Your new private link: %(link)s")
        % {"link": request.build_absolute_uri(new)},
    )
    return redirect("public:season", entry.competition_id)


def _page(request, entry: Entry, *, link: bool, back: str):
    if request.method == "POST" and request.POST.get("action") == "new_link":
        return _new_link(request, entry, link=link)
    if request.method == "POST":
        night = request.POST.get("round", "")
        if not (night.isascii() and night.isdigit()):
            raise Http404  # a mangled form names no night, and a query refuses a non-number id
        round_ = get_object_or_404(Round, pk=int(night), competition=entry.competition_id)
        try:
            attendance_reply(
                round_,
                entry,
                request.POST.get("reply", ""),
                user=request.user,
                link_entry=entry if link else None,
                meta=request_meta(request),
            )
        except SeasonError as exc:
            messages.error(request, str(exc))
            return redirect(back)
        # Said once, beside the reply, and the page opens where the player answered (issue 47)
        coming = next_night(player_nights(entry))
        anchor = "next" if coming is not None and coming.round.pk == round_.pk else f"night-{round_.pk}"
        return redirect(f"{back}?saved={round_.pk}#{anchor}")
    nights = player_nights(entry)
    coming = next_night(nights)
    token = season_link_token(entry)
    code_url = (
        request.build_absolute_uri(
            reverse("organiser:check_in_code", args=[coming.round.pk, check_in_code(entry)])
        )
        if coming
        else ""
    )
    played = [n for n in nights if n.table is not None and n.round.status == Round.Status.FINISHED]
    return render(
        request,
        "public/season.html",
        {
            "competition": entry.competition,
            "entry": entry,
            "nights": nights,
            "next": coming,
            "played": len(played),
            "qr": qr_svg(code_url, scale=4) if coming else "",
            "calendar_url": reverse("public:season_calendar", args=[token]),
            "public_calendar_url": reverse("api-competition-calendar", args=[entry.competition_id]),
            "via_link": link,
            "saved": request.GET.get("saved", ""),  # the night whose reply was just saved
            # A fresh person link each time (they expire): the inbox where the player's messages are kept.
            "inbox_url": person_url(f"p{entry.player_id}") if link else reverse("notifications:mine"),
        },
    )


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def season_mine(request, pk: int):
    """The logged-in player's season in one competition."""
    # The competition first: it refuses an id past the database's integers before the entry's query sees it
    competition = get_object_or_404(Competition, pk=pk)
    entry = (
        Entry.objects.select_related("competition", "player")
        .filter(competition=competition, player__user=request.user)
        .first()
    )
    if entry is None:
        raise Http404(_("You are not entered in this competition."))
    return _page(request, entry, link=False, back=reverse("public:season", args=[pk]))


@require_http_methods(["GET", "HEAD", "POST"])
def season_link(request, token: str):
    """The player's season through their private link."""
    entry = entry_for_token(token)
    if entry is None:
        raise Http404(_("This link is not valid: ask the organiser for your link."))
    response = _page(request, entry, link=True, back=reverse("public:season_link", args=[token]))
    response["Referrer-Policy"] = "same-origin"  # the address and the inbox link are private
    response["Cache-Control"] = "private, no-store"
    return response


@require_safe
def season_calendar(request, token: str):
    """The player's private calendar feed: the nights, with their table and seat once published."""
    entry = entry_for_token(token)
    if entry is None:
        raise Http404
    response = HttpResponse(player_calendar(entry), content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = 'inline; filename="season.ics"'
    response["Cache-Control"] = "private, no-store"
    return response
