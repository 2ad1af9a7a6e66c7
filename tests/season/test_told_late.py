"""A late arrival takes only an absent player's seat, names them, and both are told (issue 49, item 3).

A late arrival took the seat of a reserve already published at table 3: the organiser read only "X sits at
table 3", the reserve was put back among the reserves and told nothing, and her inbox and season page
disagreed. A seated reserve is here; a late arrival takes only the seat of a player who is not checked in,
the organiser is told whose seat it was, both players are told, and it is audited.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.season.told import kinds, replaced, seat_of, seat_subject, standing
from tournament.models import Attendance, AuditEntry, Message, Seat
from tournament.notifications.kinds import Kind
from tournament.season.links import season_link_token

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("inbox_only")]


def put(client, night, entry, body):
    return client.put(f"/api/v1/rounds/{night.pk}/attendance/{entry.player_id}/", body, format="json")


def late(client, night, entry):
    return client.post(f"/api/v1/rounds/{night.pk}/attendance/{entry.player_id}/late/")


def test_a_late_arrival_never_takes_a_published_reserves_seat_api(season, as_organiser, telling):
    night, entries = season.night, season.entries
    for e in entries[:6]:
        put(as_organiser, night, e, {"checked_in": True})
    reserves = [entries[6].player_id, entries[7].player_id]
    with telling():
        r = as_organiser.post(
            f"/api/v1/rounds/{night.pk}/seating/", {"reserves": reserves, "publish": True}, format="json"
        )
    assert r.status_code == 201 and Seat.objects.filter(round=night).count() == 8
    told = Message.objects.count()
    with telling():
        r = late(as_organiser, night, entries[8])
    assert r.status_code == 200
    assert r.json() == {"table": None, "wind": None, "replaced": None, "replaced_name": None, "waiting": 1}
    for p in reserves:  # still seated, told nothing more: their one seat message holds
        assert seat_of(night, p) is not None and kinds(p) == [Kind.SEATING]
        assert standing(p) == [f"Round 1: {seat_subject(night, p)}"]
    assert set(Attendance.objects.filter(reserve=True).values_list("entry__player_id", flat=True)) == set(
        reserves
    )
    # The one kept waiting is here without a table: told so once, as their season page says (the walk of
    # issue 47 found their inbox silent while the page said "you sit out"); nobody else is told
    waiting = entries[8].player_id
    assert Message.objects.count() == told + 1 and kinds(waiting) == [Kind.BYE]
    assert standing(waiting) == ["Round 1: you sit out tonight"]


def test_a_late_arrival_kept_waiting_reads_the_same_on_the_season_page_and_in_the_inbox(
    season, organiser, client, telling
):
    night, entries = season.night, season.entries
    for e in entries[:8]:
        Attendance.objects.create(round=night, entry=e, reply="yes", checked_in=True)
    from tournament.rounds.lifecycle import round_publish
    from tournament.rounds.seating import round_seat

    with telling():
        round_seat(night, user=organiser)
        round_publish(night, user=organiser)
    client.force_login(organiser)
    arrival = entries[8]
    with telling():
        r = client.post(f"/organise/rounds/{night.pk}/night/answer/", {"entry": arrival.pk, "action": "late"})
    assert r.status_code == 302 and seat_of(night, arrival.player_id) is None
    page = client.get(reverse("public:season_link", args=[season_link_token(arrival)])).content.decode()
    assert "You sit out tonight" in page or "you sit out" in page
    assert standing(arrival.player_id) == ["Round 1: you sit out tonight"]
    with telling():  # the same late arrival asked again, or the event delivered twice: told once
        from tournament.notifications.tasks import notifications_event

        notifications_event("seating", night.pk)
    assert kinds(arrival.player_id) == [Kind.BYE]


def _published_from_replies_with_pat_at_home(season, telling):
    """Eight said yes (Pat among them), seated from the replies and published; seven of them come."""
    night, entries = season.night, season.entries
    for e in entries[:8]:
        Attendance.objects.create(round=night, entry=e, reply="yes")
    from tournament.rounds.lifecycle import round_publish
    from tournament.rounds.seating import round_seat

    organiser = night.competition.organisers.get()
    with telling():
        round_seat(night, user=organiser)
        round_publish(night, user=organiser)
    for e in entries[1:8]:
        Attendance.objects.filter(round=night, entry=e).update(checked_in=True)
    return night, entries


def _both_told(night, pat_id: int, late_id: int, pat_seat: str, told_before: int) -> None:
    assert Message.objects.count() == told_before + 2  # Pat and the late arrival, nobody else
    assert kinds(pat_id) == [Kind.SEATING, Kind.SEATING]
    assert standing(pat_id) == ["Round 1 changed: you no longer have a seat"]
    assert replaced(pat_id) == [f"Round 1: {pat_seat}"]
    assert kinds(late_id) == [Kind.SEATING] and standing(late_id) == [f"Round 1: {pat_seat}"]
    entry = AuditEntry.objects.filter(action="night_late_arrival").latest("pk")
    assert entry.data["replaced"] == pat_id and "in the seat of" in entry.summary


def test_a_late_arrival_takes_an_absent_players_seat_and_both_are_told_api(season, as_organiser, telling):
    night, entries = _published_from_replies_with_pat_at_home(season, telling)
    pat, newcomer = season.pat, entries[8]
    pat_seat, told = seat_subject(night, pat.player_id), Message.objects.count()
    with telling():
        r = late(as_organiser, night, newcomer)
    assert r.status_code == 200
    answer = r.json()
    assert answer["replaced"] == pat.player_id and answer["replaced_name"] == pat.player.name
    assert seat_subject(night, newcomer.player_id) == pat_seat
    _both_told(night, pat.player_id, newcomer.player_id, pat_seat, told)
    with telling():  # told twice (a task delivered again): nobody told again
        from tournament.notifications.tasks import notifications_event

        notifications_event("seating", night.pk)
    assert Message.objects.count() == told + 2


def test_a_late_arrival_on_the_night_page_names_whose_seat_it_was(season, organiser, client, telling):
    night, entries = _published_from_replies_with_pat_at_home(season, telling)
    pat, newcomer = season.pat, entries[8]
    pat_seat, told = seat_subject(night, pat.player_id), Message.objects.count()
    client.force_login(organiser)
    with telling():
        r = client.post(
            f"/organise/rounds/{night.pk}/night/answer/",
            {"entry": newcomer.pk, "action": "late"},
            follow=True,
        )
    page = r.content.decode()
    from django.utils.html import escape

    assert f"in the seat of {escape(pat.player.name)}, who is not here" in page
    _both_told(night, pat.player_id, newcomer.player_id, pat_seat, told)
    # Pat's season page agrees with her inbox: no table tonight.
    season_page = client.get(reverse("public:season_link", args=[season_link_token(pat)])).content.decode()
    assert 'data-testid="seat"' not in season_page
