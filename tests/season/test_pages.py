"""The season's pages (issue 33): the organiser's season and night pages, the check-in code, the player's
season page (logged in and through the private link), the private calendar."""

from __future__ import annotations

import icalendar
import pytest
from django.utils import timezone

from tournament.models import Attendance, Round, Seat
from tournament.season.links import check_in_code, season_link_token

pytestmark = pytest.mark.django_db


def test_the_organiser_schedules_a_season_from_the_page_and_bad_input_changes_nothing(
    season, organiser, client
):
    client.force_login(organiser)
    url = f"/organise/competitions/{season.competition.pk}/season/"
    good = {
        "weekday": "1",
        "starts": "19:30",
        "ends": "23:00",
        "venue": "Bishan CC",
        "first_night": "2027-01-05",
        "nights": "12",
        "every_weeks": "1",
        "skip": "2027-02-09",
        "moved": "2027-03-02=2027-03-04",
    }
    for bad in (
        {"nights": "0"},
        {"nights": "500"},
        {"skip": "2027-02-10"},
        {"moved": "2027-03-02"},
        {"first_night": "2027-01-06"},
        {"first_night": "9999-12-28"},  # a Tuesday whose next week is past the calendar (was a 500)
    ):
        r = client.post(url, {**good, **bad})
        assert r.status_code == 400 and b"errorlist" in r.content
    assert Round.objects.filter(competition=season.competition).count() == 1
    assert client.post(url, good).status_code == 302
    assert Round.objects.filter(competition=season.competition).count() == 13
    page = client.get(url).content.decode()
    assert "Round 13" in page and "/season/link/" in page  # one name for a numbered round (issue 47)


def test_the_first_night_says_the_weekday_and_a_wrong_one_is_named(season, organiser, client):
    """Issue 54, item 9: the Weekday is the first night's unless chosen; a mismatch names both days."""
    from django.conf import settings

    client.force_login(organiser)
    url = f"/organise/competitions/{season.competition.pk}/season/"
    body = {"starts": "19:30", "ends": "23:00", "first_night": "2027-01-06", "nights": "2"}
    body["every_weeks"] = "1"
    for language, words in (("en", "is a Wednesday, not a Tuesday"), ("zh-hans", "星期三")):
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
        wrong = client.post(url, {**body, "weekday": "1"})
        assert wrong.status_code == 400 and words in wrong.content.decode()
    assert client.post(url, {**body, "weekday": ""}).status_code == 302
    nights = Round.objects.filter(competition=season.competition, starts_at__isnull=False).order_by("number")
    assert [timezone.localtime(r.starts_at).weekday() for r in nights] == [2, 2]  # Wednesdays


def test_the_door_list_puts_the_yes_first_checks_in_and_answers_for_a_player(season, organiser, client):
    client.force_login(organiser)
    Attendance.objects.create(round=season.night, entry=season.entries[5], reply="yes")
    url = f"/organise/rounds/{season.night.pk}/night/"
    page = client.get(url).content.decode()
    assert page.index(f'data-player="{season.entries[5].player_id}"') < page.index(
        f'data-player="{season.pat.player_id}"'
    )
    answer = f"/organise/rounds/{season.night.pk}/night/answer/"
    client.post(answer, {"entry": season.pat.pk, "action": "in"})
    client.post(answer, {"entry": season.entries[1].pk, "action": "no"})
    rows = {a.entry_id: a for a in Attendance.objects.all()}
    assert rows[season.pat.pk].checked_in and rows[season.entries[1].pk].reply == "no"
    assert client.post(answer, {"entry": season.other_entry.pk, "action": "in"}).status_code == 404
    assert not Attendance.objects.filter(entry=season.other_entry).exists()
    found = client.get(url, {"q": season.pat.player.name[:4]}).content.decode()
    assert f'data-player="{season.pat.player_id}"' in found


