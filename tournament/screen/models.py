"""What the organiser puts on a competition's big screen besides the data: a message line.

A **screen** belongs to one competition and holds the **message** shown along its bottom ("Final table at
9 pm"); it is changed only by ``tournament.screen.message.screen_message_set`` (audited).
"""

from django.db import models

MAX_MESSAGE = 200


class Screen(models.Model):
    competition = models.OneToOneField(
        "tournament.Competition", on_delete=models.CASCADE, related_name="screen"
    )
    message = models.CharField(max_length=MAX_MESSAGE, blank=True, default="")
    changed_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.competition}: {self.message or '—'}"
