"""The kinds of message and the channels (issue 34): the words people choose from."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class Kind(models.TextChoices):
    SEATING = "seating", _("Your table for a round")
    BYE = "bye", _("You sit out a round")
    REMINDER = "reminder", _("Reminder before a night")
    CONFIRM = "confirm", _("A hand waiting for your confirmation")
    RULING = "ruling", _("The ruling on your dispute")
    RESULTS = "results", _("Results released")
    ORGANISER = "organiser", _("Messages from the organiser")


class Channel(models.TextChoices):
    INBOX = "inbox", _("Inbox on this site")
    EMAIL = "email", _("Email")
    PUSH = "push", _("Notification on this phone (web push)")
    TELEGRAM = "telegram", _("Telegram")
    WHATSAPP = "whatsapp", _("WhatsApp")


# The channels a person may choose (the inbox always keeps every message).
OUTSIDE = (Channel.EMAIL, Channel.PUSH, Channel.TELEGRAM, Channel.WHATSAPP)
