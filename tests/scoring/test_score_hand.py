"""``score_hand`` as the contract (../shared/spec/scoring-api.md) says: parse, read every
decomposition, keep the best, cap at the limit, refuse below the minimum (001 rule 16),
instant wins, and the price.
"""

import random

import pytest

from scoring import InvalidInput, score_hand
from tests.scoring.scoring_cases import check, hand, tally

CONTRACT_HAND = {
    "rules": "spgg-2023",
    "prevailing_wind": "E",
    "seat_wind": "S",
    "concealed": ["B2", "B3", "B4", "D5", "D6", "D7", "C3", "C3"],
    "melds": [
        {"type": "chow", "tiles": ["C4", "C5", "C6"]},
        {"type": "kong", "tiles": ["RD", "RD", "RD", "RD"], "concealed": True},
    ],
    "bonus": ["F2", "CAT"],
    "winning_tile": "B4",
    "win": "discard",
    "events": [],
}

CONTRACT_RESULT = {
    "rules": "spgg-2023",
    "win": True,
    "doubles": 3,
    "limit": False,
    "items": [
        {"code": "dragon_pong", "name": "Pong of Red Dragons", "doubles": 1},
        {"code": "seat_flower", "name": "Own flower F2", "doubles": 1},
        {"code": "animal", "name": "Animal: Cat", "doubles": 1},
    ],
    "sets": [
        ["B2", "B3", "B4"],
        ["D5", "D6", "D7"],
        ["C4", "C5", "C6"],
        ["RD", "RD", "RD", "RD"],
        ["C3", "C3"],
    ],
    "payment": {"full": 8, "half": 4},
}

PLAIN = "B1 B2 B3 D4 D5 D6 C7 C8 C9 D9 D9 B5 B5 B5"  # worth nothing


def test_the_contract_example():
    result = score_hand(CONTRACT_HAND)
    # the contract's fields, exactly; the engine adds "rule" to each item and "ping_hu"
    for item in result["items"]:
        assert item.pop("rule").startswith("001 rule 23")
    assert result.pop("ping_hu") is False
    assert result == CONTRACT_RESULT


def test_items_add_up_to_the_uncapped_total():
    # 4 animals (5) + big dragons (5) + half flush (2) = 12, capped at 10 (001 rule 21's last row)
    data = hand("RD RD RD GD GD GD WD WD WD B1 B2 B3 B9 B9", bonus="CAT RAT ROOSTER CENTIPEDE")
    result = check(data, {"animal_set": 5, "big_dragons": 5, "half_flush": 2}, "001 rule 23d")
    assert sum(i["doubles"] for i in result["items"]) == 12
    assert result["doubles"] == 10 and result["limit"] is False
    assert result["payment"] == {"full": 82, "half": 66}


def test_the_engine_keeps_the_best_reading():
    # 111 222 333 reads as three pongs or three chows: the pongs make All Pongs
    result = score_hand(hand("B1 B1 B1 B2 B2 B2 B3 B3 B3 EW EW EW NW NW"))
    assert tally(result) == {"all_pongs": 2, "wind_pong": 1, "half_flush": 2}
    assert result["sets"][:3] == [["B1", "B1", "B1"], ["B2", "B2", "B2"], ["B3", "B3", "B3"]]


def test_below_the_minimum_is_not_a_win():
    result = score_hand(hand(PLAIN))
    assert result["win"] is False
    assert result["errors"][0]["code"] == "below_minimum_doubles"
    assert result["doubles"] == 0


def test_the_minimum_is_an_option():
    one_double = hand(PLAIN, bonus="F2", options={"min_doubles": 2})
    assert score_hand(one_double)["win"] is False
    assert score_hand(dict(one_double, options={"min_doubles": 0}))["win"] is True


