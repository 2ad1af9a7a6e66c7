"""Doubles to chips for each rule set, instant payouts, and the short-of-chips policy."""

import pytest

from scoring.errors import InvalidInput
from scoring.payments import cap_to_balances, instant_amount, net_of, price, win_shares
from scoring.rulesets import get_ruleset

SPGG = get_ruleset("spgg-2023")


# 001 rule 21, row by row: doubles, full price, half price.
@pytest.mark.parametrize(
    "doubles, full, half",
    [(1, 2, 1), (2, 4, 2), (3, 8, 4), (4, 16, 8), (5, 32, 16), (6, 42, 26), (7, 52, 36)]
    + [(8, 62, 46), (9, 72, 56), (10, 82, 66)],
)
def test_spgg_price_table_of_rule_21(doubles, full, half):
    assert price(SPGG, doubles) == {"full": full, "half": half}


@pytest.mark.parametrize(
    "case, rules_id, doubles, kwargs, expected, rule",
    [
        ("Ping Hu of four doubles", "spgg-2023", 4, {"ping_hu": True}, (20, 10), "001 rule 21 PING HU (4)"),
        (
            "Ping Hu with a fifth double is priced by the table",
            "spgg-2023",
            5,
            {"ping_hu": True},
            (32, 16),
            "001 rule 21",
        ),
        ("a limit hand is the printed 405", "spgg-2023", 0, {"limit": True}, (405, 203), "001 rule 24"),
        ("more than ten doubles pay ten", "spgg-2023", 13, {}, (82, 66), "001 rule 21"),
        ("tai card 1 tai scores 1", "sg-tai-card", 1, {}, (2, 1), "004 tai to points"),
        ("tai card 3 tai scores 4", "sg-tai-card", 3, {}, (8, 4), "004 tai to points"),
        ("tai card 5 tai scores 16", "sg-tai-card", 5, {}, (32, 16), "004 5 or more"),
        ("tai card 7 tai still 16", "sg-tai-card", 7, {}, (32, 16), "004 5 or more"),
        ("tai card has no Ping Hu price", "sg-tai-card", 4, {"ping_hu": True}, (16, 8), "004"),
        ("classic 1 point: S$1, guilty S$2", "sg-classic", 1, {}, (2, 1), "002 payout table"),
        ("classic 4 points: S$8, guilty S$16", "sg-classic", 4, {}, (16, 8), "002 payout table"),
        ("classic limit: S$16, guilty S$32", "sg-classic", 5, {}, (32, 16), "002 5 (Limit)"),
        ("classic 6 points capped at the limit", "sg-classic", 6, {}, (32, 16), "002 limit"),
        ("classic special hand", "sg-classic", 0, {"limit": True}, (32, 16), "002 Special Hands"),
        ("2002: no doubles, 1 point", "sgmj-2002", 0, {}, (2, 1), "000 How do you score?"),
        ("2002: 3 doubles, 16 from the discarder and 8", "sgmj-2002", 3, {}, (16, 8), "000 example"),
        ("2002: limit of 5 doubles", "sgmj-2002", 9, {}, (64, 32), "000 Maximum doubles"),
    ],
)
def test_price_by_rule_set(case, rules_id, doubles, kwargs, expected, rule):
    got = price(get_ruleset(rules_id), doubles, **kwargs)
    assert (got["full"], got["half"]) == expected, f"{case} ({rule})"


# An organiser changes only the limit: (case, rule set, options, price(...) arguments, (full, half), rule).
LIMIT_CHANGES = [
    ("classic limit six: a 6-point hand S$32, guilty S$64", "sg-classic", {"limit_doubles": 6},
     {"doubles": 6}, (64, 32), "002 Scoring points: five (or six)"),
    ("classic limit six: 7 points paid as six", "sg-classic", {"limit_doubles": 6},
     {"doubles": 7}, (64, 32), "002 Scoring points"),
    ("classic limit six: a special hand pays the limit of six", "sg-classic", {"limit_doubles": 6},
     {"doubles": 0, "limit": True}, (64, 32), "002 Special Hands: double that of the limit"),
    ("classic limit six: 5 points are no longer the limit", "sg-classic", {"limit_doubles": 6},
     {"doubles": 5}, (32, 16), "002 payout table"),
    ("classic limit three: a special hand pays the limit of three", "sg-classic", {"limit_doubles": 3},
     {"doubles": 0, "limit": True}, (8, 4), "002 Scoring points"),
    ("classic limit three: 5 points paid as three", "sg-classic", {"limit_doubles": 3},
     {"doubles": 5}, (8, 4), "002 Scoring points"),
    ("tai card limit of 6 tai: score 32", "sg-tai-card", {"limit_doubles": 6},
     {"doubles": 6}, (64, 32), "004 Tai to points: 1, 2, 4, 8, 16"),
    ("2002 limit of 6 doubles: 2^6 points, double from the discarder", "sgmj-2002", {"limit_doubles": 6},
     {"doubles": 6}, (128, 64), "000 How do you score?"),
    ("spgg limit of 8: 9 doubles paid as 8 by the printed table", "spgg-2023", {"limit_doubles": 8},
     {"doubles": 9}, (62, 46), "001 rule 21"),
    ("spgg limit of 8: a special hand is still the printed 405", "spgg-2023", {"limit_doubles": 8},
     {"doubles": 0, "limit": True}, (405, 203), "001 rule 24"),
]  # fmt: skip


