"""Stored standings, kept current by Celery (issue 6).

Derived data, never the truth: the ledger is. A **scope** is 0 for the whole
competition or a round's id. ``StandingsMeta`` says when a scope was last
computed and up to which ledger row (``ledger_mark``: the highest
``ChipTransfer`` id it had seen), so a reader can tell how fresh it is.

A ``StandingRow`` holds one line's totals, not its place: places are computed
on read (``standings_store.stored_standings``), so that recording a hand
rewrites the four lines it changed and no others.
"""

from django.db import models


class StandingRow(models.Model):
    competition = models.ForeignKey("tournament.Competition", on_delete=models.CASCADE, related_name="+")
    scope = models.PositiveBigIntegerField(help_text="0: the whole competition; else the round's id.")
    player = models.ForeignKey("tournament.Player", on_delete=models.CASCADE, related_name="+")
    name = models.CharField(max_length=120)
    club = models.CharField(max_length=120, blank=True)
    net_chips = models.IntegerField(default=0)
    sessions = models.PositiveIntegerField(default=0)
    hands_won = models.PositiveIntegerField(default=0)
    self_drawn_wins = models.PositiveIntegerField(default=0)
    za_hu = models.PositiveIntegerField(default=0)
    biggest_hand = models.PositiveIntegerField(default=0)
    withdrawn = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["competition", "scope", "player"], name="one_standing_per_player")
        ]

    def __str__(self) -> str:
        return f"{self.name} {self.net_chips:+d}"


class StandingsMeta(models.Model):
    competition = models.ForeignKey("tournament.Competition", on_delete=models.CASCADE, related_name="+")
    scope = models.PositiveBigIntegerField()
    computed_at = models.DateTimeField()
    ledger_mark = models.PositiveBigIntegerField(default=0)
    # Who sat where when computed (``store.seating_mark``): a round's lines list who sat at its tables, so a
    # seating changed without a hand (drawn again, a swap, a late arrival) makes them stale (issue 48).
    seating_mark = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["competition", "scope"], name="one_meta_per_scope")]

    def __str__(self) -> str:
        return f"standings of {self.competition_id}/{self.scope} at {self.computed_at:%H:%M:%S}"
