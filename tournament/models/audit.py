"""The audit log: who changed results or seating, when, and from where."""

from django.conf import settings
from django.db import models


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

        from tournament.audit import SYSTEM

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
