"""Chip counts through the one door: match, difference to an accepted adjustment, refusals (issue 19)."""

import pytest
from django.core.exceptions import PermissionDenied

from tests.factories import PlayerFactory, seated_table
from tournament.counts.services import (
    CountError,
    count_accept,
    count_compare,
    count_enter,
    count_request,
    hands_since_agreed,
)
from tournament.models import AuditEntry, ChipCount, ChipTransfer
from tournament.rounds.lifecycle import round_end, round_reopen, table_end
from tournament.standings.compute import standings_compute
from tournament.tables.ledger.preview import hand_settle
from tournament.tables.ledger.record import hand_correct, hand_record
from tournament.tables.ledger.void import hand_void
from tournament.tables.selectors import state_before, table_fold, table_ledger

pytestmark = pytest.mark.django_db


def _balances(table):
    return dict(table_fold(table).state.balances)


def test_ending_a_table_asks_for_a_count_and_a_count_equal_to_the_ledger_closes_it(
    played, organiser, scorekeeper
):
    table_end(played, user=organiser)
    asked = ChipCount.objects.get(table=played)
    assert asked.status == ChipCount.Status.REQUESTED and asked.at_end
    count = count_enter(played, chips=_balances(played), user=scorekeeper)
    assert count.pk == asked.pk and count.status == ChipCount.Status.MATCHED
    assert count.after_sequence == 2
    assert AuditEntry.objects.filter(action="count_entered", object_id=count.pk).exists()
    with pytest.raises(CountError) as again:  # closed: nothing more to count
        count_enter(played, chips=_balances(played), user=scorekeeper)
    assert again.value.problems[0].code == "no_count_due"


def test_a_difference_goes_to_the_organiser_who_accepts_it_as_an_adjustment(
    played, seats, organiser, scorekeeper
):
    table_end(played, user=organiser)  # a finished round's chips are final: counted before the finish
    ledger = _balances(played)
    before = {
        line.totals.player_id: line.totals.net_chips
        for line in standings_compute(played.round.competition).rows
    }
    east, south = seats["E"], seats["S"]
    counted = {**ledger, east: ledger[east] - 8, south: ledger[south] + 8}
    count = count_enter(played, chips=counted, user=scorekeeper)
    assert count.status == ChipCount.Status.DIFFERS
    assert count.differences == {east: -8, south: 8}

    with pytest.raises(CountError):
        count_accept(count, reason="", user=organiser)
    accepted = count_accept(count, reason="Ben was paid 8 short on hand 2", user=organiser)
    assert accepted.status == ChipCount.Status.ACCEPTED
    adjustment = list(ChipTransfer.objects.filter(adjustment_of=count))
    assert [(t.from_player_id, t.to_player_id, t.amount, t.reason) for t in adjustment] == [
        (east, south, 8, "adjustment")
    ]
    assert _balances(played) == counted  # the ledger now says what the table counted
    after = {
        line.totals.player_id: line.totals.net_chips
        for line in standings_compute(played.round.competition).rows
    }
    assert after[east] == before[east] - 8 and after[south] == before[south] + 8
    assert sum(after.values()) == 0
    entry = AuditEntry.objects.get(action="count_accepted")
    assert "Ben was paid 8 short" in entry.summary and entry.data["transfers"]


def test_a_count_whose_total_differs_from_the_tables_chips_is_refused(played, organiser, scorekeeper, seats):
    table_end(played, user=organiser)
    counted = {**_balances(played), seats["N"]: 0}
    with pytest.raises(CountError) as refused:
        count_enter(played, chips=counted, user=scorekeeper)
    assert refused.value.problems[0].code == "total_differs"
    assert ChipCount.objects.get(table=played).status == ChipCount.Status.REQUESTED


