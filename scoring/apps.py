from django.apps import AppConfig


class ScoringConfig(AppConfig):
    """The thin Django layer around the pure scoring core (commands, API)."""

    name = "scoring"
    verbose_name = "Scoring"
