"""The season's nights through the API (league-api.md, "Season nights"; issue 33)."""

from __future__ import annotations

import icalendar
import pytest
from django.urls import reverse

from tests.api.conftest import client_for
from tournament.models import Attendance, AuditEntry, Round, Seat
from tournament.rounds.lifecycle import round_change

pytestmark = pytest.mark.django_db


def put(client, season, entry, body, night=None):
    night = night or season.night
    return client.put(f"/api/v1/rounds/{night.pk}/attendance/{entry.player_id}/", body, format="json")


def test_a_season_of_twelve_nights_in_one_go_with_a_holiday_skipped_and_one_moved(season, as_organiser):
    body = {
        "weekday": 1, "starts": "19:30", "ends": "23:00", "first_night": "2027-01-05", "nights": 12,
        "venue": "Toa Payoh CC", "skip": ["2027-02-09"], "moved": {"2027-03-02": "2027-03-04"},
    }  # fmt: skip
    r = as_organiser.post(f"/api/v1/competitions/{season.competition.pk}/season/", body, format="json")
    assert r.status_code == 201, r.json()
    nights = r.json()["rounds"]
    assert [n["number"] for n in nights] == list(range(2, 14))  # after the round already there
    days = [n["starts_at"][:10] for n in nights]
    assert "2027-02-09" not in days and "2027-03-04" in days and "2027-03-02" not in days
    assert days[-1] == "2027-03-30"  # a week later for the skipped night
    assert nights[0]["starts_at"].endswith("19:30:00+08:00") and nights[0]["venue"] == "Toa Payoh CC"
    assert AuditEntry.objects.filter(action="season_scheduled").count() == 1


@pytest.mark.parametrize(
    "change, field",
    [({"nights": 0}, "nights"), ({"nights": 500}, "nights"), ({"first_night": "2027-01-06"}, "first_night"),
     ({"skip": ["2027-01-07"]}, "skip"), ({"ends": "18:00"}, "ends"), ({"weekday": 9}, "weekday"),
     ({"moved": {"tuesday": "2027-01-08"}}, "moved"), ({"colour": "red"}, "colour"),
     # past the calendar's end or before its start: refused, not a 500 (attacker's pass)
     ({"weekday": 1, "first_night": "9999-12-28"}, "first_night"),
     ({"weekday": 0, "first_night": "0001-01-01"}, "first_night"),
     ({"moved": {"2027-01-12": "9999-12-31"}}, "moved")],
)  # fmt: skip
def test_a_bad_season_is_refused_and_schedules_nothing(season, as_organiser, change, field):
    body = {
        "weekday": 1,
        "starts": "19:30",
        "ends": "23:00",
        "first_night": "2027-01-05",
        "nights": 4,
        **change,
    }
    r = as_organiser.post(f"/api/v1/competitions/{season.competition.pk}/season/", body, format="json")
    assert r.status_code in (400, 422)
    assert r.json()["errors"][0]["field"] == field and r.json()["errors"][0]["message"]
    assert Round.objects.filter(competition=season.competition).count() == 1


def test_only_its_organiser_schedules_a_season(season, as_pat, as_scorekeeper):
    body = {"weekday": 1, "starts": "19:30", "ends": "23:00", "first_night": "2027-01-05", "nights": 2}
    for client, code in ((as_pat, 403), (as_scorekeeper, 403), (client_for(), 401)):
        r = client.post(f"/api/v1/competitions/{season.competition.pk}/season/", body, format="json")
        assert r.status_code == code
    assert Round.objects.filter(competition=season.competition).count() == 1


def test_the_calendar_is_public_and_a_moved_night_keeps_its_uid(season):
    from datetime import datetime, timedelta

    from django.utils import timezone

    start = timezone.make_aware(datetime(2027, 1, 5, 19, 30))
    round_change(season.night, starts_at=start, ends_at=start + timedelta(hours=3), venue="Bishan CC")
    url = f"/api/v1/competitions/{season.competition.pk}/calendar.ics"
    r = client_for().get(url)
    assert r.status_code == 200 and r["Content-Type"].startswith("text/calendar")
    (event,) = icalendar.Calendar.from_ical(r.content).walk("VEVENT")
    assert str(event["LOCATION"]) == "Bishan CC" and "Tuesday League" in str(event["SUMMARY"])
    assert event.decoded("DTSTART") == start
    round_change(
        season.night, starts_at=start + timedelta(days=1), ends_at=start + timedelta(days=1, hours=3)
    )
    (moved,) = icalendar.Calendar.from_ical(client_for().get(url).content).walk("VEVENT")
    assert moved["UID"] == event["UID"] and moved.decoded("DTSTART") == start + timedelta(days=1)
    assert client_for().get("/api/v1/competitions/99999/calendar.ics").status_code == 404


