"""The Django project: settings, URLs, Celery, and the league itself."""

from tournament.project.celery import app as celery_app

__all__ = ["celery_app"]
