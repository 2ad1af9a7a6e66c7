"""A player's attendance of one night (issue 33): the reply, the check-in, a no-show.

One row per (round, entry), made when first needed (a reply, a check-in); no row is "not answered".
Rows are changed only by the doors of ``tournament.season.attendance`` (and a no-show by the seating
door through ``tournament.season.noshow``).
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Reply(models.TextChoices):
    YES = "yes", _("Yes")
    NO = "no", _("No")
    MAYBE = "maybe", _("Maybe")


class Attendance(models.Model):
    round = models.ForeignKey("tournament.Round", on_delete=models.CASCADE, related_name="attendance")
    entry = models.ForeignKey("tournament.Entry", on_delete=models.CASCADE, related_name="attendance")
    reply = models.CharField(max_length=5, choices=Reply.choices, blank=True, default="")
    replied_at = models.DateTimeField(null=True, blank=True)
    replied_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    checked_in = models.BooleanField(default=False)
    checked_in_at = models.DateTimeField(null=True, blank=True)
    reserve = models.BooleanField(default=False, help_text="Seated to fill a table.")
    no_show = models.BooleanField(default=False, help_text="Replied yes, not checked in, night seated.")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["round", "entry"], name="one_attendance_per_night")]
        indexes = [models.Index(fields=["entry", "round"])]

    def __str__(self) -> str:
        return f"{self.entry} — round {self.round_id}: {self.reply or '-'}"
