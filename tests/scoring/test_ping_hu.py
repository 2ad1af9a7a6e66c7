"""Ping Hu and its restrictions: 001 rules 23o-q and 26 a-g; 004, 002 and 000 where they differ.

The winner sits South in an East round: South and East winds are valued, West
and North are not. Hands are written with the winning tile last.
"""

import pytest

from scoring.model import Meld, Reading
from scoring.ping_hu import ping_hu_fault
from scoring.rulesets import get_ruleset
from scoring.score import score_hand
from tests.scoring.scoring_cases import check, hand

# 4-5 ... the hand waits on B5 or B8 with B6 B7: a two-sided wait
TWO_SIDED = "B2 B3 B4 D4 D5 D6 C2 C3 C4 B6 B7 D8 D8 B5"
EDGE = "D4 D5 D6 C2 C3 C4 B6 B7 B8 B1 B2 D8 D8 B3"  # 1-2 waiting on 3
CLOSED = "D4 D5 D6 C2 C3 C4 B1 B2 B3 B4 B6 D8 D8 B5"  # 4-6 waiting on 5 (Ka Long)
SINGLE = "B1 B2 B3 D4 D5 D6 C2 C3 C4 B6 B7 B8 D9 D9"  # a lone D9 waiting for its pair
FOUR_FIVE_SIX_SEVEN = "B1 B2 B3 D4 D5 D6 C2 C3 C4 B5 B6 B7 B4 B4"  # 4567 waiting on 4 or 7, won on 4
FULL_FLUSH = "B1 B2 B3 B4 B5 B6 B7 B8 B9 B2 B3 B6 B6 B4"


def eye_of(tile: str, **kw) -> dict:
    """Four chows, an eye of ``tile``, won two-sided on B6 (B7 B8 waiting on B6 or B9)."""
    return hand(f"B1 B2 B3 D4 D5 D6 C2 C3 C4 B7 B8 {tile} {tile} B6", **kw)


SPGG = [
    ("Ping Hu on a two-sided wait, discard", hand(TWO_SIDED), {"ping_hu": 4}, "001 rule 23p"),
    ("Ping Hu with a non-valued wind as eye", eye_of("NW"), {"ping_hu": 4}, "001 rule 23p"),
    ("no dragons as the eye", eye_of("RD"), {}, "rule 26a"),
    ("no own wind as the eye", eye_of("SW"), {}, "rule 26a"),
    ("no round wind as the eye", eye_of("EW"), {}, "rule 26a"),
    ("all sets must be chows", hand("B1 B1 B1 D4 D5 D6 C2 C3 C4 B6 B7 D8 D8 B5"), {}, "rule 26b"),
    ("Ping Hu on an edge wait, discard", hand(EDGE), {}, "rule 26e"),
    ("Ping Hu on an edge wait, self-drawn", hand(EDGE, win="self_draw"), {"ping_hu": 4}, "001 rule 23p"),
    ("Ping Hu on a closed wait (Ka Long), discard", hand(CLOSED), {}, "rule 26d"),
    ("Ping Hu on a closed wait, self-drawn", hand(CLOSED, win="self_draw"), {"ping_hu": 4}, "001 rule 23p"),
    ("Ping Hu on a single wait for the eye, discard", hand(SINGLE), {}, "rule 26f"),
    ("Ping Hu on a single wait, self-drawn", hand(SINGLE, win="self_draw"), {"ping_hu": 4}, "001 rule 23p"),
    ("4567 waiting for 4 or 7 as eye, discard", hand(FOUR_FIVE_SIX_SEVEN), {"ping_hu": 4}, "001 rule 23p"),
    (
        "Ping Hu with a flower is Little Ping Hu",
        hand(TWO_SIDED, bonus="F1"),
        {"little_ping_hu": 1},
        "001 rule 23q",
    ),
    (
        "Little Ping Hu with the own flower and an animal adds them",
        hand(TWO_SIDED, bonus="F2 CAT"),
        {"little_ping_hu": 1, "seat_flower": 1, "animal": 1},
        "001 rule 23q",
    ),
    ("Little Ping Hu keeps the wait rules", hand(EDGE, bonus="F1"), {}, "rule 26e"),
    (
        "Full Flush Ping Hu: 85, read as 8 (choice)",
        hand(FULL_FLUSH),
        {"full_flush_ping_hu": 8},
        "001 rule 23o",
    ),
    (
        "Full flush Little Ping Hu is a full flush and Little Ping Hu",
        hand(FULL_FLUSH, bonus="F1"),
        {"full_flush": 4, "little_ping_hu": 1},
        "001 rule 23m",
    ),
    (
        "Ping Hu with chows melded, two-sided",
        hand("B2 B3 B4 B6 B7 D8 D8 B5", melds=["chow D4 D5 D6", "chow C2 C3 C4"]),
        {"ping_hu": 4},
        "001 rule 23p",
    ),
    (
        "four melded chows and a single wait, self-drawn: rule 26g lifts c-f",
        hand(
            "D8 D8",
            melds=["chow B2 B3 B4", "chow D4 D5 D6", "chow C2 C3 C4", "chow B6 B7 B8"],
            win="self_draw",
        ),
        {"ping_hu": 4},
        "001 rule 23p",
    ),
]

