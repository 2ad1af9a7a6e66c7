"""The Bao proposal on a winning discard: does it make its discarder liable? (``bao.discard_liability``)

Hands are written with the winner's exposed melds (what the table showed) and
the winning tile last; the winner sits South in an East round and West
discarded, unless a case says otherwise.
"""

import pytest

from scoring import settle
from scoring.bao import discard_liability
from tests.scoring.scoring_cases import hand

DRAGONS_SHOWN = ["pong RD", "pong GD"]
BAMBOO_SETS = ["chow B1 B2 B3", "pong B5", "chow B7 B8 B9"]
TERMINAL_PONGS = ["pong B1", "pong D9", "pong C1"]
THIRD_DRAGON = "B1 B2 B3 D4 D4 WD WD WD"
SHOWN_2 = "B1 B2 B3 D4 D5 D6 C7 C7 RD RD RD"  # a chow melded; won on the dragon

# (case, hand, the rule cited, or None: nobody liable)
CASES = [
    ("3 bamboo sets shown, won on a bamboo", hand("B2 B3 B4 B6 B6", melds=BAMBOO_SETS),
     "001 rule 27a"),
    ("3 pongs of 1s and 9s shown, won on a 9", hand("B9 B9 C9 C9 C9", melds=TERMINAL_PONGS),
     "001 rule 27b"),
    ("3 wind pongs shown, won on the fourth wind",
     hand("B1 B1 NW NW NW", melds=["pong EW", "pong SW", "pong WW"]), "001 rule 27c"),
    ("3 mixed honour pongs shown, won on an honour",
     hand("B1 B1 WW WW WW", melds=["pong EW", "pong RD", "pong NW"]), "001 rule 27d"),
    ("2 dragon pongs shown, won on the third dragon", hand(THIRD_DRAGON, melds=DRAGONS_SHOWN),
     "001 rule 27e"),
    ("3 doubles shown, won on the wind worth 2 doubles",
     hand("B1 B2 B3 D4 D5 D6 C7 C7 EW EW EW", melds=["pong RD"], bonus="F1 CAT", seat="E"),
     "001 rule 27f-g"),
    ("4 doubles shown, won on a dragon",
     hand(SHOWN_2, melds=["chow C1 C2 C3"], bonus="F2 S2 CAT RAT"), "001 rule 27f-g"),
    ("3 bamboo sets shown, won on a dot: nobody liable",
     hand("D2 D3 D4 D6 D6", melds=BAMBOO_SETS), None),
    ("2 doubles shown: nothing yet", hand(SHOWN_2, melds=["chow C1 C2 C3"], bonus="F2 CAT"),
     None),
    ("a kong declared concealed is not shown",
     hand(THIRD_DRAGON, melds=["pong RD", "kong GD concealed"]), None),
    ("self-drawn: the liable player is an earlier discarder, not proposed here",
     hand(THIRD_DRAGON, melds=DRAGONS_SHOWN, win="self_draw"), None),
    ("tai card: 3 melds in one suit, a tile of the same suit",
     hand("B2 B3 B4 B6 B6", melds=BAMBOO_SETS, rules="sg-tai-card"),
     "004 pay-for-all table"),
    ("tai card: 2 dragon pungs melded, the remaining dragon",
     hand(THIRD_DRAGON, melds=DRAGONS_SHOWN, rules="sg-tai-card"), "004 pay-for-all table"),
    ("classic: Dragon Tile Set Scenario",
     hand(THIRD_DRAGON, melds=DRAGONS_SHOWN, rules="sg-classic"), "002 Dragon Tile Set Scenario"),
    ("classic: Full Flush Scenario",
     hand("B2 B3 B4 B6 B6", melds=BAMBOO_SETS, rules="sg-classic"),
     "002 Full Flush Scenario"),
    ("classic: Pure Terminals Scenario",
     hand("B9 B9 C9 C9 C9", melds=TERMINAL_PONGS, rules="sg-classic"),
     "002 Pure Terminals Scenario"),
    ("2002: Dragon Tile Set Scenario", hand(THIRD_DRAGON, melds=DRAGONS_SHOWN, rules="sgmj-2002"),
     "000 Dragon Tile Set Scenario"),
    ("2002 has no Pure Terminals scenario",
     hand("B9 B9 C9 C9 C9", melds=TERMINAL_PONGS, rules="sgmj-2002"), None),
    ("an organiser switched the dragon scenario off",
     hand(THIRD_DRAGON, melds=DRAGONS_SHOWN, options={"bao_scenarios": ["same_suit"]}), None),
]  # fmt: skip


@pytest.mark.parametrize(("case", "data", "rule"), CASES, ids=[c[0] for c in CASES])
def test_a_winning_discard_that_fits_a_scenario_makes_the_discarder_liable(case, data, rule):
    proposal = discard_liability(data, discarder="W")
    if rule is None:
        assert proposal is None, case
        return
    assert proposal is not None, case
    assert (proposal["seat"], proposal["tile"]) == ("W", data["winning_tile"])
    assert rule in [r["rule"] for r in proposal["reasons"]], proposal
    assert all(r["liable_for"] == "win" and r["message"] for r in proposal["reasons"])


def test_the_proposed_player_pays_for_all_though_nobody_was_alerted():
    """001 rule 13 "No alert need to be given when in situation of assuming liabilities"; rule 27."""
    data = hand(THIRD_DRAGON, melds=DRAGONS_SHOWN)
    proposal = discard_liability(data, discarder="W")  # from the table alone: there is no "alerted" input
    assert proposal["seat"] == "W"
    outcome = {"outcome": "win", "winner": "S", "win": "discard", "discarder": "W", "hand": data}
    plain = settle(outcome)
    liable = settle({**outcome, "liable": proposal["seat"]})
    assert {t["from"] for t in liable["transfers"] if t["reason"] in ("win", "bao")} == {"W"}
    assert liable["net"]["W"] == plain["net"]["W"] + plain["net"]["E"] + plain["net"]["N"]


@pytest.mark.parametrize(
    "data",
    [
        {"win": "discard", "seat_wind": "S"},  # no winning tile
        {**hand(THIRD_DRAGON, melds=DRAGONS_SHOWN), "seat_wind": "Q"},
        {**hand(THIRD_DRAGON, melds=DRAGONS_SHOWN), "winning_tile": "ZZ"},
        {**hand("B1 B2 B3 D4 D4 WD WD WD"), "melds": "pong RD"},
        "not a hand",
    ],
)
def test_a_hand_that_cannot_be_read_proposes_nothing(data):
    assert discard_liability(data, discarder="W") is None


def test_the_winner_cannot_be_the_discarder():
    assert discard_liability(hand(THIRD_DRAGON, melds=DRAGONS_SHOWN), discarder="S") is None
