from django.apps import AppConfig


class TournamentConfig(AppConfig):
    name = "tournament"
    verbose_name = "League"

    def ready(self) -> None:
        from django.db.models.signals import post_migrate

        from tournament.roles import ensure_role_groups

        post_migrate.connect(ensure_role_groups, sender=self)
