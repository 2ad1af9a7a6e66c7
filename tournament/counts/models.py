"""Chip counts: the chips on the table compared with the ledger (issue 19).

A **count** is what the table's scorekeeper counts in front of each player,
at the end of a session or when the organiser asks for one during it. It
keeps the ledger's balances it was compared with and the last hand recorded
then, so "the hands since the last agreed count" can be listed. An
**agreed** count is one that matched the ledger, or whose difference the
organiser accepted: the accepted difference is an **adjustment**, chip
transfers with reason ``adjustment`` that name the count instead of a hand
(``ChipTransfer.adjustment_of``), so balances and standings, plain sums of
the ledger, include it. ``tournament.counts.services`` is the one door that writes
these rows.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class ChipCount(models.Model):
    class Status(models.TextChoices):
        REQUESTED = "requested", _("Asked for")
        MATCHED = "matched", _("Matches the ledger")
        DIFFERS = "differs", _("Differs from the ledger")
        ACCEPTED = "accepted", _("Accepted with an adjustment")
        SUPERSEDED = "superseded", _("Counted again")

    AGREED = (Status.MATCHED, Status.ACCEPTED)

    table = models.ForeignKey("tournament.Table", on_delete=models.PROTECT, related_name="chip_counts")
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.REQUESTED)
    at_end = models.BooleanField(default=False, help_text="Asked for because the table's session ended.")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    requested_at = models.DateTimeField(auto_now_add=True)
    chips = models.JSONField(default=dict, help_text="Player id → chips counted in front of the player.")
    ledger = models.JSONField(default=dict, help_text="Player id → the ledger's balance when counted.")
    after_sequence = models.PositiveIntegerField(
        default=0, help_text="The last hand recorded at the table when counted (its sequence; 0: none)."
    )
    counted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    counted_at = models.DateTimeField(null=True, blank=True)
    reason = models.CharField(max_length=300, blank=True, help_text="Why the organiser accepted the count.")
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    resolved_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["table", "id"]

    def __str__(self) -> str:
        return f"count {self.pk} at {self.table} ({self.status})"

    @property
    def differences(self) -> dict[int, int]:
        """Player id → counted minus ledger (only the players whose chips differ)."""
        return {
            int(pid): chips - self.ledger.get(pid, 0)
            for pid, chips in self.chips.items()
            if chips != self.ledger.get(pid, 0)
        }
