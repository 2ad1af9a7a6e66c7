"""Properties of reading hands (hypothesis): order never matters, readings use exactly the
hand's tiles, the lookup tables agree with a slow search, parsing never crashes."""

import random
import subprocess
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.decompose import is_complete, readings
from scoring.errors import IllegalHand, InvalidInput
from scoring.hand import parse_hand
from scoring.tiles import BONUS_TILES, PLAYING_TILES, TILES, counts34, sort_tiles
from scoring.waits import standard_waits

RULES = {"seven_pairs": None}
FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ------------------------------------------------------------ a slow reference


def slow_complete(counts, eye_used=False) -> bool:
    """Sets and one eye by plain recursive search (the reference the tables must agree with)."""
    counts = list(counts)
    i = next((i for i, c in enumerate(counts) if c), None)
    if i is None:
        return eye_used
    if counts[i] >= 3:
        counts[i] -= 3
        if slow_complete(counts, eye_used):
            return True
        counts[i] += 3
    if not eye_used and counts[i] >= 2:
        counts[i] -= 2
        if slow_complete(counts, True):
            return True
        counts[i] += 2
    if i < 27 and i % 9 <= 6 and counts[i + 1] and counts[i + 2]:
        counts[i] -= 1
        counts[i + 1] -= 1
        counts[i + 2] -= 1
        if slow_complete(counts, eye_used):
            return True
    return False


# ------------------------------------------------------------ strategies

SETS = [("chow", (s * 9 + o, s * 9 + o + 1, s * 9 + o + 2)) for s in range(3) for o in range(7)]
SETS += [("pong", (i, i, i)) for i in range(34)]


@st.composite
def complete_hands(draw):
    """A legal complete hand as contract JSON: four sets (some declared) and an eye."""
    counts = [0] * 34
    chosen = []
    while len(chosen) < 4:
        kind, tiles = draw(st.sampled_from(SETS))
        if draw(st.integers(0, 5)) == 0 and kind == "pong":
            kind, tiles = "kong", tiles + (tiles[0],)
        if all(counts[t] + tiles.count(t) <= 4 for t in set(tiles)):
            for t in tiles:
                counts[t] += 1
            chosen.append((kind, tiles))
    eye = draw(st.sampled_from([i for i in range(34) if counts[i] <= 2]))
    counts[eye] += 2
    declared = draw(st.integers(0, 4))
    concealed = [eye, eye]
    melds = []
    for n, (kind, tiles) in enumerate(chosen):
        if n < declared or kind == "kong":
            melds.append(
                {
                    "type": kind,
                    "tiles": [TILES[t] for t in tiles],
                    "concealed": kind == "kong" and draw(st.booleans()),
                }
            )
        else:
            concealed += tiles
    concealed = [TILES[t] for t in concealed]
    rng = random.Random(draw(st.integers(0, 2**32)))
    rng.shuffle(concealed)
    bonus = draw(st.lists(st.sampled_from(BONUS_TILES), unique=True, max_size=4))
    return {
        "prevailing_wind": draw(st.sampled_from("ESWN")),
        "seat_wind": draw(st.sampled_from("ESWN")),
        "concealed": concealed,
        "melds": melds,
        "bonus": bonus,
        "winning_tile": draw(st.sampled_from(concealed)),
        "win": draw(st.sampled_from(["discard", "self_draw"])),
    }


def shuffled(data, seed):
    rng = random.Random(seed)
    out = dict(data)
    out["concealed"] = rng.sample(data["concealed"], len(data["concealed"]))
    out["bonus"] = rng.sample(data["bonus"], len(data["bonus"]))
    out["melds"] = [
        dict(m, tiles=[t.lower() for t in rng.sample(m["tiles"], len(m["tiles"]))]) for m in data["melds"]
    ]
    return out


# ------------------------------------------------------------ properties


@FAST
@given(complete_hands(), st.integers(0, 1000))
def test_tile_order_in_the_input_never_changes_the_readings(data, seed):
    assert readings(parse_hand(shuffled(data, seed), rules=RULES)) == readings(parse_hand(data, rules=RULES))


@FAST
@given(complete_hands())
def test_every_reading_uses_exactly_the_hands_tiles(data):
    h = parse_hand(data, rules=RULES)
    rs = readings(h)
    assert rs, "a hand built from four sets and an eye has a reading"
    everything = sort_tiles(list(h.concealed) + [t for m in h.melds for t in m.tiles])
    for r in rs:
        if r.special is None:
            assert len(r.sets) == 4
            assert sort_tiles([t for m in r.sets for t in m.tiles] + list(r.eye)) == everything
        assert h.winning_tile in r.waits
        assert r.wait is not None


