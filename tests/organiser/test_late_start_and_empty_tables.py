"""Issue 32, items 1 and 2: a round started late moves its end; a table that never played gives no session.

Through every door: the round's page, the REST API (start/, end/, tables/{id}/end/, PATCH of the
round) and the service itself; the "no session" rule read back through the standings API, page, CSV
and PDF.
"""

from __future__ import annotations

import csv
import io
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.factories import PlayerFactory, seated_table
from tournament.counts.integrity import integrity_report
from tournament.models import AuditEntry, Round
from tournament.rounds.lifecycle import round_end, round_start, table_end
from tournament.rounds.seating import RoundError
from tournament.tables.ledger.record import hand_record

pytestmark = pytest.mark.django_db


def api(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return client


@pytest.fixture
def late_round(competition, organiser):
    """A published round scheduled 19:00-22:00 yesterday-ish: its end passed before it starts."""
    played = seated_table(competition=competition, players=[PlayerFactory(name=f"Ann{i}") for i in range(4)])
    empty = seated_table(
        competition=competition, players=[PlayerFactory(name=f"Bob{i}") for i in range(4)], table_number=2
    )
    now = timezone.now()
    Round.objects.filter(pk=played.round_id).update(
        starts_at=now - timedelta(hours=4), ends_at=now - timedelta(hours=1)
    )
    played.round.refresh_from_db()
    return played.round, played, empty


def win(table, user):
    seats = table.seat_map
    entry = {"outcome": "win", "winner": seats["S"], "win": "discard", "discarder": seats["W"], "doubles": 3}
    return hand_record(table=table, entry=entry, user=user)


# --- item 1: a late start --------------------------------------------------------------------------------


def test_the_page_offers_a_new_end_time_when_the_scheduled_end_has_passed(olivia, late_round):
    round_, *_ = late_round
    page = olivia.get(reverse("organiser:round", args=[round_.pk])).content.decode()
    assert 'data-testid="late-start"' in page
    assert 'name="minutes"' in page and 'value="180"' in page  # the scheduled three hours, from now

    olivia.post(reverse("organiser:round_status", args=[round_.pk]), {"action": "start", "minutes": "90"})
    round_.refresh_from_db()
    assert round_.status == "playing"
    assert timedelta(minutes=88) < round_.ends_at - timezone.now() <= timedelta(minutes=90)
    entry = AuditEntry.objects.filter(action="round_started").get()
    assert entry.data["ends"] == timezone.localtime(round_.ends_at).strftime("%H:%M")


def test_bad_minutes_change_nothing(olivia, late_round):
    round_, *_ = late_round
    for minutes in ("0", "-5", "abc", "99999", "²"):
        olivia.post(
            reverse("organiser:round_status", args=[round_.pk]), {"action": "start", "minutes": minutes}
        )
        round_.refresh_from_db()
        assert round_.status == "seated"


def test_the_hands_after_a_late_start_are_not_late_and_the_sheet_counts_down(
    client, organiser, scorekeeper, late_round
):
    round_, played, _empty = late_round
    round_start(round_, user=organiser, ends_at=timezone.now() + timedelta(hours=2))
    win(played, organiser)
    assert integrity_report(round_.competition).late_hands == []
    ends = Round.objects.get(pk=round_.pk).ends_at
    page = client.get(reverse("table:scoresheet", args=[played.pk])).content.decode()
    assert f'data-ends="{timezone.localtime(ends).isoformat()}"' in page


def test_the_api_starts_with_a_new_end_and_refuses_a_past_one(organiser, late_round):
    round_, *_ = late_round
    url = f"/api/v1/rounds/{round_.pk}/start/"
    past = (timezone.now() - timedelta(minutes=5)).isoformat()
    answer = api(organiser).post(url, {"ends_at": past}, format="json")
    assert answer.status_code == 409 and Round.objects.get(pk=round_.pk).status == "seated"
    answer = api(organiser).post(url, {"ends_at": "tonight"}, format="json")
    assert answer.status_code == 400 and answer.json()["errors"][0]["field"] == "ends_at"
    later = (timezone.now() + timedelta(minutes=120)).isoformat()
    answer = api(organiser).post(url, {"ends_at": later}, format="json")
    assert answer.status_code == 200 and answer.json()["status"] == "playing"
    assert timedelta(minutes=118) < Round.objects.get(pk=round_.pk).ends_at - timezone.now()


def test_more_time_during_play_goes_through_the_clock_door(olivia, organiser, late_round):
    """Time is up: the page's one clock control (issue 53) plays on for minutes from now, as extra time."""
    round_, *_ = late_round
    round_start(round_, user=organiser)
    page = olivia.get(reverse("organiser:round", args=[round_.pk])).content.decode()
    assert 'data-testid="time-up"' in page and "Play on for (minutes from now)" in page
    assert 'value="extend"' not in page and page.count('name="minutes"') == 1  # one control, not two
    answer = olivia.post(
        reverse("organiser:round_extra_time", args=[round_.pk]), {"minutes": "30"}, follow=True
    )
    round_.refresh_from_db()
    assert f"The round now ends at {timezone.localtime(round_.clock_ends):%H:%M}" in answer.content.decode()
    assert timedelta(minutes=29) <= round_.clock_ends - timezone.now() <= timedelta(minutes=31)
    assert round_.extra_minutes >= 89  # the schedule stays as it was; the hour behind is extra time
    assert AuditEntry.objects.filter(action="round_extra_time").exists()


# --- item 2: a table that never played -------------------------------------------------------------------


def _sessions_everywhere(client, competition) -> dict[str, dict[str, int]]:
    """Each player's sessions as the standings API, the page, the CSV and the PDF give them."""
    from tournament.standings import exports

    out = {}
    body = api(competition.organisers.first()).get(f"/api/v1/competitions/{competition.pk}/standings/").json()
    out["api"] = {r["name"]: r["sessions"] for r in body["results"]}
    text = client.get(reverse("public:standings_csv", args=[competition.pk])).content.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text)))
    at = rows[0].index("Sessions")
    out["csv"] = {r[1]: int(r[at]) for r in rows[1:]}
    seen = {}
    real = exports.standings_html

    def spy(**kwargs):
        seen.update({line.name: line.sessions for line in kwargs["lines"]})
        return real(**kwargs)

    exports.standings_html = spy
    try:
        assert client.get(reverse("public:standings_pdf", args=[competition.pk])).status_code == 200
    finally:
        exports.standings_html = real
    out["pdf"] = seen
    page = client.get(reverse("public:standings", args=[competition.pk]))
    out["page"] = {r.totals.name: r.totals.sessions for r in page.context["board"].page}
    return out


