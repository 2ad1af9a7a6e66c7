"""Messages, a person's preferences, their web-push subscriptions, a competition's notice settings and an
organiser's broadcasts (issue 34; the words are in ``tournament.notifications``)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.notifications.kinds import Channel, Kind


class Message(models.Model):
    class State(models.TextChoices):
        QUEUED = "queued", _("queued")
        SENDING = "sending", _("sending")
        SENT = "sent", _("sent")
        FAILED = "failed", _("failed")

    competition = models.ForeignKey(
        "tournament.Competition", on_delete=models.CASCADE, related_name="messages"
    )
    kind = models.CharField(max_length=20, choices=Kind.choices)
    event = models.CharField(
        max_length=80, help_text="The event's key: one message per person, event, channel."
    )
    recipient = models.CharField(max_length=24, help_text="p<player id> or u<user id>.")
    player = models.ForeignKey(
        "tournament.Player", null=True, blank=True, on_delete=models.CASCADE, related_name="messages"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="messages"
    )
    channel = models.CharField(max_length=20, choices=Channel.choices)
    address = models.CharField(
        max_length=200, blank=True, help_text="Email, Telegram chat or number, as queued."
    )
    language = models.CharField(max_length=10)
    subject = models.CharField(max_length=200)
    body = models.TextField()
    link = models.CharField(
        max_length=500, blank=True, help_text="The message's own link (a seat's is private)."
    )
    # What the subject and body were written from (``texts.compose``): the inbox writes them again in its
    # reader's language when the person chose none, the site's (issue 47).
    words = models.CharField(max_length=20, blank=True)
    facts = models.JSONField(default=dict, blank=True)
    state = models.CharField(max_length=10, choices=State.choices, default=State.QUEUED)
    reason = models.CharField(max_length=300, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    # When it was last claimed for sending (``delivery``): a send in flight is judged on it, not on its age.
    claimed_at = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["recipient", "event", "channel"], name="one_message_per_event")
        ]
        indexes = [
            models.Index(fields=["competition", "state"], name="message_competition_state"),
            models.Index(fields=["recipient", "channel", "-created_at"], name="message_inbox"),
            # An event's messages are found by their key's start (``r12:seat:``): LIKE 'prefix%' on
            # PostgreSQL uses a pattern index whatever the database's collation (issue 53).
            models.Index(fields=["event"], name="message_event_prefix", opclasses=["varchar_pattern_ops"]),
        ]

    def __str__(self) -> str:
        return f"{self.kind} to {self.recipient} by {self.channel}: {self.state}"


class Preference(models.Model):
    """One person's choices: for a player (with or without an account), or an account without a player."""

    player = models.OneToOneField(
        "tournament.Player", null=True, blank=True, on_delete=models.CASCADE, related_name="preference"
    )
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="preference"
    )
    language = models.CharField(_("language"), max_length=10, blank=True)
    channels = models.JSONField(_("channels"), default=list, blank=True)
    stopped = models.JSONField(_("kinds stopped"), default=list, blank=True)
    email = models.EmailField(_("email address"), blank=True)
    telegram_chat = models.CharField(_("Telegram chat id"), max_length=40, blank=True)
    whatsapp = models.CharField(_("WhatsApp number"), max_length=20, blank=True)
    # Person links made until this moment (ms since the epoch) open nothing: retired (issue 48).
    links_retired_at = models.BigIntegerField(null=True, blank=True)
    changed_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(player__isnull=False) ^ models.Q(user__isnull=False),
                name="preference_one_person",
            )
        ]

    def __str__(self) -> str:
        return f"preferences of p{self.player_id}" if self.player_id else f"preferences of u{self.user_id}"


class PushSubscription(models.Model):
    """One browser's web-push subscription (its endpoint and keys), for one person."""

    preference = models.ForeignKey(Preference, on_delete=models.CASCADE, related_name="subscriptions")
    endpoint = models.URLField(max_length=600, unique=True)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"push subscription {self.pk}"


class NoticeSettings(models.Model):
    """A competition's notice settings: how long before a night its reminder goes."""

    competition = models.OneToOneField(
        "tournament.Competition", on_delete=models.CASCADE, related_name="notice_settings"
    )
    reminder_minutes = models.PositiveIntegerField(
        _("reminder before a night (minutes)"),
        default=24 * 60,
        help_text=_("0: no reminder."),
    )

    def __str__(self) -> str:
        return f"notices of {self.competition_id}"


class Broadcast(models.Model):
    """An organiser's message to a competition's players (limited per day, audited)."""

    class Audience(models.TextChoices):
        EVERYONE = "everyone", _("everyone in the competition")
        UNANSWERED = "unanswered", _("those who have not answered for the next round")

    competition = models.ForeignKey(
        "tournament.Competition", on_delete=models.CASCADE, related_name="broadcasts"
    )
    audience = models.CharField(max_length=20, choices=Audience.choices)
    text = models.TextField(max_length=1000)
    sent_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    recipients = models.PositiveIntegerField(default=0)
    # The players it goes to, fixed when sent (issue 48: each player's daily limit is counted from these);
    # null for a broadcast sent before they were kept, whose players are found again when it is sent.
    players = models.JSONField(null=True, blank=True)
    held_back = models.PositiveIntegerField(default=0)  # players left out: their day's limit was reached
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"broadcast {self.pk} to {self.audience}"
