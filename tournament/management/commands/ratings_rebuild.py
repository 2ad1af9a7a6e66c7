"""``manage.py ratings_rebuild``: every player's rating computed again from the first session (issue 35).

The ratings follow the rounds' doors by themselves (``tournament.ratings.queue``); this is the repair
after a broker outage, and the first computation on a league that had no ratings yet.
"""

from django.core.management.base import BaseCommand

from tournament.ratings.store import ratings_rebuild


class Command(BaseCommand):
    help = "Compute every player's rating again from the first rated session."

    def handle(self, *args, **options):
        sessions = ratings_rebuild()
        self.stdout.write(f"{sessions} sessions rated.")
