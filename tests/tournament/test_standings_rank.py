"""Standings: totals from plain per-hand lines, and ranking with tie-breaks (tournament.standings.rank).

Issue 6: rank, player, club, net chips, sessions played, hands won, self-drawn wins, Za Hu count,
biggest hand (doubles), chips per session; ties broken by an organiser-chosen order of these metrics
(default: net chips, then hands won, then biggest hand), with shared places where wanted.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from tournament.standings.rank import (
    DEFAULT_ORDER,
    HandLine,
    PlayerInfo,
    PlayerTotals,
    aggregate,
    hand_lines,
    rank,
)
from tournament.tables.state import HandResult, table_state

ANN, BEN, CAT, DAN, EVE, FAY = 1, 2, 3, 4, 5, 6
PLAYERS = {
    ANN: PlayerInfo("Ann", "Raffles"),
    BEN: PlayerInfo("Ben", "Raffles"),
    CAT: PlayerInfo("Cat", "Orchid"),
    DAN: PlayerInfo("Dan", "Orchid"),
    EVE: PlayerInfo("Eve", "Orchid"),
    FAY: PlayerInfo("Fay"),
}
TABLE_1 = (ANN, BEN, CAT, DAN)  # round 1, table 1
TABLE_2 = (ANN, CAT, EVE, FAY)  # round 2, table 1


def win(net, winner, **details):
    return HandResult("win", net, winner, **details)


# A small league, every hand's chips written out (payments in the shape of 001 rules 15, 17, 21).
LEAGUE_HANDS = [
    # round 1: Ann wins self-drawn with 3 doubles: 8 from each (001 rule 21, full price)
    (
        "r1t1",
        TABLE_1,
        win({ANN: 24, BEN: -8, CAT: -8, DAN: -8}, ANN, self_drawn=True, doubles=3),
    ),
    # Ben wins on Cat's discard with 2 doubles: Cat full price 4, the others half price 2 (001 rule 17)
    ("r1t1", TABLE_1, HandResult("win", {BEN: 8, CAT: -4, ANN: -2, DAN: -2}, BEN, discarder=CAT, doubles=2)),
    # Dan claims a false win: 5 doubles, 32 to each other player (001 rule 15)
    ("r1t1", TABLE_1, HandResult("false_win", {DAN: -96, ANN: 32, BEN: 32, CAT: 32}, offender=DAN)),
    # round 2: Eve wins self-drawn with 5 doubles: 32 from each
    (
        "r2t1",
        TABLE_2,
        win({EVE: 96, ANN: -32, CAT: -32, FAY: -32}, EVE, self_drawn=True, doubles=5),
    ),
    # Cat wins on Ann's discard with 1 double: Ann 2, the others 1
    ("r2t1", TABLE_2, HandResult("win", {CAT: 4, ANN: -2, EVE: -1, FAY: -1}, CAT, discarder=ANN, doubles=1)),
]
SEATED_WITHOUT_HANDS = [(FAY, "r1t2")]  # Fay sat at a table where no hand was recorded

# The standings of that league, worked out by hand.
#          net chips                      sessions won self-drawn za hu biggest
EXPECTED_TOTALS = {
    ANN: (24 - 2 + 32 - 32 - 2, 2, 1, 1, 0, 3),  # = 20
    BEN: (-8 + 8 + 32, 1, 1, 0, 0, 2),  # = 32
    CAT: (-8 - 4 + 32 - 32 + 4, 2, 1, 0, 0, 1),  # = -8
    DAN: (-8 - 2 - 96, 1, 0, 0, 1, 0),  # = -106
    EVE: (96 - 1, 1, 1, 1, 0, 5),  # = 95
    FAY: (-32 - 1, 2, 0, 0, 0, 0),  # = -33
}


def league_totals():
    lines = [line for session, table, hand in LEAGUE_HANDS for line in hand_lines(hand, session, table)]
    return aggregate(lines, PLAYERS, seated=SEATED_WITHOUT_HANDS)


def test_totals_of_a_small_league_worked_out_by_hand():
    totals = {t.player_id: t for t in league_totals()}
    assert set(totals) == set(PLAYERS)
    for player, expected in EXPECTED_TOTALS.items():
        t = totals[player]
        assert (t.net_chips, t.sessions, t.hands_won, t.self_drawn_wins, t.za_hu, t.biggest_hand) == expected
        assert (t.name, t.club) == (PLAYERS[player].name, PLAYERS[player].club)
    assert sum(t.net_chips for t in totals.values()) == 0  # chips only move between players
    assert totals[ANN].chips_per_session == Fraction(20, 2)
    assert totals[FAY].chips_per_session == Fraction(-33, 2)


def test_an_entered_player_without_hands_has_a_row_of_zeros():
    totals = aggregate([], {7: PlayerInfo("Gus")})
    assert totals == [PlayerTotals(7, "Gus")]
    assert totals[0].chips_per_session == 0


def test_a_line_for_a_player_not_entered_is_refused():
    with pytest.raises(ValueError, match="not entered"):
        aggregate([HandLine(99, "s", 0)], PLAYERS)


def test_the_league_ranked_by_the_default_order():
    """Default: net chips, then hands won, then biggest hand (issue 6)."""
    ranked = rank(league_totals())
    assert [(r.rank, r.totals.name) for r in ranked] == [
        (1, "Eve"),
        (2, "Ben"),
        (3, "Ann"),
        (4, "Cat"),
        (5, "Fay"),
        (6, "Dan"),
    ]
    assert not any(r.shared for r in ranked)


def test_the_standings_agree_with_the_table_state():
    """A table's balances and the standings are two views of the same chips."""
    seats = dict(zip("ESWN", TABLE_1, strict=True))
    hands = [hand for session, _, hand in LEAGUE_HANDS if session == "r1t1"]
    state = table_state(seats, 400, hands)
    totals = aggregate([line for hand in hands for line in hand_lines(hand, "r1t1", TABLE_1)], PLAYERS)
    for t in totals:
        if t.player_id in TABLE_1:
            assert t.net_chips == state.balances[t.player_id] - 400


