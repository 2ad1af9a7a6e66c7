from django.core.management.base import BaseCommand

from tournament.league.demo import demo_league_load, demo_logins_create


class Command(BaseCommand):
    help = "Build (or bring up to date) the demo league; safe to run twice."

    def add_arguments(self, parser):
        parser.add_argument(
            "--logins", action="store_true", help="Also create demo organiser, scorekeeper and player logins."
        )
        parser.add_argument("--password", help="Password for the demo logins (default: a new random one).")

    def handle(self, *args, **options):
        competition = demo_league_load()
        self.stdout.write(
            f"Demo league ready: {competition.name} ({competition.entries.count()} players, "
            f"rule set {competition.rules})."
        )
        if options["logins"]:
            self.stdout.write("Demo logins (username / password):")
            for login in demo_logins_create(competition, options["password"]):
                self.stdout.write(f"  {login.role:<12} {login.username} / {login.password}")
