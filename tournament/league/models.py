"""The league's data: clubs, players, competitions and their entries.

Clubs and players.

A **player** is a person registered with the league (a unique registration
number), optionally a member of a **club**, optionally linked to a login so
they can follow their own tables.

Competitions and the players entered in them.

A **competition** is a league season or a one-day tournament, played under
one rule set (an organiser's copy of one of the four of
../shared/spec/rulesets.md: the rule-set id plus the organiser's overrides).
Every player starts each session (round) with ``capital`` chips (SPGG
rule 14: 400). An **entry** puts a player in a competition; withdrawing or
substituting never deletes an entry, so history stays intact.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from scoring.words import ruleset_choices
from tournament.confirmations.models import ConfirmationRule
from tournament.standings.rank import DEFAULT_ORDER
from tournament.teams.models import SubstituteRule, TeamScoring, default_placing_points


class Club(models.Model):
    name = models.CharField(max_length=120, unique=True)
    short_name = models.CharField(max_length=20, blank=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    name = models.CharField(max_length=120)
    club = models.ForeignKey(Club, null=True, blank=True, on_delete=models.PROTECT, related_name="players")
    registration_no = models.CharField("registration number", max_length=30, unique=True)
    contact = models.CharField(max_length=200, blank=True, help_text="Email or phone, optional.")
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="player"
    )

    class Meta:
        ordering = ["name", "registration_no"]

    def __str__(self) -> str:
        return f"{self.name} ({self.registration_no})"


# the rule sets' names, translated (issue 32): one name everywhere (scoring.words)
RULESET_CHOICES = ruleset_choices(_)


def default_standings_order() -> list[str]:
    return list(DEFAULT_ORDER)


class WithdrawnStanding(models.TextChoices):
    """``standings_rank.rank(withdrawn=...)``: where a withdrawn player appears."""

    RANK = "rank", _("ranked like everyone, marked withdrawn")
    UNRANKED = "unranked", _("listed after the ranked players, without a place")
    EXCLUDE = "exclude", _("left out of the standings")


class SubstituteResults(models.TextChoices):
    """Whose standings line a substitute's hands go to."""

    OWN = "own", _("the substitute's own line")
    REPLACED = "replaced", _("the line of the player they replace")


