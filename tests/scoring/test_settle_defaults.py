"""Who pays, where a setting decides it (issue 37): special hands, robbing the eighth flower, a kong's
discarder, and ``decided_by`` naming the setting and its line of the document.

Each case cites the document's line (``/work/shared/seeds/``): 002 is sg-classic's document.
"""

import pytest

from scoring import InvalidInput, score_hand, settle
from scoring.events import EVENT_WHY
from tests.scoring.scoring_cases import hand

SEVEN_FLOWERS = "F1 F2 F3 F4 S1 S2 S3"
THIRTEEN_TILES = "B1 B4 B7 D2 D5 D8 C3 C6 C9 EW SW WW NW"
ALL_HONOURS = "EW EW EW SW SW SW WW WW WW RD RD RD GD GD"
NINE_GATES = "B1 B1 B1 B2 B3 B4 B5 B6 B7 B8 B9 B9 B9 B5"
PLAIN = "B1 B2 B3 D4 D5 D6 C7 C8 C9 D9 D9 B5 B5 B5"


def paid(result):
    """{payer: total paid for the win}."""
    out = {}
    for t in result["transfers"]:
        if t["reason"] in ("win", "bao", "shooter"):
            out[t["from"]] = out.get(t["from"], 0) + t["amount"]
    return out


def settings_of(result):
    return [d["setting"] for d in result["decided_by"]]


def with_hand(data, **kw):
    out = {"rules": data["rules"], "outcome": "win", "winner": data["seat_wind"], "hand": data}
    if data["win"] == "discard":
        out["discarder"] = "W"
    out.update(kw)
    return out


# ------------------------------------------------------------ special hands (002 lines 193, 433, 594)

SPECIAL = [
    # (case, hand, options, what each pays, settings that decided)
    ("classic: All Honours is special (002 line 433), all pay the limit",
     hand(ALL_HONOURS, rules="sg-classic"), None, {"W": 32, "E": 32, "N": 32}, ["all_pay_full_hands"]),
    ("classic: Nine Gates is special only in some house rules (002 line 405): paid as any hand",
     hand(NINE_GATES, rules="sg-classic"), None, {"W": 32, "E": 16, "N": 16}, []),
    ("classic: a circle that makes Nine Gates special adds it to all_pay_full_hands",
     hand(NINE_GATES, rules="sg-classic"), {"all_pay_full_hands": ["thirteen_wonders", "nine_gates"]},
     {"W": 32, "E": 32, "N": 32}, ["all_pay_full_hands"]),
    ("classic: every limit hand special, as before (limit_all_pay_full)",
     hand(NINE_GATES, rules="sg-classic"), {"limit_all_pay_full": True},
     {"W": 32, "E": 32, "N": 32}, ["limit_all_pay_full"]),
    ("classic: All Honours self-drawn: all pay full anyway, no setting needed",
     hand(ALL_HONOURS, rules="sg-classic", win="self_draw"), None, {"W": 32, "E": 32, "N": 32}, []),
    ("spgg: All Honours is no 24j hand: 405 and 203",
     hand(ALL_HONOURS), None, {"W": 405, "E": 203, "N": 203}, []),
]  # fmt: skip


@pytest.mark.parametrize(("case", "data", "options", "expected", "deciders"), SPECIAL)
def test_special_hands_are_the_ones_the_document_names(case, data, options, expected, deciders):
    outcome = with_hand(data)
    if options:
        outcome["options"] = options
    result = settle(outcome)
    assert paid(result) == expected, case
    assert settings_of(result) == deciders, case


def test_decided_by_cites_the_documents_line():
    result = settle(with_hand(hand(ALL_HONOURS, rules="sg-classic")))
    assert result["decided_by"] == [
        {
            "setting": "all_pay_full_hands",
            "value": ["thirteen_wonders", "all_honours"],
            "rule": "002 lines 433 All Honours, 594 Thirteen Wonders",
            "code": "all_honours",
        }
    ]


# ------------------------------------------------------------ robbing the eighth flower (002 line 329)

