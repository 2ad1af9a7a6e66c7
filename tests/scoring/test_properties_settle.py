"""Invariants of settle (STYLE.md 8): transfers sum to zero; nothing but InvalidInput is raised."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import settle
from scoring.errors import InvalidInput
from scoring.payments import cap_to_balances, net_of

SEATS = ["E", "S", "W", "N"]
seat = st.sampled_from(SEATS)
maybe_seat = st.one_of(st.none(), seat)
rules = st.sampled_from(["spgg-2023", "sg-tai-card", "sg-classic", "sgmj-2002"])

instant = st.fixed_dictionaries(
    {"type": st.sampled_from(["kong", "flower_pair", "animal_pair", "bonus_set"]), "seat": seat},
    optional={"concealed": st.booleans(), "initial": st.booleans(), "liable": maybe_seat},
)

options = st.fixed_dictionaries(
    {},
    optional={
        "shooter_pays_all": st.booleans(),
        "bao_on_other_discard": st.booleans(),
        "bao_self_draw": st.booleans(),
        "limit_all_pay_full": st.booleans(),
        "false_win_payment": st.sampled_from(["full_each", "as_reverse_win"]),
        "exposed_kong_paid_by": st.sampled_from(["each_other", "discarder"]),
    },
)


@st.composite
def outcomes(draw):
    """Well-formed outcomes of every kind (some still impossible: those must be InvalidInput)."""
    kind = draw(st.sampled_from(["win", "draw", "false_win"]))
    data = {
        "rules": draw(rules),
        "outcome": kind,
        "options": draw(options),
        "instant": draw(st.lists(instant, max_size=4)),
    }
    if kind == "win":
        data["winner"] = draw(seat)
        data["win"] = draw(st.sampled_from(["discard", "self_draw"]))
        if data["win"] == "discard":
            data["discarder"] = draw(seat)
        data["doubles"] = draw(st.integers(0, 15))
        data["ping_hu"] = draw(st.booleans())
        data["limit"] = draw(st.booleans())
        data["thirteen_wonders"] = draw(st.booleans())
        data["liable"] = draw(maybe_seat)
    elif kind == "false_win":
        data["offender"] = draw(seat)
        data["discarder"] = draw(maybe_seat)
    return data


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(outcomes())
def test_every_settlement_sums_to_zero_in_whole_chips(data):
    try:
        result = settle(data)
    except InvalidInput as exc:
        assert exc.errors and all(e.code and e.message for e in exc.errors)
        return
    if result.get("win") is False:
        assert result["errors"]
        return
    assert sum(result["net"].values()) == 0
    assert set(result["net"]) == set(SEATS)
    assert result["net"] == net_of(result["transfers"])
    for t in result["transfers"]:
        assert isinstance(t["amount"], int) and t["amount"] > 0
        assert t["from"] != t["to"]
    if data["outcome"] == "draw" and not data["instant"]:
        assert result["transfers"] == []


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 20)
    | st.floats(allow_nan=True)
    | st.text(max_size=6)
    | st.sampled_from(SEATS + ["win", "draw", "false_win", "discard", "self_draw", "kong", "spgg-2023"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)
keys = st.sampled_from(
    [
        "rules",
        "options",
        "outcome",
        "winner",
        "win",
        "discarder",
        "doubles",
        "ping_hu",
        "limit",
        "hand",
        "liable",
        "offender",
        "instant",
        "thirteen_wonders",
        "x",
    ]
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(json_values, st.dictionaries(keys, json_values, max_size=8)))
def test_settle_raises_nothing_but_invalid_input(data):
    try:
        result = settle(data)
    except InvalidInput as exc:
        assert all(e.code and e.message for e in exc.errors)
    else:
        assert isinstance(result, dict)
        if "net" in result:
            assert sum(result["net"].values()) == 0


balances = st.fixed_dictionaries({s: st.integers(0, 500) for s in SEATS})


@settings(max_examples=200, deadline=None)
@given(outcomes(), balances)
def test_capping_to_balances_keeps_the_sum_zero_and_nobody_below_zero(data, before):
    try:
        result = settle(data)
    except InvalidInput:
        return
    if "transfers" not in result:
        return
    capped = cap_to_balances(result["transfers"], before, "pay_what_they_have")
    assert sum(capped["net"].values()) == 0
    for s in SEATS:
        assert before[s] + capped["net"][s] >= 0
    paid = sum(t["amount"] for t in capped["transfers"])
    assert paid + sum(capped["unpaid"].values()) == sum(t["amount"] for t in result["transfers"])


tile = st.sampled_from(["B1", "B2", "B3", "B4", "D5", "D6", "D7", "C3", "RD", "EW", "F2", "CAT", "X9"])
hands = st.fixed_dictionaries(
    {
        "seat_wind": st.just("S"),
        "prevailing_wind": st.sampled_from(["E", "S", 3]),
        "concealed": st.lists(tile, max_size=14),
        "winning_tile": st.one_of(tile, st.none()),
        "melds": st.lists(
            st.fixed_dictionaries(
                {"type": st.sampled_from(["chow", "pong", "kong", "x"]), "tiles": st.lists(tile, max_size=4)}
            ),
            max_size=2,
        ),
    },
    optional={"bonus": st.lists(tile, max_size=3), "events": st.lists(st.sampled_from(["last_tile", "zzz"]))},
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands, st.sampled_from(["discard", "self_draw"]), rules)
def test_settling_with_a_hand_raises_nothing_but_invalid_input(hand, how, rules_id):
    data = {"rules": rules_id, "outcome": "win", "winner": "S", "win": how, "hand": hand}
    if how == "discard":
        data["discarder"] = "E"
    try:
        result = settle(data)
    except InvalidInput as exc:
        assert all(e.field == "hand" or e.field.startswith("hand.") for e in exc.errors if e.field)
        return
    if result.get("win") is False:
        assert all(e["field"].startswith("hand") for e in result["errors"] if e.get("field"))
    else:
        assert sum(result["net"].values()) == 0
        assert result["net"]["S"] > 0