class Competition(models.Model):
    class Kind(models.TextChoices):
        LEAGUE = "league", _("League season")
        TOURNAMENT = "tournament", _("One-day tournament")

    name = models.CharField(max_length=200)
    kind = models.CharField(max_length=20, choices=Kind.choices, default=Kind.LEAGUE)
    rules = models.CharField("rule set", max_length=30, choices=RULESET_CHOICES, default="spgg-2023")
    options = models.JSONField(default=dict, blank=True, help_text="The organiser's changes to the rule set.")
    capital = models.PositiveIntegerField(default=400, help_text="Chips each player starts a session with.")
    # Its results count in the league's ratings (issue 48): a superuser's mark (``competition_set_rated``);
    # the operator may rate more (``RATINGS_RATE``).
    rated = models.BooleanField(
        _("rated"),
        default=False,
        help_text=_("Its results count in the league's ratings (a superuser decides)."),
    )
    starts_on = models.DateField(null=True, blank=True)
    ends_on = models.DateField(null=True, blank=True)
    organisers = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="organised")
    scorekeepers = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="scorekept")
    players = models.ManyToManyField(
        "tournament.Player", through="tournament.Entry", related_name="competitions"
    )
    # How the standings rank (issue 6); see tournament/standings/rank.py for the vocabulary.
    standings_order = models.JSONField(
        _("tie-break order"),
        default=default_standings_order,
        help_text=_("Metrics compared one after another, best first (names of standings_rank.METRICS)."),
    )
    shared_places = models.BooleanField(
        _("shared places"),
        default=True,
        help_text=_("Players equal on every metric share a place (1, 2, 2, 4); off: ties go by name."),
    )
    withdrawn_standing = models.CharField(
        _("withdrawn players"),
        max_length=20,
        choices=WithdrawnStanding.choices,
        default=WithdrawnStanding.RANK,
    )
    substitute_results = models.CharField(
        _("a substitute's results"),
        max_length=20,
        choices=SubstituteResults.choices,
        default=SubstituteResults.OWN,
    )
    # A season's nights (issue 33; tournament.standings.fair): fair standings across unequal attendance.
    min_sessions = models.PositiveSmallIntegerField(
        _("nights needed to be ranked"),
        default=0,
        help_text=_("A player with fewer sessions is listed after the ranked players, without a place."),
    )
    best_sessions = models.PositiveSmallIntegerField(
        _("best nights that count"),
        null=True,
        blank=True,
        help_text=_("Only a player's best sessions this many count; empty: all count."),
    )
    # Players confirm hands (issue 19; tournament.confirmations.services): what makes a hand count.
    confirmation = models.CharField(
        _("hands count"), max_length=20, choices=ConfirmationRule.choices, default=ConfirmationRule.NONE
    )
    confirmations_needed = models.PositiveSmallIntegerField(
        _("agreements needed"), default=2, help_text=_("Players who must agree (1 to 3).")
    )
    confirmation_minutes = models.PositiveIntegerField(
        _("minutes to challenge"), default=10, help_text=_("A hand nobody disputes for this long counts.")
    )
    # Team events (issue 35; tournament.teams): how the teams rank, when lineups close, substitutes.
    team_scoring = models.CharField(
        _("teams rank"), max_length=20, choices=TeamScoring.choices, default=TeamScoring.CHIPS
    )
    placing_points = models.JSONField(
        _("points for 1st, 2nd, 3rd, 4th"),
        default=default_placing_points,
        help_text=_("Four whole numbers, each no more than the one before (default 4, 2, 1, 0)."),
    )
    lineup_deadline = models.PositiveIntegerField(
        _("lineups close (minutes before the start)"),
        default=60,
        help_text=_("A captain names the night's players until this many minutes before the round starts."),
    )
    substitute_rule = models.CharField(
        _("a team substitute's result"),
        max_length=20,
        choices=SubstituteRule.choices,
        default=SubstituteRule.COUNTS,
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-starts_on", "name"]

    def __str__(self) -> str:
        return self.name

    def ranking(self) -> dict:
        """Keyword arguments of ``standings_rank.rank`` as this competition's organiser set them."""
        return {
            "order": tuple(self.standings_order or DEFAULT_ORDER),
            "shared_places": self.shared_places,
            "withdrawn": self.withdrawn_standing,
        }


class Entry(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("Playing")
        WITHDRAWN = "withdrawn", _("Withdrawn")

    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey("tournament.Player", on_delete=models.PROTECT, related_name="entries")
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.ACTIVE)
    substitute_for = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="substitutes"
    )
    entered_at = models.DateTimeField(auto_now_add=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    # Changed to retire the entry's private season link and check-in code (tournament.season.links).
    link_nonce = models.CharField(max_length=16, blank=True, default="")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["competition", "player"], name="one_entry_per_player")]
        verbose_name_plural = "entries"

    def __str__(self) -> str:
        return f"{self.player} in {self.competition}"


class EntryRequest(models.Model):
    """An organiser's wish to enter a player who is not theirs (issue 48): the entry is made only when the
    player, or an organiser the player is theirs, agrees (``tournament.league.consent``)."""

    class State(models.TextChoices):
        WAITING = "waiting", _("Waiting for an answer")
        ACCEPTED = "accepted", _("Accepted")
        DECLINED = "declined", _("Declined")

    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="entry_requests")
    player = models.ForeignKey("tournament.Player", on_delete=models.CASCADE, related_name="entry_requests")
    state = models.CharField(max_length=20, choices=State.choices, default=State.WAITING)
    asked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    asked_at = models.DateTimeField(auto_now_add=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["competition", "player"],
                condition=models.Q(state="waiting"),
                name="one_waiting_request_per_entry",
            )
        ]
        ordering = ["-asked_at", "-id"]

    def __str__(self) -> str:
        return f"request to enter {self.player} in {self.competition}"
