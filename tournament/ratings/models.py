"""Stored ratings (issue 35): each player's skill now, and what every rated session did to it.

Derived rows, like the stored standings: ``tournament.ratings.store`` deletes
and writes them again from the first changed session on; the ledger stays
the truth. ``RatingChange`` rows are kept in the rating order (``ended_at``,
``round``, ``table``: ``tournament.ratings.rate``), so that the state before
any session is the last change before it.
"""

from django.db import models


class PlayerRating(models.Model):
    player = models.OneToOneField(
        "tournament.Player", on_delete=models.CASCADE, primary_key=True, related_name="rating"
    )
    mu = models.FloatField()
    sigma = models.FloatField()
    rating = models.FloatField(help_text="mu - 3 sigma: the value shown and ranked.")
    sessions = models.PositiveIntegerField(help_text="Rated sessions.")

    class Meta:
        indexes = [models.Index(fields=["-rating", "player"], name="rating_order")]

    def __str__(self) -> str:
        return f"{self.player_id}: {self.rating:.2f}"


class RatingChange(models.Model):
    player = models.ForeignKey("tournament.Player", on_delete=models.CASCADE, related_name="rating_changes")
    table = models.ForeignKey("tournament.Table", on_delete=models.CASCADE, related_name="rating_changes")
    round = models.ForeignKey("tournament.Round", on_delete=models.CASCADE, related_name="rating_changes")
    competition = models.ForeignKey(
        "tournament.Competition", on_delete=models.CASCADE, related_name="rating_changes"
    )
    ended_at = models.DateTimeField(help_text="The round's end: the first part of the rating order.")
    day = models.DateField(null=True)
    place = models.PositiveSmallIntegerField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    sessions = models.PositiveIntegerField(help_text="The player's rated sessions, this one included.")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "player"], name="one_rating_change_a_session")
        ]
        indexes = [
            models.Index(fields=["ended_at", "round", "table"], name="rating_change_order"),
            models.Index(fields=["player", "ended_at", "round", "table"], name="rating_change_player"),
        ]

    def __str__(self) -> str:
        return (
            f"{self.player_id} at table {self.table_id}: {self.rating_before:.2f} → {self.rating_after:.2f}"
        )

    @property
    def rating_before(self) -> float:
        return self.mu_before - 3 * self.sigma_before

    @property
    def rating_after(self) -> float:
        return self.mu_after - 3 * self.sigma_after
