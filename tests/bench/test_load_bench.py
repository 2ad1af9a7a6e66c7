"""The load bench's parts (bench/load/): the league it builds, the hands it enters, its locustfile.

The bench itself is not run here (it is a benchmark: ``bench/load_bench.py``).
"""

from __future__ import annotations

import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client
from rest_framework.test import APIClient

import scoring
from bench.load import night
from bench.load.crowd import SHEET_MARKS, SHEET_POLL, Crowd, load_crowd_build
from bench.load.hands import PASS_EVERY, next_entry
from bench.load.league import load_league_build
from tournament.models import Round, Seat, StandingRow, Table
from tournament.tables.state import HandResult, table_state, winds_for_hand

ROOT = Path(__file__).resolve().parents[2]


def _as_api_state(state) -> dict:
    return {
        "dealer": state.dealer,
        "balances": {str(p): chips for p, chips in state.balances.items()},
        "hand_number": state.hand_number,
    }


def test_the_scorekeepers_hands_are_legal_and_keep_the_session_going():
    """Folded through the real engine: every hand settles, chips stay put, the session lasts."""
    rng = random.Random(1)
    seats = {"E": 11, "S": 12, "W": 13, "N": 14}
    hands: list[HandResult] = []
    for _ in range(3 * PASS_EVERY):
        state = table_state(seats, 400, hands)
        assert not state.finished
        entry = next_entry(_as_api_state(state), 400, rng)
        seat_of = {p: w for w, p in winds_for_hand(state).items()}
        outcome = {k: seat_of[v] if k in ("winner", "discarder", "offender") else v for k, v in entry.items()}
        outcome.pop("hand_number")
        if "instant" in outcome:
            outcome["instant"] = [
                {"type": i["type"], "seat": seat_of[i["player"]], "concealed": i["concealed"]}
                for i in outcome["instant"]
            ]
        result = scoring.settle({"rules": "spgg-2023", **outcome})
        assert result.get("win") is not False, (entry, result)
        assert sum(result["net"].values()) == 0
        net = {winds_for_hand(state)[w]: chips for w, chips in result["net"].items()}
        hands.append(
            HandResult(
                outcome=entry["outcome"],
                net=net,
                winner=entry.get("winner"),
                kong_declared=bool(entry.get("instant")),
                self_drawn=entry.get("win") == "self_draw",
                discarder=entry.get("discarder"),
                offender=entry.get("offender"),
                doubles=entry.get("doubles"),
            )
        )
    final = table_state(seats, 400, hands)
    assert final.deals_passed == 3  # one pass every PASS_EVERY hands: 16 passes end the session
    assert sum(final.balances.values()) == 1600 and min(final.balances.values()) > 0


@pytest.mark.django_db
def test_the_league_is_seated_and_its_scorekeepers_record_hands_through_the_api():
    league = load_league_build(tables=3, password="load-bench-pw")
    rnd = Round.objects.get(pk=league.round)
    assert rnd.status == Round.Status.PLAYING
    assert Seat.objects.filter(round=rnd).count() == 12 and len(league.tables) == 3
    assert StandingRow.objects.filter(competition_id=league.competition, scope=0).count() == 12

    client = APIClient()
    token = client.post(
        "/api/v1/auth/token/",
        {"username": league.tables[0].scorekeeper, "password": "load-bench-pw"},
        format="json",
    )
    assert token.status_code == 200 and token.json()["token"] == league.tables[0].token

    rng = random.Random(3)
    for table in league.tables:
        client.credentials(HTTP_AUTHORIZATION=f"Token {table.token}")
        state = client.get(f"/api/v1/tables/{table.id}/").json()["state"]
        assert Table.objects.get(pk=table.id).scorekeeper.username == table.scorekeeper
        for n in range(5):
            entry = next_entry(state, league.capital, rng)
            answer = client.post(
                f"/api/v1/tables/{table.id}/hands/", entry, format="json", HTTP_IDEMPOTENCY_KEY=f"k{n}"
            )
            assert answer.status_code == 201, answer.json()
            state = answer.json()["state"]
        other = league.tables[(league.tables.index(table) + 1) % 3]
        refused = client.post(f"/api/v1/tables/{other.id}/hands/", {"outcome": "draw"}, format="json")
        assert refused.status_code == 403  # a token scores its own table only


