"""A stage's cut and its seating, pure (issue 36: ``tournament.stages.cut``, ``tournament.stages.seats``)."""

import pytest

from tournament.stages.cut import Candidate, CutError, cut, next_in_line
from tournament.stages.seats import SeatsError, knockout_advancers, placing_groups


def ranked(*places, withdrawn=()):
    return [
        Candidate(player_id=i + 1, name=f"P{i + 1}", rank=r, withdrawn=i + 1 in withdrawn)
        for i, r in enumerate(places)
    ]


def test_the_top_n_go_on_and_the_rest_wait_in_line():
    lines = cut(ranked(1, 2, 3, 4, 5, 6), 4)
    assert [line.qualified for line in lines] == [True] * 4 + [False] * 2
    assert not any(line.tied_at_cut for line in lines)
    assert [line.seed for line in lines] == [1, 2, 3, 4, 5, 6]


def test_a_tie_across_the_cut_line_is_shown_on_everyone_of_that_place():
    lines = cut(ranked(1, 2, 3, 3, 3, 6), 4)
    assert [line.qualified for line in lines] == [True, True, True, True, False, False]
    assert [line.tied_at_cut for line in lines] == [False, False, True, True, True, False]


def test_a_tie_inside_the_cut_is_no_tie_at_the_cut():
    assert not any(line.tied_at_cut for line in cut(ranked(1, 1, 3, 4, 5), 3))


def test_a_withdrawn_player_leaves_the_place_to_the_next():
    lines = cut(ranked(1, 2, 3, 4, 5, withdrawn={2}), 3)
    assert [line.candidate.player_id for line in lines if line.qualified] == [1, 3, 4]


def test_no_cut_size_lets_everyone_in_and_a_cut_of_nobody_is_refused():
    assert all(line.qualified for line in cut(ranked(1, 2, 3), None))
    with pytest.raises(CutError):
        cut(ranked(1, 2), 0)


def test_next_in_line_is_the_first_out():
    assert next_in_line([(1, "in"), (2, "withdrawn"), (3, "out"), (4, "out")]) == 3
    assert next_in_line([(1, "in")]) is None


def test_placing_groups_sit_four_by_four_in_order():
    assert placing_groups(list(range(1, 9))) == [(1, 2, 3, 4), (5, 6, 7, 8)]
    for bad in ([1, 2, 3], [], [1, 1, 2, 3]):
        with pytest.raises(SeatsError):
            placing_groups(bad)


def test_knockout_takes_the_top_of_each_table_by_chips_then_seed():
    tables = [(1, 2, 3, 4), (5, 6, 7, 8)]
    chips = {1: -10, 2: 30, 3: 0, 4: -20, 5: 5, 6: 5, 7: -5, 8: -5}
    seeds = {p: p for p in range(1, 9)}
    assert knockout_advancers(tables, chips, seeds, 2) == [2, 3, 5, 6]
    assert knockout_advancers(tables, chips, seeds, 1) == [2, 5]
    with pytest.raises(SeatsError):
        knockout_advancers(tables, chips, seeds, 3)