def test_002_hosts_may_allow_one_point_on_a_self_pick():
    options = {"min_doubles": 2, "min_doubles_self_drawn": 1}
    discard = hand(PLAIN, bonus="F2", rules="sg-classic", options=options)
    assert score_hand(discard)["win"] is False
    # self-drawn: the own flower and the fully concealed hand make 2 anyway; take the flower away
    drawn = hand("B1 B2 B3 D4 D5 D6 C7 C8 C9 D9 D9", melds=["pong B5"], win="self_draw", bonus="F2")
    drawn.update(rules="sg-classic", options=options)
    assert score_hand(drawn)["win"] is True


def test_000_thirteen_wonders_wins_whatever_the_minimum():
    data = hand("B1 B9 D1 D9 C1 C9 EW SW WW NW RD GD WD WD", rules="sgmj-2002", options={"min_doubles": 5})
    data["options"]["thirteen_wonders"] = 1
    assert score_hand(data)["win"] is True


def test_an_incomplete_hand_is_not_a_win():
    result = score_hand(hand("B1 B2 B4 D4 D5 D6 C7 C8 C9 D9 D9 B5 B5 B5"))
    assert result == {
        "rules": "spgg-2023",
        "win": False,
        "errors": [
            {
                "code": "incomplete_hand",
                "message": "The tiles do not make a winning hand: four sets and an eye (or a special hand).",
                "field": "concealed",
            }
        ],
    }


def test_a_fifth_copy_is_not_a_win():
    result = score_hand(hand("B5 B2 B3 D4 D5 D6 C7 C8 C9 D9 D9", melds=["kong B5"]))
    assert result["win"] is False and result["errors"][0]["code"] == "too_many_copies"


def test_malformed_input_raises():
    with pytest.raises(InvalidInput):
        score_hand(hand("B1 B2 X3 D4 D5 D6 C7 C8 C9 D9 D9 B5 B5 B5", winning="B1"))
    with pytest.raises(InvalidInput):
        score_hand(hand(PLAIN, rules="no-such-rules"))
    with pytest.raises(InvalidInput):
        score_hand(hand(PLAIN, options={"big_winds": "many"}))


# ------------------------------------------------------------ instant wins

SEVEN_FLOWERS = "F1 F2 F3 F4 S1 S2 S3"
THIRTEEN_TILES = "B1 B4 B7 D2 D5 D8 C3 C6 C9 EW SW WW NW"  # nothing near a winning hand


INSTANT = [
    ("spgg-2023", "eight flowers, no complete hand", {"bonus": SEVEN_FLOWERS + " S4"}, {"eight_flowers": 10}),
    (
        "spgg-2023",
        "seven flowers robbing the eighth",
        {"bonus": SEVEN_FLOWERS, "events": ["robbing_eighth_flower"]},
        {"robbing_eighth_flower": 10},
    ),
    ("sg-tai-card", "all 8 flowers and seasons", {"bonus": SEVEN_FLOWERS + " S4"}, {"eight_flowers": 5}),
    ("sg-classic", "8 flower tile-set", {"bonus": SEVEN_FLOWERS + " S4"}, {"eight_flowers": 5}),
    ("sgmj-2002", "eight flower suit tile game", {"bonus": SEVEN_FLOWERS + " S4"}, {"eight_flowers": 5}),
]


@pytest.mark.parametrize(("rules", "case", "extra", "expected"), INSTANT)
def test_instant_flower_wins_need_no_complete_hand(rules, case, extra, expected):
    data = hand(
        THIRTEEN_TILES, winning=None, rules=rules, bonus=extra["bonus"], events=extra.get("events", ())
    )
    result = check(data, expected, "")
    assert result["win"] is True


def test_three_dragon_pongs_win_at_once_under_spgg_for_five_doubles():
    data = hand("B1 B4 D7 C2", melds=["pong RD", "pong GD", "pong WD"], winning=None, bonus="F2")
    result = check(data, {"big_dragons": 5, "seat_flower": 1}, "001 rule 23h")
    assert result["limit"] is False and result["doubles"] == 6
    assert result["sets"] == [["RD", "RD", "RD"], ["GD", "GD", "GD"], ["WD", "WD", "WD"]]


