"""Incremental standings (issue 6): after any run of hands and voids, the stored
standings updated four players at a time equal a full recompute from the ledger,
in every column and every place."""

import random

import pytest

from tests.factories import CompetitionFactory, PlayerFactory, seated_table
from tournament.models import Entry, Hand, StandingRow
from tournament.standings.compute import standings_compute
from tournament.standings.incremental import standings_table_changed
from tournament.standings.store import COMPETITION_SCOPE, standings_freshness, stored_standings
from tournament.tables.ledger.record import hand_record
from tournament.tables.ledger.void import hand_void

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def unqueued(monkeypatch):
    """Hands queue nothing: the test runs the standings update itself and sees which path it took."""
    from tournament.standings.tasks import standings_update_table

    monkeypatch.setattr(standings_update_table, "apply_async", lambda *args, **kwargs: None)  # a task lost


def _league(rounds=2, tables=3, **ranking):
    """Twelve players at three tables a round, reseated each round; one more entered who never sits,
    and one of the twelve withdrawn. ``ranking``: the organiser's standings settings."""
    competition = CompetitionFactory(**ranking)
    players = [PlayerFactory() for _ in range(4 * tables)]
    Entry.objects.create(competition=competition, player=PlayerFactory())
    result = []
    for number in range(1, rounds + 1):
        order = players[number - 1 :] + players[: number - 1]
        for t in range(tables):
            result.append(
                seated_table(
                    competition=competition, players=order[4 * t : 4 * t + 4],
                    round_number=number, table_number=t + 1,
                )
            )  # fmt: skip
    Entry.objects.filter(competition=competition, player=players[5]).update(status=Entry.Status.WITHDRAWN)
    return competition, result


def _stored(competition, scope):
    """The stored lines of a scope as read (ranked on read), in the columns of ``_expected``."""
    competition.refresh_from_db()
    return _lines(stored_standings(competition, scope))


def _expected(competition, rnd=None):
    competition.refresh_from_db()
    return _lines(standings_compute(competition, rnd, include_held=rnd is not None).rows)


def _lines(rows):
    return [
        (
            position, row.rank, row.shared, t.player_id, t.name, t.club or "", t.net_chips, t.sessions,
            t.hands_won, t.self_drawn_wins, t.za_hu, t.biggest_hand or 0, t.withdrawn,
        )
        for position, row in enumerate(rows, start=1)
        for t in [row.totals]
    ]  # fmt: skip


def _random_hand(rng, table):
    seats = list(table.seat_map.values())
    kind = rng.random()
    if kind < 0.1:
        return hand_record(table=table, entry={"outcome": "draw"})
    if kind < 0.2:
        return hand_record(table=table, entry={"outcome": "false_win", "offender": rng.choice(seats)})
    winner = rng.choice(seats)
    entry = {"outcome": "win", "winner": winner, "doubles": rng.choice([1, 1, 2, 3, 5])}
    if rng.random() < 0.4:
        entry["win"] = "self_draw"
    else:
        entry.update(win="discard", discarder=rng.choice([p for p in seats if p != winner]))
    return hand_record(table=table, entry=entry)


def _assert_equal_to_a_full_recompute(competition, tables):
    assert _stored(competition, COMPETITION_SCOPE) == _expected(competition)
    for rnd in {t.round for t in tables}:
        assert _stored(competition, rnd.pk) == _expected(competition, rnd)