@pytest.mark.parametrize(
    "case, rules_id, options, kwargs, expected, rule", LIMIT_CHANGES, ids=[c[0] for c in LIMIT_CHANGES]
)
def test_changing_the_limit_alone_keeps_the_prices_consistent(
    case, rules_id, options, kwargs, expected, rule
):
    got = price(get_ruleset(rules_id, options), **kwargs)
    assert (got["full"], got["half"]) == expected, f"{case} ({rule})"


def test_a_doubling_rule_sets_table_and_bao_limit_follow_the_limit():
    """002 Point Limit Scenario: "4 points exposed in a game with a point limit of 5" - the limit in force."""
    rules = get_ruleset("sg-classic", {"limit_doubles": 6})
    assert [list(row) for row in rules["price_table"]] == [[2, 1]] + [[2 * 2**d, 2**d] for d in range(6)]
    assert list(rules["limit_price"]) == [64, 32]
    assert rules["bao_limit_doubles"] == 6


def test_an_organisers_own_table_and_prices_are_kept():
    table = [[2, 1], [3, 2], [5, 3], [9, 5], [17, 9], [33, 17], [65, 33]]
    rules = get_ruleset("sg-classic", {"limit_doubles": 6, "price_table": table})
    assert price(rules, 6) == {"full": 65, "half": 33}
    assert list(rules["limit_price"]) == [65, 33]  # the limit's row of the organiser's table
    pinned = get_ruleset("sg-classic", {"limit_doubles": 6, "limit_price": [100, 50], "bao_limit_doubles": 5})
    assert list(pinned["limit_price"]) == [100, 50] and pinned["bao_limit_doubles"] == 5


@pytest.mark.parametrize(
    "rules_id, options, field, missing",
    [
        ("spgg-2023", {"limit_doubles": 11}, "options.limit_doubles", "for each of 11 doubles"),
        ("spgg-2023", {"limit_doubles": 13}, "options.limit_doubles", "for each of 11 to 13 doubles"),
        ("sg-classic", {"limit_doubles": 7, "price_table": [[2, 1]] * 7}, "options.price_table", "7 doubles"),
    ],
)
def test_a_limit_beyond_an_explicit_table_is_refused_naming_the_missing_rows(
    rules_id, options, field, missing
):
    """001 rule 21 prints prices up to TEN doubles: a higher limit needs the organiser's other prices."""
    with pytest.raises(InvalidInput) as exc:
        get_ruleset(rules_id, options)
    (error,) = exc.value.errors
    assert (error.code, error.field) == ("price_table_too_short", field)
    assert missing in error.message
    if rules_id == "spgg-2023":
        assert "001 rule 21" in error.message and "stops at 10" in error.message
    rows = [[2, 1]] * (options["limit_doubles"] + 1)
    assert (
        get_ruleset(rules_id, {**options, "price_table": rows})["limit_doubles"] == options["limit_doubles"]
    )


def test_a_huge_limit_under_a_doubling_rule_set_is_refused_not_computed():
    with pytest.raises(InvalidInput) as exc:
        get_ruleset("sg-classic", {"limit_doubles": 10**9})
    assert exc.value.errors[0].code == "price_table_too_short"


@pytest.mark.parametrize("doubles", [-1, 1.5, "3", None, True])
def test_price_rejects_doubles_that_are_not_a_count(doubles):
    with pytest.raises(InvalidInput) as exc:
        price(SPGG, doubles)
    assert exc.value.errors[0].field == "doubles"


@pytest.mark.parametrize(
    "case, discarder, all_full, expected, rule",
    [
        ("discard: discarder full, others half", "W", False, {"W": 8, "E": 4, "N": 4}, "001 rule 17"),
        ("self-drawn: all full", None, False, {"E": 8, "W": 8, "N": 8}, "001 rule 17"),
        ("13 Wonders on a discard: all full", "W", True, {"W": 8, "E": 8, "N": 8}, "001 rule 24j"),
    ],
)
def test_win_shares(case, discarder, all_full, expected, rule):
    shares = win_shares(
        SPGG, winner="S", discarder=discarder, hand_price={"full": 8, "half": 4}, all_pay_full=all_full
    )
    assert shares == expected, f"{case} ({rule})"
    if discarder:
        assert next(iter(shares)) == discarder  # the discarder is listed first


