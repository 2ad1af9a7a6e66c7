"""Run the retention of people's data now (issue 51): what the daily beat task does, with its report."""

from django.core.management.base import BaseCommand

from tournament.privacy.retention import retention_run


class Command(BaseCommand):
    help = (
        "Warn organisers of contact details soon kept past PRIVACY_RETENTION_MONTHS, and erase those whose "
        "time has come; print the report."
    )

    def handle(self, *args, **options):
        for line in retention_run().lines():
            self.stdout.write(line)
