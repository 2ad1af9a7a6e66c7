"""A competition's stages, the rounds each holds, and who qualified for it (issue 36).

Words:

- a **stage** is a named set of rounds with standings of its own ("Preliminaries", "Last 16", "Final").
  Stage 1 takes every entrant; a later stage takes the players its **cut** lets in: the top ``cut_size``
  of the stage before's standings (all of them when ``cut_size`` is empty), or of one club's players
  (``category_club``: a club's own ranking cut from the same preliminaries);
- **seating** says how the stage's rounds are seated from its qualifiers: the competition's usual draw,
  the existing swiss, **placing groups** (1st-4th at one table, 5th-8th at the next, ...), or
  **knockout** tables whose top ``advance`` players by chips go on to the next round;
- the cut is made from the stage before, or from the stage it names (``source``: a plate cut from the
  preliminaries after a final); and of one **category** of entries only (``category``: newcomers, women,
  seniors, or a club's own word, ``EntryCategory``) when it says so;
- **carry-over**: the stage's standings start from zero, or from the chips each qualifier had in the
  stage before;
- a **qualifier** is one line of a published cut, in seed order: ``in`` (qualified), ``out`` (not),
  ``withdrawn`` (qualified, then withdrew: ``replaced_by`` is the next in line who took the place).

Changes go through ``tournament.stages.services`` (audited); the pure logic is ``cut.py`` and ``seats.py``.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _


class Stage(models.Model):
    class Seating(models.TextChoices):
        DRAW = "draw", _("The usual draw")
        SWISS = "swiss", _("Swiss (close chip totals together)")
        GROUPS = "groups", _("Placing groups (1st-4th, 5th-8th, ...)")
        KNOCKOUT = "knockout", _("Knockout tables")

    class CarryOver(models.TextChoices):
        ZERO = "zero", _("Start from zero")
        CHIPS = "chips", _("Carry the earlier chips")

    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        PUBLISHED = "published", _("Published")

    competition = models.ForeignKey("tournament.Competition", on_delete=models.CASCADE, related_name="stages")
    number = models.PositiveIntegerField()
    name = models.CharField(max_length=100)
    seating = models.CharField(max_length=20, choices=Seating.choices, default=Seating.DRAW)
    carry_over = models.CharField(max_length=10, choices=CarryOver.choices, default=CarryOver.ZERO)
    cut_size = models.PositiveIntegerField(null=True, blank=True)
    category_club = models.ForeignKey(
        "tournament.Club", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    advance = models.PositiveSmallIntegerField(default=2)  # knockout: the top 1 or 2 of each table go on
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.DRAFT)
    # The stage whose standings the cut is made from (issue 49); None: the stage numbered just before.
    source = models.ForeignKey("self", null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    # Only the entries of one category are cut (``EntryCategory.name``: newcomers, women, ...); "": all.
    category = models.CharField(max_length=40, blank=True, default="")

    class Meta:
        ordering = ["competition", "number"]
        constraints = [models.UniqueConstraint(fields=["competition", "number"], name="one_stage_number")]

    def __str__(self) -> str:
        return f"{self.competition} — stage {self.number}: {self.name}"

    @property
    def category_label(self) -> str:
        """The category cut, as a reader reads it ("Newcomers" for ``newcomer``); "" for none."""
        return EntryCategory.label(self.category) if self.category else ""


class StageRound(models.Model):
    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="stage_rounds")
    round = models.OneToOneField("tournament.Round", on_delete=models.CASCADE, related_name="stage_round")

    class Meta:
        ordering = ["stage", "round__number"]

    def __str__(self) -> str:
        return f"{self.stage}: round {self.round.number}"


class Qualifier(models.Model):
    class Status(models.TextChoices):
        IN = "in", _("Qualified")
        OUT = "out", _("Not qualified")
        WITHDRAWN = "withdrawn", _("Withdrew")

    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="qualifiers")
    player = models.ForeignKey("tournament.Player", on_delete=models.PROTECT, related_name="+")
    seed = models.PositiveIntegerField()  # the place in the cut's order, 1 first
    rank = models.PositiveIntegerField(null=True)  # the place in the standings the cut was made from
    status = models.CharField(max_length=20, choices=Status.choices)
    carried_chips = models.IntegerField(default=0)
    tied_at_cut = models.BooleanField(default=False)
    replaced_by = models.ForeignKey("self", null=True, blank=True, on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["stage", "seed"]
        constraints = [
            models.UniqueConstraint(fields=["stage", "player"], name="one_line_per_stage_player"),
            models.UniqueConstraint(fields=["stage", "seed"], name="one_seed_per_stage"),
        ]

    def __str__(self) -> str:
        return f"{self.stage}: {self.seed}. {self.player} ({self.status})"


class EntryCategory(models.Model):
    """One category an entry belongs to (issue 49): a standard one (``STANDARD``: newcomer, women, seniors)
    or a word of the club's own ("Juniors"); a stage's cut may take one category only (``Stage.category``).
    Kept with the stages, whose cuts are what reads them; changed through ``tournament.stages.categories``."""

    STANDARD = {"newcomer": _("Newcomers"), "women": _("Women"), "seniors": _("Seniors")}

    entry = models.ForeignKey("tournament.Entry", on_delete=models.CASCADE, related_name="categories")
    name = models.CharField(max_length=40)

    class Meta:
        ordering = ["entry", "name"]
        constraints = [models.UniqueConstraint(fields=["entry", "name"], name="one_category_per_entry_name")]

    def __str__(self) -> str:
        return f"{self.entry}: {self.name}"

    @classmethod
    def label(cls, name: str) -> str:
        return str(cls.STANDARD.get(name, name))
