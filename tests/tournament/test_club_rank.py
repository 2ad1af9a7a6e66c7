"""Club standings, pure (issue 35; ``tournament.standings.clubs``): lines from the players' lines, ranked."""

from tournament.standings.clubs import ClubLine, club_lines, club_rank
from tournament.standings.rank import PlayerTotals


def totals(pid, chips, sessions=1):
    return PlayerTotals(player_id=pid, name=f"P{pid}", net_chips=chips, sessions=sessions)


def test_a_club_line_adds_its_players_chips_and_sessions_and_counts_those_who_played():
    lines = [totals(1, 30, 2), totals(2, -10, 1), totals(3, 0, 0), totals(4, -20, 3), totals(5, 7, 1)]
    club_of = {1: 10, 2: 10, 3: 10, 4: 20, 5: None}  # player 5 has no club
    got = {c.club_id: c for c in club_lines(lines, club_of, {10: "Jade", 20: "Pearl"})}
    assert got == {
        10: ClubLine(10, "Jade", chips=20, players=2, sessions=3),  # player 3 entered, never played
        20: ClubLine(20, "Pearl", chips=-20, players=1, sessions=3),
    }
    assert sum(c.chips for c in got.values()) + 7 == sum(t.net_chips for t in lines)  # no chip lost


def test_equal_clubs_share_a_place_and_the_next_place_skips():
    lines = [
        ClubLine(1, "Bamboo", 5),
        ClubLine(2, "Circle", 40),
        ClubLine(3, "Autumn", 5),
        ClubLine(4, "D", -9),
    ]
    ranked = club_rank(lines, shared_places=True)
    assert [(r.rank, r.shared, r.line.name) for r in ranked] == [
        (1, False, "Circle"), (2, True, "Autumn"), (2, True, "Bamboo"), (4, False, "D"),
    ]  # fmt: skip


def test_without_shared_places_equal_clubs_go_by_name():
    lines = [ClubLine(1, "bamboo", 5), ClubLine(3, "Autumn", 5)]
    assert [(r.rank, r.shared, r.line.club_id) for r in club_rank(lines, shared_places=False)] == [
        (1, False, 3), (2, False, 1),
    ]  # fmt: skip


def test_no_clubs_no_lines():
    assert club_rank([]) == [] and club_lines([totals(1, 5)], {1: None}, {}) == []