@FAST
@given(complete_hands())
def test_the_winning_tile_is_among_the_waits_and_waits_are_real(data):
    h = parse_hand(data, rules=RULES)
    before = counts34(h.concealed)
    before[TILES.index(h.winning_tile)] -= 1
    for t in readings(h)[0].waits:
        after = list(before)
        after[TILES.index(t)] += 1
        assert slow_complete(after)


counts_vectors = st.lists(st.integers(0, 4), min_size=34, max_size=34)


@st.composite
def near_complete_counts(draw):
    """Counts of 14 playing tiles, often complete (built from sets) and often not."""
    counts = [0] * 34
    tiles = draw(st.lists(st.sampled_from(range(34)), min_size=14, max_size=40))
    n = 0
    for t in tiles:
        if counts[t] < 4 and n < 14:
            counts[t] += 1
            n += 1
    return counts


@settings(max_examples=400, deadline=None)
@given(st.one_of(near_complete_counts(), counts_vectors))
def test_is_complete_agrees_with_a_slow_search(counts):
    assert is_complete(counts) == slow_complete(counts)


@settings(max_examples=150, deadline=None)
@given(complete_hands(), st.integers(0, 13))
def test_waits_agree_with_trying_every_tile(data, drop):
    counts = counts34(data["concealed"])
    dropped = [i for i, c in enumerate(counts) for _ in range(c)][drop % len(data["concealed"])]
    counts[dropped] -= 1
    tried = [
        i
        for i in range(34)
        if counts[i] < 4 and slow_complete(counts[:i] + [counts[i] + 1] + counts[i + 1 :])
    ]
    assert sorted(standard_waits(counts)) == tried


@settings(max_examples=150, deadline=None)
@given(near_complete_counts(), st.integers(0, 13))
def test_waits_of_random_thirteen_tiles_agree_with_trying_every_tile(counts, drop):
    held = [i for i, c in enumerate(counts) for _ in range(c)]
    counts[held[drop % len(held)]] -= 1
    tried = [
        i
        for i in range(34)
        if counts[i] < 4 and slow_complete(counts[:i] + [counts[i] + 1] + counts[i + 1 :])
    ]
    assert sorted(standard_waits(counts)) == tried


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=20,
)
tile_like = st.sampled_from(list(PLAYING_TILES) + list(BONUS_TILES) + ["b1", "X", "", "EW ", 3])
field_values = st.one_of(
    json_values, st.lists(tile_like, max_size=16), st.sampled_from(["E", "discard", "B1 B2"])
)
KEYS = [
    "rules",
    "options",
    "prevailing_wind",
    "seat_wind",
    "concealed",
    "melds",
    "bonus",
    "winning_tile",
    "win",
    "events",
]


@settings(max_examples=300, deadline=None)
@given(st.one_of(json_values, st.dictionaries(st.sampled_from(KEYS), field_values, max_size=10)))
def test_parse_only_ever_raises_invalid_input_or_illegal_hand(data):
    try:
        parse_hand(data)
    except (InvalidInput, IllegalHand) as exc:
        assert exc.errors
        assert all(e.code and e.message for e in exc.errors)


@settings(max_examples=200, deadline=None)
@given(complete_hands(), st.sampled_from(KEYS), field_values)
def test_a_hand_with_one_field_broken_never_crashes(data, key, value):
    data = dict(data, **{key: value})
    try:
        h = parse_hand(data)
    except (InvalidInput, IllegalHand):
        return
    readings(h)


def test_the_bench_corpus_is_legal_and_complete():
    """bench/hands_corpus.py promises distinct legal winning hands: the first 600 parse and read."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
    from hands_corpus import _key, corpus

    hands = corpus(600, seed=7)
    assert len({_key(h) for h in hands}) == 600
    for data in hands:
        h = parse_hand(data)
        assert h.winning_tile is None or readings(h), data


def test_the_reading_modules_import_nothing_outside_the_standard_library():
    code = (
        "import sys, scoring.tiles, scoring.hand, scoring.decompose, scoring.waits, scoring._tables;"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('django', 'rest_framework', 'celery')];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