INSTANT_AMOUNTS = [
    ("spgg-2023", "kong", {"concealed": True}, 2, "001 rule 22"),
    ("spgg-2023", "kong", {"concealed": False}, 1, "001 rule 22"),
    ("spgg-2023", "flower_pair", {"initial": True}, 2, "001 rule 22"),
    ("spgg-2023", "animal_pair", {"initial": False}, 1, "001 rule 22"),
    ("spgg-2023", "bonus_set", {"initial": True}, 4, "001 rule 22"),
    ("spgg-2023", "bonus_set", {"initial": False}, 2, "001 rule 22"),
    ("sg-tai-card", "kong", {"concealed": True}, 4, "004 Points instantly paid"),
    ("sg-tai-card", "kong", {}, 2, "004 melded kong"),
    ("sg-tai-card", "flower_pair", {"initial": True}, 4, "004 Wedding"),
    ("sg-tai-card", "bonus_set", {}, 4, "004 Flower Set"),
    ("sg-classic", "kong", {}, 3, "002 melded kong $3 at 5/1"),
    ("sg-classic", "kong", {"concealed": True}, 6, "002 concealed kong $6"),
    ("sg-classic", "animal_pair", {"initial": True}, 6, "002 暗咬"),
    ("sgmj-2002", "kong", {}, 2, "000 Exposed Kong 2 points"),
    ("sgmj-2002", "animal_pair", {"initial": True}, 4, "000 initial 13 tiles: 4"),
    ("sgmj-2002", "bonus_set", {}, 4, "000 Animal Suit set: 4"),
]


def _instant_id(row) -> str:
    """A case's name, as the matrix names it: "spgg-2023 kong concealed: 2 (001 rule 22)"."""
    rules_id, kind, kwargs, amount, rule = row
    flags = "".join(f" {k}" for k, v in kwargs.items() if v)
    return f"{rules_id} {kind}{flags}: {amount} ({rule})"


@pytest.mark.parametrize(
    "rules_id, kind, kwargs, amount, rule", INSTANT_AMOUNTS, ids=[_instant_id(r) for r in INSTANT_AMOUNTS]
)
def test_instant_amounts(rules_id, kind, kwargs, amount, rule):
    assert instant_amount(get_ruleset(rules_id), kind, **kwargs) == amount, rule


def t(frm, to, amount, reason="win"):
    return {"from": frm, "to": to, "amount": amount, "reason": reason}


SELF_DRAWN_5 = [t("E", "S", 32), t("W", "S", 32), t("N", "S", 32)]


def test_allow_negative_changes_nothing():
    out = cap_to_balances(SELF_DRAWN_5, {"E": 10, "S": 0, "W": 0, "N": 0}, "allow_negative")
    assert out["transfers"] == SELF_DRAWN_5
    assert out["net"] == {"E": -32, "S": 96, "W": -32, "N": -32}
    assert out["unpaid"] == {}


def test_pay_what_they_have():
    out = cap_to_balances(SELF_DRAWN_5, {"E": 10, "S": 100, "W": 400, "N": 0}, "pay_what_they_have")
    assert out["transfers"] == [t("E", "S", 10), t("W", "S", 32)]
    assert out["net"] == {"E": -10, "S": 42, "W": -32, "N": 0}
    assert out["unpaid"] == {"E": 22, "N": 32}


def test_a_short_payer_shares_his_chips_in_proportion_to_his_debts():
    debts = [t("W", "S", 32, "win"), t("W", "S", 16, "bao"), t("W", "S", 16, "bao"), t("W", "E", 2, "kong")]
    out = cap_to_balances(debts, {"E": 5, "S": 5, "W": 33, "N": 5})
    assert sum(x["amount"] for x in out["transfers"]) == 33
    assert out["net"]["W"] == -33
    assert sum(out["net"].values()) == 0
    assert [x["amount"] for x in out["transfers"]] == [16, 8, 8, 1]


def test_chips_received_in_the_same_hand_count():
    # E pays 32 for the win but receives 2 for his kong from each player.
    moves = [t("E", "S", 32), t("S", "E", 2, "kong"), t("W", "E", 2, "kong"), t("N", "E", 2, "kong")]
    out = cap_to_balances(moves, {"E": 20, "S": 0, "W": 50, "N": 50})
    assert out["transfers"][0] == t("E", "S", 26)  # his 20 chips and the 6 he received
    assert out["net"] == {"E": -20, "S": 24, "W": -2, "N": -2}
    assert out["unpaid"] == {"E": 6}


def test_a_creditor_paid_less_may_fall_short_in_turn():
    # W owes E 10 and has nothing; E counted on it to pay S 10 with 0 chips.
    moves = [t("W", "E", 10), t("E", "S", 10)]
    out = cap_to_balances(moves, {"E": 0, "S": 0, "W": 0, "N": 0})
    assert out["transfers"] == []
    assert out["net"] == {"E": 0, "S": 0, "W": 0, "N": 0}
    assert out["unpaid"] == {"W": 10, "E": 10}


def test_cap_rejects_an_unknown_policy_and_bad_balances():
    with pytest.raises(InvalidInput):
        cap_to_balances(SELF_DRAWN_5, {"E": 1}, "borrow")
    with pytest.raises(InvalidInput):
        cap_to_balances(SELF_DRAWN_5, {"E": "1"}, "pay_what_they_have")


def test_net_of_sums_to_zero():
    assert sum(net_of(SELF_DRAWN_5).values()) == 0