@pytest.mark.skipif(shutil.which("locust", path=str(Path(sys.executable).parent)) is None, reason="no locust")
def test_the_locustfile_loads_and_names_its_users():
    listed = subprocess.run(
        [str(Path(sys.executable).parent / "locust"), "-f", "bench/load/locustfile.py", "--list"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert listed.returncode == 0, listed.stderr
    for user in (
        "Scorekeeper",
        "Viewer",
        "StandingsReader",
        "LeaderboardReader",
        "LiveReader",
        "TableReader",
        "Ceiling",
        "BigScreen",
        "NightViewerLoggedIn",
        "NightSheet",
        "NightSeat",
    ):
        assert user in listed.stdout


def _user_of(session_key: str):
    """Whom the session logs in, checked as each request checks it (``auth.get_user``: hash included)."""
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import get_user
    from django.test import RequestFactory

    request = RequestFactory().get("/")
    request.session = import_module(settings.SESSION_ENGINE).SessionStore(session_key=session_key)
    return get_user(request)


@pytest.mark.django_db
def test_the_logged_in_crowd_has_real_sessions_that_open_its_pages(client):
    """Issue 50: the crowd's sessions, made in bulk, log in the users they name; each opens what it polls."""
    league = load_league_build(tables=2, password="load-bench-pw")
    made = load_crowd_build(league, viewers=3, keepers=4, players=9, password="load-bench-pw")
    crowd = Crowd.from_dict(made.as_dict())  # as the locustfile reads it back
    assert (len(crowd.viewers), len(crowd.keepers), len(crowd.players)) == (3, 4, 9)
    assert _user_of(crowd.viewers[0]).username == "load-viewer-00001"
    table, key = crowd.keepers[1]
    assert table == league.tables[1].id and _user_of(key).username == league.tables[1].scorekeeper

    client.cookies[crowd.cookie] = key  # the scorekeeper's sheet: its private poll, then 204 unchanged
    sheet = client.get(f"/tables/{table}/live/mine/")
    assert sheet.status_code == 200 and sheet["Cache-Control"] == "private, no-store"
    poll = SHEET_POLL.search(sheet.content.decode()).group(1).replace("&amp;", "&")
    unchanged = client.get(poll)
    assert unchanged.status_code == 204
    marks, named, mark = SHEET_MARKS.search(sheet.content.decode()).groups()  # as the bench's sheet reads it
    assert named == str(table) and Client().get(marks).json()["marks"][named] == mark
    assert unchanged["X-Table-Mark"] == mark

    table, round_id, key = crowd.players[8]  # a player: their own seat page, and the round's shared clock
    assert Seat.objects.get(table_id=table, player__user=_user_of(key))
    client.cookies[crowd.cookie] = key
    assert client.get(f"/tables/{table}/seat/").status_code == 200
    clock = client.get(f"/rounds/{round_id}/clock/")
    assert clock.status_code == 200 and clock["Cache-Control"].startswith("public")
    other = next(t.id for t in league.tables if t.id != table)
    assert client.get(f"/tables/{other}/seat/").status_code == 404


def test_the_logged_in_night_offers_what_its_crowd_asks():
    anonymous = night.offered(1.0)
    assert set(anonymous) == {night.HAND, night.POLL} and anonymous[night.POLL] == 2000
    everyone = night.offered(1.0, 1.0)
    assert night.POLL not in everyone and everyone[night.POLL_IN] == 2000
    assert round(everyone[night.SHEET]) == 833 and round(everyone[night.CLOCK]) == 333
    half = night.offered(0.5, 0.25)
    assert (half[night.POLL], half[night.POLL_IN]) == (750, 250)
    assert night.users(1.0, 200, 1.0) == 200 + 10_000 + 200 + 800  # a sheet a bench table, a player a seat
    assert night.users(1.0, 200) == 10_200


def _take_tickets(folder: str, n: int, out) -> None:
    from bench.load import processes

    out.put([processes.ticket("tables", folder) for _ in range(n)])


def test_the_tables_are_dealt_once_each_across_locust_processes(tmp_path):
    """``--locust-processes``: users in several processes take tables from one shared counter, so no table
    gets two scorekeepers however the master splits a class between its workers."""
    import multiprocessing

    from bench.load import processes

    fork = multiprocessing.get_context("fork")
    out = fork.Queue()
    workers = [fork.Process(target=_take_tickets, args=(str(tmp_path), n, out)) for n in (70, 50, 80)]
    for worker in workers:
        worker.start()
    taken = [t for _ in workers for t in out.get(timeout=30)]
    for worker in workers:
        worker.join(timeout=30)
    assert sorted(taken) == list(range(200))
    assert processes.ticket("tables", str(tmp_path)) == 200  # and on from there
    assert processes.ticket("keepers", str(tmp_path)) == 0  # a counter a kind


def test_the_processes_counts_are_added_up_and_written_one_file_each():
    from bench.load import processes

    base = "/tmp/x/night-counts.json"
    assert processes.counts_path(base, "alone") == Path(base)
    assert processes.counts_path(base, "master") is None  # no users, no counts
    assert re.fullmatch(r"night-counts\.\d+\.json", processes.counts_path(base, "worker").name)
    one = {"created": 3, "in_flight": ["a"], "cache": {"GET poll": {"HIT": 5}}, "screen_cache": {}}
    two = {"created": 4, "in_flight": ["b"], "cache": {"GET poll": {"HIT": 1, "MISS": 2}, "seat": {"HIT": 1}}}
    assert processes.merge_counts([one, two]) == {
        "created": 7,
        "in_flight": ["a", "b"],
        "cache": {"GET poll": {"HIT": 6, "MISS": 2}, "seat": {"HIT": 1}},
        "screen_cache": {},
    }
