"""Hands and the chip ledger: append-only.

A **hand** is one recorded outcome at a table (a win, a draw, a false win),
with the exact rule-set settings it was scored under. Its chips move only as
**chip transfers** (from, to, amount, reason), which are never edited or
deleted (an accepted chip count adds transfers of its own, ``tournament.counts.models``).
A **void** is a new row that marks a hand as not standing; voiding
adds reversing transfers, so every balance is always the plain sum of the
ledger. See ``tournament.tables.ledger`` for the one door that writes these rows.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q


class Hand(models.Model):
    class Outcome(models.TextChoices):
        WIN = "win", "Win"
        DRAW = "draw", "Draw"
        FALSE_WIN = "false_win", "False win (Za Hu)"

    table = models.ForeignKey("tournament.Table", on_delete=models.PROTECT, related_name="hands")
    sequence = models.PositiveIntegerField(
        help_text="Order of recording at the table, voided hands included."
    )
    number = models.PositiveIntegerField(help_text="The hand's number in play when it was recorded.")
    corrects = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="corrections",
        help_text="The voided hand this one was entered in place of: it takes that hand's place in play.",
    )  # fmt: skip
    outcome = models.CharField(max_length=20, choices=Outcome.choices)
    winner = models.ForeignKey("tournament.Player", null=True, on_delete=models.PROTECT, related_name="+")
    discarder = models.ForeignKey("tournament.Player", null=True, on_delete=models.PROTECT, related_name="+")
    offender = models.ForeignKey("tournament.Player", null=True, on_delete=models.PROTECT, related_name="+")
    liable = models.ForeignKey("tournament.Player", null=True, on_delete=models.PROTECT, related_name="+")
    self_drawn = models.BooleanField(default=False)
    doubles = models.PositiveIntegerField(null=True)
    kong_declared = models.BooleanField(default=False)
    prevailing_wind = models.CharField(max_length=1)
    dealer = models.ForeignKey("tournament.Player", on_delete=models.PROTECT, related_name="+")
    seat_winds = models.JSONField(help_text="Player id → seat wind during this hand.")
    entry = models.JSONField(help_text="The outcome as entered, players named by id.")
    scoring = models.JSONField(help_text="What the engine answered: score items and settlement.")
    rules = models.JSONField(help_text="The exact rule-set settings this hand was scored under.")
    idempotency_key = models.CharField(max_length=100, blank=True, default="")
    entry_digest = models.CharField(
        max_length=64, blank=True, default="",
        help_text="SHA-256 of the entry sent with its idempotency key: a retry must send the same.",
    )  # fmt: skip
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+"
    )
    recorded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "sequence"]
        constraints = [
            models.UniqueConstraint(fields=["table", "sequence"], name="one_hand_per_sequence"),
            # A voided hand is entered again once (issue 13): a second correction of it is refused.
            models.UniqueConstraint(
                fields=["corrects"], condition=Q(corrects__isnull=False), name="one_correction_per_hand"
            ),
            models.UniqueConstraint(
                fields=["table", "idempotency_key"],
                condition=~Q(idempotency_key=""),
                name="one_hand_per_idempotency_key",
            ),
        ]
        # Standings of a few players (issue 6, ``standings.scope_totals(player_ids=...)``): the tables
        # of the hands a player won or falsely claimed, read from the index alone.
        indexes = [
            models.Index(fields=["winner", "table"], name="hand_winner_table"),
            models.Index(fields=["offender", "table"], name="hand_offender_table"),
        ]

    def __str__(self) -> str:
        return f"{self.table} — hand {self.number} ({self.outcome})"

    @property
    def is_void(self) -> bool:
        return hasattr(self, "void")


class HandVoid(models.Model):
    hand = models.OneToOneField(Hand, on_delete=models.PROTECT, related_name="void")
    reason = models.CharField(max_length=300)
    voided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+"
    )
    voided_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"void of {self.hand}: {self.reason}"


class ChipTransfer(models.Model):
    # A transfer belongs to a hand, or to an accepted chip count's adjustment (issue 19,
    # ``tournament.counts.services``): exactly one of the two.
    hand = models.ForeignKey(Hand, null=True, blank=True, on_delete=models.PROTECT, related_name="transfers")
    adjustment_of = models.ForeignKey(
        "tournament.ChipCount", null=True, blank=True, on_delete=models.PROTECT, related_name="adjustments"
    )
    table = models.ForeignKey("tournament.Table", on_delete=models.PROTECT, related_name="transfers")
    from_player = models.ForeignKey("tournament.Player", on_delete=models.PROTECT, related_name="paid")
    to_player = models.ForeignKey("tournament.Player", on_delete=models.PROTECT, related_name="received")
    amount = models.PositiveIntegerField()
    reason = models.CharField(max_length=40)
    reverses = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="reversed_by"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="transfer_amount_positive"),
            models.CheckConstraint(
                condition=~Q(from_player=models.F("to_player")), name="transfer_between_two"
            ),
            models.CheckConstraint(
                condition=Q(hand__isnull=False, adjustment_of__isnull=True)
                | Q(hand__isnull=True, adjustment_of__isnull=False),
                name="transfer_of_hand_or_adjustment",
            ),
        ]
        # A few players' chips (issue 6: the standings update after one hand): their ledger rows with
        # table and amount, read from the index alone.
        indexes = [
            models.Index(fields=["to_player", "table"], include=["amount"], name="transfer_to_player_table"),
            models.Index(
                fields=["from_player", "table"], include=["amount"], name="transfer_from_player_table"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.from_player_id} → {self.to_player_id}: {self.amount} ({self.reason})"


class RefusedHand(models.Model):
    """A hand kept on a scorekeeper's phone while offline that the server refused when it was sent (issue 32):
    the round ended meanwhile, the hand was not legal, another device moved the table on. The phone keeps
    the hand on the sheet until the scorekeeper resolves it; this row is what the organiser sees of it
    meanwhile (``tournament.tables.refusals``). Nothing of the ledger: no chip moves with it."""

    class Resolution(models.TextChoices):
        OPEN = "", "Open"
        RECORDED = "recorded", "Recorded after all"
        DISCARDED = "discarded", "Discarded by the scorekeeper"

    table = models.ForeignKey("tournament.Table", on_delete=models.CASCADE, related_name="refused_hands")
    idempotency_key = models.CharField(max_length=100)
    number = models.PositiveIntegerField(help_text="The hand number the phone kept it as.")
    code = models.CharField(max_length=60)
    reasons = models.JSONField(default=list, help_text="Why, in the words the scorekeeper read.")
    summary = models.CharField(max_length=300, blank=True, default="")
    entry = models.JSONField(default=list, help_text="The form's fields as the phone sent them.")
    kept_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    refused_at = models.DateTimeField(auto_now=True)
    resolution = models.CharField(max_length=20, choices=Resolution.choices, blank=True, default="")
    resolved_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["table", "number", "id"]
        constraints = [
            models.UniqueConstraint(fields=["table", "idempotency_key"], name="one_refusal_per_kept_hand"),
        ]

    def __str__(self) -> str:
        return f"table {self.table_id} hand {self.number}: {self.code}"
