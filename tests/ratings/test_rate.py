"""Rating sessions, pure (issue 35; ``tournament.ratings.rate``): places, the update, the order."""

import ast
import random
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tournament.ratings.rate import MIN_SESSIONS, NEWCOMER, Session, Skill, places, rate, rate_session

T0 = datetime(2026, 11, 1, 22, 0, tzinfo=UTC)


def session(n, nets, competition=1):
    return Session(key=(T0 + timedelta(days=n), n, n * 10), competition_id=competition, day=None, nets=nets)


@pytest.mark.parametrize(
    "nets, expected",
    [
        ({1: 30, 2: -10, 3: -10, 4: -10}, {1: 1, 2: 2, 3: 2, 4: 2}),
        ({1: 8, 2: 8, 3: -16, 4: 0}, {1: 1, 2: 1, 3: 4, 4: 3}),
        ({1: 0, 2: 0, 3: 0, 4: 0}, {1: 1, 2: 1, 3: 1, 4: 1}),
        ({1: -5, 2: 5, 3: 10, 4: -10}, {3: 1, 2: 2, 1: 3, 4: 4}),
    ],
)
def test_places_by_net_chips_equal_chips_share_and_the_next_skips(nets, expected):
    assert places(nets.items()) == expected


def test_a_newcomer_is_rated_zero_and_provisional():
    assert NEWCOMER.rating == pytest.approx(0.0) and NEWCOMER.provisional
    assert not Skill(25, 8, MIN_SESSIONS).provisional and Skill(25, 8, MIN_SESSIONS - 1).provisional


def test_the_top_of_the_table_gains_and_the_bottom_loses_and_equal_places_move_alike():
    changes = {c.player_id: c for c in rate_session(session(1, ((1, 24), (2, 8), (3, 8), (4, -40))), {})}
    assert changes[1].after.mu > 25 > changes[4].after.mu
    assert changes[2].after == changes[3].after and changes[2].place == changes[3].place == 2
    assert all(c.after.sigma < c.before.sigma and c.after.sessions == 1 for c in changes.values())


def test_tied_players_move_alike_whatever_their_order_and_their_skill_before():
    skills = {1: Skill(30, 5, 9), 2: Skill(20, 7, 3), 3: Skill(25, 3, 20), 4: Skill(22, 8, 1)}
    one = {c.player_id: c.after for c in rate_session(session(1, ((1, 9), (2, 0), (3, 0), (4, -9))), skills)}
    two = {c.player_id: c.after for c in rate_session(session(1, ((4, -9), (3, 0), (2, 0), (1, 9))), skills)}
    assert one == two
    assert one[2].mu > 20 and one[3].mu < 25  # a tie with a stronger player lifts, with a weaker one lowers


def test_the_same_sessions_give_the_same_ratings_in_whatever_order_they_are_given():
    rng = random.Random(35)
    sessions = [
        session(n, tuple((p, rng.randint(-50, 50)) for p in rng.sample(range(1, 13), 4))) for n in range(40)
    ]
    first = rate(sessions, {})
    shuffled = sessions[:]
    rng.shuffle(shuffled)
    assert rate(shuffled, {}) == first
    # rated in two parts, the second starting from the skills after the first: the same again
    _, middle = rate(sessions[:17], {})
    changes, skills = rate(sessions[17:], middle)
    assert skills == first[1] and changes == first[0][len(first[0]) - len(changes) :]


def test_a_player_seated_twice_is_refused():
    with pytest.raises(ValueError, match="twice"):
        rate_session(session(1, ((1, 5), (1, -5), (2, 0), (3, 0))), {})


def test_the_rating_module_imports_only_the_standard_library_and_openskill():
    path = Path(__file__).resolve().parents[2] / "tournament" / "ratings" / "rate.py"
    tree = ast.parse(path.read_text())
    roots = {
        (node.module or "").split(".")[0] if isinstance(node, ast.ImportFrom) else alias.name.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    }
    assert roots - set(sys.stdlib_module_names) == {"openskill"}