def test_seating_the_night_from_the_page_publishes_it(season, organiser, client):
    client.force_login(organiser)
    for e in season.entries[:5]:
        Attendance.objects.create(round=season.night, entry=e, checked_in=True)
    r = client.post(f"/organise/rounds/{season.night.pk}/night/seat/", {"publish": "on"})
    assert r.status_code == 302
    season.night.refresh_from_db()
    assert season.night.status == Round.Status.SEATED and Seat.objects.filter(round=season.night).count() == 4
    r = client.post(
        f"/organise/rounds/{season.night.pk}/night/seat/", {"reserves": [str(season.other_entry.player_id)]}
    )
    assert r.status_code == 400 and Seat.objects.filter(round=season.night).count() == 4


def test_others_may_not_open_the_organisers_season_pages(season, player_user, stranger, client):
    for user in (player_user, stranger):
        client.force_login(user)
        assert client.get(f"/organise/competitions/{season.competition.pk}/season/").status_code == 403
        assert client.get(f"/organise/rounds/{season.night.pk}/night/").status_code == 403
        code = check_in_code(season.pat)
        assert client.post(f"/organise/rounds/{season.night.pk}/check-in/{code}/").status_code == 403
    assert not Attendance.objects.exists()


def test_the_scorekeeper_checks_a_player_in_from_their_code(season, scorekeeper, client):
    client.force_login(scorekeeper)
    url = f"/organise/rounds/{season.night.pk}/check-in/{check_in_code(season.pat)}/"
    assert client.get(url).status_code == 200
    assert b"checked-in" in client.post(url).content
    assert Attendance.objects.get(entry=season.pat).checked_in
    assert (
        client.get(
            f"/organise/rounds/{season.night.pk}/check-in/{check_in_code(season.other_entry)}/"
        ).status_code
        == 404
    )
    assert client.get(f"/organise/rounds/{season.night.pk}/check-in/1.forged/").status_code == 404


def test_the_player_replies_from_their_page_and_from_their_private_link(season, player_user, client):
    client.force_login(player_user)
    url = f"/season/{season.competition.pk}/"
    assert b"You have not answered yet" in client.get(url).content
    client.post(url, {"round": season.night.pk, "reply": "yes"})
    assert Attendance.objects.get(entry=season.pat).reply == "yes"
    client.logout()
    link = f"/season/link/{season_link_token(season.entries[1])}/"
    r = client.post(link, {"round": season.night.pk, "reply": "maybe"})
    assert r.status_code == 302 and Attendance.objects.get(entry=season.entries[1]).reply == "maybe"
    assert client.get("/season/link/1.forged/").status_code == 404
    # A mangled night is a 404 that changes nothing (it was a 500)
    for night in ("abc", "", "-1", "1.5", "9" * 30):
        assert client.post(link, {"round": night, "reply": "no"}).status_code == 404, night
    assert Attendance.objects.get(entry=season.entries[1]).reply == "maybe"
    assert client.get(url).status_code == 302  # to the login page
    client.force_login(player_user)
    assert client.get(f"/season/{2**64}/").status_code == 404  # past SQLite's integers: was a 500


def test_replies_close_on_the_page_once_seated_and_the_seat_shows_once_published(
    season, player_user, organiser, client
):
    from tournament.rounds.lifecycle import round_publish
    from tournament.rounds.seating import round_seat

    for e in season.entries[:4]:
        Attendance.objects.create(round=season.night, entry=e, checked_in=True)
    round_seat(season.night, user=organiser)
    client.force_login(player_user)
    url = f"/season/{season.competition.pk}/"
    client.post(url, {"round": season.night.pk, "reply": "no"})
    assert not Attendance.objects.filter(reply="no").exists()
    page = client.get(url).content.decode()
    assert "replies are closed" in page and 'data-testid="seat"' not in page  # a draft: not shown
    round_publish(season.night, user=organiser)
    seat = Seat.objects.get(round=season.night, player=season.pat.player)
    assert f"You sit at table {seat.table.number}" in client.get(url).content.decode()


