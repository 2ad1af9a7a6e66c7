"""Accounts and the audit log's data.

The audit log: who changed results or seating, when, and from where.

Invitations: a one-time link that lets a person make their own login (issue 22).

An **invitation** is made by an organiser for one competition and one role:
a **scorekeeper** (the account joins the competition's scorekeepers) or a
**player** (the account is linked to that player's record: the player claims
it). Only a digest of the link's secret is kept, so the database cannot give
the link away; the link works once, not after ``expires_at`` and not once
withdrawn (a lost slip). The doors
that make and use one are in ``tournament.access.accounts``.
"""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

# The actor of a change made by a command or the app itself (no user); ``AuditEntry.text`` translates it.
SYSTEM = "System"


class AuditEntry(models.Model):
    action = models.CharField(max_length=40)  # "hand_recorded", "hand_voided", "round_seated", ...
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    ip_address = models.GenericIPAddressField(null=True, blank=True)
    user_agent = models.CharField(max_length=300, blank=True)
    competition = models.ForeignKey(
        "tournament.Competition", null=True, on_delete=models.CASCADE, related_name="audit_entries"
    )
    object_type = models.CharField(max_length=40)
    object_id = models.PositiveBigIntegerField(null=True)
    summary = models.CharField(max_length=500, blank=True, help_text="What happened, in words with names.")
    data = models.JSONField(default=dict)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name_plural = "audit entries"

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.summary or self.action}"

    @property
    def text(self) -> str:
        """The summary in the active language (its template translated, the names as they were)."""
        from django.utils.translation import gettext

        words = (self.data or {}).get("words")
        if isinstance(words, list) and len(words) == 2 and isinstance(words[1], dict):
            args = words[1]
            if args.get("actor") == SYSTEM and self.user_id is None:
                args = {**args, "actor": gettext("System")}
            try:
                return gettext(words[0]) % args
            except (KeyError, TypeError, ValueError):
                pass
        return self.summary or self.action


class Invitation(models.Model):
    class Role(models.TextChoices):
        SCOREKEEPER = "scorekeeper", _("scorekeeper")
        PLAYER = "player", _("player")

    competition = models.ForeignKey(
        "tournament.Competition", on_delete=models.CASCADE, related_name="invitations"
    )
    role = models.CharField(max_length=20, choices=Role.choices)
    player = models.ForeignKey(
        "tournament.Player", null=True, blank=True, on_delete=models.CASCADE, related_name="invitations"
    )
    email = models.EmailField(blank=True)
    token_hash = models.CharField(max_length=64, unique=True, editable=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)
    withdrawn_at = models.DateTimeField(
        null=True, blank=True, help_text="Withdrawn by an organiser: a lost slip."
    )
    account = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="The login made (or claimed) with the invitation.",
    )

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        who = self.player.name if self.player_id else self.get_role_display()
        return f"{self.competition} — {who}"

    @property
    def pending(self) -> bool:
        return self.used_at is None and self.withdrawn_at is None and self.expires_at > timezone.now()