ROBBING = hand(THIRTEEN_TILES, winning=None, bonus=SEVEN_FLOWERS, events=["robbing_eighth_flower"])

EIGHTH = [
    # (case, rules, options, what each pays, reason of the other shares)
    ("classic: the drawer pays the limit as if self-picked, for all three (002 line 329)",
     "sg-classic", None, {"W": 96}, "bao"),
    ("classic house rule agreed beforehand: shared among the three (002 line 329)",
     "sg-classic", {"robbing_eighth_flower_paid_by": "all_full"}, {"W": 32, "E": 32, "N": 32}, "win"),
    ("classic: paid as a discard where the organiser says so",
     "sg-classic", {"robbing_eighth_flower_paid_by": "as_discard"}, {"W": 32, "E": 16, "N": 16}, "win"),
    ("tai card: paid as win on discard (004 line 29)",
     "sg-tai-card", None, {"W": 32, "E": 16, "N": 16}, "win"),
    ("spgg: rule 17's discard, 405 and 203 (001 rules 17, 24g)",
     "spgg-2023", None, {"W": 405, "E": 203, "N": 203}, "win"),
]  # fmt: skip


@pytest.mark.parametrize(("case", "rules", "options", "expected", "reason"), EIGHTH)
def test_robbing_the_eighth_flower_is_paid_by_the_setting(case, rules, options, expected, reason):
    outcome = with_hand({**ROBBING, "rules": rules})
    if options:
        outcome["options"] = options
    result = settle(outcome)
    assert paid(result) == expected, case
    assert {t["reason"] for t in result["transfers"] if t["from"] != "W"} <= {reason}
    assert ("robbing_eighth_flower_paid_by" in settings_of(result)) == (
        result["rules"] == "sg-classic"
        and (options or {}).get("robbing_eighth_flower_paid_by") != "as_discard"
    )


def test_quick_entry_of_robbing_the_eighth_flower_pays_the_same():
    quick = {"rules": "sg-classic", "outcome": "win", "winner": "S", "win": "discard", "discarder": "W"}
    result = settle({**quick, "robbing_eighth_flower": True})
    assert paid(result) == {"W": 96} and result["limit"] is True
    assert [t.get("for") for t in result["transfers"]] == [None, "E", "N"]