def totals(player_id, name, net, won=0, biggest=0, **more):
    return PlayerTotals(player_id, name, net_chips=net, hands_won=won, biggest_hand=biggest, **more)


# Ties: Zed and Amy are equal on every metric of the default order; Kim differs only in the third.
TIED = [
    totals(1, "Max", 50, won=3, biggest=4),
    totals(2, "Zed", 30, won=2, biggest=3),
    totals(3, "Amy", 30, won=2, biggest=3),
    totals(4, "Kim", 30, won=2, biggest=2),
    totals(5, "Lee", 10, won=9, biggest=9),
]


def test_equal_players_share_a_place_and_the_next_place_is_skipped():
    """Shared places: "1, 2, 2, 4"."""
    ranked = rank(TIED, shared_places=True)
    assert [(r.rank, r.totals.name, r.shared) for r in ranked] == [
        (1, "Max", False),
        (2, "Amy", True),  # shown in name order within the shared place
        (2, "Zed", True),
        (4, "Kim", False),  # behind Amy and Zed on the third metric, biggest hand
        (5, "Lee", False),
    ]


def test_without_shared_places_equal_players_are_ordered_by_name_then_id():
    ranked = rank(TIED, shared_places=False)
    assert [(r.rank, r.totals.name) for r in ranked] == [
        (1, "Max"),
        (2, "Amy"),
        (3, "Zed"),
        (4, "Kim"),
        (5, "Lee"),
    ]
    same_name = [totals(8, "Sam", 0), totals(7, "Sam", 0)]
    assert [r.totals.player_id for r in rank(same_name, shared_places=False)] == [7, 8]
    assert [r.rank for r in rank(same_name, shared_places=True)] == [1, 1]


