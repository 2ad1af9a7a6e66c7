"""Standings on read from the ledger (league-api.md "standings"; tournament.standings.compute)."""

import pytest

from tests.factories import seated_table
from tournament.models import Round
from tournament.standings.compute import standings_compute
from tournament.tables.ledger.record import hand_record
from tournament.tables.ledger.void import hand_void

pytestmark = pytest.mark.django_db


def win(table, winner, doubles, discarder=None):
    entry = {"outcome": "win", "winner": winner, "doubles": doubles}
    entry.update({"win": "discard", "discarder": discarder} if discarder else {"win": "self_draw"})
    return hand_record(table=table, entry=entry)


def test_chips_are_net_across_running_tables_and_voids_cancel(league, anonymous):
    east, south, west, north = league.seats()
    win(league.table, south, 3, discarder=west)  # 001 rule 21: 8 from the discarder, 4 from the others
    mistaken = win(league.table, east, 2)  # dealer self-draw: 4 from each
    hand_void(hand=mistaken, reason="wrong winner")
    body = anonymous.get(f"/api/v1/competitions/{league.competition.pk}/standings/").json()
    rows = {r["player"]: r for r in body["results"]}
    assert len(rows) == 8 and body["count"] == 8 and body["computed_at"]
    assert {p: rows[p]["chips"] for p in league.seats()} == {east: -4, south: 16, west: -8, north: -4}
    assert rows[south]["rank"] == 1 and rows[south]["hands_won"] == 1 and rows[east]["hands_won"] == 0
    assert rows[west]["rank"] == 4 and rows[west]["sessions"] == 1
    # the other table has not played: listed after, with no place (issue 49)
    assert [r["rank"] for r in body["results"][4:]] == [None] * 4 and body["results"][7]["sessions"] == 0
    assert sum(r["chips"] for r in body["results"]) == 0
    assert {"rank", "player", "name", "chips", "hands_won", "sessions"} <= set(body["results"][0])


def test_ties_share_a_place_and_the_default_tie_break_orders_them(league):
    east, south, west, north = league.seats()
    win(league.table, south, 1, discarder=west)  # 2 from west, 1 each from east and north
    e2, s2, w2, n2 = league.seats(league.other_table)
    win(league.other_table, w2, 1, discarder=e2)
    standings = standings_compute(league.competition)
    ranks = {row.totals.player_id: row.rank for row in standings.rows}
    assert ranks[south] == ranks[w2] == 1  # equal chips, hands won and biggest hand: a shared place
    assert ranks[west] == ranks[e2] == 7


def test_round_standings_cover_only_that_rounds_players_and_chips(league, anonymous):
    east, south, west, north = league.seats()
    win(league.table, south, 1, discarder=west)
    by_seat = {seat.wind: seat.player for seat in league.table.seats.all()}
    second = seated_table(
        competition=league.competition, players=[by_seat[w] for w in "NWSE"], round_number=2
    )
    win(second, west, 2)  # a self-draw in round 2: 4 from each (001 rule 21)
    body = anonymous.get(f"/api/v1/rounds/{second.round.pk}/standings/").json()
    assert body["round"] == second.round.pk
    assert {r["player"]: r["chips"] for r in body["results"]} == {west: 12, east: -4, south: -4, north: -4}
    whole = anonymous.get(f"/api/v1/competitions/{league.competition.pk}/standings/").json()["results"]
    chips = {r["player"]: r["chips"] for r in whole}
    assert chips[west] == -2 + 12 and chips[south] == 4 - 4
    assert {r["player"]: r["sessions"] for r in whole}[west] == 2


def test_held_rounds_are_left_out_except_for_the_organiser(league, anonymous, as_organiser):
    east, south, west, north = league.seats()
    win(league.table, south, 1, discarder=west)
    Round.objects.filter(pk=league.round.pk).update(results_held=True)
    url = f"/api/v1/rounds/{league.round.pk}/standings/"
    public = anonymous.get(url).json()
    assert public["held"] is True and public["results"] == []
    chips = {r["player"]: r["chips"] for r in as_organiser.get(url).json()["results"]}
    assert chips[south] == 4
    competition = anonymous.get(f"/api/v1/competitions/{league.competition.pk}/standings/").json()
    assert all(r["chips"] == 0 for r in competition["results"])


def test_standings_of_an_unknown_competition_are_404(anonymous):
    response = anonymous.get("/api/v1/competitions/987654/standings/")
    assert response.status_code == 404 and response.json()["errors"][0]["code"] == "not_found"


def test_standings_are_one_query(league, django_assert_max_num_queries):
    east, south, west, north = league.seats()
    win(league.table, south, 1, discarder=west)
    with django_assert_max_num_queries(1):
        standings = standings_compute(league.competition)
    assert len(standings.rows) == 8
