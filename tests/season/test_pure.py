"""The season's pure parts (issue 33): the nights' dates, who sits out, fair standings."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.season.choose import choose_seated
from tournament.season.dates import season_dates
from tournament.standings.fair import best_of, fair_rank
from tournament.standings.rank import PlayerTotals


def test_weekly_nights_with_a_holiday_skipped_and_one_moved():
    first = date(2027, 1, 5)
    plain = season_dates(first, 3)
    assert plain == [date(2027, 1, 5), date(2027, 1, 12), date(2027, 1, 19)]
    skipped = season_dates(first, 3, skip=[date(2027, 1, 12)])
    assert skipped == [date(2027, 1, 5), date(2027, 1, 19), date(2027, 1, 26)]
    moved = season_dates(first, 3, moved={date(2027, 1, 12): date(2027, 1, 14)})
    assert moved == [date(2027, 1, 5), date(2027, 1, 14), date(2027, 1, 19)]
    assert season_dates(first, 2, every_weeks=2) == [date(2027, 1, 5), date(2027, 1, 19)]


def test_byes_go_to_those_who_sat_out_least_then_to_those_who_played_most():
    candidates = range(1, 8)  # seven: three sit out
    sat_out = {1: 1, 2: 1, 3: 1, 4: 1}
    night = choose_seated(candidates, sat_out, {}, seed=1)
    assert night.byes == (5, 6, 7) and night.seated == (1, 2, 3, 4)
    night = choose_seated(range(1, 6), {}, {1: 3, 2: 1}, seed=1)  # five: one sits out, who played most
    assert night.byes == (1,)


def test_byes_are_the_same_for_the_same_night_and_reserves_never_sit_out():
    a = choose_seated(range(10), {}, {}, seed=7)
    assert a == choose_seated(range(10), {}, {}, seed=7) and len(a.byes) == 2 and len(a.seated) == 8
    filled = choose_seated(range(10), {}, {}, seed=7, reserves=[20, 21])
    assert filled.byes == () and len(filled.seated) == 12 and filled.reserves == (20, 21)
    with pytest.raises(ValueError):  # one reserve would leave a table short: they fill it or none comes
        choose_seated(range(10), {}, {}, seed=7, reserves=[20])
    with pytest.raises(ValueError):
        choose_seated(range(10), {}, {}, seed=7, reserves=[20, 21, 22])


def _line(pid, net, sessions, **kw):
    return PlayerTotals(pid, f"P{pid}", net_chips=net, sessions=sessions, **kw)


def test_best_n_sessions_count_and_chips_per_session_is_over_them():
    lines = [_line(1, 10, 3), _line(2, 50, 1)]
    nets = {1: [40, -50, 20], 2: [50]}
    best = {t.player_id: t for t in best_of(lines, nets, 2)}
    assert best[1].net_chips == 60 and best[1].counted_sessions == 2 and best[1].chips_per_session == 30
    assert best[2].net_chips == 50 and best[2].counted_sessions == 1
    # a session without a chip moved counts as 0: the best 2 of [-5, 0] are -5 + 0
    (quiet,) = best_of([_line(3, -5, 2)], {3: [-5]}, 2)
    assert quiet.net_chips == -5 and quiet.counted_sessions == 2


def test_too_few_sessions_are_listed_after_the_ranked_without_a_place():
    rows = fair_rank([_line(1, 100, 1), _line(2, 10, 3), _line(3, -10, 3), _line(4, 5, 0)], min_sessions=2)
    assert [(r.rank, r.totals.player_id) for r in rows] == [(1, 2), (2, 3), (None, 1), (None, 4)]
    assert [r.rank for r in fair_rank([_line(1, 100, 1), _line(2, 10, 3)])] == [1, 2]


@given(
    st.sets(st.integers(1, 60), max_size=45),
    st.dictionaries(st.integers(1, 60), st.integers(0, 5)),
    st.sets(st.integers(61, 70), max_size=3),
    st.integers(0, 10**6),
)
@settings(max_examples=200, deadline=None)
def test_a_night_seats_tables_of_four_and_the_byes_have_sat_out_least(candidates, sat_out, reserves, seed):
    if reserves and len(reserves) != -len(candidates) % 4:  # reserves fill the last table exactly
        with pytest.raises(ValueError):
            choose_seated(candidates, sat_out, {}, seed, reserves)
        return
    night = choose_seated(candidates, sat_out, {}, seed, reserves)
    assert len(night.seated) % 4 == 0 and set(night.byes) <= candidates and set(reserves) <= set(night.seated)
    assert set(night.seated) | set(night.byes) == candidates | reserves and not set(night.seated) & set(
        night.byes
    )
    if night.byes and set(night.seated) - reserves:  # nobody seated had sat out fewer than one sitting out
        assert max(sat_out.get(p, 0) for p in night.byes) <= min(
            sat_out.get(p, 0) for p in set(night.seated) - reserves
        )
