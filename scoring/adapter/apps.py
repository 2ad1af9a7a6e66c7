from django.apps import AppConfig


class ScoringConfig(AppConfig):
    """The Django adapter around the pure scoring core (API, calculator, commands).

    The label stays ``scoring``: the app's commands and templates are found as before.
    """

    name = "scoring.adapter"
    label = "scoring"
    verbose_name = "Scoring"
