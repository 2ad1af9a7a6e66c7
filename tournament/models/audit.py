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
    data = models.JSONField(default=dict)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name_plural = "audit entries"

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action} by {self.user_id}"