SCHOLARS = ["pong RD", "pong GD", "pong WD"]

THREE_GREAT_SCHOLARS = [
    # (case, concealed, winning tile, limit, doubles, a limit hand)
    ("classic auto win at limit 5: 5 points, no limit hand (002 line 574)", "B1 B4 D7 C2", None, 5, 5, False),
    ("classic auto win at limit 6: still 5 points (002 line 574)", "B1 B4 D7 C2", None, 6, 5, False),
    ("classic complete hand at limit 6: the limit (002 line 570)", "B1 B2 B3 C5 C5", "C5", 6, 6, True),
]  # fmt: skip


@pytest.mark.parametrize(
    ("case", "concealed", "winning", "limit", "doubles", "is_limit"),
    THREE_GREAT_SCHOLARS,
    ids=[c[0] for c in THREE_GREAT_SCHOLARS],
)
def test_three_great_scholars_won_at_once_earn_five_points_under_sg_classic(
    case, concealed, winning, limit, doubles, is_limit
):
    """002 line 574 (Three Great Scholars, Note 1): invoking the auto win "earns that player 5 points
    (which may not be the 'limit')"; a complete hand of the three dragon pongs "scores the limit" (line
    570). The engine gave the auto win the limit: 6 at a limit of six."""
    data = hand(concealed, melds=SCHOLARS, winning=winning, rules="sg-classic", win="self_draw")
    data["options"] = {"limit_doubles": limit}
    result = score_hand(data)
    assert (result["win"], result["doubles"], result["limit"]) == (True, doubles, is_limit), case
    if not is_limit:
        (item,) = result["items"]
        assert item["code"] == "big_dragons" and item["rule"].startswith("002 line 574"), case
        assert result["payment"] == {"full": 32, "half": 16}, case  # the 5-point row, not the limit's


def test_four_wind_pongs_win_at_once_under_the_tai_card():
    data = hand("B1", melds=["pong EW", "pong SW", "pong WW", "pong NW"], winning=None, rules="sg-tai-card")
    check(data, {"big_winds": 5}, "004 tai table")


def test_sgmj_dragon_set_auto_win_is_only_a_variation():
    data = hand("B1 B4 D7 C2", melds=["pong RD", "pong GD", "pong WD"], winning=None, rules="sgmj-2002")
    result = score_hand(data)
    assert result["win"] is False and result["errors"][0]["code"] == "winning_tile_required"
    data["options"] = {"instant_wins": ["eight_flowers", "robbing_eighth_flower", "big_dragons"]}
    assert check(data, {"big_dragons": 5}, "000")["win"] is True


def test_an_incomplete_hand_with_eight_flowers_and_a_winning_tile_still_wins():
    data = hand(THIRTEEN_TILES + " B1", bonus=SEVEN_FLOWERS + " S4")
    assert check(data, {"eight_flowers": 10}, "001 rule 24g")["win"] is True


# ------------------------------------------------------------ events that cannot be

IMPOSSIBLE = [
    ("heavenly for a non-dealer", dict(seat="S", win="self_draw", events=["heavenly"])),
    ("heavenly on a discard", dict(seat="E", win="discard", events=["heavenly"])),
    ("earthly for the dealer", dict(seat="E", events=["earthly"])),
    ("a replacement tile on a discard", dict(bonus="F1", events=["flower_replacement"])),
    ("a flower replacement with no bonus tile", dict(win="self_draw", events=["flower_replacement"])),
    ("a kong replacement with no kong", dict(win="self_draw", events=["kong_replacement"])),
    ("robbing a kong on a self-draw", dict(win="self_draw", events=["robbing_kong"])),
    ("robbing the eighth flower with two flowers", dict(bonus="F1 F2", events=["robbing_eighth_flower"])),
    ("the last tile on a discard", dict(events=["last_tile"])),
]


