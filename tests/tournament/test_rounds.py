"""Seating a round from the database (tournament.rounds)."""

from itertools import combinations

import pytest

from tests.factories import ClubFactory, CompetitionFactory, EntryFactory, PlayerFactory, seated_table
from tournament.tables.ledger import hand_record
from tournament.models import AuditEntry, Entry, Round, Seat
from tournament.rounds import RoundError, round_seat, round_swap, round_tables

pytestmark = pytest.mark.django_db


@pytest.fixture
def league(organiser):
    competition = CompetitionFactory()
    competition.organisers.add(organiser)
    clubs = [ClubFactory(), ClubFactory()]
    for i in range(16):
        EntryFactory(competition=competition, player=PlayerFactory(club=clubs[i % 2]))
    return competition


def pairs(tables):
    return {frozenset(p) for t in tables for p in combinations(t, 2)}


def test_sixteen_players_over_five_rounds_never_meet_twice(league, organiser):
    seen = []
    for number in range(1, 6):
        rnd = Round.objects.create(competition=league, number=number)
        result = round_seat(rnd, user=organiser)
        assert len(result.tables) == 4 and not result.byes
        assert round_tables(rnd) == result.tables
        seen.append(pairs(result.tables))
        rnd.status = Round.Status.FINISHED
        rnd.save()
    everyone = set().union(*seen)
    assert sum(len(s) for s in seen) == len(everyone) == 16 * 15 // 2  # every pair exactly once
    assert AuditEntry.objects.filter(action="round_seated").count() == 5


def test_byes_when_the_field_is_not_a_multiple_of_four(league):
    EntryFactory(competition=league)
    rnd = Round.objects.create(competition=league, number=1)
    result = round_seat(rnd)
    assert len(result.byes) == 1 and Seat.objects.filter(round=rnd).count() == 16


def test_withdrawn_players_are_not_seated(league):
    entry = Entry.objects.filter(competition=league).first()
    entry.status = Entry.Status.WITHDRAWN
    entry.save()
    rnd = Round.objects.create(competition=league, number=1)
    result = round_seat(rnd)
    assert entry.player_id not in {p for t in result.tables for p in t}
    assert entry.player_id not in result.byes


def test_swap_exchanges_seats_and_reports(league):
    rnd = Round.objects.create(competition=league, number=1)
    tables = round_seat(rnd).tables
    a, b = tables[0][0], tables[1][2]
    report = round_swap(rnd, a, b)
    after = round_tables(rnd)
    assert after[0][0] == b and after[1][2] == a
    assert report.max_meetings == 1


def test_seating_is_fixed_once_a_hand_is_recorded():
    table = seated_table()
    east = table.seat_map["E"]
    hand_record(table=table, entry={"outcome": "win", "winner": east, "win": "self_draw", "doubles": 1})
    with pytest.raises(RoundError, match="fixed"):
        round_seat(table.round)
    with pytest.raises(RoundError):
        round_swap(table.round, east, table.seat_map["S"])


def test_planning_the_whole_event_at_once_matches_the_known_design(league):
    from tournament.rounds import competition_plan

    for number in range(1, 6):
        Round.objects.create(competition=league, number=number)
    planned = competition_plan(league)
    assert [p.round.number for p in planned] == [1, 2, 3, 4, 5]
    met = [frozenset(pair) for p in planned for t in p.tables for pair in combinations(t, 2)]
    assert len(met) == len(set(met)) == 120  # 16 players, 5 rounds: every pair exactly once
    assert all(r.status == Round.Status.SCHEDULED for r in Round.objects.filter(competition=league))  # drafts
    with pytest.raises(RoundError, match="already seated"):
        competition_plan(league)
