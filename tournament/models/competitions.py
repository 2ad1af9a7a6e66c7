"""Competitions and the players entered in them.

A **competition** is a league season or a one-day tournament, played under
one rule set (an organiser's copy of one of the four of
../shared/spec/rulesets.md: the rule-set id plus the organiser's overrides).
Every player starts each session (round) with ``capital`` chips (SPGG
rule 14: 400). An **entry** puts a player in a competition; withdrawing or
substituting never deletes an entry, so history stays intact.
"""

from django.conf import settings
from django.db import models

RULESET_CHOICES = [
    ("spgg-2023", "SPGG 2023 (default)"),
    ("sg-tai-card", "Singapore tai card"),
    ("sg-classic", "Singapore classic"),
    ("sgmj-2002", "Singapore Mahjong 2002"),
]


class Competition(models.Model):
    class Kind(models.TextChoices):
        LEAGUE = "league", "League season"
        TOURNAMENT = "tournament", "One-day tournament"

    name = models.CharField(max_length=200)
    kind = models.CharField(max_length=20, choices=Kind.choices, default=Kind.LEAGUE)
    rules = models.CharField("rule set", max_length=30, choices=RULESET_CHOICES, default="spgg-2023")
    options = models.JSONField(default=dict, blank=True, help_text="The organiser's changes to the rule set.")
    capital = models.PositiveIntegerField(default=400, help_text="Chips each player starts a session with.")
    starts_on = models.DateField(null=True, blank=True)
    ends_on = models.DateField(null=True, blank=True)
    organisers = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="organised")
    scorekeepers = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="scorekept")
    players = models.ManyToManyField(
        "tournament.Player", through="tournament.Entry", related_name="competitions"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-starts_on", "name"]

    def __str__(self) -> str:
        return self.name


class Entry(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", "Playing"
        WITHDRAWN = "withdrawn", "Withdrawn"

    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey("tournament.Player", on_delete=models.PROTECT, related_name="entries")
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.ACTIVE)
    substitute_for = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="substitutes"
    )
    entered_at = models.DateTimeField(auto_now_add=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["competition", "player"], name="one_entry_per_player")]
        verbose_name_plural = "entries"

    def __str__(self) -> str:
        return f"{self.player} in {self.competition}"