def test_the_private_calendar_names_the_table_once_published(season, organiser, client):
    from datetime import datetime

    from django.utils import timezone

    from tournament.rounds.lifecycle import round_change, round_publish
    from tournament.rounds.seating import round_seat

    round_change(season.night, starts_at=timezone.make_aware(datetime(2027, 1, 5, 19, 30)))
    for e in season.entries[:4]:
        Attendance.objects.create(round=season.night, entry=e, checked_in=True)
    round_seat(season.night, user=organiser)
    url = f"/season/link/{season_link_token(season.pat)}/calendar.ics"
    (event,) = icalendar.Calendar.from_ical(client.get(url).content).walk("VEVENT")
    assert "DESCRIPTION" not in event  # a draft
    round_publish(season.night, user=organiser)
    (event,) = icalendar.Calendar.from_ical(client.get(url).content).walk("VEVENT")
    seat = Seat.objects.get(round=season.night, player=season.pat.player)
    assert f"Table {seat.table.number}" in str(event["DESCRIPTION"])


def test_the_competition_page_leads_a_player_to_their_season(season, player_user, stranger, client):
    client.force_login(player_user)
    page = client.get(f"/competitions/{season.competition.pk}/").content.decode()
    assert f"/season/{season.competition.pk}/" in page and "calendar.ics" in page
    client.force_login(stranger)
    page = client.get(f"/competitions/{season.competition.pk}/").content.decode()
    assert 'data-testid="my-season"' not in page
    assert client.get(f"/season/{season.competition.pk}/").status_code == 404


def test_the_admin_shows_attendance_and_changes_it_nowhere(season, client, django_user_model):
    admin = django_user_model.objects.create_superuser("root_i33", "r@example.com", "pw-for-tests-only")
    client.force_login(admin)
    row = Attendance.objects.create(round=season.night, entry=season.pat, reply="yes")
    assert client.get("/admin/tournament/attendance/").status_code == 200
    r = client.post(f"/admin/tournament/attendance/{row.pk}/change/", {"reply": "no", "checked_in": "on"})
    assert r.status_code == 403
    row.refresh_from_db()
    assert row.reply == "yes" and not row.checked_in
    assert client.get("/admin/tournament/attendance/add/").status_code == 403


def test_a_scorekeeper_checks_in_at_the_door_and_does_nothing_else(season, scorekeeper, client):
    client.force_login(scorekeeper)
    page = client.get(f"/organise/rounds/{season.night.pk}/night/").content.decode()
    assert 'value="in"' in page and 'id="seat"' not in page
    answer = f"/organise/rounds/{season.night.pk}/night/answer/"
    client.post(answer, {"entry": season.pat.pk, "action": "in"})
    client.post(answer, {"entry": season.entries[1].pk, "action": "no"})  # answering is the organiser's
    client.post(answer, {"entry": season.entries[2].pk, "action": "late"})
    assert list(Attendance.objects.values_list("entry_id", "checked_in", "reply")) == [
        (season.pat.pk, True, "")
    ]
    assert client.post(f"/organise/rounds/{season.night.pk}/night/seat/").status_code == 403
    assert not Seat.objects.exists()


def test_the_audit_log_reads_the_nights_changes_in_both_languages(season, organiser, client):
    from django.utils.html import escape

    from tournament.season.attendance import attendance_check_in, attendance_reply

    attendance_reply(season.night, season.pat, "yes", user=organiser)
    attendance_check_in(season.night, season.pat, True, user=organiser)
    client.force_login(organiser)
    page = client.get(f"/organise/competitions/{season.competition.pk}/audit/").content.decode()
    name = escape(season.pat.player.name)  # a generated name may hold an apostrophe
    assert f"answered yes for {name} for night 1" in page and f"checked {name} in for night 1" in page
    zh = client.get(f"/organise/competitions/{season.competition.pk}/audit/", HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert f"为 {name} 签到第 1 晚" in zh.content.decode()
