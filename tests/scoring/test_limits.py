"""Limit hands (special hands): 001 rule 24 a-j and their namesakes in 004, 002 and 000.

A limit hand counts the rule set's limit (10 doubles in spgg-2023, 5 in the
others), is flagged ``limit`` and shows only its limit items. 000 has no limit
hands: its big hands are worth a number of doubles, capped at 5.
"""

import pytest

from scoring import score_hand
from tests.scoring.scoring_cases import check, hand

ALL_HONOURS = "EW EW EW SW SW SW WW WW WW RD RD RD GD GD"
CONCEALED_PONGS = "B1 B1 B1 D4 D4 D4 C7 C7 C7 B5 B5 B5 D9 D9"
PURE_TERMINALS = "B1 B1 B1 B9 B9 B9 D1 D1 D1 D9 D9 D9 C1 C1"
NINE_GATES = "B1 B1 B1 B2 B3 B4 B6 B7 B8 B9 B9 B9 B5 B5"  # 1112345678999 + 5, won on a 5
WONDERS = "B1 B9 D1 D9 C1 C9 EW SW WW NW RD GD WD WD"
FOUR_KONGS = ["kong B2", "kong D3", "kong C4", "kong RD"]
PLAIN = "B1 B2 B3 D4 D5 D6 C7 C8 C9 D9 D9 B5 B5 B5"


def nine_gates_on(tile: str, **kw) -> dict:
    """1112345678999 of bamboo plus ``tile``, won on ``tile``."""
    tiles = "B1 B1 B1 B2 B3 B4 B5 B6 B7 B8 B9 B9 B9".split()
    return hand(" ".join(tiles + [tile]), **kw)


SPGG = [
    ("pong all winds and dragons only", hand(ALL_HONOURS), {"all_honours": 10}, "001 rule 24b"),
    (
        "all triplets and an eye, concealed self-drawn win (Kam Kam Hu)",
        hand(CONCEALED_PONGS, win="self_draw"),
        {"hidden_treasure": 10},
        "001 rule 24c",
    ),
    (
        "hidden treasure with a concealed kong",
        hand("B1 B1 B1 D4 D4 D4 C7 C7 C7 D9 D9", melds=["kong B5 concealed"], win="self_draw"),
        {"hidden_treasure": 10},
        "001 rule 24c",
    ),
    ("all triplets won on a discard are not hidden", hand(CONCEALED_PONGS), {"all_pongs": 2}, "001 rule 23j"),
    (
        "an exposed pong spoils the hidden treasure",
        hand("B1 B1 B1 D4 D4 D4 C7 C7 C7 D9 D9", melds=["pong B5"], win="self_draw"),
        {"all_pongs": 2},
        "001 rule 23j",
    ),
    ("4 kongs", hand("D9 D9", melds=FOUR_KONGS), {"four_kongs": 10}, "001 rule 24d"),
    ("pong all numeric 1 and 9, terminal pair", hand(PURE_TERMINALS), {"pure_terminals": 10}, "001 rule 24e"),
    ("nine heavenly gates", hand(NINE_GATES), {"nine_gates": 10}, "001 rule 24f"),
    ("nine gates on any tile of the suit, discard", nine_gates_on("B9"), {"nine_gates": 10}, "001 rule 24f"),
    (
        "nine gates with an open meld is just a flush",
        hand("B1 B1 B1 B2 B3 B4 B5 B6 B9 B9 B9", melds=["chow B6 B7 B8"], winning="B5"),
        {"full_flush": 4},
        "001 rule 23m",
    ),
    ("13 wonders", hand(WONDERS), {"thirteen_wonders": 10}, "001 rule 24j"),
    (
        "heavenly win for the banker",
        hand(PLAIN, seat="E", win="self_draw", events=["heavenly"]),
        {"heavenly": 10},
        "001 rule 24h",
    ),
    ("earthly win for a non-banker", hand(PLAIN, events=["earthly"]), {"earthly": 10}, "001 rule 24i"),
]

