"""Issue 32, item 3: what needs the organiser during play shows where they are looking, with a count and a
link: the dashboard, the competition's page, the round's page (and its table cards), live."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import PlayerFactory, seated_table
from tournament.models import ChipCount, Hand, HandCheck, Round
from tournament.rounds.alerts import competition_alerts
from tournament.rounds.lifecycle import round_start
from tournament.tables.ledger.record import hand_record

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening(competition, organiser):
    disputed = seated_table(competition=competition, players=[PlayerFactory() for _ in range(4)])
    counted = seated_table(
        competition=competition, players=[PlayerFactory() for _ in range(4)], table_number=2
    )
    quiet = seated_table(competition=competition, players=[PlayerFactory() for _ in range(4)], table_number=3)
    round_start(disputed.round, user=organiser)
    hands = {}
    for table in (disputed, quiet):
        seats = table.seat_map
        hands[table.number] = hand_record(
            table=table,
            entry={"outcome": "win", "winner": seats["S"], "win": "self_draw", "doubles": 2},
            user=organiser,
        )
    HandCheck.objects.update_or_create(hand=hands[1], defaults={"rule": "players", "state": "disputed"})
    ChipCount.objects.create(table=counted, status=ChipCount.Status.DIFFERS, at_end=False)
    Hand.objects.filter(pk=hands[3].pk).update(recorded_at=timezone.now() - timedelta(minutes=40))
    return disputed.round, disputed, counted, quiet


def test_the_alerts_name_each_table_and_link_where_it_is_dealt_with(evening):
    round_, disputed, counted, quiet = evening
    alerts = competition_alerts(round_.competition)
    kinds = {(a.kind, a.table_number) for a in alerts.items}
    assert kinds == {("dispute", 1), ("count", 2), ("quiet", 3)}
    urls = {a.kind: a.url for a in alerts.items}
    assert urls["dispute"] == reverse("organiser:confirmations", args=[round_.competition_id])
    assert urls["count"] == reverse("table:counts", args=[counted.pk])
    assert urls["quiet"] == reverse("table:scoresheet", args=[quiet.pk])


def test_the_dashboard_the_competition_and_the_round_show_them_with_a_count(olivia, evening):
    round_, *_ = evening
    for url in (
        reverse("organiser:dashboard"),
        reverse("organiser:competition", args=[round_.competition_id]),
        reverse("organiser:round", args=[round_.pk]),
        reverse("organiser:alerts", args=[round_.competition_id]),
        reverse("organiser:round_alerts", args=[round_.pk]),
    ):
        page = olivia.get(url).content.decode()
        assert '<span class="count" data-testid="alert-count">3</span> things need you now' in page, url
        assert "Round 1, table 2: the chip count differs from the ledger" in page, url
        assert 'hx-trigger="every 20s"' in page, url
    round_page = olivia.get(reverse("organiser:round", args=[round_.pk])).content.decode()
    assert round_page.count('class="org-table-alert"') == 3  # on the tables' own cards too


def test_a_round_playing_past_its_end_is_said(olivia, evening):
    round_, *_ = evening
    Round.objects.filter(pk=round_.pk).update(ends_at=timezone.now() - timedelta(minutes=5))
    late = [a for a in competition_alerts(round_.competition).items if a.kind == "time"]
    assert [a.url for a in late] == [reverse("organiser:round", args=[round_.pk])]
    assert (
        "Round 1 is playing past its end time" in olivia.get(reverse("organiser:dashboard")).content.decode()
    )


def test_nothing_to_say_shows_nothing(olivia, competition):
    seated_table(competition=competition)
    page = olivia.get(reverse("organiser:competition", args=[competition.pk])).content.decode()
    assert 'data-testid="alerts"' in page and "need you now" not in page


def test_another_organiser_reads_no_alerts(oscar, evening):
    round_, *_ = evening
    assert oscar.get(reverse("organiser:alerts", args=[round_.competition_id])).status_code == 403
    assert oscar.get(reverse("organiser:round_alerts", args=[round_.pk])).status_code == 403