def test_ending_the_round_names_the_empty_tables_and_gives_their_players_no_session(
    client, olivia, organiser, late_round, django_capture_on_commit_callbacks
):
    round_, played, empty = late_round
    with django_capture_on_commit_callbacks(execute=True):  # the stored standings kept as in production
        round_start(round_, user=organiser)
    with django_capture_on_commit_callbacks(execute=True):
        win(played, organiser)
    page = olivia.get(reverse("organiser:round", args=[round_.pk])).content.decode()
    assert "Table 2 has no hand recorded" in page and 'name="count_empty"' in page
    with django_capture_on_commit_callbacks(execute=True):
        olivia.post(reverse("organiser:round_status", args=[round_.pk]), {"action": "end"})
    assert Round.objects.get(pk=round_.pk).status == "finished"
    for door, sessions in _sessions_everywhere(client, round_.competition).items():
        assert {n: s for n, s in sessions.items() if n.startswith("Bob")} == dict.fromkeys(
            ["Bob0", "Bob1", "Bob2", "Bob3"], 0
        ), door
        assert sessions["Ann0"] == 1, door
    assert "tables 2 had no hand" in AuditEntry.objects.get(action="round_ended").text


def test_the_organiser_may_count_the_empty_tables(
    client, olivia, organiser, late_round, django_capture_on_commit_callbacks
):
    round_, played, empty = late_round
    with django_capture_on_commit_callbacks(execute=True):
        round_start(round_, user=organiser)
    with django_capture_on_commit_callbacks(execute=True):
        olivia.post(
            reverse("organiser:round_status", args=[round_.pk]), {"action": "end", "count_empty": "on"}
        )
    for door, sessions in _sessions_everywhere(client, round_.competition).items():
        assert sessions["Bob0"] == 1 and sessions["Ann0"] == 1, door


def test_the_api_ends_a_round_or_a_table_without_counting_unless_asked(organiser, late_round):
    round_, played, empty = late_round
    round_start(round_, user=organiser)
    answer = api(organiser).post(
        f"/api/v1/tables/{empty.pk}/end/", {"count_empty_tables": "maybe"}, format="json"
    )
    assert answer.status_code == 400
    empty.refresh_from_db()
    assert empty.ended_at is None
    answer = api(organiser).post(
        f"/api/v1/tables/{empty.pk}/end/", {"count_empty_tables": True}, format="json"
    )
    assert answer.status_code == 200
    assert answer.json()["counts_without_hands"] is True
    empty.refresh_from_db()
    assert empty.counts_without_hands
    patched = api(organiser).patch(
        f"/api/v1/tables/{empty.pk}/", {"counts_without_hands": False}, format="json"
    )
    assert patched.status_code == 400  # only the end's door sets it
    answer = api(organiser).post(f"/api/v1/rounds/{round_.pk}/end/", {}, format="json")
    assert answer.status_code == 200
    played.refresh_from_db()
    assert not played.counts_without_hands  # table 1 had no hand either, and nobody asked


def test_a_session_comes_with_the_first_hand_not_with_the_start(organiser, late_round):
    from tournament.standings.compute import standings_compute

    round_, played, empty = late_round
    round_start(round_, user=organiser)
    sessions = {r.totals.name: r.totals.sessions for r in standings_compute(round_.competition).rows}
    assert set(sessions.values()) == {0}
    win(played, organiser)
    sessions = {r.totals.name: r.totals.sessions for r in standings_compute(round_.competition).rows}
    assert sessions["Ann0"] == 1 and sessions["Bob0"] == 0
    table_end(empty, user=organiser)  # ended with no hand, not counted
    round_end(round_, user=organiser, count_empty=True)  # counts only the tables it ends itself
    sessions = {r.totals.name: r.totals.sessions for r in standings_compute(round_.competition).rows}
    assert sessions["Ann0"] == 1 and sessions["Bob0"] == 0
    with pytest.raises(RoundError):
        round_end(round_, user=organiser)  # finished already
