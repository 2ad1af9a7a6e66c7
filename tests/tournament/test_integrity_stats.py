"""The unusual-pattern statistics of the integrity page: no database."""

from fractions import Fraction

import pytest

from tournament.counts.integrity_stats import Feed, binomial_tail, feeding_patterns, za_hu_rates

TABLE = frozenset({1, 2, 3, 4})


def feed(hand_id, discarder, winner, table=TABLE):
    return Feed(hand_id, discarder, winner, table - {discarder})


@pytest.mark.parametrize(
    "k, n, p, expected",
    [
        (0, 5, Fraction(1, 3), 1.0),
        (6, 5, Fraction(1, 3), 0.0),
        (3, 3, Fraction(1, 2), 0.125),
        (1, 2, Fraction(1, 2), 0.75),
        (9, 9, Fraction(1, 3), 1 / 3**9),
    ],
)
def test_binomial_tail(k, n, p, expected):
    assert binomial_tail(k, n, p) == pytest.approx(expected)


def test_a_discarder_who_feeds_one_winner_nine_times_of_ten_is_flagged_with_those_hands():
    feeds = [feed(h, 1, 2) for h in range(1, 10)] + [feed(10, 1, 3)]
    [pattern] = feeding_patterns(feeds)
    assert (pattern.discarder, pattern.winner, pattern.fed, pattern.chances) == (1, 2, 9, 10)
    assert pattern.hands == tuple(range(1, 10))
    assert pattern.tail == pytest.approx(binomial_tail(9, 10, Fraction(1, 3)))
    assert pattern.tail < 0.001 and pattern.expected == pytest.approx(10 / 3)


def test_feeds_spread_as_chance_would_are_not_flagged():
    feeds = [feed(h, 1, 2 + h % 3) for h in range(12)]  # four each to 2, 3 and 4
    assert feeding_patterns(feeds) == []


def test_a_few_feeds_say_nothing():
    assert feeding_patterns([feed(h, 1, 2) for h in range(5)]) == []  # 5 of 5, below the minimum


def test_only_the_tables_the_winner_sat_at_count_as_chances():
    """Player 1 fed 2 six times at their shared table, and fed others at tables without 2."""
    elsewhere = frozenset({1, 5, 6, 7})
    feeds = [feed(h, 1, 2) for h in range(6)] + [feed(10 + h, 1, 5 + h % 3, elsewhere) for h in range(21)]
    [pattern] = feeding_patterns(feeds)
    assert (pattern.winner, pattern.fed, pattern.chances) == (2, 6, 6)


def test_za_hu_rates_flag_a_rate_far_above_the_competitions():
    played = {1: 40, 2: 40, 3: 40, 4: 40}
    za_hu = {1: [11, 12, 13, 14, 15, 16], 2: [21]}
    rates = za_hu_rates(played, za_hu)
    assert [(r.player, r.za_hu, r.flagged) for r in rates] == [(1, 6, True), (2, 1, False)]
    assert rates[0].rate == pytest.approx(6 / 40) and rates[0].hands == (11, 12, 13, 14, 15, 16)
    assert rates[0].tail == pytest.approx(binomial_tail(6, 40, Fraction(7, 160)))


def test_za_hu_rates_at_the_competitions_rate_are_listed_not_flagged():
    played = dict.fromkeys(range(1, 9), 40)
    za_hu = {p: [p * 10] for p in range(1, 9)}
    assert not any(r.flagged for r in za_hu_rates(played, za_hu))
    assert za_hu_rates(played, {}) == []