TAI_CARD = [
    (
        "Ping Hu, multiple wait on a discard",
        hand(TWO_SIDED, rules="sg-tai-card"),
        {"ping_hu": 4},
        "004 tai table",
    ),
    (
        "Little (Smelly) Ping Hu",
        hand(TWO_SIDED, bonus="F1", rules="sg-tai-card"),
        {"little_ping_hu": 1},
        "004 tai table",
    ),
    ("single-tile wait on a discard", hand(EDGE, rules="sg-tai-card"), {}, ""),
    (
        "self-drawn on an edge wait is allowed",
        hand(EDGE, win="self_draw", rules="sg-tai-card"),
        {"ping_hu": 4, "fully_concealed": 1},
        "004 tai table",
    ),
    (
        "except a single wait after melding 4 chows",
        hand(
            "D8 D8",
            melds=["chow B2 B3 B4", "chow D4 D5 D6", "chow C2 C3 C4", "chow B6 B7 B8"],
            win="self_draw",
            rules="sg-tai-card",
        ),
        {},
        "",
    ),
    (
        "Full Flush and Ping Hu add up",
        hand(FULL_FLUSH, rules="sg-tai-card"),
        {"full_flush": 4, "ping_hu": 4},
        "004",
    ),
]

CLASSIC = [
    (
        "Greater Sequence Hand, 2-sided wait",
        hand(TWO_SIDED, rules="sg-classic"),
        {"ping_hu": 4},
        "002 Greater",
    ),
    (
        "Lesser Sequence Hand",
        hand(TWO_SIDED, bonus="ROOSTER", rules="sg-classic"),
        {"little_ping_hu": 1, "animal": 1},
        "002",
    ),
    ("in-between tile on a discard", hand(CLOSED, rules="sg-classic"), {}, ""),
    (
        "in-between tile self-picked",
        hand(CLOSED, win="self_draw", rules="sg-classic"),
        {"ping_hu": 4, "fully_concealed": 1},
        "002 Greater Sequence Hand",
    ),
    (
        "6789 waiting for 6 and 9 as the pair",
        hand("B1 B2 B3 D4 D5 D6 C2 C3 C4 B6 B7 B8 B9 B9", rules="sg-classic"),
        {"ping_hu": 4},
        "002 Greater",
    ),
    (
        "all 4 sequences melded, single tile: not even self-picked",
        hand(
            "D8 D8",
            melds=["chow B2 B3 B4", "chow D4 D5 D6", "chow C2 C3 C4", "chow B6 B7 B8"],
            win="self_draw",
            rules="sg-classic",
        ),
        {},
        "",
    ),
    # 002 Robbing the Kong: the robbed tile counts as a discard, so rule 26's wait shapes apply
    (
        "robbing a kong for an in-between tile: 1 point, no Greater Sequence",
        hand(CLOSED, events=["robbing_kong"], rules="sg-classic"),
        {"robbing_kong": 1},
        "002 Robbing the Kong",
    ),
    (
        "robbing a kong on a 2-tile wait: 5 points (4 + 1)",
        hand(TWO_SIDED, events=["robbing_kong"], rules="sg-classic"),
        {"ping_hu": 4, "robbing_kong": 1},
        "002 Robbing the Kong",
    ),
    (
        "Full Flush Greater Sequence: 8 points (line 385), one item",
        hand(FULL_FLUSH, rules="sg-classic"),
        {"full_flush_ping_hu": 8},
        "002 Full Flush Greater",
    ),
]

SGMJ = [
    ("Ping Wu game", hand(TWO_SIDED, rules="sgmj-2002"), {"ping_hu": 4}, "000 Ping Wu game"),
    (
        "All Chow game (with a flower)",
        hand(TWO_SIDED, bonus="F1", rules="sgmj-2002"),
        {"little_ping_hu": 1},
        "000 All Chow game",
    ),
    ("one unique winning tile on a discard", hand(CLOSED, rules="sgmj-2002"), {}, ""),
    (
        "a single tile after four melded chows, self-drawn",
        hand(
            "D8 D8",
            melds=["chow B2 B3 B4", "chow D4 D5 D6", "chow C2 C3 C4", "chow B6 B7 B8"],
            win="self_draw",
            rules="sgmj-2002",
        ),
        {"ping_hu": 4},
        "000 Ping Wu game",
    ),
    ("the eye cannot be the player's game wind", eye_of("SW", rules="sgmj-2002"), {}, ""),
]


