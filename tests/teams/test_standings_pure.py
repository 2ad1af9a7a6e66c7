"""The team standings, pure (issue 35): chips, placings with shared places, the substitute rules, ranks."""

from fractions import Fraction
from types import SimpleNamespace

import pytest

from tournament.teams.standings import (
    check_placing_points,
    points_text,
    table_points,
    team_lines,
    team_rank,
    team_standings,
)

NAMES = {1: "Dragons", 2: "Tigers", 3: "Cranes", 4: "Pandas"}
# players 11-14 in team 1, 21-24 in team 2, ...; 15 is team 1's substitute
TEAM_OF = {p: p // 10 for p in (11, 12, 15, 21, 22, 31, 32, 41, 42)}


def session(*nets):
    return SimpleNamespace(nets=tuple(nets))


def test_placing_points_share_the_places_they_cover_evenly():
    assert table_points([(1, 50), (2, 10), (3, -20), (4, -40)], (4, 2, 1, 0)) == {1: 4, 2: 2, 3: 1, 4: 0}
    shared = table_points([(1, 50), (2, 0), (3, 0), (4, -50)], (4, 2, 1, 0))
    assert shared == {1: 4, 2: Fraction(3, 2), 3: Fraction(3, 2), 4: 0}
    everyone = table_points([(1, 0), (2, 0), (3, 0), (4, 0)], (4, 2, 1, 0))
    assert set(everyone.values()) == {Fraction(7, 4)} and sum(everyone.values()) == 7  # no point made or lost
    assert table_points([(1, 9), (2, 9), (3, 1), (4, 0)], (10, 5, 2, 0))[1] == Fraction(15, 2)


def test_by_chips_a_team_adds_its_players_net_chips():
    sessions = [
        session((11, 60), (21, -10), (31, -20), (41, -30)),
        session((12, -5), (22, 25), (32, 0), (42, -20)),
    ]
    lines = {line.team_id: line for line in team_lines(sessions, TEAM_OF, NAMES)}
    assert (lines[1].chips, lines[1].players, lines[1].sessions) == (55, 2, 2)
    assert lines[2].chips == 15 and lines[4].chips == -50
    assert sum(line.chips for line in lines.values()) == 0  # every seat is in a team: no chip made or lost
    ranked = team_rank(lines.values(), scoring="chips")
    assert [(r.rank, r.line.name) for r in ranked] == [
        (1, "Dragons"),
        (2, "Tigers"),
        (3, "Cranes"),
        (4, "Pandas"),
    ]


def test_by_placings_points_rank_first_then_chips_and_equal_teams_share_a_place():
    sessions = [
        session((11, 100), (21, 0), (31, 0), (41, -100)),  # 4, 1.5, 1.5, 0
        session((12, -100), (22, 0), (32, 0), (42, 100)),  # 0, 1.5, 1.5, 4
    ]
    ranked = team_standings(sessions, TEAM_OF, NAMES, scoring="placings")
    rows = [(r.rank, r.shared, r.line.name, r.line.points) for r in ranked]
    # Dragons and Pandas 4 points, chips 0 each: shared 1st; Cranes and Tigers 3 points: shared 3rd
    assert rows == [
        (1, True, "Dragons", 4),
        (1, True, "Pandas", 4),
        (3, True, "Cranes", 3),
        (3, True, "Tigers", 3),
    ]
    unshared = team_standings(sessions, TEAM_OF, NAMES, scoring="placings", shared_places=False)
    assert [r.rank for r in unshared] == [1, 2, 3, 4] and not any(r.shared for r in unshared)


def test_the_organisers_points_are_used():
    sessions = [session((11, 30), (21, 20), (31, 10), (41, -60))]
    ranked = team_standings(sessions, TEAM_OF, NAMES, scoring="placings", placing_points=(3, 3, 1, 1))
    assert {r.line.name: r.line.points for r in ranked} == {
        "Dragons": 3,
        "Tigers": 3,
        "Cranes": 1,
        "Pandas": 1,
    }
    assert [r.rank for r in ranked] == [1, 2, 3, 4]  # equal points: chips decide


@pytest.mark.parametrize(
    ("rule", "chips", "points", "players"),
    [("counts", 70, Fraction(8), 2), ("not_counted", 40, Fraction(4), 1)],
)
def test_a_substitutes_result_counts_under_the_organisers_rule(rule, chips, points, players):
    sessions = [
        session((11, 40), (21, 0), (31, -10), (41, -30)),
        session((15, 30), (22, 0), (32, -10), (42, -20)),  # 15 is Dragons' substitute
    ]
    lines = team_lines(sessions, TEAM_OF, NAMES, substitutes={15}, substitute_rule=rule)
    dragons = next(line for line in lines if line.name == "Dragons")
    assert (dragons.chips, dragons.points, dragons.players) == (chips, points, players)


def test_a_player_in_no_team_counts_for_nobody_and_a_team_without_play_has_zeros():
    lines = team_lines([session((11, 10), (99, -10))], {11: 1}, {1: "Dragons", 2: "Tigers"})
    assert [(line.name, line.chips, line.sessions) for line in lines] == [
        ("Dragons", 10, 1),
        ("Tigers", 0, 0),
    ]


@pytest.mark.parametrize(
    "bad",
    [[4, 2, 1], [4, 2, 1, 0, 0], [1, 2, 1, 0], [4, 2, 1, -1], [4, 2, 1.5, 0], "4,2,1,0", [True, 0, 0, 0]],
)
def test_placing_points_are_four_non_increasing_whole_numbers(bad):
    with pytest.raises(ValueError):
        check_placing_points(bad)
    assert check_placing_points((5, 3, 3, 0)) == [5, 3, 3, 0]


def test_unknown_rules_are_refused_and_points_are_shown_short():
    with pytest.raises(ValueError):
        team_lines([], {}, {}, substitute_rule="half")
    with pytest.raises(ValueError):
        team_rank([], scoring="goals")
    assert (points_text(Fraction(3, 2)), points_text(Fraction(8)), points_text(Fraction(7, 3))) == (
        "1.5",
        "8",
        "2.33",
    )