@pytest.mark.parametrize(
    "seed, ranking",
    [
        (1, {}),
        (2, {}),
        # Every place different (ties by name), a withdrawn player unranked or left out, another order:
        # the incremental path places the table's players among the stored rows by ``rank`` alone.
        (3, {"shared_places": False}),
        (4, {"withdrawn_standing": "unranked"}),
        (5, {"withdrawn_standing": "exclude"}),
        (6, {"standings_order": ["-za_hu", "self_drawn_wins", "sessions"]}),
    ],
)
def test_after_random_hands_and_voids_incremental_standings_equal_a_full_recompute(unqueued, seed, ranking):
    rng = random.Random(seed)
    competition, tables = _league(**ranking)
    paths = []
    for step in range(40):
        table = rng.choice(tables)
        standing = list(Hand.objects.filter(table__round__competition=competition, void__isnull=True))
        if standing and rng.random() < 0.2:
            hand = rng.choice(standing)
            hand_void(hand=hand, reason="entered wrongly")
            table = hand.table
        else:
            _random_hand(rng, table)
        paths.append(standings_table_changed(table))
        if step % 8 == 7:
            _assert_equal_to_a_full_recompute(competition, tables)
    _assert_equal_to_a_full_recompute(competition, tables)
    # Full only when a scope is first computed (a session comes with a table's first hand, a delta like any).
    assert paths.count("incremental") >= 30


def test_a_missed_update_is_caught_up_by_the_next_hand_elsewhere(unqueued):
    competition, tables = _league(rounds=1)
    first, second = tables[0], tables[1]
    _random_hand(random.Random(3), first)
    assert standings_table_changed(first) == "full"  # never computed
    hand_record(table=first, entry={"outcome": "win", "winner": first.seat_map["E"], "win": "self_draw",
                                    "doubles": 2})  # fmt: skip
    # ... its task is lost (the broker was down); the next hand is at another table
    hand_record(table=second, entry={"outcome": "false_win", "offender": second.seat_map["N"]})
    assert standings_table_changed(second) == "incremental"
    _assert_equal_to_a_full_recompute(competition, tables)
    assert standings_freshness(competition).current


def test_the_task_takes_the_incremental_path_and_stays_exact(tasks_in_process):
    competition, tables = _league(rounds=1, tables=2)
    rng = random.Random(4)
    for _ in range(6):
        _random_hand(rng, rng.choice(tables))
    hand_void(hand=Hand.objects.filter(table__round__competition=competition).last(), reason="typo")
    _assert_equal_to_a_full_recompute(competition, tables)
    assert standings_freshness(competition).current


def test_the_api_serves_the_stored_rows_while_current_and_computes_when_behind(
    tasks_in_process, client, monkeypatch
):
    competition, tables = _league(rounds=1, tables=2)
    table = tables[0]
    east = table.seat_map["E"]
    hand_record(table=table, entry={"outcome": "win", "winner": east, "win": "self_draw", "doubles": 2})
    StandingRow.objects.filter(competition=competition, scope=COMPETITION_SCOPE, player=east).update(
        name="Marked in the store"
    )
    url = f"/api/v1/competitions/{competition.pk}/standings/"
    names = {r["player"]: r["name"] for r in client.get(url).json()["results"]}
    assert names[east] == "Marked in the store"  # read from the stored standings
    from tournament.standings.tasks import standings_update_table

    monkeypatch.setattr(standings_update_table, "apply_async", lambda *args, **kwargs: None)  # a task lost
    hand_record(table=table, entry={"outcome": "win", "winner": east, "win": "self_draw", "doubles": 2})
    body = client.get(url).json()
    rows = {r["player"]: r for r in body["results"]}
    assert rows[east]["name"] != "Marked in the store" and rows[east]["chips"] == 24  # computed on read


def test_a_stored_row_gone_missing_is_written_again_by_the_next_hand_at_the_player_s_table(unqueued):
    competition, tables = _league(rounds=1)
    table = tables[0]
    rng = random.Random(7)
    _random_hand(rng, table)
    assert standings_table_changed(table) == "full"
    east = table.seat_map["E"]
    StandingRow.objects.filter(competition=competition, player=east).delete()
    _random_hand(rng, table)
    assert standings_table_changed(table) == "full"  # a line to move is missing: both scopes recomputed
    _assert_equal_to_a_full_recompute(competition, tables)