@pytest.mark.parametrize(("case", "data", "expected", "rule"), SPGG + TAI_CARD + CLASSIC + SGMJ)
def test_ping_hu(case, data, expected, rule):
    check(data, expected, rule if not rule.startswith("rule 26") else "")


# ------------------------------------------------------------ rule 26, reading by reading
# Readings built by hand: the shape the winning tile completed, and the tiles the hand waited on.

SPGG_FLAGS = get_ruleset("spgg-2023").settings
TAI_FLAGS = get_ruleset("sg-tai-card").settings


def chow(*tiles: str, declared: bool = False) -> Meld:
    return Meld("chow", tuple(tiles), concealed=not declared, declared=declared)


CHOWS = (chow("B2", "B3", "B4"), chow("D4", "D5", "D6"), chow("C2", "C3", "C4"), chow("B6", "B7", "B8"))


def reading(wait: str, waits: str, eye: str = "D8", sets=CHOWS) -> Reading:
    return Reading(sets, (eye, eye), wait, frozenset(waits.split()))


def parsed(win: str = "discard"):
    from scoring.hand import parse_hand

    return parse_hand(hand("B2 B3 B4 D4 D5 D6 C2 C3 C4 B6 B7 B8 D8 D8", win=win, winning="D8"))


RULE_26 = [
    ("two-sided wait on two tiles", "discard", reading("two_sided", "B5 B8"), "spgg-2023", None, "26c"),
    (
        "edge wait, even with another tile to wait on",
        "discard",
        reading("edge", "B3 B6"),
        "spgg-2023",
        "edge_wait",
        "26e",
    ),
    (
        "closed wait, even with another tile to wait on",
        "discard",
        reading("closed", "B5 B8"),
        "spgg-2023",
        "closed_wait",
        "26d",
    ),
    ("single wait on one tile", "discard", reading("single", "D8"), "spgg-2023", "single_wait", "26f"),
    ("single wait that is a multiple wait", "discard", reading("single", "B4 B7"), "spgg-2023", None, "26f"),
    (
        "a two-sided shape with only one tile left to win on",
        "discard",
        reading("two_sided", "B5"),
        "spgg-2023",
        "one_tile_wait",
        "26c",
    ),
    ("edge wait self-drawn", "self_draw", reading("edge", "B3"), "spgg-2023", None, "26g"),
    ("dragon eye", "discard", reading("two_sided", "B5 B8", eye="GD"), "spgg-2023", "valued_eye", "26a"),
    (
        "004: a closed wait with two tiles is a multiple wait",
        "discard",
        reading("closed", "B5 B8"),
        "sg-tai-card",
        None,
        "004",
    ),
    ("004: one tile to win on", "discard", reading("two_sided", "B5"), "sg-tai-card", "one_tile_wait", "004"),
    # 002 Greater Sequence Hand: "in-between/edge/single only self-picked", though the hand waits on more
    ("002: a closed wait with another tile to wait on, discard", "discard", reading("closed", "B5 B8"),
     "sg-classic", "closed_wait", "002 Greater Sequence Hand"),
    # 000 All Chow game: "more than one winning tile" on a discard; a closed wait with two tiles has them
    ("000: a closed wait with two tiles to win on, discard", "discard", reading("closed", "B5 B8"),
     "sgmj-2002", None, "000 All Chow game"),
]  # fmt: skip


@pytest.mark.parametrize(("case", "win", "r", "flags", "fault", "rule"), RULE_26)
def test_rule_26_on_hand_built_readings(case, win, r, flags, fault, rule):
    # the rule set's settings read when the case runs (tests/rules_mutation.py flips them)
    assert ping_hu_fault(parsed(win), r, get_ruleset(flags).settings) == fault


def test_a_pong_is_not_ping_hu():
    sets = CHOWS[:3] + (Meld("pong", ("B6", "B6", "B6"), concealed=True),)
    assert ping_hu_fault(parsed(), reading("two_sided", "B5 B8", sets=sets), SPGG_FLAGS) == "not_all_chows"


def test_ping_hu_payment_is_the_rule_21_row():
    result = score_hand(hand(TWO_SIDED))
    assert result["doubles"] == 4 and result["ping_hu"] is True
    assert result["payment"] == {"full": 20, "half": 10}


def test_the_best_reading_gives_the_two_sided_shape():
    # 3-4-5-5 + 5 reads as a single wait on the eye and as two-sided on 3-4-5; the engine takes the best
    result = score_hand(hand("B1 B2 B3 D4 D5 D6 C2 C3 C4 B3 B4 B5 B5 B5"))
    assert {i["code"] for i in result["items"]} == {"ping_hu"}
