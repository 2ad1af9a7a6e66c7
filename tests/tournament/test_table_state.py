"""The table's state as a fold over its hands (tournament.tables.state), read like the rule book.

Rule citations: 001 = SPGG Rules & Regulations 2023 (section A, rules 10, 14, 15, 20),
000 = Rules for Singapore Mahjong 2002 ("Banker Definition", "Prevailing Wind",
"Player Wind"), 002 = Singaporean Mahjong scoring rules ("Gameplay", "Draw"),
004 = the Singaporean rule card.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.tables.state import (
    DEAL_RULES,
    DealRules,
    HandResult,
    net_by_player,
    seat_of,
    table_history,
    table_state,
    winds_for_hand,
)

# The four players as first seated: Ann in the East seat, then counter-clockwise Ben, Cat, Dan.
ANN, BEN, CAT, DAN = 101, 102, 103, 104
SEATS = {"E": ANN, "S": BEN, "W": CAT, "N": DAN}
CAPITAL = 400  # 001 rule 14: "plastic chips of 400 dollars as Capital"
OTHERS = {p: tuple(q for q in (ANN, BEN, CAT, DAN) if q != p) for p in (ANN, BEN, CAT, DAN)}


def win(winner, *, discarder=None, kong_by=None):
    """A win; self-drawn unless a discarder is named. Small payments, in the shape of 001 rule 17."""
    if discarder is None:
        net = {winner: 12, **{p: -4 for p in OTHERS[winner]}}
    else:
        net = {winner: 8, **{p: -2 for p in OTHERS[winner]}, discarder: -4}
    return HandResult(
        "win",
        net=net,
        winner=winner,
        self_drawn=discarder is None,
        discarder=discarder,
        kong_declared=kong_by is not None,
        doubles=2,
    )


def draw(kong_by=None):
    """A draw (the tiles ran out); a declared kong is paid 1 by each other player (001 rule 22)."""
    if kong_by is None:
        return HandResult("draw")
    return HandResult("draw", net={kong_by: 3, **{p: -1 for p in OTHERS[kong_by]}}, kong_declared=True)


def za_hu(offender, kong=False):
    """A false win: the offender pays 5 doubles (32, 001 rules 15 and 21) to each other player."""
    net = {offender: -96, **{p: 32 for p in OTHERS[offender]}}
    return HandResult("false_win", net=net, offender=offender, kong_declared=kong)


KEEPS, PASSES = "keeps the deal", "passes the deal"

# A whole session, as a rule book would write it out. Each line: the hand number, the prevailing
# wind and the dealer it is played in, what happened, and where the deal goes next.
WHOLE_SESSION = [
    # --- East round: Ann (East seat) deals first (001 section A; 002 "Seat selection")
    (1, "E", ANN, win(ANN), KEEPS, "001 A: no limit to the banker's run while he wins"),
    (2, "E", ANN, win(ANN, discarder=CAT), KEEPS, "002 Gameplay: the dealer wins, status quo"),
    (3, "E", ANN, draw(), KEEPS, "001 rule 10: no winner and no kong, the banker deals again"),
    (4, "E", ANN, draw(kong_by=DAN), PASSES, "001 rule 10: no winner but a kong, the deal passes"),
    (5, "E", BEN, win(CAT, discarder=ANN), PASSES, "004: a player other than the dealer wins"),
    (6, "E", CAT, za_hu(DAN), KEEPS, "our choice: a false win is replayed with the same dealer"),
    (7, "E", CAT, win(ANN), PASSES, "002 Gameplay: another player wins, the deal rotates"),
    (8, "E", DAN, win(DAN, discarder=BEN), KEEPS, "004: the dealer wins"),
    (9, "E", DAN, win(BEN, discarder=CAT), PASSES, "back to the East seat: 000 the wind moves on"),
    # --- South round (000 "Prevailing Wind": after one full rotation the wind is South)
    (10, "S", ANN, win(BEN, discarder=DAN), PASSES, "002: the 1st dealer deals the first hand of a round"),
    (11, "S", BEN, draw(kong_by=BEN), PASSES, "001 rule 10: even the dealer's own kong passes it"),
    (12, "S", CAT, win(CAT), KEEPS, "004: the dealer wins"),
    (13, "S", CAT, win(DAN, kong_by=CAT), PASSES, "a kong does not matter when somebody wins"),
    (14, "S", DAN, win(ANN, discarder=DAN), PASSES, "back to the East seat: West round"),
    # --- West round
    (15, "W", ANN, draw(kong_by=CAT), PASSES, "001 rule 10"),
    (16, "W", BEN, win(ANN, discarder=BEN), PASSES, "004"),
    (17, "W", CAT, za_hu(CAT, kong=True), KEEPS, "our choice: replayed with the same dealer, kong or not"),
    (18, "W", CAT, win(BEN), PASSES, "004"),
    (19, "W", DAN, draw(), KEEPS, "001 rule 10"),
    (20, "W", DAN, win(CAT, discarder=ANN), PASSES, "back to the East seat: North round"),
    # --- North round: when the deal leaves the North seat the session is complete (000, 002)
    (21, "N", ANN, win(DAN), PASSES, "004"),
    (22, "N", BEN, win(BEN, discarder=ANN), KEEPS, "004: the dealer wins"),
    (23, "N", BEN, win(ANN, discarder=CAT), PASSES, "004"),
    (24, "N", CAT, draw(kong_by=ANN), PASSES, "001 rule 10"),
    (25, "N", DAN, win(ANN, discarder=BEN), PASSES, "000: after the North wind the round is complete"),
]

# 000 "Player Wind" and 001 rule 20: the dealer is East, the player to his right (counter-clockwise)
# South, then West, then North.
SEAT_WINDS_WHEN_DEALER = {
    ANN: {ANN: "E", BEN: "S", CAT: "W", DAN: "N"},
    BEN: {BEN: "E", CAT: "S", DAN: "W", ANN: "N"},
    CAT: {CAT: "E", DAN: "S", ANN: "W", BEN: "N"},
    DAN: {DAN: "E", ANN: "S", BEN: "W", CAT: "N"},
}

SESSION_HANDS = [hand for _, _, _, hand, _, _ in WHOLE_SESSION]


def balances_after(hands):
    """Capital plus every chip the hands moved, added up by hand (the ledger's view)."""
    balances = dict.fromkeys(SEATS.values(), CAPITAL)
    for hand in hands:
        for player, chips in hand.net.items():
            balances[player] += chips
    return balances


@pytest.mark.parametrize(
    "number, wind, dealer, hand, deal, rule", WHOLE_SESSION, ids=[f"hand {row[0]}" for row in WHOLE_SESSION]
)
def test_whole_session_rotation(number, wind, dealer, hand, deal, rule):
    row = table_history(SEATS, CAPITAL, SESSION_HANDS)[number - 1]
    assert (row.number, row.prevailing_wind, row.dealer) == (number, wind, dealer), rule
    assert row.dealer_kept_deal == (deal == KEEPS), rule
    assert row.seat_winds == SEAT_WINDS_WHEN_DEALER[dealer]
    assert row.balances_after == balances_after(SESSION_HANDS[:number])
    assert row.hand is hand and not row.after_end


def test_the_table_of_the_whole_session_is_consistent_with_itself():
    """The next line's dealer is the same dealer exactly when the line says it keeps the deal."""
    for line, next_line in zip(WHOLE_SESSION, WHOLE_SESSION[1:], strict=False):
        assert (line[2] == next_line[2]) == (line[4] == KEEPS), line[0]


@pytest.mark.parametrize(
    "after_hands, wind, dealer, hand_number",
    [
        (0, "E", ANN, 1),  # 001 section A: the East seat starts
        (3, "E", ANN, 4),  # Ann's run: two wins and a draw without kong
        (4, "E", BEN, 5),
        (9, "S", ANN, 10),  # the deal went all the way round: South wind, Ann deals again
        (14, "W", ANN, 15),
        (20, "N", ANN, 21),
        (24, "N", DAN, 25),
    ],
)
def test_state_between_hands(after_hands, wind, dealer, hand_number):
    state = table_state(SEATS, CAPITAL, SESSION_HANDS[:after_hands])
    assert (state.prevailing_wind, state.dealer, state.hand_number) == (wind, dealer, hand_number)
    assert state.seat_winds == SEAT_WINDS_WHEN_DEALER[dealer]
    assert state.balances == balances_after(SESSION_HANDS[:after_hands])
    assert not state.finished and state.finish_reason is None


def test_dealer_repeats_counts_the_run_of_the_current_dealer():
    assert table_state(SEATS, CAPITAL, SESSION_HANDS[:3]).dealer_repeats == 3  # win, win, draw
    assert table_state(SEATS, CAPITAL, SESSION_HANDS[:4]).dealer_repeats == 0  # the deal just passed


def test_the_session_ends_when_the_north_round_is_complete():
    state = table_state(SEATS, CAPITAL, SESSION_HANDS)
    assert state.finished and state.finish_reason == "north_round_complete"
    assert state.hands_played == 25 and state.hand_number == 26
    assert state.deals_passed == 15  # the sixteenth pass would start a fifth round: there is none
    # A finished session shows the deal of its last hand: North wind, Dan dealing.
    assert (state.prevailing_wind, state.dealer) == ("N", DAN)
    assert state.seat_winds == SEAT_WINDS_WHEN_DEALER[DAN]
    assert state.balances == balances_after(SESSION_HANDS)
    assert sum(state.balances.values()) == 4 * CAPITAL


def test_a_hand_recorded_after_the_end_moves_chips_but_not_the_deal():
    extra = win(CAT, discarder=ANN)
    state = table_state(SEATS, CAPITAL, [*SESSION_HANDS, extra])
    assert state.finish_reason == "north_round_complete" and state.hands_after_end == 1
    assert (state.prevailing_wind, state.dealer) == ("N", DAN)
    assert state.balances == balances_after([*SESSION_HANDS, extra])
    last = table_history(SEATS, CAPITAL, [*SESSION_HANDS, extra])[-1]
    assert last.after_end and last.number == 26 and not last.dealer_kept_deal


def big_win(winner, loser, chips):
    """A win on the loser's discard where only the discarder pays (enough to test the end)."""
    return HandResult("win", net={winner: chips, loser: -chips}, winner=winner, discarder=loser)


def test_the_session_ends_when_a_player_has_exhausted_his_capital():
    """001 rule 14: "Player who has exhausted his or her capital the round will shall end"."""
    hands = [big_win(ANN, DAN, 29), big_win(BEN, DAN, 1)]  # Dan: 30 -> 1 -> 0
    nearly = table_state(SEATS, 30, hands[:1])
    assert nearly.balances[DAN] == 1 and not nearly.finished  # one chip left: still playing
    state = table_state(SEATS, 30, hands)
    assert state.balances == {ANN: 59, BEN: 31, CAT: 30, DAN: 0}
    assert state.finished and state.finish_reason == "out_of_chips"
    # Ann kept the deal with her win, Ben's win would have passed it to him: the state stays at
    # the last hand played (Ann dealing, East wind), there is no next hand.
    assert (state.prevailing_wind, state.dealer, state.hand_number) == ("E", ANN, 3)
    assert state.seat_winds == SEAT_WINDS_WHEN_DEALER[ANN]


def test_a_negative_balance_also_ends_the_session():
    state = table_state(SEATS, 30, [big_win(CAT, BEN, 45)])
    assert state.balances[BEN] == -15 and state.finish_reason == "out_of_chips"


@pytest.mark.parametrize(
    "hands, ended, reason",
    [
        ([], True, "ended_by_organiser"),
        ([win(ANN)], True, "ended_by_organiser"),
        ([win(ANN)], False, None),
        ([big_win(ANN, DAN, 30)], True, "out_of_chips"),  # the first reason is kept
    ],
)
def test_the_organiser_ends_the_session(hands, ended, reason):
    """001 rule 14: "Game will also end as per competition timing stated"."""
    state = table_state(SEATS, 30, hands, ended=ended)
    assert state.finish_reason == reason and state.finished == (reason is not None)


def test_voiding_an_earlier_hand_replays_the_table_as_if_it_never_happened():
    hands = [win(ANN), win(BEN, discarder=DAN), win(CAT), draw()]
    # As played: Ann keeps; Ben wins -> Ben deals; Cat wins -> Cat deals; draw -> Cat keeps.
    before = table_state(SEATS, CAPITAL, hands)
    assert (before.dealer, before.hand_number) == (CAT, 5)
    # Hand 2 voided: Ann keeps; Cat wins -> Ben deals (the deal only passed once); draw -> Ben keeps.
    after = table_state(SEATS, CAPITAL, [hands[0], hands[2], hands[3]])
    assert (after.prevailing_wind, after.dealer, after.hand_number) == ("E", BEN, 4)
    assert after.seat_winds == SEAT_WINDS_WHEN_DEALER[BEN]
    assert after.balances == {ANN: 400 + 12 - 4, BEN: 400 - 4 - 4, CAT: 400 - 4 + 12, DAN: 400 - 4 - 4}
    # The hand list renumbers: Cat's win is now hand 2, dealt by Ann.
    rows = table_history(SEATS, CAPITAL, [hands[0], hands[2], hands[3]])
    assert [(r.number, r.dealer, r.hand.winner) for r in rows] == [
        (1, ANN, ANN),
        (2, ANN, CAT),
        (3, BEN, None),
    ]


@pytest.mark.parametrize(
    "hands, dealers, rule",
    [
        ([win(ANN), win(BEN), draw(), draw(kong_by=ANN)], [ANN, BEN, CAT, CAT, DAN], "000 Banker Definition"),
    ],
)
def test_in_the_2002_rules_every_win_passes_the_deal(hands, dealers, rule):
    """000: "When a player has Mahjong (GAME) or the tiles run out and someone has declared a KONG,
    the banker position rotates ... otherwise the banker remains the same"."""
    rules = DEAL_RULES["sgmj-2002"]
    rows = table_history(SEATS, CAPITAL, hands, rules=rules)
    assert [r.dealer for r in rows] == dealers[:-1], rule
    assert table_state(SEATS, CAPITAL, hands, rules=rules).dealer == dealers[-1], rule


@pytest.mark.parametrize(
    "hand, next_dealer",
    [
        (za_hu(BEN), ANN),  # no kong: like a draw without kong, the banker deals again
        (za_hu(BEN, kong=True), BEN),  # like a draw with a kong (001 rule 10): the deal passes
    ],
)
def test_a_false_win_can_be_treated_as_a_draw(hand, next_dealer):
    rules = DealRules(false_win_keeps_deal=False)
    assert table_state(SEATS, CAPITAL, [hand], rules=rules).dealer == next_dealer
    assert table_state(SEATS, CAPITAL, [hand]).dealer == ANN  # the default: always replayed


def test_every_rule_set_has_deal_rules():
    assert set(DEAL_RULES) == {"spgg-2023", "sg-tai-card", "sg-classic", "sgmj-2002"}


def test_translating_between_player_ids_and_the_seat_winds_of_settle():
    state = table_state(SEATS, CAPITAL, [win(BEN)])  # the deal passed once: Ben is East
    winds = winds_for_hand(state)
    assert winds == {"E": BEN, "S": CAT, "W": DAN, "N": ANN}
    assert [seat_of(state, p) for p in (ANN, BEN, CAT, DAN)] == ["N", "E", "S", "W"]
    # settle's answer for "South wins on West's discard" comes back in seat winds
    assert net_by_player(winds, {"E": -2, "S": 8, "W": -4, "N": -2}) == {BEN: -2, CAT: 8, DAN: -4, ANN: -2}
    with pytest.raises(ValueError, match="not at this table"):
        seat_of(state, 999)


@pytest.mark.parametrize(
    "build, message",
    [
        (lambda: HandResult("tie"), "unknown outcome"),
        (lambda: HandResult("win"), "needs its winner"),
        (lambda: HandResult("draw", winner=ANN), "has no winner"),
        (lambda: HandResult("false_win"), "needs its offender"),
        (lambda: HandResult("win", winner=ANN, net={ANN: 12, BEN: -4}), "sum to zero"),
    ],
)
def test_a_hand_result_refuses_nonsense(build, message):
    with pytest.raises(ValueError, match=message):
        build()


@pytest.mark.parametrize(
    "seats, capital, hands, message",
    [
        ({"E": 1, "S": 2, "W": 3}, 400, [], "exactly the seats"),
        ({"E": 1, "S": 2, "W": 3, "N": 3}, 400, [], "four different players"),
        (SEATS, 0, [], "capital"),
        (SEATS, 400, [win(ANN), HandResult("win", winner=999)], "hand 2 names players not at this table"),
    ],
)
def test_the_fold_refuses_a_table_that_cannot_be(seats, capital, hands, message):
    with pytest.raises(ValueError, match=message):
        table_state(seats, capital, hands)


def test_results_are_frozen_copies():
    net = {ANN: 12, BEN: -4, CAT: -4, DAN: -4}
    hand = HandResult("win", net=net, winner=ANN)
    net[ANN] = 0
    assert hand.net[ANN] == 12
    with pytest.raises(AttributeError):
        hand.outcome = "draw"


# --- invariants over any sequence of hands (hypothesis)

PLAYERS = (ANN, BEN, CAT, DAN)
any_hand = st.one_of(
    st.builds(win, st.sampled_from(PLAYERS)),
    st.permutations(PLAYERS).map(lambda p: win(p[0], discarder=p[1])),
    st.builds(draw, st.one_of(st.none(), st.sampled_from(PLAYERS))),
    st.builds(za_hu, st.sampled_from(PLAYERS), st.booleans()),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(any_hand, max_size=40))
def test_invariants_of_the_fold(hands):
    rows = table_history(SEATS, CAPITAL, hands)
    state = table_state(SEATS, CAPITAL, hands)
    assert sum(state.balances.values()) == 4 * CAPITAL  # chips are only moved, never made
    assert state.hand_number == len(hands) + 1 == len(rows) + 1
    order = "ESWN"
    positions = [4 * order.index(r.prevailing_wind) + order.index(seat_of_dealer(r.dealer)) for r in rows]
    assert positions == sorted(positions)  # the deal only ever moves on, counter-clockwise
    for row, next_row in zip(rows, rows[1:], strict=False):
        if not next_row.after_end:
            moved = positions[row.number] - positions[row.number - 1]
            assert moved == (0 if row.dealer_kept_deal else 1)
    for row in rows:
        assert sorted(row.seat_winds.values()) == sorted(order) and row.seat_winds[row.dealer] == "E"


def seat_of_dealer(player):
    return next(seat for seat, p in SEATS.items() if p == player)


PURE_MODULES = (
    "tables/state.py", "standings/rank.py", "counts/compare.py", "counts/integrity_stats.py",
    "season/choose.py", "season/dates.py", "standings/fair.py",
)  # fmt: skip


def test_the_modules_import_nothing_but_the_standard_library():
    """STYLE.md 1 and 3: the algorithms are pure. Load both files without the Django package's
    __init__ (which starts Celery) and check that no third-party module came in."""
    root = Path(__file__).resolve().parents[2]
    script = f"""
import importlib.util, sys, types
package = types.ModuleType("tournament"); package.__path__ = [{str(root / "tournament")!r}]
sys.modules["tournament"] = package
before = set(sys.modules)
for name in {PURE_MODULES!r}:
    path = {str(root)!r} + "/tournament/" + name
    spec = importlib.util.spec_from_file_location("tournament." + name[:-3].replace("/", "."), path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
new = {{m.split(".")[0] for m in set(sys.modules) - before}} - {{"tournament"}}
print(sorted(new - set(sys.stdlib_module_names)))
"""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
