"""The quality report and the organiser's swap (pure functions; expectations worked out by hand)."""

from __future__ import annotations

import pytest

from tournament.seating import (
    RepeatPair,
    SameClubTable,
    SeatingError,
    UnknownPlayerError,
    WindCount,
    event_report,
    report,
    swap,
)

ROUND_1 = ((1, 2, 3, 4), (5, 6, 7, 8))
ROUND_2 = ((1, 2, 5, 6), (3, 4, 7, 8))


def test_a_fresh_round_has_no_repeats():
    rep = report(ROUND_1)
    assert rep.repeat_pairs == ()
    assert rep.repeat_meetings == 0
    assert rep.max_meetings == 1
    assert rep.winds[0] == WindCount(1, 1, 0, 0, 0)
    assert rep.max_wind_spread == 1


def test_repeats_are_named_with_their_meetings():
    rep = report(ROUND_2, [ROUND_1])
    # 1-2, 5-6, 3-4 and 7-8 sat together in round 1
    assert rep.repeat_pairs == tuple(RepeatPair(a, b, 2) for a, b in [(1, 2), (3, 4), (5, 6), (7, 8)])
    assert rep.repeat_meetings == 4
    assert rep.max_meetings == 2


def test_a_third_meeting_counts_as_one_more_repeat():
    rep = report(ROUND_1, [ROUND_1, ROUND_2])
    assert RepeatPair(1, 2, 3) in rep.repeat_pairs
    assert rep.max_meetings == 3
    # round 3 repeats all 12 pairs of round 1
    assert rep.repeat_meetings == 12


def test_winds_count_the_history_and_the_round():
    rep = report(((2, 1, 3, 4), (5, 6, 7, 8)), [ROUND_1])
    by_player = {w.player: w for w in rep.winds}
    assert by_player[1] == WindCount(1, 1, 1, 0, 0)
    assert by_player[2] == WindCount(2, 1, 1, 0, 0)
    assert by_player[5] == WindCount(5, 2, 0, 0, 0)
    assert by_player[5].spread == 2
    assert rep.max_wind_spread == 2


def test_same_club_tables_name_round_table_club_and_players():
    clubs = {1: "Tampines", 3: "Tampines", 5: "Bedok", 8: None}
    rep = report(ROUND_1, [ROUND_2], clubs=clubs, byes=(9,))
    assert rep.same_club_tables == (SameClubTable(2, 1, "Tampines", (1, 3)),)
    assert rep.byes == (9,)


def test_event_report_judges_every_round_after_the_history():
    rep = event_report([ROUND_1, ROUND_2])
    assert rep.repeat_meetings == 4
    assert len(rep.repeat_pairs) == 4


def test_swap_exchanges_seats_and_the_report_follows():
    swapped = swap(ROUND_2, 2, 3)
    assert swapped == ((1, 3, 5, 6), (2, 4, 7, 8))
    assert report(ROUND_2, [ROUND_1]).repeat_meetings == 4
    rep = report(swapped, [ROUND_1])
    assert rep.repeat_meetings == 4  # 1-3, 5-6, 2-4, 7-8 all met in round 1
    # (1,7,5,6) and (3,4,2,8): three of a round-1 table at each
    worse = report(swap(ROUND_2, 2, 7), [ROUND_1])
    assert worse.repeat_meetings == 6
    assert {(r.a, r.b) for r in worse.repeat_pairs} == {(5, 6), (5, 7), (6, 7), (2, 3), (2, 4), (3, 4)}


def test_swap_within_a_table_changes_seats_only():
    assert swap(ROUND_1, 1, 4) == ((4, 2, 3, 1), (5, 6, 7, 8))


@pytest.mark.parametrize(("a", "b", "error"), [(1, 9, UnknownPlayerError), (1, 1, SeatingError)])
def test_swap_refuses_players_not_seated_or_the_same(a, b, error):
    with pytest.raises(error):
        swap(ROUND_1, a, b)