@pytest.mark.parametrize(
    "order, expected",
    [
        (DEFAULT_ORDER, ["Eve", "Ben", "Ann", "Cat", "Fay", "Dan"]),
        # Self-drawn wins first: Ann (1, net 20) climbs over Ben (0, net 32)
        (("self_drawn_wins", "net_chips"), ["Eve", "Ann", "Ben", "Cat", "Fay", "Dan"]),
        # Biggest hand first: 5, 3, 2, 1 doubles, then Dan and Fay (0) by net chips
        (("biggest_hand", "net_chips"), ["Eve", "Ann", "Ben", "Cat", "Fay", "Dan"]),
        # Sessions played first (most first), then chips per session: Ann 10, Cat -4, Fay -16.5
        (("sessions", "chips_per_session"), ["Ann", "Cat", "Fay", "Eve", "Ben", "Dan"]),
        # A leading "-" takes a metric the other way: fewest sessions first
        (("-sessions", "net_chips"), ["Eve", "Ben", "Dan", "Ann", "Cat", "Fay"]),
    ],
)
def test_an_organiser_chosen_tie_break_order(order, expected):
    assert [r.totals.name for r in rank(league_totals(), order=order)] == expected


def test_fewer_za_hu_is_better_and_shared_places_follow_the_chosen_order():
    ranked = rank(league_totals(), order=("za_hu",))
    assert [(r.rank, r.totals.name) for r in ranked] == [
        (1, "Ann"),
        (1, "Ben"),
        (1, "Cat"),
        (1, "Eve"),
        (1, "Fay"),
        (6, "Dan"),  # the only false win (001 rule 15)
    ]


def test_chips_per_session_compares_exactly():
    rows = [PlayerTotals(1, "One", net_chips=1, sessions=3), PlayerTotals(2, "Two", net_chips=2, sessions=6)]
    assert [r.rank for r in rank(rows, order=("chips_per_session",))] == [1, 1]
    rows.append(PlayerTotals(3, "Three", net_chips=3, sessions=8))  # 3/8 > 1/3
    assert rank(rows, order=("chips_per_session",))[0].totals.name == "Three"


WITH_WITHDRAWN = [
    totals(1, "Max", 50),
    totals(2, "Wes", 40, withdrawn=True),
    totals(3, "Amy", 30),
]


@pytest.mark.parametrize(
    "policy, expected",
    [
        ("rank", [(1, "Max"), (2, "Wes"), (3, "Amy")]),  # kept, ranked and marked
        ("unranked", [(1, "Max"), (2, "Amy"), (None, "Wes")]),  # kept at the bottom without a rank
        ("exclude", [(1, "Max"), (2, "Amy")]),
    ],
)
def test_withdrawn_players_as_the_organiser_set_them_up(policy, expected):
    ranked = rank(WITH_WITHDRAWN, withdrawn=policy)
    assert [(r.rank, r.totals.name) for r in ranked] == expected
    assert all(r.totals.withdrawn == (r.totals.name == "Wes") for r in ranked)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"order": ("net_chips", "luck")}, "unknown metric 'luck'"),
        ({"order": ("net_chips", "-net_chips")}, "appears twice"),
        ({"order": "net_chips"}, "not one string"),
        ({"withdrawn": "hide"}, "unknown withdrawn policy"),
    ],
)
def test_a_ranking_that_cannot_be_is_refused(kwargs, message):
    with pytest.raises(ValueError, match=message):
        rank(TIED, **kwargs)


def test_a_player_twice_is_refused():
    with pytest.raises(ValueError, match="twice"):
        rank([totals(1, "Max", 0), totals(1, "Max", 0)])


def test_hand_lines_give_every_player_at_the_table_a_line():
    hand = HandResult("win", {BEN: 8, CAT: -4, ANN: -2, DAN: -2}, BEN, discarder=CAT, doubles=2)
    lines = hand_lines(hand, "s", (ANN, BEN, CAT, DAN))
    assert [(line.player_id, line.net, line.won, line.doubles) for line in lines] == [
        (ANN, -2, False, None),
        (BEN, 8, True, 2),
        (CAT, -4, False, None),
        (DAN, -2, False, None),
    ]
    draw = hand_lines(HandResult("draw"), "s", (ANN, BEN, CAT, DAN))
    assert [line.net for line in draw] == [0, 0, 0, 0] and not any(line.won for line in draw)
