"""The big screen before a round starts (issue 49, item 8), in headless Chromium: the giant clock counts
down to the start (it showed the start time), every time reads 24-hour in English too ("19:30", never
"07:30 PM"), and the stage's name and its cut are named."""

import re
from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone
from playwright.sync_api import expect

from tests.factories import seated_table
from tournament.models import Round
from tournament.stages import services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_before_the_start_the_clock_counts_down_and_times_are_24_hour(browser, live_server, tasks_in_process):
    table = seated_table()
    competition = table.round.competition
    starts = timezone.localtime() + timedelta(minutes=30)
    Round.objects.filter(pk=table.round_id).update(starts_at=starts)
    prelims = services.stage_create(competition, name="Preliminaries")
    services.stage_add_round(prelims, table.round)
    context = browser.new_context(
        viewport={"width": 1280, "height": 720}, locale="en-US", timezone_id=settings.TIME_ZONE
    )  # en-US: the locale that wrote "07:30 PM"
    page = context.new_page()
    page.set_default_timeout(8000)
    try:
        page.goto(f"{live_server.url}/competitions/{competition.pk}/screen/")
        expect(page.locator("#clock-digits")).to_have_text(re.compile(r"^(29|30):\d\d$"))
        # 24-hour; after midnight the note names the day before the time (a CI run at 23:45 saw "Starts Nov
        # 30 00:12")
        expect(page.get_by_test_id("clock-note")).to_contain_text(
            re.compile(rf"Starts (\S+ \S+ )?{starts:%H:%M}")
        )
        expect(page.get_by_test_id("clock-note")).not_to_contain_text(re.compile(r"\b[AP]M\b"))  # no AM/PM
        expect(page.get_by_test_id("screen-round")).to_contain_text("Preliminaries")
    finally:
        context.close()