@pytest.mark.parametrize(("case", "kw"), IMPOSSIBLE)
def test_impossible_events_are_not_a_win(case, kw):
    result = score_hand(hand(PLAIN, **kw))
    assert result["win"] is False
    assert all(e["field"] == "events" for e in result["errors"])


# ------------------------------------------------------------ long and short hands (001 rule 28)
# 28a "More Than 13 Tiles Drawn ... Player cannot Kong or game"; 28b "Less Than 13 Tiles ... Player
# cannot game, but may Kong ... Player can pong." A kong counts three tiles, so a meld never makes a
# long or short hand whole. (case, concealed tiles, melds, a legal win?)
AFTER_DRAGON = "B1 B2 B3 D4 D5 D6 C7 C8 C9 D9 D9"
TILE_COUNT = [
    ("a kong counts three: 11 tiles and a kong make 14", AFTER_DRAGON, ["kong RD"], True),
    ("28a a long hand that konged cannot game", AFTER_DRAGON + " C1", ["kong RD"], False),
    ("28a a long hand that ponged cannot game", AFTER_DRAGON + " C1", ["pong RD"], False),
    ("28b a short hand may kong but cannot game", "B1 B2 B3 D4 D5 D6 C7 C8 D9 D9", ["kong RD"], False),
    ("28b a short hand may pong but cannot game", "B1 B2 B3 D4 D5 D6 C7 C8 D9 D9", ["pong RD"], False),
]


@pytest.mark.parametrize(("case", "concealed", "melds", "legal"), TILE_COUNT, ids=[c[0] for c in TILE_COUNT])
def test_a_long_or_short_hand_cannot_game_whatever_it_melded(case, concealed, melds, legal):
    result = score_hand(hand(concealed, melds=melds))
    assert result["win"] is legal, case
    if not legal:
        assert [(e["code"], e["field"]) for e in result["errors"]] == [("wrong_tile_count", "concealed")]
        assert "001 rule 28" in result["errors"][0]["message"]


# ------------------------------------------------------------ determinism


def test_order_of_tiles_and_melds_never_changes_the_result():
    data = hand("B2 B3 B4 B6 B7 D8 D8 B5", melds=["chow D4 D5 D6", "pong RD"], bonus="F2 CAT")
    expected = score_hand(data)
    rng = random.Random(7)
    for _ in range(20):
        shuffled = dict(data)
        shuffled["concealed"] = rng.sample(data["concealed"], len(data["concealed"]))
        shuffled["melds"] = rng.sample(data["melds"], len(data["melds"]))
        shuffled["bonus"] = rng.sample(data["bonus"], len(data["bonus"]))
        assert score_hand(shuffled) == expected


def test_every_rule_set_scores_the_same_hand():
    data = hand("RD RD RD B2 B3 B4 B6 B7 B8 D2 D3 D4 NW NW", bonus="F2")
    for rules in ("spgg-2023", "sg-tai-card", "sg-classic", "sgmj-2002"):
        result = score_hand(dict(data, rules=rules))
        assert result["rules"] == rules
        assert tally(result) == {"dragon_pong": 1, "seat_flower": 1}
        assert result["doubles"] == 2


def test_order_of_melds_never_changes_an_instant_win():
    data = hand("B1 B4 D7 C2", melds=["pong WD", "pong RD", "pong GD"], winning=None)
    flipped = dict(data, melds=data["melds"][::-1], concealed=data["concealed"][::-1])
    assert score_hand(flipped) == score_hand(data)
    assert score_hand(data)["sets"][0] == ["RD", "RD", "RD"]


@pytest.mark.parametrize("key", ["limit_hands", "instant_wins", "min_doubles_exempt"])
def test_an_unknown_hand_in_a_list_of_hands_is_malformed(key):
    with pytest.raises(InvalidInput) as caught:
        score_hand(hand(PLAIN, options={key: ["big_wind"]}))
    assert caught.value.errors[0].field == f"options.{key}"
