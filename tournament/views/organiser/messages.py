"""The organiser's page of a competition's messages (issue 34): each message's state and reason, the
reminder's time, and a message to the competition.

Thin: the message goes through ``competition_broadcast`` (limited and audited), the reminder through
``notice_settings_change``; the list is read by ``tournament.notifications.selectors``.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages as flash
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournament.access.request_meta import request_meta
from tournament.forms.notifications import BroadcastForm, ReminderForm
from tournament.models import Message
from tournament.notifications.broadcast import BroadcastRefused, competition_broadcast
from tournament.notifications.kinds import OUTSIDE
from tournament.notifications.people import channel_ready
from tournament.notifications.preferences import PreferenceRefused, notice_settings_change
from tournament.notifications.reminders import reminder_minutes
from tournament.notifications.selectors import competition_counts, competition_messages

from .access import managed_competition, organiser_required


@organiser_required
@require_http_methods(["GET", "POST"])
def competition_messages_page(request, pk: int):
    competition = managed_competition(request, pk)
    action = request.POST.get("action", "")
    broadcast = BroadcastForm(request.POST if action == "broadcast" else None)
    reminder = ReminderForm(
        request.POST if action == "reminder" else None,
        initial={"reminder_minutes": reminder_minutes(competition.pk)},
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
            reminder.add_error("reminder_minutes", str(exc))
        else:
            flash.success(request, _("Saved: the next reminders go at this time before the night."))
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
    }
    return render(request, "organiser/messages.html", context, status=status)
