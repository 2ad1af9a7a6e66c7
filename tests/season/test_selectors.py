"""The season's reads (issue 33): whom to remind of a night (for the notifications of issue 34)."""

import pytest

from tournament.models import Attendance, Entry
from tournament.season.selectors import reminder_recipients

pytestmark = pytest.mark.django_db


def test_reminders_go_to_those_who_said_yes_or_have_not_answered(season):
    e = season.entries
    for entry, reply in ((e[0], "yes"), (e[1], "no"), (e[2], "maybe"), (e[3], "")):
        Attendance.objects.create(round=season.night, entry=entry, reply=reply)
    Entry.objects.filter(pk=e[4].pk).update(status=Entry.Status.WITHDRAWN)
    got = {x.pk for x in reminder_recipients(season.night)}
    assert got == {e[0].pk, e[3].pk, *(x.pk for x in e[5:])}
    assert season.other_entry.pk not in got
