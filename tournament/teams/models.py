"""A competition's teams, their rosters and each round's lineups (issue 35).

Vocabulary

- **team**: a side of a team event, with a **captain** (one of its players, or nobody yet).
- **roster**: the team's members; a member is a **regular** or a **substitute** (from the team's pool:
  how a substitute's result counts is the competition's ``substitute_rule``). A player is in at most one
  team of a competition (a database constraint, and the door refuses it first).
- **lineup**: the players a team names for one round, by its captain or an organiser, before the
  **deadline** (``Competition.lineup_deadline`` minutes before the round's start). Other teams see it
  only once the deadline has passed (``tournament.teams.selectors.lineup_revealed``).

Every change is a door of ``tournament.teams.services``; nothing else saves these rows.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

DEFAULT_PLACING_POINTS = (4, 2, 1, 0)


def default_placing_points() -> list[int]:
    return list(DEFAULT_PLACING_POINTS)


class TeamScoring(models.TextChoices):
    CHIPS = "chips", _("by chips: the team's players' net chips added up")
    PLACINGS = "placings", _("by placings: points for each player's place at their table")


class SubstituteRule(models.TextChoices):
    COUNTS = "counts", _("a substitute's result counts for the team")
    NOT_COUNTED = "not_counted", _("a substitute plays, but their result does not count for the team")


class Team(models.Model):
    competition = models.ForeignKey("tournament.Competition", on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(_("name"), max_length=120)
    short_name = models.CharField(_("short name"), max_length=20, blank=True)
    captain = models.ForeignKey(
        "tournament.Player", null=True, blank=True, on_delete=models.SET_NULL, related_name="captain_of"
    )

    class Meta:
        ordering = ["competition", "name", "pk"]
        constraints = [models.UniqueConstraint(fields=["competition", "name"], name="one_team_name")]

    def __str__(self) -> str:
        return self.name


class TeamMember(models.Model):
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="members")
    # The team's competition, kept here so that the database refuses a player in two teams of it.
    competition = models.ForeignKey("tournament.Competition", on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey("tournament.Player", on_delete=models.PROTECT, related_name="team_members")
    substitute = models.BooleanField(_("substitute"), default=False)

    class Meta:
        ordering = ["team", "substitute", "player__name", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["competition", "player"], name="one_team_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.team}"


class Lineup(models.Model):
    round = models.ForeignKey("tournament.Round", on_delete=models.CASCADE, related_name="lineups")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="lineups")
    players = models.ManyToManyField("tournament.Player", related_name="lineups")
    named_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    named_at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["round", "team"], name="one_lineup_per_round")]

    def __str__(self) -> str:
        return f"{self.team} in {self.round}"