ROBBED_SELF_DRAWN = [
    # (case, outcome, the field the refusal names)
    ("classic, the hand entered self-drawn (002 line 327)",
     with_hand({**ROBBING, "rules": "sg-classic", "win": "self_draw"}), "hand.events"),
    ("classic, quick entry self-drawn (002 line 327)",
     {"rules": "sg-classic", "outcome": "win", "winner": "S", "win": "self_draw",
      "robbing_eighth_flower": True}, "robbing_eighth_flower"),
    ("tai card, the hand entered self-drawn (004 line 29: paid as win on discard)",
     with_hand({**ROBBING, "rules": "sg-tai-card", "win": "self_draw"}), "hand.events"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("case", "outcome", "field"), ROBBED_SELF_DRAWN, ids=[c[0] for c in ROBBED_SELF_DRAWN]
)
def test_robbing_the_eighth_flower_entered_as_self_drawn_is_refused(case, outcome, field):
    """002 line 327: the player with seven flowers wins "by 'robbing' the last flower tile as a discard of
    the player that draws" it, and line 329 makes that player pay for all; a self-drawn entry names no
    drawer, and was paid 32/32/32 under sg-classic. It is refused, naming the event and the field."""
    result = settle(outcome)
    assert result["win"] is False, case
    (error,) = result["errors"]
    assert error["code"] == "event_needs_discard" and error["event"] == "robbing_eighth_flower", case
    assert error["field"] == field and error["message"] == EVENT_WHY["robbing_eighth_flower_self_drawn"]


# ------------------------------------------------------------ a kong's discarder (002 line 481)

KONG_WIN = {"rules": "sg-classic", "outcome": "win", "winner": "S", "win": "self_draw", "doubles": 2}

KONG = [
    # (case, outcome, what each pays)
    ("classic: W fed S's exposed kong, S wins on its replacement: W pays for all (002 line 481)",
     {**KONG_WIN, "kong_replacement": True, "instant": [{"type": "kong", "seat": "S", "discarder": "W"}]},
     {"W": 12}),
    ("classic: S's last kong was concealed: the earlier feeder is not liable",
     {**KONG_WIN, "kong_replacement": True, "instant": [
         {"type": "kong", "seat": "S", "discarder": "W"}, {"type": "kong", "seat": "S", "concealed": True}]},
     {"W": 4, "E": 4, "N": 4}),
    ("classic: not won on the replacement tile: everyone pays his share",
     {**KONG_WIN, "instant": [{"type": "kong", "seat": "S", "discarder": "W"}]}, {"W": 4, "E": 4, "N": 4}),
    ("classic: a liable seat entered by the table stands",
     {**KONG_WIN, "kong_replacement": True, "liable": "N",
      "instant": [{"type": "kong", "seat": "S", "discarder": "W"}]}, {"N": 12}),
    ("spgg: only the fresh-tile rule of section A, entered by the table",
     {**KONG_WIN, "rules": "spgg-2023", "kong_replacement": True,
      "instant": [{"type": "kong", "seat": "S", "discarder": "W"}]}, {"W": 4, "E": 4, "N": 4}),
]  # fmt: skip


@pytest.mark.parametrize(("case", "outcome", "expected"), KONG)
def test_the_discarder_of_a_kongs_tile_pays_for_a_win_on_its_replacement(case, outcome, expected):
    result = settle(outcome)
    assert paid(result) == expected, case
    liable = "kong_discarder_pays_for_all" in settings_of(result)
    assert liable == (expected == {"W": 12}), case


def test_a_full_hand_won_on_a_kongs_replacement_makes_the_kongs_discarder_liable():
    data = hand("B1 B2 B3 D4 D5 D6 C7 C8 C9 D9 D9", melds=["kong RD"], win="self_draw", rules="sg-classic")
    data["events"] = ["kong_replacement"]
    outcome = with_hand(data, instant=[{"type": "kong", "seat": "S", "discarder": "W"}])
    result = settle(outcome)
    assert set(paid(result)) == {"W"}
    assert result["decided_by"][-1] == {
        "setting": "kong_discarder_pays_for_all",
        "value": True,
        "rule": "002 line 481 Winning on Replacement Tile",
        "code": "W",
    }


FED_KONG = {"type": "kong", "seat": "S", "discarder": "W"}
BITE = {"type": "flower_pair", "seat": "S", "kong_replacement": True}

BITES = [
    # (case, rules, instant payouts, who pays the bite: {payer: total})
    ("classic: W fed S's kong, S bites on its replacement: W pays the bite for all (002 line 481)",
     "sg-classic", [FED_KONG, BITE], {"W": 9}),
    ("classic: an animal pair on the replacement likewise (002 line 481)",
     "sg-classic", [FED_KONG, {**BITE, "type": "animal_pair", "pair": "cat_rat"}], {"W": 9}),
    ("classic: the liable seat the table marks stands",
     "sg-classic", [FED_KONG, {**BITE, "liable": "N"}], {"N": 9}),
    ("classic: a bite not on the replacement: each pays",
     "sg-classic", [FED_KONG, {"type": "flower_pair", "seat": "S"}], {"E": 3, "W": 3, "N": 3}),
    ("classic: S's kong was concealed: each pays",
     "sg-classic", [{"type": "kong", "seat": "S", "concealed": True}, BITE], {"E": 3, "W": 3, "N": 3}),
    ("spgg: no such rule, each pays",
     "spgg-2023", [FED_KONG, BITE], {"E": 1, "W": 1, "N": 1}),
]  # fmt: skip


@pytest.mark.parametrize(("case", "rules", "instant", "expected"), BITES, ids=[c[0] for c in BITES])
def test_a_bite_on_a_fed_kongs_replacement_is_paid_by_the_kongs_discarder(case, rules, instant, expected):
    """002 line 481: "if Player A discards for Player B to make a 'Exposed Kong', Player A has to pay for
    all players if Player B were to get a "Bite" ... from the replacement tiles". The bite says it came
    on the replacement (``kong_replacement``); the feeder is the discarder named on S's kong."""
    result = settle({"rules": rules, "outcome": "draw", "instant": instant})
    bite = {}
    for t in result["transfers"]:
        if t["reason"] in ("flower_pair", "animal_pair"):
            bite[t["from"]] = bite.get(t["from"], 0) + t["amount"]
    assert bite == expected, case


@pytest.mark.parametrize(
    "item",
    [{**BITE, "initial": True}, {**FED_KONG, "kong_replacement": True}, {**BITE, "type": "bonus_set"}],
    ids=["a bite at the deal", "a kong", "a bonus set"],
)
def test_only_a_bite_drawn_later_comes_on_a_kongs_replacement(item):
    with pytest.raises(InvalidInput) as caught:
        settle({"rules": "sg-classic", "outcome": "draw", "instant": [FED_KONG, item]})
    (error,) = caught.value.errors
    assert (error.code, error.field) == ("bite_on_kong_replacement", "instant[1].kong_replacement")


def test_quick_entry_cannot_win_on_a_kongs_replacement_from_a_discard():
    outcome = {**KONG_WIN, "win": "discard", "discarder": "W", "kong_replacement": True}
    result = settle(outcome)
    assert result["win"] is False
    assert result["errors"][0]["event"] == "kong_replacement"


# ------------------------------------------------------------ impossible events say which and why

EVENTS = [
    # (why, hand)
    ("heavenly_not_dealer", hand(PLAIN, seat="S", win="self_draw", events=["heavenly"])),
    ("heavenly_claimed", hand("B1 B2 B3 D4 D5 D6 C7 C8 C9 D9 D9", melds=["pong B5"], seat="E",
                              win="self_draw", events=["heavenly"])),
    ("earthly_dealer", hand(PLAIN, seat="E", events=["earthly"])),
    ("earthly_claimed", hand("B1 B2 B3 D4 D5 D6 C7 C8 C9 D9 D9", melds=["pong B5"], events=["earthly"])),
    ("earthly_self_drawn", hand(PLAIN, win="self_draw", events=["earthly"])),
    ("flower_replacement_on_discard", hand(PLAIN, bonus="F1", events=["flower_replacement"])),
    ("kong_replacement_on_discard", hand("B1 B2 B3 D4 D5 D6 C7 C8 C9 D9 D9", melds=["kong B5"],
                                         events=["kong_replacement"])),
    ("double_kong_replacement_on_discard", hand("B1 B2 B3 D4 D5 D6 D9 D9", melds=["kong B5", "kong C5"],
                                                events=["double_kong_replacement"])),
    ("last_tile_on_discard", hand(PLAIN, events=["last_tile"])),
    ("kong_replacement_no_kong", hand(PLAIN, win="self_draw", events=["kong_replacement"])),
    ("double_kong_replacement_no_kongs", hand(PLAIN, win="self_draw", events=["double_kong_replacement"])),
    ("flower_replacement_no_bonus", hand(PLAIN, win="self_draw", events=["flower_replacement"])),
    ("robbing_kong_self_drawn", hand(PLAIN, win="self_draw", events=["robbing_kong"])),
    ("robbing_eighth_flower_few", hand(PLAIN, bonus="F1 F2", events=["robbing_eighth_flower"])),
    ("robbing_eighth_flower_self_drawn", hand(THIRTEEN_TILES, winning=None, bonus=SEVEN_FLOWERS,
                                              win="self_draw", events=["robbing_eighth_flower"])),
]  # fmt: skip


def test_every_reason_an_event_cannot_be_has_a_case():
    assert sorted(why for why, _ in EVENTS) == sorted(EVENT_WHY)


@pytest.mark.parametrize(("why", "data"), EVENTS)
def test_an_impossible_event_is_named_and_explained(why, data):
    result = score_hand(data)
    assert result["win"] is False
    error = next(e for e in result["errors"] if e["message"] == EVENT_WHY[why])
    assert error["field"] == "events" and error["event"] in data["events"]
    without = {**data, "events": [e for e in data["events"] if e != error["event"]]}
    assert all(e.get("event") != error["event"] for e in score_hand(without).get("errors", []))


def test_a_circles_special_hands_name_known_hands_and_may_be_none():
    with pytest.raises(InvalidInput) as caught:
        score_hand({**hand(NINE_GATES, rules="sg-classic"), "options": {"all_pay_full_hands": ["nine_gate"]}})
    assert caught.value.errors[0].field == "options.all_pay_full_hands"
    none = settle({**with_hand(hand(ALL_HONOURS, rules="sg-classic")), "options": {"all_pay_full_hands": []}})
    assert paid(none) == {"W": 32, "E": 16, "N": 16} and none["decided_by"] == []


# ------------------------------------------------------------ 004's consequences of a dangerous discard

TAI_WIN = {"rules": "sg-tai-card", "outcome": "win", "winner": "S", "win": "self_draw", "liable": "E"}
LITTLE_DRAGONS = hand("B1 B2 B3 C4 C5 C6 WD WD", melds=["pong RD", "pong GD"], rules="sg-tai-card",
                      win="self_draw")  # fmt: skip
FULL_FLUSH = hand("C1 C2 C3 C4 C5 C6 C7 C8 C9 C2 C2", melds=["pong C5"], rules="sg-tai-card", win="self_draw")

CONSEQUENCES = [
    # (case, outcome, what the liable player pays for all, or None: refused)
    ("tai card: 2 tai self-drawn meets no consequence (004 lines 65-71)", {**TAI_WIN, "doubles": 2}, None),
    ("tai card: Little Dragons self-drawn, 3 tai: only a claimed discard wins on it (004 line 69)",
     {**TAI_WIN, "hand": LITTLE_DRAGONS}, None),
    ("tai card: a Full Flush won later (004 line 68)", {**TAI_WIN, "hand": FULL_FLUSH}, {"E": 48}),
    ("tai card: 5 tai self-drawn (004 line 67)", {**TAI_WIN, "doubles": 5}, {"E": 96}),
    ("tai card: quick entry of 4 tai may be a Full Flush (004 line 68)",
     {**TAI_WIN, "doubles": 4}, {"E": 48}),
    ("tai card: a kong claimed and a win on its replacement (004 line 66)",
     {**TAI_WIN, "doubles": 2, "kong_replacement": True}, {"E": 12}),
    ("tai card: a win on the liable player's own discard may be a fresh tile claimed to win (004 line 66)",
     {**TAI_WIN, "win": "discard", "discarder": "E", "doubles": 1}, {"E": 4}),
    ("spgg: no such rule, rule 27 holds whatever the hand", {**TAI_WIN, "rules": "spgg-2023", "doubles": 2},
     {"E": 12}),
]  # fmt: skip


@pytest.mark.parametrize(("case", "outcome", "expected"), CONSEQUENCES, ids=[c[0] for c in CONSEQUENCES])
def test_a_liable_seat_must_meet_the_tai_cards_consequence(case, outcome, expected):
    """004 lines 65-71, "Consequences that result in pay-for-all": the liable player pays for a win that
    follows his dangerous discard only with 5 or more tai, a Full Flush, Little or Big Dragons or Winds
    on the claimed discard, All Honours, or a kong claimed and won on its replacement. The engine applied
    any liable seat entered, whatever the hand; a self-drawn win that meets none is refused on ``liable``.
    """
    if expected is None:
        with pytest.raises(InvalidInput) as caught:
            settle(outcome)
        (error,) = caught.value.errors
        assert (error.code, error.field) == ("bao_consequence_not_met", "liable"), case
        return
    assert paid(settle(outcome)) == expected, case
