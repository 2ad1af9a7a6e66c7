"""Properties of ``score_hand`` (hypothesis): it never fails on any input but with
``InvalidInput``; the order of tiles never changes the result; an own flower never
lowers the doubles, except that it turns Ping Hu (4) into Little Ping Hu (1)
(001 rules 23p, 23q: the only rule in the documents that a bonus tile makes worse).
"""

import string

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import InvalidInput, score_hand
from scoring.tiles import BONUS_TILES, PLAYING_TILES

RULES = ("spgg-2023", "sg-tai-card", "sg-classic", "sgmj-2002")
SEAT_NUMBER = {"E": "1", "S": "2", "W": "3", "N": "4"}
EVENTS = (
    "flower_replacement",
    "kong_replacement",
    "double_kong_replacement",
    "last_tile",
    "robbing_kong",
    "heavenly",
    "earthly",
    "robbing_eighth_flower",
)

# ------------------------------------------------------------ anything at all

tileish = st.sampled_from(PLAYING_TILES + BONUS_TILES + ("b1", " rd", "X9", "", "B0", "F5", "cat"))
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 20),
    st.floats(allow_nan=True),
    tileish,
    st.text(string.printable, max_size=6),
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)
meld_like = st.fixed_dictionaries(
    {
        "type": st.sampled_from(["chow", "pong", "kong", "Kong", "pair", 3]),
        "tiles": st.lists(tileish, max_size=5),
    },
    optional={"concealed": st.one_of(st.booleans(), values)},
)
contract_like = st.fixed_dictionaries(
    {},
    optional={
        "rules": st.one_of(st.sampled_from(RULES + ("SPGG-2023", "nope")), values),
        "options": st.one_of(
            st.dictionaries(
                st.sampled_from(
                    ["min_doubles", "limit_doubles", "seven_pairs", "limit_hands", "big_winds", "zzz"]
                ),
                values,
                max_size=2,
            ),
            values,
        ),
        "prevailing_wind": st.one_of(st.sampled_from("ESWN"), values),
        "seat_wind": st.one_of(st.sampled_from("ESWNe"), values),
        "concealed": st.one_of(st.lists(tileish, max_size=16), st.text(max_size=30), values),
        "melds": st.one_of(st.lists(meld_like, max_size=5), values),
        "bonus": st.one_of(st.lists(tileish, max_size=9), values),
        "winning_tile": st.one_of(tileish, values),
        "win": st.one_of(st.sampled_from(["discard", "self_draw", "SELF_DRAW"]), values),
        "events": st.one_of(st.lists(st.sampled_from(EVENTS + ("bogus",)), max_size=3), values),
    },
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(values, contract_like))
def test_score_hand_never_raises_anything_but_invalid_input(data):
    try:
        result = score_hand(data)
    except InvalidInput as exc:
        assert exc.errors and all(e.code and e.message for e in exc.errors)
        return
    assert isinstance(result, dict) and isinstance(result["win"], bool)
    if result["win"]:
        assert sum(i["doubles"] for i in result["items"]) >= result["doubles"]
    else:
        assert result["errors"]


# ------------------------------------------------------------ complete hands

SUITED = [t for t in PLAYING_TILES if t[0] in "BDC" and t[1].isdigit()]
# Made once: a strategy made anew inside a draw is validated anew each time (most of this file's time)
CHOW_STARTS = st.sampled_from([t for t in SUITED if int(t[1]) <= 7])
ANY_TILE = st.sampled_from(PLAYING_TILES)
PONG_OR_KONG = st.sampled_from(["pong", "pong", "kong"])


@st.composite
def complete_hands(draw):
    """A complete standard hand (some sets declared), its bonus tiles and situation."""
    counts: dict[str, int] = {}

    def take(tiles):
        for t in tiles:
            counts[t] = counts.get(t, 0) + 1

    sets = []
    while len(sets) < 4:
        if draw(st.booleans()):
            start = draw(CHOW_STARTS)
            tiles = [start, f"{start[0]}{int(start[1]) + 1}", f"{start[0]}{int(start[1]) + 2}"]
            kind = "chow"
        else:
            tile = draw(ANY_TILE)
            kind = draw(PONG_OR_KONG)
            tiles = [tile] * (4 if kind == "kong" else 3)
        if all(counts.get(t, 0) + tiles.count(t) <= 4 for t in set(tiles)):
            take(tiles)
            sets.append((kind, tiles))
    eye = draw(st.sampled_from([t for t in PLAYING_TILES if counts.get(t, 0) <= 2]))
    take([eye, eye])
    concealed = [eye, eye]
    melds = []
    for kind, tiles in sets:
        if kind == "kong" or draw(st.integers(0, 3)) == 0:
            meld = {"type": kind, "tiles": tiles}
            if kind == "kong" and draw(st.booleans()):
                meld["concealed"] = True
            melds.append(meld)
        else:
            concealed += tiles
    seat = draw(st.sampled_from("ESWN"))
    bonus = draw(st.lists(st.sampled_from(BONUS_TILES), unique=True, max_size=4))
    return {
        "rules": draw(st.sampled_from(RULES)),
        "prevailing_wind": draw(st.sampled_from("ESWN")),
        "seat_wind": seat,
        "concealed": concealed,
        "melds": melds,
        "bonus": bonus,
        "winning_tile": draw(st.sampled_from(concealed)),
        "win": draw(st.sampled_from(["discard", "self_draw"])),
        "events": draw(st.lists(st.sampled_from(EVENTS), unique=True, max_size=2)),
    }


@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.large_base_example, HealthCheck.too_slow],
)
@given(complete_hands(), st.randoms(use_true_random=False))
def test_tile_order_never_changes_the_result(data, rng):
    expected = score_hand(data)
    shuffled = dict(data)
    shuffled["concealed"] = rng.sample(data["concealed"], len(data["concealed"]))
    shuffled["melds"] = [
        dict(m, tiles=rng.sample(m["tiles"], len(m["tiles"])))
        for m in rng.sample(data["melds"], len(data["melds"]))
    ]
    shuffled["bonus"] = rng.sample(data["bonus"], len(data["bonus"]))
    assert score_hand(shuffled) == expected


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.large_base_example, HealthCheck.too_slow],
)
@given(complete_hands(), st.sampled_from("FS"))
def test_an_own_flower_never_lowers_the_doubles(data, group):
    own = group + SEAT_NUMBER[data["seat_wind"]]
    if own in data["bonus"]:
        data["bonus"] = [b for b in data["bonus"] if b != own]
    before = score_hand(data)
    after = score_hand(dict(data, bonus=data["bonus"] + [own]))
    if "doubles" not in before:  # not a win for another reason (an event it cannot have had...)
        return
    codes = {i["code"] for i in before["items"]}
    if codes & {"ping_hu", "full_flush_ping_hu"}:
        # 001 rule 23q: the flower turns Ping Hu into Little Ping Hu (+ the flower)
        assert {i["code"] for i in after["items"]} & {"little_ping_hu"}
        return
    assert after["doubles"] >= before["doubles"]
    if before["win"]:
        assert after["win"]