TAI_CARD = [
    ("All Honours", hand(ALL_HONOURS, rules="sg-tai-card"), {"all_honours": 5}, "004 tai table"),
    ("All Terminals", hand(PURE_TERMINALS, rules="sg-tai-card"), {"pure_terminals": 5}, "004 tai table"),
    (
        "Hidden Treasure: 4 concealed pungs, self-drawn",
        hand(CONCEALED_PONGS, win="self_draw", rules="sg-tai-card"),
        {"hidden_treasure": 5},
        "004 tai table",
    ),
    ("13 Orphans", hand(WONDERS, rules="sg-tai-card"), {"thirteen_wonders": 5}, "004 tai table"),
    ("9 Gates", hand(NINE_GATES, rules="sg-tai-card"), {"nine_gates": 5}, "004 tai table"),
    ("4 Kongs", hand("D9 D9", melds=FOUR_KONGS, rules="sg-tai-card"), {"four_kongs": 5}, "004 tai table"),
    (
        "Heavenly Hand",
        hand(PLAIN, seat="E", win="self_draw", events=["heavenly"], rules="sg-tai-card"),
        {"heavenly": 5},
        "004 tai table",
    ),
    ("Earthy Hand", hand(PLAIN, events=["earthly"], rules="sg-tai-card"), {"earthly": 5}, "004 tai table"),
]

CLASSIC = [
    ("All Honours", hand(ALL_HONOURS, rules="sg-classic"), {"all_honours": 5}, "002 All Honours"),
    ("Pure Terminals", hand(PURE_TERMINALS, rules="sg-classic"), {"pure_terminals": 5}, "002 Pure Terminals"),
    (
        "Hidden Treasure must be self-picked",
        hand(CONCEALED_PONGS, win="self_draw", rules="sg-classic"),
        {"hidden_treasure": 5},
        "002 Hidden Treasure",
    ),
    (
        "house rule: four hidden triplets, the eye on a discard",
        hand(
            "B1 B1 B1 D4 D4 D4 C7 C7 C7 B5 B5 B5 D9 D9",
            rules="sg-classic",
            options={"hidden_treasure_self_drawn": False},
        ),
        {"hidden_treasure": 5},
        "002 Hidden Treasure",
    ),
    (
        "pure Nine Gates on a discard",
        hand(NINE_GATES, rules="sg-classic"),
        {"nine_gates": 5},
        "002 Nine Gates",
    ),
    (
        "impure Nine Gates on a discard is only a full flush",
        hand("B1 B1 B1 B2 B3 B4 B5 B5 B6 B7 B8 B9 B9 B9", winning="B9", rules="sg-classic"),
        {"full_flush": 4},
        "002 Full Flush",
    ),
    (
        "impure Nine Gates completed by Self-Pick",
        hand("B1 B1 B1 B2 B3 B4 B5 B5 B6 B7 B8 B9 B9 B9", winning="B9", win="self_draw", rules="sg-classic"),
        {"nine_gates": 5},
        "002 Nine Gates",
    ),
    ("Thirteen Wonders", hand(WONDERS, rules="sg-classic"), {"thirteen_wonders": 5}, "002 Thirteen Wonders"),
    (
        "Eighteen Arhats",
        hand("D9 D9", melds=FOUR_KONGS, rules="sg-classic"),
        {"four_kongs": 5},
        "002 Eighteen",
    ),
    (
        "Heavenly Hand",
        hand(PLAIN, seat="E", win="self_draw", events=["heavenly"], rules="sg-classic"),
        {"heavenly": 5},
        "002 Heavenly Hand",
    ),
    ("Earthly Hand", hand(PLAIN, events=["earthly"], rules="sg-classic"), {"earthly": 5}, "002 Earthly Hand"),
]

