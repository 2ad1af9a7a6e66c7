"""The admin's window on messages (issue 34): read only. Messages are written by their events and sent by
the worker (``tournament.notifications``); nobody edits or deletes one here."""

from django.contrib import admin

from tournament.admin.windows import ReadOnlyAdmin
from tournament.models import Message


@admin.register(Message)
class MessageAdmin(ReadOnlyAdmin):
    list_display = ("created_at", "competition", "kind", "recipient", "channel", "state", "reason")
    list_filter = ("state", "channel", "kind")
    search_fields = ("recipient", "event", "subject")
    list_select_related = ("competition",)
    exclude = ("body", "link", "facts")  # a seat's private link is its player's only; facts: the body's