def test_a_move_across_a_long_run_of_equal_players_renumbers_every_place_it_passes(unqueued):
    """Everyone on 0 chips shares one place until a hand at one table splits them."""
    competition, tables = _league(rounds=1, tables=5)
    first, second = tables[0], tables[1]
    hand_record(table=first, entry={"outcome": "draw"})
    assert standings_table_changed(first) == "full"
    # the four who played all on 0: one shared place; the sixteen yet to play have none (issue 49)
    assert {r[1] for r in _stored(competition, COMPETITION_SCOPE)} == {1, None}
    assert sum(r[1] == 1 for r in _stored(competition, COMPETITION_SCOPE)) == 4
    hand_record(table=second, entry={"outcome": "win", "winner": second.seat_map["S"], "win": "self_draw",
                                     "doubles": 3})  # fmt: skip
    assert standings_table_changed(second) == "incremental"
    _assert_equal_to_a_full_recompute(competition, tables)
    places = [r[1] for r in _stored(competition, COMPETITION_SCOPE)]
    # the winner above, the four of the first table still equal, the three who paid, then those yet to play
    assert places == [1, 2, 2, 2, 2, 6, 6, 6] + [None] * (len(places) - 8)


def test_a_hand_rewrites_only_its_table_s_lines_and_the_places_follow_on_read(unqueued):
    """Places are computed on read: a hand that moves one table's players past everyone else writes
    their lines (in the competition's and the round's scopes) and no other row. PostgreSQL's ``xmin``
    (the transaction that wrote a row version) tells which rows were written."""
    from django.db import connection

    from tests.conftest import need

    need(connection.vendor == "postgresql", "row versions (xmin) need PostgreSQL")
    competition, tables = _league(rounds=1, tables=5)
    first, second = tables[0], tables[1]
    hand_record(table=first, entry={"outcome": "draw"})
    assert standings_table_changed(first) == "full"
    before = _versions(competition)
    winner = second.seat_map["S"]
    hand_record(table=second, entry={"outcome": "win", "winner": winner, "win": "self_draw", "doubles": 3})
    assert standings_table_changed(second) == "incremental"
    after = _versions(competition)
    written = {key for key in after if after[key] != before.get(key)}
    seated = set(second.seat_map.values())
    assert written == {(scope, p) for scope in (COMPETITION_SCOPE, second.round_id) for p in seated}
    read = _stored(competition, COMPETITION_SCOPE)
    assert read[0][3] == winner and read[0][1] == 1  # first place, found on read
    assert read == _expected(competition)


def _versions(competition):
    with connection_cursor() as cursor:
        cursor.execute(
            "SELECT scope, player_id, xmin::text FROM tournament_standingrow WHERE competition_id = %s",
            [competition.pk],
        )
        return {(scope, player): xmin for scope, player, xmin in cursor.fetchall()}


def connection_cursor():
    from django.db import connection

    return connection.cursor()


def test_a_void_that_lowers_the_biggest_hand_of_the_competition_is_exact(unqueued):
    """The biggest hand is a maximum, not a sum: voiding the hand that set it takes the line back to the
    next biggest of its other rounds, on the incremental path."""
    competition, tables = _league(rounds=2, tables=3)
    first = next(t for t in tables if t.round.number == 1)
    east = first.seat_map["E"]
    later = next(t for t in tables if t.round.number == 2 and east in t.seat_map.values())
    hand_record(table=first, entry={"outcome": "win", "winner": east, "win": "self_draw", "doubles": 2})
    standings_table_changed(first)
    standings_table_changed(later)  # round 2's scope, computed once
    big = hand_record(table=later, entry={"outcome": "win", "winner": east, "win": "self_draw", "doubles": 5})
    assert standings_table_changed(later) == "incremental"  # a session comes with its table's first hand
    line = {row[3]: row for row in _stored(competition, COMPETITION_SCOPE)}[east]
    assert line[11] == 5 and line[8] == 2  # biggest hand 5, two hands won
    hand_void(hand=big, reason="entered at the wrong table")
    assert standings_table_changed(later) == "incremental"
    line = {row[3]: row for row in _stored(competition, COMPETITION_SCOPE)}[east]
    assert line[11] == 2 and line[8] == 1
    _assert_equal_to_a_full_recompute(competition, tables)