def test_replies_yes_no_maybe_by_the_player_and_the_organiser(season, as_pat, as_organiser):
    assert put(as_pat, season, season.pat, {"reply": "yes"}).json()["reply"] == "yes"
    assert put(as_organiser, season, season.entries[1], {"reply": "no"}).status_code == 200
    rows = {
        r["player"]: r
        for r in as_organiser.get(f"/api/v1/rounds/{season.night.pk}/attendance/").json()["results"]
    }
    assert len(rows) == 9 and rows[season.pat.player_id]["reply"] == "yes"
    assert (
        rows[season.entries[1].player_id]["reply"] == "no"
        and rows[season.entries[2].player_id]["reply"] is None
    )
    assert {"player", "name", "reply", "checked_in", "checked_in_at"} <= set(rows[season.pat.player_id])


def test_an_empty_attendance_change_is_refused_as_the_schema_says(season, as_organiser, client):
    """``{}`` changes nothing and is a 400; the schema says a body names a reply, a check-in or both."""
    schema = client.get("/api/v1/schema/?format=json").json()
    operation = schema["paths"]["/api/v1/rounds/{id}/attendance/{player_pk}/"]["put"]
    ref = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    body = schema["components"]["schemas"][ref.rsplit("/", 1)[-1]]
    assert body["minProperties"] == 1 and set(body["properties"]) == {"reply", "checked_in", "confirm_date"}
    r = put(as_organiser, season, season.pat, {})
    assert r.status_code == 400 and r.json()["errors"][0]["message"]
    assert not Attendance.objects.exists()


def test_a_player_cannot_answer_for_someone_else_nor_check_in(season, as_pat):
    r = put(as_pat, season, season.entries[1], {"reply": "yes"})
    assert r.status_code == 403 and r.json()["errors"]
    assert put(as_pat, season, season.pat, {"checked_in": True}).status_code == 403
    assert put(client_for(), season, season.pat, {"reply": "yes"}).status_code == 401
    assert not Attendance.objects.exists()
    assert as_pat.get(f"/api/v1/rounds/{season.night.pk}/attendance/").status_code == 403


@pytest.mark.parametrize("body", [{}, {"reply": "perhaps"}, {"checked_in": "yes"}, {"reply": "yes", "x": 1}])
def test_bad_bodies_are_400_and_change_nothing(season, as_organiser, body):
    assert put(as_organiser, season, season.pat, body).status_code == 400
    assert not Attendance.objects.exists()


def test_another_competitions_player_is_refused(season, as_organiser, as_scorekeeper):
    for client in (as_organiser, as_scorekeeper):
        r = put(client, season, season.other_entry, {"checked_in": True})
        assert r.status_code == 404 and r.json()["errors"]
    assert not Attendance.objects.exists()


def test_replies_close_when_the_night_is_seated(season, as_pat, as_organiser):
    r = as_organiser.post(f"/api/v1/rounds/{season.night.pk}/seating/", {"publish": True}, format="json")
    assert r.status_code == 201
    season.night.refresh_from_db()
    assert season.night.status == Round.Status.SEATED
    r = put(as_pat, season, season.pat, {"reply": "no"})
    assert r.status_code == 409 and r.json()["errors"][0]["code"] == "replies_closed"
    assert not Attendance.objects.filter(reply="no").exists()
    assert put(as_organiser, season, season.pat, {"reply": "no"}).status_code == 200  # a phone call


def test_seated_from_check_ins_with_byes_no_shows_and_a_checked_in_no_wins(
    season, as_organiser, as_scorekeeper
):
    for e in season.entries[:7]:
        put(as_organiser, season, e, {"reply": "yes"})
    put(as_organiser, season, season.entries[7], {"reply": "no"})
    for e in season.entries[2:8]:  # two who said yes stay home; one who said no comes
        assert put(as_scorekeeper, season, e, {"checked_in": True}).status_code == 200
    r = as_organiser.post(f"/api/v1/rounds/{season.night.pk}/seating/", {}, format="json")
    assert r.status_code == 201 and r.json()["seated_from"] == "checked_in" and len(r.json()["byes"]) == 2
    seated = set(Seat.objects.filter(round=season.night).values_list("player_id", flat=True))
    here = set(season.ids(8)[2:])
    assert len(seated) == 4 and seated <= here  # six here: one table, two byes
    no_shows = set(Attendance.objects.filter(no_show=True).values_list("entry__player_id", flat=True))
    assert no_shows == set(season.ids(2))
    entry = AuditEntry.objects.filter(action="round_seated").latest("pk")
    assert entry.data["seated_from"] == "checked_in" and len(entry.data["byes"]) == 2
    assert sorted(entry.data["no_shows"]) == sorted(season.ids(2))


