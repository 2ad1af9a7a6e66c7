"""Rounds (sessions of play) and their tables.

A **round** is one session of play of a competition: a number, a scheduled
start and end, a venue and a status (scheduled → seated → playing →
finished). Each round has **tables** of four; a **seat** records where a
player first sat (E, S, W, N), which never changes during the session (the
seat *winds* move with the deal: ``tournament.tables.state``).
"""

from datetime import timedelta

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Round(models.Model):
    class Status(models.TextChoices):
        SCHEDULED = "scheduled", _("Scheduled")
        SEATED = "seated", _("Seated")
        PLAYING = "playing", _("Playing")
        FINISHED = "finished", _("Finished")

    competition = models.ForeignKey("tournament.Competition", on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    starts_at = models.DateTimeField(null=True, blank=True)
    ends_at = models.DateTimeField(null=True, blank=True)
    venue = models.CharField(max_length=200, blank=True)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.SCHEDULED)
    results_held = models.BooleanField(
        default=False, help_text="Hold this round's results back from the public standings until released."
    )
    # Extra time the organiser gave a playing round (issue 36, ``tournament.rounds.clock.round_add_time``):
    # the clock runs to ``ends_at`` plus these minutes. Kept apart from ``ends_at`` (the schedule).
    extra_minutes = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["competition", "number"]
        constraints = [models.UniqueConstraint(fields=["competition", "number"], name="one_round_number")]

    def __str__(self) -> str:
        return f"{self.competition} — round {self.number}"

    @property
    def clock_ends(self):
        """When the round's clock runs out: its end plus the extra time given (None without an end)."""
        if self.ends_at is None:
            return None
        return self.ends_at + timedelta(minutes=self.extra_minutes)


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveIntegerField()
    scorekeeper = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="tables"
    )
    ended_at = models.DateTimeField(
        null=True, blank=True, help_text="Set when the organiser ends the session at its time."
    )
    # A table ended without a hand gives its players no session (issue 32), unless the organiser said so
    # when ending it (tournament.rounds.lifecycle): then each counts a session at 0 chips.
    counts_without_hands = models.BooleanField(
        default=False, help_text="Its players count a session although no hand was recorded."
    )

    class Meta:
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="one_table_number")]

    def __str__(self) -> str:
        return f"{self.round} — table {self.number}"

    @property
    def seat_map(self) -> dict[str, int]:
        """{"E": player id, "S": ..., "W": ..., "N": ...} as first seated.

        ``read_seats`` is what a plain query read with the table (``tables.selectors.table_for_recording``:
        the hand post), taken instead of asking ``seats``."""
        read = self.__dict__.get("read_seats")
        if read is not None:
            return dict(read)
        return {seat.wind: seat.player_id for seat in self.seats.all()}


class Seat(models.Model):
    class Wind(models.TextChoices):
        EAST = "E", _("East")
        SOUTH = "S", _("South")
        WEST = "W", _("West")
        NORTH = "N", _("North")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    wind = models.CharField(max_length=1, choices=Wind.choices)
    player = models.ForeignKey("tournament.Player", on_delete=models.PROTECT, related_name="seats")
    # Part of the seat's private link (tournament.confirmations.seat_links): changing it retires the links
    # given out.
    link_nonce = models.CharField(max_length=16, blank=True, default="")

    class Meta:
        ordering = ["table", "wind"]
        constraints = [
            models.UniqueConstraint(fields=["table", "wind"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["round", "player"], name="one_seat_per_round"),
        ]

    def __str__(self) -> str:
        return f"{self.table}: {self.wind} {self.player}"
