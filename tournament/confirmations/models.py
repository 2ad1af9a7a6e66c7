"""Players confirming hands (issue 19): answers, the hand's check, and the organiser's ruling.

- a **seat link** is a private address per seat (``Seat.link_nonce`` and a
  signature, ``tournament.confirmations.seat_links``) with which a player without an account
  follows their table and answers for their seat;
- an **answer** (``HandAnswer``) is one seat's Agree or Dispute (with a short
  reason) to a hand someone else entered; one per seat and hand;
- a hand's **check** (``HandCheck``) is its confirmation state under the rule
  the competition had when the hand was recorded: ``counted`` (the standings
  take it in), ``pending`` (waiting for players or time), ``disputed``
  (waiting for the organiser's ruling), then ``kept`` or ``voided`` by the
  ruling. Hands without a check count at once (issue 19: the check is the competition's choice).

``tournament.confirmations.services`` is the one door that writes these rows.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class ConfirmationRule(models.TextChoices):
    """What makes a hand count for the standings (``Competition.confirmation``)."""

    NONE = "none", _("no confirmation needed")
    PLAYERS = "players", _("confirmed by at least N players")
    UNCHALLENGED = "unchallenged", _("unchallenged for M minutes")


class HandCheck(models.Model):
    class State(models.TextChoices):
        COUNTED = "counted", _("counted")
        PENDING = "pending", _("waiting for confirmation")
        DISPUTED = "disputed", _("disputed")
        KEPT = "kept", _("kept by the organiser")
        VOIDED = "voided", _("voided by the organiser")

    class Ruling(models.TextChoices):
        KEEP = "keep", _("keep the hand")
        VOID = "void", _("void the hand and enter it again")

    hand = models.OneToOneField("tournament.Hand", on_delete=models.PROTECT, related_name="confirmation")
    rule = models.CharField(max_length=20, choices=ConfirmationRule.choices)
    needed = models.PositiveSmallIntegerField(default=0, help_text="Agreements needed (rule 'players').")
    due_at = models.DateTimeField(null=True, blank=True, help_text="Counts if unchallenged until then.")
    state = models.CharField(max_length=20, choices=State.choices)
    # The standings leave out the hands whose check says False (tournament.standings.compute).
    counted = models.BooleanField(default=False)
    ruling = models.CharField(max_length=10, choices=Ruling.choices, blank=True, default="")
    ruling_reason = models.CharField(max_length=300, blank=True, default="")
    ruled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    ruled_at = models.DateTimeField(null=True, blank=True)
    changed_at = models.DateTimeField(auto_now=True)

    class Meta:
        indexes = [
            models.Index(fields=["hand"], condition=Q(counted=False), name="handcheck_not_counted"),
            models.Index(fields=["state", "due_at"], name="handcheck_state_due"),
        ]

    def __str__(self) -> str:
        return f"check of {self.hand_id}: {self.state}"


class HandAnswer(models.Model):
    class Verdict(models.TextChoices):
        AGREE = "agree", _("Agree")
        DISPUTE = "dispute", _("Dispute")

    hand = models.ForeignKey("tournament.Hand", on_delete=models.PROTECT, related_name="answers")
    seat = models.ForeignKey("tournament.Seat", on_delete=models.PROTECT, related_name="answers")
    verdict = models.CharField(max_length=10, choices=Verdict.choices)
    reason = models.CharField(max_length=300, blank=True, default="")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    by_link = models.BooleanField(default=False, help_text="Given through the seat's private link.")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["hand", "at", "id"]
        constraints = [models.UniqueConstraint(fields=["hand", "seat"], name="one_answer_per_seat")]

    def __str__(self) -> str:
        return f"{self.seat} on hand {self.hand_id}: {self.verdict}"
