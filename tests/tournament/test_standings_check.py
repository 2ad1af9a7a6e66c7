"""The reconciliation also repairs what the ledger mark cannot see (tournament/standings/check.py, issue 7).

A hand committed after a later one has ledger ids under the mark that the
later one's update stored; if its own update is lost, no row lies above the
mark. Here the late commit is staged by raising the stored marks over its
rows; tests/faults/test_lost_update_late_commit.py makes it happen for real.
"""

from datetime import timedelta

import pytest

from tests.factories import CompetitionFactory, seated_table
from tournament.models import ChipTransfer, StandingRow, StandingsMeta
from tournament.standings.check import UNSETTLED_SECONDS, standings_verify, unsettled_competitions
from tournament.standings.store import COMPETITION_SCOPE, ledger_mark, stale_competitions
from tournament.standings.tasks import standings_reconcile
from tournament.tables.ledger.record import hand_record

pytestmark = pytest.mark.django_db(transaction=True)


def _self_drawn(table, seat, doubles):
    entry = {"outcome": "win", "winner": table.seat_map[seat], "win": "self_draw", "doubles": doubles}
    return hand_record(table=table, entry=entry)


def _net(competition, player):
    return StandingRow.objects.get(competition=competition, scope=COMPETITION_SCOPE, player=player).net_chips


@pytest.fixture
def late_hand_lost(tasks_in_process, monkeypatch):
    """Two tables; the hand at table 1 is taken in by nobody, under a mark that covers it."""
    competition = CompetitionFactory()
    one, two = seated_table(competition=competition), seated_table(competition=competition, table_number=2)
    _self_drawn(two, "E", 1)  # stored standings, kept by its update
    with monkeypatch.context() as lost:
        lost.setattr("tournament.standings.queue.queue_standings_update", lambda table_id: None)
        _self_drawn(one, "S", 3)  # 001 rule 21: 3 doubles self-drawn = 8 from each of the three
    StandingsMeta.objects.filter(competition=competition).update(ledger_mark=ledger_mark(competition))
    return competition, one


@pytest.mark.parametrize("recent_rows", [5000, 1], ids=["recent players", "too many rows: every player"])
def test_a_lost_update_under_the_mark_is_found_and_repaired(late_hand_lost, monkeypatch, recent_rows):
    monkeypatch.setattr("tournament.standings.check.RECENT_ROWS", recent_rows)
    competition, one = late_hand_lost
    south = one.seat_map["S"]
    assert stale_competitions() == []  # the mark cannot see it
    assert _net(competition, south) == 0
    assert unsettled_competitions() == [competition.pk]
    assert standings_reconcile.apply().get() == [competition.pk]
    assert _net(competition, south) == 24
    assert standings_reconcile.apply().get() == []  # now it compares equal: nothing to do


def test_standings_that_agree_are_only_dated_as_checked(tasks_in_process):
    table = seated_table()
    competition = table.round.competition
    _self_drawn(table, "W", 2)
    meta = StandingsMeta.objects.get(competition=competition, scope=COMPETITION_SCOPE)
    rows = list(StandingRow.objects.filter(competition=competition).values_list("pk", "net_chips"))
    assert standings_verify(competition) is False
    checked = StandingsMeta.objects.get(pk=meta.pk)
    assert checked.computed_at > meta.computed_at and checked.ledger_mark == meta.ledger_mark
    assert list(StandingRow.objects.filter(competition=competition).values_list("pk", "net_chips")) == rows


def test_a_competition_whose_play_stopped_long_before_is_left_alone(late_hand_lost):
    competition, _ = late_hand_lost
    long_ago = StandingsMeta.objects.get(competition=competition, scope=COMPETITION_SCOPE).computed_at
    ChipTransfer.objects.update(created_at=long_ago - timedelta(seconds=UNSETTLED_SECONDS + 1))
    assert unsettled_competitions() == []


def test_a_club_or_player_renamed_is_repaired_by_the_reconciliation(tasks_in_process):
    """Issue 31, item 8: the stored standings kept a club's old name; the reconciliation never saw it."""
    from tests.factories import ClubFactory, PlayerFactory
    from tournament.models import Club, Player

    club = ClubFactory(name="Old Club")
    players = [PlayerFactory(club=club if i == 0 else None) for i in range(4)]
    table = seated_table(players=players)
    competition = table.round.competition
    _self_drawn(table, "E", 1)
    stored = StandingRow.objects.filter(competition=competition, scope=COMPETITION_SCOPE)
    assert stored.get(player=players[0]).club == "Old Club"
    long_ago = StandingsMeta.objects.get(competition=competition, scope=COMPETITION_SCOPE).computed_at
    ChipTransfer.objects.update(created_at=long_ago - timedelta(seconds=UNSETTLED_SECONDS + 1))  # play over
    assert standings_reconcile.apply().get() == []
    # Renamed with no door's follow-up (as an update, an import, another door would): the check finds it.
    Club.objects.filter(pk=club.pk).update(name="New Club")
    Player.objects.filter(pk=players[1].pk).update(name="Renamed Player")
    assert standings_reconcile.apply().get() == [competition.pk]
    assert stored.get(player=players[0]).club == "New Club"
    assert stored.get(player=players[1]).name == "Renamed Player"
    assert standings_reconcile.apply().get() == []


def _round_players(competition, rnd) -> set[int]:
    return set(
        StandingRow.objects.filter(competition=competition, scope=rnd.pk).values_list("player", flat=True)
    )


def test_a_round_drawn_again_is_in_its_stored_standings_and_a_lost_update_is_repaired(tasks_in_process):
    """Issue 48: a round's stored lines list who sits at it; a seating changed with no hand left them stale,
    and the reconciliation, which compared ledger marks only, never saw it."""
    from tests.factories import EntryFactory
    from tournament.models import Round, Seat
    from tournament.rounds.seating import round_seat

    table = seated_table()
    competition = table.round.competition
    _self_drawn(table, "E", 1)
    night = Round.objects.create(competition=competition, number=2)
    newcomers = [EntryFactory(competition=competition).player for _ in range(4)]
    round_seat(night, seed=1)  # the door queues the recompute: its eight players are its lines
    assert _round_players(competition, night) == set(table.seat_map.values()) | {p.pk for p in newcomers}
    assert standings_reconcile.apply().get() == []

    # A seat given to another player with no door's follow-up (a task lost with the broker): found.
    late = EntryFactory(competition=competition).player
    seat = Seat.objects.filter(round=night).first()
    gone = seat.player_id
    Seat.objects.filter(pk=seat.pk).update(player=late)
    assert stale_competitions() == [competition.pk]
    assert standings_reconcile.apply().get() == [competition.pk]
    players = _round_players(competition, night)
    assert late.pk in players and gone not in players
    assert standings_reconcile.apply().get() == []
