"""Extra time on a round's clock (issue 36): the one door, through the page, the API and the admin."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.api.conftest import client_for
from tests.factories import seated_table
from tournament.models import AuditEntry, Round
from tournament.rounds.clock import MAX_EXTRA, check_minutes, round_add_time
from tournament.rounds.seating import RoundError

pytestmark = pytest.mark.django_db


@pytest.fixture
def playing(organiser):
    table = seated_table()
    round_ = table.round
    round_.competition.organisers.add(organiser)
    ends = timezone.now() + timedelta(minutes=30)
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.PLAYING, ends_at=ends)
    round_.refresh_from_db()
    return round_


@pytest.mark.parametrize(
    ("minutes", "current", "ok"),
    [
        (5, 0, True),
        ("10", 0, True),
        (-5, 5, True),
        (0, 0, False),
        (-1, 0, False),  # nothing to take back
        (121, 0, False),  # more than a step
        (10, MAX_EXTRA - 5, False),  # past the most a round may have
        ("ten", 0, False),
        (None, 0, False),
        (2.5, 0, False),
    ],
)
def test_the_minutes_are_checked_before_anything_changes(minutes, current, ok):
    if ok:
        assert check_minutes(minutes, current) == int(minutes)
    else:
        with pytest.raises(RoundError):
            check_minutes(minutes, current)


def test_extra_time_moves_the_clock_and_is_audited(playing, organiser):
    before = playing.clock_ends
    round_add_time(playing, minutes=7, user=organiser)
    playing.refresh_from_db()
    assert playing.extra_minutes == 7
    assert playing.clock_ends == before + timedelta(minutes=7)
    assert playing.ends_at == before  # the schedule stays as it was
    entry = AuditEntry.objects.get(action="round_extra_time")
    assert "7" in entry.summary and entry.data["total"] == 7
    round_add_time(playing, minutes=-2, user=organiser)
    playing.refresh_from_db()
    assert playing.extra_minutes == 5


def test_only_a_round_being_played_with_an_end_gets_extra_time(playing, organiser, stranger):
    Round.objects.filter(pk=playing.pk).update(status=Round.Status.FINISHED)
    with pytest.raises(RoundError):
        round_add_time(playing, minutes=5, user=organiser)
    Round.objects.filter(pk=playing.pk).update(status=Round.Status.PLAYING, ends_at=None)
    with pytest.raises(RoundError):
        round_add_time(playing, minutes=5, user=organiser)
    from django.core.exceptions import PermissionDenied

    with pytest.raises(PermissionDenied):
        round_add_time(playing, minutes=5, user=stranger)
    assert not AuditEntry.objects.filter(action="round_extra_time").exists()


def test_the_api_gives_extra_time_and_refuses_bad_input(playing, organiser, stranger):
    url = f"/api/v1/rounds/{playing.pk}/extra-time/"
    answer = client_for(organiser).post(url, {"minutes": 10}, format="json")
    assert answer.status_code == 200, answer.content
    assert answer.json()["extra_minutes"] == 10
    assert answer.json()["clock_ends"] is not None
    for body in ({}, {"minutes": "x"}, {"minutes": 500}, {"minutes": 0}, [1]):
        bad = client_for(organiser).post(url, body, format="json")
        assert bad.status_code in (400, 409), (body, bad.content)
        assert bad.json()["errors"]
    assert client_for(organiser).post(url, "{broken", content_type="application/json").status_code == 400
    assert client_for(stranger).post(url, {"minutes": 5}, format="json").status_code == 403
    assert client_for().post(url, {"minutes": 5}, format="json").status_code == 401
    # The round resource takes no extra time itself.
    detail = f"/api/v1/competitions/{playing.competition_id}/rounds/{playing.pk}/"
    patched = client_for(organiser).patch(detail, {"extra_minutes": 99}, format="json")
    assert patched.status_code == 400
    playing.refresh_from_db()
    assert playing.extra_minutes == 10
    # The same request replayed with what it saw: refused, nothing added
    seen = {"minutes": 5, "expected_extra_minutes": 10}
    assert client_for(organiser).post(url, seen, format="json").status_code == 200
    replay = client_for(organiser).post(url, seen, format="json")
    assert replay.status_code == 409 and replay.json()["errors"]
    playing.refresh_from_db()
    assert playing.extra_minutes == 15


def test_the_organisers_page_gives_extra_time(client, playing, organiser, stranger):
    url = reverse("organiser:round_extra_time", args=[playing.pk])
    client.force_login(organiser)
    page = client.get(reverse("organiser:round", args=[playing.pk]))
    assert url in page.content.decode()
    assert client.post(url, {"minutes": "15"}).status_code == 302
    playing.refresh_from_db()
    assert playing.extra_minutes == 15
    assert client.post(url, {"minutes": "-99"}).status_code == 400
    assert client.post(url, {"minutes": "lots"}).status_code == 400
    playing.refresh_from_db()
    assert playing.extra_minutes == 15
    client.force_login(stranger)
    assert client.post(url, {"minutes": "5"}).status_code == 403
    playing.refresh_from_db()
    assert playing.extra_minutes == 15
    # A double tap: the form says what it saw; the second post finds 20, not 15, and adds nothing.
    client.force_login(organiser)
    assert client.post(url, {"minutes": "5", "expected": "15"}).status_code == 302
    again = client.post(url, {"minutes": "5", "expected": "15"})
    assert again.status_code == 400 and "changed meanwhile" in again.content.decode()
    playing.refresh_from_db()
    assert playing.extra_minutes == 20


def test_the_admin_shows_extra_time_but_does_not_save_it(admin_client, playing):
    url = reverse("admin:tournament_round_change", args=[playing.pk])
    page = admin_client.get(url)
    assert page.status_code == 200
    assert 'name="extra_minutes"' not in page.content.decode()


def test_the_sheet_and_the_players_pages_count_down_to_the_end_with_extra_time(client, playing, organiser):
    round_add_time(playing, minutes=20, user=organiser)
    playing.refresh_from_db()
    stamp = timezone.localtime(playing.clock_ends).isoformat()
    table = playing.tables.get()
    client.force_login(organiser)
    sheet = client.get(reverse("table:scoresheet", args=[table.pk])).content.decode()
    assert f'data-ends="{stamp}"' in sheet
    clock = client.get(reverse("public:round_clock", args=[playing.pk])).content.decode()
    assert f'data-ends="{stamp}"' in clock and "+20 min extra" in clock
    # The player's pages poll that clock: their own table page, my tables, the public round page.
    seat = playing.seats.first()
    seat.player.user = organiser
    seat.player.save()
    for url in (
        reverse("table:my_seat", args=[table.pk]),
        reverse("table:mine"),
        reverse("public:round", args=[playing.pk]),
    ):
        page = client.get(url).content.decode()
        assert reverse("public:round_clock", args=[playing.pk]) in page, url
        assert f'data-ends="{stamp}"' in page, url


def test_a_hand_in_the_extra_time_is_not_late_one_after_it_is(playing, organiser):
    from tournament.counts.integrity import integrity_report
    from tournament.tables.ledger.record import hand_record

    table = playing.tables.get()
    Round.objects.filter(pk=playing.pk).update(ends_at=timezone.now() - timedelta(minutes=5))
    round_add_time(playing, minutes=10, user=organiser)
    within = hand_record(table=table, entry={"outcome": "draw"})
    assert [h.pk for h in integrity_report(playing.competition).late_hands] == []
    Round.objects.filter(pk=playing.pk).update(extra_minutes=0)
    assert [h.pk for h in integrity_report(playing.competition).late_hands] == [within.pk]


def test_the_one_clock_control_plays_on_from_now_once_the_clock_has_run_out(client, playing, organiser):
    """Issue 53: the page has one clock control. While the clock runs it adds extra time; once it has
    run out, its minutes count from now (as extra time); a round with no end gets one. Bad input: 400."""
    url = reverse("organiser:round_extra_time", args=[playing.pk])
    client.force_login(organiser)
    page = client.get(reverse("organiser:round", args=[playing.pk])).content.decode()
    assert page.count('name="minutes"') == 1 and "Extra time (minutes)" in page
    Round.objects.filter(pk=playing.pk).update(
        ends_at=timezone.now() - timedelta(minutes=40), extra_minutes=10
    )
    page = client.get(reverse("organiser:round", args=[playing.pk])).content.decode()
    assert page.count('name="minutes"') == 1 and "Play on for (minutes from now)" in page
    for bad in ("0", "-5", "lots", "1441", "250"):  # 250 from now: past the most extra time a round may have
        assert client.post(url, {"minutes": bad}).status_code == 400
    playing.refresh_from_db()
    assert playing.extra_minutes == 10
    assert client.post(url, {"minutes": "15", "expected": "10"}).status_code == 302
    playing.refresh_from_db()
    assert timedelta(minutes=14) <= playing.clock_ends - timezone.now() <= timedelta(minutes=16)
    assert 10 + 30 + 14 <= playing.extra_minutes <= 10 + 30 + 16  # 30 behind the clock, 15 on
    entry = AuditEntry.objects.filter(action="round_extra_time").latest("pk")
    assert entry.data["total"] == playing.extra_minutes
    page = client.get(reverse("organiser:round", args=[playing.pk])).content.decode()
    assert 'data-testid="time-up"' not in page and "playing past its end time" not in page  # the clock runs
    # the clock runs again: the same control adds extra time to it
    assert client.post(url, {"minutes": "5"}).status_code == 302
    before = playing.extra_minutes
    playing.refresh_from_db()
    assert playing.extra_minutes == before + 5
    # a round playing with no end time: the control gives it one, minutes from now
    Round.objects.filter(pk=playing.pk).update(ends_at=None, extra_minutes=0)
    assert client.post(url, {"minutes": "45"}).status_code == 302
    playing.refresh_from_db()
    assert timedelta(minutes=44) <= playing.ends_at - timezone.now() <= timedelta(minutes=46)
    assert AuditEntry.objects.filter(action="round_changed").exists()


def test_the_api_s_extra_time_does_not_play_on(playing, organiser):
    """The API is unchanged: its minutes are always added to the clock, run out or not."""
    Round.objects.filter(pk=playing.pk).update(ends_at=timezone.now() - timedelta(minutes=40))
    answer = client_for(organiser).post(
        f"/api/v1/rounds/{playing.pk}/extra-time/", {"minutes": 10}, format="json"
    )
    assert answer.status_code == 200 and answer.json()["extra_minutes"] == 10