def test_another_tables_scorekeeper_and_another_competitions_organiser_are_refused(
    played, organiser, stranger
):
    other = seated_table(players=[PlayerFactory() for _ in range(4)], scorekeeper=stranger)
    other.round.competition.organisers.add(stranger)
    table_end(played, user=organiser)
    with pytest.raises(PermissionDenied):
        count_enter(played, chips=_balances(played), user=stranger)
    with pytest.raises(PermissionDenied):
        count_request(played, user=stranger)
    count = count_enter(played, chips={**_balances(played)}, user=organiser)
    assert count.status == ChipCount.Status.MATCHED


def test_the_organiser_asks_for_a_count_mid_session_and_play_goes_on(played, seats, organiser, scorekeeper):
    with pytest.raises(CountError):  # nobody asked and the session is not over
        count_enter(played, chips=_balances(played), user=scorekeeper)
    with pytest.raises(PermissionDenied):
        count_request(played, user=scorekeeper)
    asked = count_request(played, user=organiser)
    assert count_request(played, user=organiser).pk == asked.pk  # asked once
    assert not asked.at_end
    count_enter(played, chips=_balances(played), user=scorekeeper)
    hand_record(table=played, entry={"outcome": "draw"}, user=scorekeeper)  # play goes on
    assert ChipCount.objects.get(pk=asked.pk).status == ChipCount.Status.MATCHED


def test_the_wrong_hand_corrected_then_the_same_count_matches(played, seats, organiser, scorekeeper):
    """Hand 2 was really won on West's discard: the table counted that, the ledger says self-drawn."""
    table_end(played, user=organiser)
    fold = table_fold(played)
    hand2 = fold.hands[1]
    fixed = {"outcome": "win", "winner": seats["E"], "win": "discard", "discarder": seats["W"], "doubles": 1}
    truth = hand_settle(table=played, entry=fixed, state=state_before(fold, hand2)).balances_after
    count = count_enter(played, chips=truth, user=scorekeeper)
    assert count.status == ChipCount.Status.DIFFERS
    assert [h.number for h in hands_since_agreed(count)] == [1, 2]  # no agreed count before: all of them

    round_end(played.round, user=organiser)
    round_reopen(played.round, reason="a count differs", user=organiser)  # find and correct the wrong hand
    hand_void(hand=hand2, reason="was on West's discard", user=organiser)
    hand_correct(hand=hand2, entry=fixed, user=organiser)
    compared = count_compare(count, user=organiser)
    assert compared.status == ChipCount.Status.MATCHED
    assert not ChipTransfer.objects.filter(adjustment_of=count).exists()
    assert _balances(played) == truth


def test_after_an_accepted_count_mid_session_play_goes_on_from_the_counted_chips(
    played, seats, organiser, scorekeeper
):
    count_request(played, user=organiser)
    ledger = _balances(played)
    counted = {**ledger, seats["W"]: ledger[seats["W"]] - 10, seats["N"]: ledger[seats["N"]] + 10}
    count_accept(
        count_enter(played, chips=counted, user=scorekeeper), reason="West paid North", user=organiser
    )
    assert table_ledger(played).state == table_fold(played).state  # recording and the pages agree
    assert table_fold(played).state.hands_played == 2  # an adjustment is not a hand: the deal did not move
    hand_record(table=played, entry={"outcome": "draw"}, user=scorekeeper)
    assert _balances(played) == counted
    count_request(played, user=organiser)
    again = count_enter(played, chips=counted, user=scorekeeper)
    assert again.status == ChipCount.Status.MATCHED
    assert [h.number for h in hands_since_agreed(again)] == [3]  # since the accepted count


def test_a_count_naming_a_player_twice_is_refused(played, organiser, scorekeeper):
    """Issue 31, item 8: the door itself takes keys that are exactly the players' ids, once each."""
    table_end(played, user=organiser)
    balances = _balances(played)
    east = played.seat_map["E"]
    for chips in ({**balances, str(east): balances[east]}, {**balances, f" {east}": 0}):
        with pytest.raises(CountError) as refused:
            count_enter(played, chips=chips, user=scorekeeper)
        assert (refused.value.status, refused.value.problems[0].code) == (400, "wrong_players")
    assert not ChipCount.objects.exclude(status=ChipCount.Status.REQUESTED).exists()