def test_reserves_fill_a_table_instead_of_byes(season, as_organiser):
    for e in season.entries[:6]:
        put(as_organiser, season, e, {"checked_in": True})
    reserves = season.ids(8)[6:]
    r = as_organiser.post(f"/api/v1/rounds/{season.night.pk}/seating/", {"reserves": reserves}, format="json")
    assert r.status_code == 201 and len(r.json()["tables"]) == 2
    assert set(Attendance.objects.filter(reserve=True).values_list("entry__player_id", flat=True)) == set(
        reserves
    )
    bad = as_organiser.post(
        f"/api/v1/rounds/{season.night.pk}/seating/",
        {"reserves": [season.other_entry.player_id]},
        format="json",
    )
    assert bad.status_code == 422 and Seat.objects.filter(round=season.night).count() == 8


def test_seated_again_a_night_keeps_its_reserves_unless_told_none(season, as_organiser, organiser, client):
    """The walk of issue 47: "seat again" on the round page dropped the night's reserves (told they had
    no seat) and made byes of two players who were here. Seated again without naming reserves, the night
    keeps those it was seated with while they still fill its last table; ``[]`` says none."""
    for e in season.entries[:6]:
        put(as_organiser, season, e, {"checked_in": True})
    reserves = season.ids(8)[6:]
    url = f"/api/v1/rounds/{season.night.pk}/seating/"
    assert as_organiser.post(url, {"reserves": reserves}, format="json").status_code == 201

    def seated() -> set[int]:
        return set(Seat.objects.filter(round=season.night).values_list("player_id", flat=True))

    def kept() -> set[int]:
        return set(Attendance.objects.filter(reserve=True).values_list("entry__player_id", flat=True))

    client.force_login(organiser)
    page = client.post(reverse("organiser:round_seat", args=[season.night.pk]), {"seed": ""})
    assert page.status_code == 302 and seated() == set(season.ids(8)) and kept() == set(reserves)
    assert as_organiser.post(url, {"seed": 5}, format="json").status_code == 201
    assert seated() == set(season.ids(8)) and kept() == set(reserves)
    assert as_organiser.post(url, {"reserves": []}, format="json").status_code == 201
    assert len(seated()) == 4 and seated() <= set(season.ids(6)) and not kept()  # none: two byes
    put(as_organiser, season, season.entries[6], {"checked_in": True})  # a seventh is here
    assert as_organiser.post(url, {"reserves": reserves}, format="json").status_code == 422  # 2 no longer fit


def test_yes_replies_decide_when_nobody_is_checked_in_else_every_entry(season, as_organiser):
    for e in season.entries[:4]:
        put(as_organiser, season, e, {"reply": "yes"})
    as_organiser.post(f"/api/v1/rounds/{season.night.pk}/seating/", {}, format="json")
    assert set(Seat.objects.filter(round=season.night).values_list("player_id", flat=True)) == set(
        season.ids(4)
    )
    second = Round.objects.create(competition=season.competition, number=2)
    as_organiser.post(f"/api/v1/rounds/{second.pk}/seating/", {}, format="json")
    assert Seat.objects.filter(round=second).count() == 8  # nine entries, nobody answered: one bye


def test_a_late_arrival_takes_a_free_seat_else_waits_for_four(season, as_organiser):
    for e in season.entries[:4]:
        put(as_organiser, season, e, {"reply": "yes"})
    as_organiser.post(f"/api/v1/rounds/{season.night.pk}/seating/", {"publish": True}, format="json")
    for e in season.entries[1:4]:
        put(as_organiser, season, e, {"checked_in": True})  # Pat said yes, is seated, does not come
    late = season.entries[4]
    r = as_organiser.post(f"/api/v1/rounds/{season.night.pk}/attendance/{late.player_id}/late/")
    assert r.status_code == 200 and r.json()["replaced"] == season.pat.player_id
    assert Seat.objects.filter(round=season.night, player_id=late.player_id).exists()
    waits = [
        as_organiser.post(f"/api/v1/rounds/{season.night.pk}/attendance/{e.player_id}/late/").json()
        for e in season.entries[5:9]
    ]
    assert [w["waiting"] for w in waits[:3]] == [1, 2, 3] and waits[3]["table"] == 2
    assert Seat.objects.filter(round=season.night).count() == 8
    again = as_organiser.post(f"/api/v1/rounds/{season.night.pk}/attendance/{late.player_id}/late/")
    assert again.status_code == 422
    assert AuditEntry.objects.filter(action="night_late_arrival").count() == 5


def test_options_on_a_players_attendance_is_an_answer_not_a_500(season, as_pat):
    """DRF's OPTIONS looked the object up through a ``queryset`` the view has not: a 500 for anyone."""
    url = f"/api/v1/rounds/{season.night.pk}/attendance/{season.pat.player_id}/"
    response = as_pat.options(url)
    assert response.status_code == 200
    assert "PUT" in response["Allow"]