SGMJ = [
    (
        "All one's and nine's game: 5 doubles with all pong",
        hand(PURE_TERMINALS, rules="sgmj-2002"),
        {"pure_terminals": 5, "all_pongs": 2},
        "000 How to get doubles?",
    ),
    (
        "honours only is a Full Color game",
        hand(ALL_HONOURS, rules="sgmj-2002"),
        {"all_honours": 4, "all_pongs": 2, "wind_pong": 2, "dragon_pong": 1},
        "000 Full Color game",
    ),
    ("13 Wonders game: 5 doubles", hand(WONDERS, rules="sgmj-2002"), {"thirteen_wonders": 5}, "000 How"),
    (
        "four kongs are just all pongs",
        hand("D9 D9", melds=FOUR_KONGS, rules="sgmj-2002"),
        {"all_pongs": 2, "dragon_pong": 1},
        "000 How",
    ),
    (
        "four concealed pongs self-drawn are just all pongs",
        hand(CONCEALED_PONGS, win="self_draw", rules="sgmj-2002"),
        {"all_pongs": 2},
        "000 How",
    ),
    (
        "no heavenly hand in 000",
        hand(PLAIN, seat="E", win="self_draw", events=["heavenly"], rules="sgmj-2002"),
        {},
        "",
    ),
]


@pytest.mark.parametrize(("case", "data", "expected", "rule"), SPGG + TAI_CARD + CLASSIC + SGMJ)
def test_limit_hands(case, data, expected, rule):
    result = check(data, expected, rule)
    limit_codes = {c for c, d in expected.items() if d == (10 if data["rules"] == "spgg-2023" else 5)}
    if data["rules"] != "sgmj-2002" and limit_codes and len(expected) == 1:
        assert result["limit"] is True
        assert result["doubles"] == result["items"][0]["doubles"]


def test_a_limit_hand_shows_only_its_limit_items():
    # all honours with a dragon pong and flowers: only the limit is shown and counted
    result = check(hand(ALL_HONOURS, bonus="F2 CAT"), {"all_honours": 10}, "001 rule 24b")
    assert result["limit"] is True and result["doubles"] == 10
    assert result["payment"] == {"full": 405, "half": 203}


def test_two_limit_hands_add_their_items_but_count_the_limit_once():
    result = hand("EW EW EW SW SW SW WW WW WW NW NW NW GD GD")  # Four Blessings in All Honours
    scored = check(result, {"big_winds": 10, "all_honours": 10}, "001 rule 24a")
    assert scored["doubles"] == 10


def test_sgmj_has_no_limit_hands():
    result = check(hand(WONDERS, rules="sgmj-2002"), {"thirteen_wonders": 5}, "000")
    assert result["limit"] is False


SEVEN_PAIRS = "B1 B1 D2 D2 C3 C3 B5 B5 D7 D7 C9 C9 RD RD"


def test_seven_pairs_is_off_by_default_in_every_rule_set():
    for rules in ("spgg-2023", "sg-tai-card", "sg-classic", "sgmj-2002"):
        result = score_hand(hand(SEVEN_PAIRS, rules=rules))
        assert result["win"] is False and result["errors"][0]["code"] == "incomplete_hand"


def test_seven_pairs_as_a_002_house_rule_scores_two_points():
    result = check(
        hand(SEVEN_PAIRS, rules="sg-classic", options={"seven_pairs": 2}),
        {"seven_pairs": 2},
        "002 Seven Pairs",
    )
    assert len(result["sets"]) == 7 and result["sets"][-1] == ["RD", "RD"]


def test_seven_pairs_with_four_alike_counts_no_pong():
    data = hand(
        "RD RD RD RD D2 D2 C3 C3 B5 B5 D7 D7 C9 C9",
        rules="sg-classic",
        options={"seven_pairs": 2, "seven_pairs_four_alike": True},
    )
    check(data, {"seven_pairs": 2}, "002 Seven Pairs")


