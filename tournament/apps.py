from django.apps import AppConfig


class TournamentConfig(AppConfig):
    name = "tournament"
    verbose_name = "League"

    def ready(self) -> None:
        from django.contrib.auth import get_user_model
        from django.db.models.signals import post_migrate, post_save

        from tournament.access.roles import ensure_role_groups
        from tournament.api.tokens import revoke_tokens_on_password_change
        from tournament.project import fonts
        from tournament.project.http_cache import watch_public_models
        from tournament.tables.live_mark import watch_tables

        post_migrate.connect(ensure_role_groups, sender=self)
        post_save.connect(revoke_tokens_on_password_change, sender=get_user_model())
        fonts.register()  # check --deploy says when the PDFs' fonts are missing (issue 32)
        watch_public_models()  # what public pages show moves their HTTP validators (issue 20)
        watch_tables()  # what a table's sheet shows moves its poll's mark (issue 50)
