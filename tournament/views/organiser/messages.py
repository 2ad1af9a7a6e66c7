"""The organiser's page of a competition's messages (issue 34): each message's state and reason, the
reminder's time, and a message to the competition.

It also lists the players no message reaches (no channel open to them: most have no account and left no
address), each with their private season link and a fresh link to their inbox, and the words to pass
them on: copied, shared (``static/js/share-links.js``) or sent from the organiser's own WhatsApp (a
``wa.me`` link needs no API). The words are in the player's language.

Thin: the message goes through ``competition_broadcast`` (limited and audited), the reminder through
``notice_settings_change``; the list is read by ``tournament.notifications.selectors``.
"""

from __future__ import annotations

from urllib.parse import quote

from django.conf import settings
from django.contrib import messages as flash
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournament.access.request_meta import request_meta
from tournament.access.roles import people_beyond
from tournament.forms.notifications import BroadcastForm, ReminderForm
from tournament.models import Message
from tournament.notifications.broadcast import BroadcastRefused, competition_broadcast
from tournament.notifications.kinds import OUTSIDE
from tournament.notifications.links import absolute, page_address, person_url
from tournament.notifications.people import channel_ready
from tournament.notifications.preferences import PreferenceRefused, notice_settings_change
from tournament.notifications.reminders import next_reminder, reminder_minutes
from tournament.notifications.selectors import competition_counts, competition_messages
from tournament.season.links import season_link_token
from tournament.season.selectors import entries_without_channel

from .access import managed_competition, organiser_required


def _unreachable(competition, user) -> list[dict]:
    """The players no message reaches, each with their links and the words that pass them on. The link to
    a player's inbox only for the organiser's own players: a player who also plays elsewhere has that
    competition's messages there too (issue 48: an organiser sees only their own competition), so only their
    season link."""
    season_address = absolute(reverse("public:season_link", args=["TOKEN"])).replace("TOKEN", "{}")
    inbox_address = page_address("notifications:person")
    beyond = set() if user.is_superuser else set(people_beyond(user)["players"].values_list("pk", flat=True))
    rows = []
    for entry, person in entries_without_channel(competition):
        season = season_address.format(season_link_token(entry))
        inbox = "" if entry.player_id in beyond else person_url(person.key, address=inbox_address)  # fresh
        words = {"player": person.name, "competition": competition.name, "season": season, "inbox": inbox}
        with translation.override(person.language):
            text = (
                _(
                    "%(player)s, your private link for %(competition)s "
                    "(reply to the nights, see your table): %(season)s\nYour messages: %(inbox)s"
                )
                if inbox
                else _(
                    "%(player)s, your private link for %(competition)s "
                    "(reply to the nights, see your table): %(season)s"
                )
            ) % words
        rows.append(
            {"entry": entry, "season": season, "inbox": inbox, "text": text,
             "whatsapp": "https://wa.me/?text=" + quote(text, safe="")}
        )  # fmt: skip
    return rows


@organiser_required
@require_http_methods(["GET", "HEAD", "POST"])
def competition_messages_page(request, pk: int):
    competition = managed_competition(request, pk)
    action = request.POST.get("action", "")
    broadcast = BroadcastForm(request.POST if action == "broadcast" else None)
    reminder = ReminderForm(
        request.POST if action == "reminder" else None,
        initial=ReminderForm.initial_from(reminder_minutes(competition.pk)),
    )
    status = 200
    if action == "broadcast" and broadcast.is_valid():
        try:
            sent = competition_broadcast(
                competition,
                text=broadcast.cleaned_data["text"],
                audience=broadcast.cleaned_data["audience"],
                user=request.user,
                meta=request_meta(request),
            )
        except BroadcastRefused as exc:
            broadcast.add_error(None, str(exc))
            status = exc.status
        else:
            flash.success(request, _("Your message is on its way to %(n)s players.") % {"n": sent.recipients})
            if sent.held_back:
                flash.warning(
                    request,
                    _(
                        "%(n)s players are not sent it: they have had %(limit)s messages to a whole "
                        "competition today, from this and other competitions."
                    )
                    % {"n": sent.held_back, "limit": settings.NOTIFY_BROADCASTS_PER_DAY},
                )
            return redirect("organiser:messages", competition.pk)
    if action == "reminder" and reminder.is_valid():
        try:
            notice_settings_change(
                competition,
                reminder_minutes=reminder.cleaned_data["reminder_minutes"],
                user=request.user,
                meta=request_meta(request),
            )
        except PreferenceRefused as exc:
            reminder.add_error("reminder_amount", str(exc))
        else:
            flash.success(request, _("Saved: the reminder goes this long before each night."))
            return redirect("organiser:messages", competition.pk)
    if request.method == "POST" and status == 200 and (broadcast.errors or reminder.errors or not action):
        status = 400
    state = request.GET.get("state", "")
    counts = competition_counts(competition)
    context = {
        "competition": competition,
        "messages_list": competition_messages(competition, state=state),
        "counts": counts,
        "states": [(code, label, counts.get(code, 0)) for code, label in Message.State.choices],
        "state": state,
        "channels": [c.label for c in OUTSIDE if channel_ready(c)],
        "broadcast": broadcast,
        "reminder": reminder,
        "next_reminder": next_reminder(competition.pk),
        "now": timezone.now(),
        "unreachable": _unreachable(competition, request.user),
        "link_days": settings.NOTIFY_PERSON_LINK_DAYS,
    }
    return render(request, "organiser/messages.html", context, status=status)
