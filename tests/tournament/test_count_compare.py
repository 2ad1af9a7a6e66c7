"""The comparison of a chip count with the ledger, and the adjustment: no database."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament.counts.compare import CountRefused, adjustment_transfers, check_count, compare

PLAYERS = {1, 2, 3, 4}


def test_a_count_equal_to_the_ledger_matches():
    chips = check_count({1: 500, 2: 300, 3: 400, 4: 400}, PLAYERS, 1600)
    result = compare(chips, {1: 500, 2: 300, 3: 400, 4: 400})
    assert result.matches and result.differences == {}


def test_a_difference_is_shown_per_player():
    result = compare({1: 480, 2: 320, 3: 400, 4: 400}, {1: 500, 2: 300, 3: 400, 4: 400})
    assert not result.matches
    assert result.differences == {1: -20, 2: 20}


@pytest.mark.parametrize(
    "count, code",
    [
        ({1: 500, 2: 300, 3: 400, 4: 390}, "total_differs"),  # ten chips lost
        ({1: 500, 2: 300, 3: 400}, "wrong_players"),
        ({1: 500, 2: 300, 3: 400, 4: 400, 5: 0}, "wrong_players"),
        ({1: -10, 2: 810, 3: 400, 4: 400}, "invalid_chips"),
        ({1: "500", 2: 300, 3: 400, 4: 400}, "invalid_chips"),
    ],
)
def test_a_count_that_cannot_be_right_is_refused(count, code):
    with pytest.raises(CountRefused) as refused:
        check_count(count, PLAYERS, 1600)
    assert [p[0] for p in refused.value.problems] == [code]


def test_the_total_refusal_says_both_totals():
    with pytest.raises(CountRefused, match="1590 chips, but the table has 1600"):
        check_count({1: 500, 2: 300, 3: 400, 4: 390}, PLAYERS, 1600)


def test_the_adjustment_pays_from_who_has_too_many_in_the_ledger_to_who_has_too_few():
    assert adjustment_transfers({1: -20, 2: 20}) == [(1, 2, 20)]
    assert sorted(adjustment_transfers({1: -30, 2: 10, 3: 20})) == [(1, 2, 10), (1, 3, 20)]


def test_an_adjustment_that_does_not_sum_to_zero_is_refused():
    with pytest.raises(ValueError):
        adjustment_transfers({1: -20, 2: 10})


@given(st.lists(st.integers(-300, 300), min_size=3, max_size=3))
def test_the_adjustment_makes_the_ledger_equal_the_count(three):
    differences = {1: three[0], 2: three[1], 3: three[2], 4: -sum(three)}
    net = dict.fromkeys(differences, 0)
    transfers = adjustment_transfers(differences)
    for payer, payee, amount in transfers:
        assert amount > 0 and payer != payee
        net[payer] -= amount
        net[payee] += amount
    assert net == differences and sum(net.values()) == 0
    assert len(transfers) <= 3
