"""Proof of what was erased and when (issue 51): the erasures and the retention warnings.

An ``ErasureRecord`` keeps the date of the request (the proof the Act's Retention Limitation asks for),
when it was carried out and by whom, and the pseudonym given; never the name or the contact erased. A
``RetentionWarning`` is the organisers' being told that a person's contact details will be erased on
``erase_on``; ``done_at`` is set when they were (or when the person played again and nothing was erased).
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class ErasureRecord(models.Model):
    class Scope(models.TextChoices):
        PERSON = "person", _("erased on request")
        CONTACT = "contact", _("contact details erased after the retention period")

    player = models.ForeignKey("tournament.Player", on_delete=models.CASCADE, related_name="erasures")
    scope = models.CharField(max_length=10, choices=Scope.choices)
    requested_on = models.DateField(_("requested on"), help_text=_("The day the person asked (the proof)."))
    done_at = models.DateTimeField(auto_now_add=True)
    done_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    pseudonym = models.CharField(max_length=40, blank=True)

    class Meta:
        ordering = ["-done_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["player"], condition=models.Q(scope="person"), name="one_erasure_per_person"
            )
        ]

    def __str__(self) -> str:
        return f"{self.scope} erasure of p{self.player_id} on {self.done_at:%Y-%m-%d}"


class RetentionWarning(models.Model):
    player = models.ForeignKey("tournament.Player", on_delete=models.CASCADE, related_name="+")
    warned_at = models.DateTimeField()
    erase_on = models.DateField()
    done_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["erase_on", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["player"], condition=models.Q(done_at__isnull=True), name="one_open_retention_warning"
            )
        ]

    def __str__(self) -> str:
        return f"p{self.player_id}: contact erased on {self.erase_on}"