# ------------------------------------------------ Heavenly and Earthly hands: no claimed meld
# Both are won before the winner has had a turn: the dealer's first draw (001 rule 24h "Banker games
# without discarding the first tile"; 002; 004 "on her initial turn") or the dealer's first discard
# (001 rule 24i "games when Banker discarded the first tile"; 002 "wins from the dealer's first
# discard"), so no meld can have been claimed. 004 also allows the non-dealer's first draw.
AFTER_PONG = "B1 B2 B3 D4 D5 D6 C7 C8 C9 D9 D9"  # PLAIN with its B5 pong claimed
AFTER_CHOW = "B1 B2 B3 C7 C8 C9 D9 D9 B5 B5 B5"  # PLAIN with its D4-D6 chow claimed

# (case, hand, the limit item or the refusal's code, rule)
HEAVEN_AND_EARTH = [
    ("Heavenly: the dealer wins on the opening draw",
     hand(PLAIN, seat="E", win="self_draw", events=["heavenly"]), "heavenly", "001 rule 24h"),
    ("Heavenly with a claimed pong is refused",
     hand(AFTER_PONG, melds=["pong B5"], seat="E", win="self_draw", events=["heavenly"]),
     "event_not_possible", "001 rule 24h"),
    ("Heavenly with a kong declared concealed at the deal",
     hand(AFTER_PONG, melds=["kong B5 concealed"], seat="E", win="self_draw", events=["heavenly"]),
     "heavenly", "001 rule 24h: after all replacement tiles have been drawn"),
    ("Earthly: on the dealer's first discard", hand(PLAIN, events=["earthly"]), "earthly", "001 rule 24i"),
    ("Earthly with a claimed chow is refused", hand(AFTER_CHOW, melds=["chow D4 D5 D6"], events=["earthly"]),
     "event_not_possible", "001 rule 24i"),
    ("Earthly self-drawn is refused", hand(PLAIN, win="self_draw", events=["earthly"]),
     "event_needs_discard", "001 rule 24i: when Banker discarded the first tile"),
    ("Earthly self-drawn where the organiser reads 24i loosely",
     hand(PLAIN, win="self_draw", events=["earthly"], options={"earthly_self_drawn": True}),
     "earthly", "001 rule 24i, option earthly_self_drawn"),
    ("tai card: Earthy Hand on the non-dealer's 1st turn, self-drawn",
     hand(PLAIN, win="self_draw", events=["earthly"], rules="sg-tai-card"), "earthly", "004 tai table"),
    ("tai card: Earthy Hand with a melded pong is refused",
     hand(AFTER_PONG, melds=["pong B5"], events=["earthly"], rules="sg-tai-card"),
     "event_not_possible", "004 tai table"),
    ("tai card: Heavenly Hand with a melded kong is refused",
     hand(AFTER_PONG, melds=["kong B5"], seat="E", win="self_draw", events=["heavenly"], rules="sg-tai-card"),
     "event_not_possible", "004 tai table"),
    ("classic: Earthly Hand self-drawn is refused",
     hand(PLAIN, win="self_draw", events=["earthly"], rules="sg-classic"),
     "event_needs_discard", "002 Earthly Hand"),
    ("classic: Earthly Hand with a claimed chow is refused",
     hand(AFTER_CHOW, melds=["chow D4 D5 D6"], events=["earthly"], rules="sg-classic"),
     "event_not_possible", "002 Earthly Hand"),
    ("classic: Heavenly Hand with an exposed kong is refused",
     hand(AFTER_PONG, melds=["kong B5"], seat="E", win="self_draw", events=["heavenly"], rules="sg-classic"),
     "event_not_possible", "002 Heavenly Hand"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("case", "data", "expected", "rule"), HEAVEN_AND_EARTH, ids=[c[0] for c in HEAVEN_AND_EARTH]
)
def test_heavenly_and_earthly_hands_hold_no_claimed_meld(case, data, expected, rule):
    result = score_hand(data)
    if expected in ("heavenly", "earthly"):
        assert result["win"] is True and result["limit"] is True, f"{case} ({rule})"
        assert [i["code"] for i in result["items"]] == [expected], f"{case} ({rule})"
    else:
        assert result["win"] is False, f"{case} ({rule})"
        assert [(e["code"], e["field"]) for e in result["errors"]] == [(expected, "events")], (
            f"{case} ({rule})"
        )
