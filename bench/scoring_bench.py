"""How fast the scoring core reads and scores hands, beside the PyPI package ``mahjong`` 2.1.0.

Run: ``.venv/bin/python bench/scoring_bench.py`` (one process, one core, about 30 s).

Measured on the fixed corpus of ``bench/hands_corpus.py`` (12,000 distinct
legal winning hands):

1. completeness checks per second: ``scoring.decompose.is_complete`` and
   ``mahjong.agari.Agari().is_agari`` on the same concealed tiles as
   34-counts (bonus tiles dropped, declared melds left out, as ``is_agari``
   allows);
2. hands read per second: ``scoring.hand.parse_hand`` + ``scoring.decompose.readings``
   (parsing, every reading, waits and wait shapes);
3. full scorings per second: ``scoring.score_hand`` (skipped with a message
   while it does not exist) and
   ``mahjong.hand_calculating.hand.HandCalculator.estimate_hand_value`` (the
   Japanese-rules scorer: a different rule book, so only the speed compares).

Rates are calls per second of this process's CPU time (``time.process_time``:
one core), so other work on the machine disturbs them less than wall-clock
time would. Our figures are printed as a multiple of theirs. The targets (one core): at
least 200,000 completeness checks/s and 20,000 full scorings/s.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from hands_corpus import corpus  # noqa: E402

from scoring.decompose import is_complete, readings  # noqa: E402
from scoring.hand import parse_hand  # noqa: E402
from scoring.tiles import INDEX  # noqa: E402

SECONDS = 1.5  # per timed phase


def rate(fn, items, seconds: float = SECONDS) -> tuple[float, int]:
    """Calls of ``fn`` per second over ``items`` (cycled), timed for about ``seconds``."""
    done = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        for item in items:
            fn(item)
        done += len(items)
        now = time.process_time()
        if now >= deadline:
            return done / (now - start), done


# ours: B 0-8, D 9-17, C 18-26, winds 27-30, RD GD WD 31-33
# mahjong: man 0-8, pin 9-17, sou 18-26, winds 27-30, haku hatsu chun 31-33
_TO_MAHJONG = {}
for _code, _i in INDEX.items():
    if _i < 9:
        _TO_MAHJONG[_code] = 18 + _i  # bamboo = sou
    elif _i < 18:
        _TO_MAHJONG[_code] = _i  # dots = pin
    elif _i < 27:
        _TO_MAHJONG[_code] = _i - 18  # characters = man
    elif _i < 31:
        _TO_MAHJONG[_code] = _i  # winds E S W N
    elif _i < 34:
        _TO_MAHJONG[_code] = {"RD": 33, "GD": 32, "WD": 31}[_code]


def concealed_tiles(hand: dict) -> list[str]:
    tiles = hand["concealed"]
    return tiles.upper().split() if isinstance(tiles, str) else list(tiles)


def our_counts(hand: dict) -> list[int]:
    counts = [0] * 34
    for t in concealed_tiles(hand):
        counts[INDEX[t]] += 1
    return counts


def their_counts(hand: dict) -> list[int]:
    counts = [0] * 34
    for t in concealed_tiles(hand):
        counts[_TO_MAHJONG[t]] += 1
    return counts


def their_hand(hand: dict):
    """(tiles_136, win_tile_136, melds, config) for HandCalculator.estimate_hand_value."""
    from mahjong.hand_calculating.hand_config import HandConfig
    from mahjong.meld import Meld

    copies: dict[int, int] = {}

    def tile136(code: str) -> int:
        t = _TO_MAHJONG[code]
        k = copies.get(t, 0)
        copies[t] = k + 1
        return t * 4 + k

    concealed = [tile136(t) for t in concealed_tiles(hand)]
    win_tile = concealed[concealed_tiles(hand).index(hand["winning_tile"].upper())]
    melds = []
    tiles = list(concealed)
    kinds = {"chow": Meld.CHI, "pong": Meld.PON, "kong": Meld.KAN}
    for m in hand["melds"]:
        ts = [tile136(t) for t in m["tiles"]]
        tiles += ts
        melds.append(Meld(meld_type=kinds[m["type"]], tiles=ts, opened=not m.get("concealed", False)))
    return tiles, win_tile, melds, HandConfig(is_tsumo=hand["win"] == "self_draw")


def main() -> None:
    t0 = time.perf_counter()
    hands = corpus()
    print(f"corpus: {len(hands)} distinct hands in {time.perf_counter() - t0:.2f} s")

    try:
        from mahjong.agari import Agari
        from mahjong.hand_calculating.hand import HandCalculator
    except ImportError:  # pragma: no cover - the package is in requirements-dev
        Agari = HandCalculator = None
        print("the PyPI package mahjong is not installed: no comparison")

    ours = [our_counts(h) for h in hands]
    theirs = [their_counts(h) for h in hands]
    ours_complete = [is_complete(c) for c in ours]
    complete = sum(ours_complete)
    print(f"\n1. completeness checks ({complete} of {len(ours)} concealed parts are standard-complete)")
    our_rate, n = rate(is_complete, ours)
    print(f"   scoring.decompose.is_complete     {our_rate:12,.0f} checks/s  ({n:,} checks)")
    if Agari is not None:
        agari = Agari()
        their_complete = [agari.is_agari(c) for c in theirs]
        differ = sum(a != b for a, b in zip(ours_complete, their_complete, strict=True))
        their_rate, n = rate(agari.is_agari, theirs)
        print(f"   mahjong Agari().is_agari          {their_rate:12,.0f} checks/s  ({n:,} checks)")
        print(f"   ours / theirs: {our_rate / their_rate:.1f}x")
        print(f"   answers differ on {differ} hands (is_agari also accepts 13 Wonders and seven pairs)")

    print("\n2. reading hands: parse_hand + readings (waits and wait shapes included)")
    read_rate, n = rate(lambda h: readings(parse_hand(h)), hands)
    print(
        f"   parse + readings                  {read_rate:12,.0f} hands/s   ({1e6 / read_rate:.1f} us/hand)"
    )
    parse_rate, _ = rate(parse_hand, hands, 1.0)
    print(
        f"   parse_hand alone                  {parse_rate:12,.0f} hands/s   ({1e6 / parse_rate:.1f} us/hand)"
    )

    print("\n3. full scoring")
    try:
        from scoring.score import score_hand
    except ImportError as exc:
        score_hand = None
        print(f"   scoring.score_hand not available yet ({exc}): skipped")
    if score_hand is not None:
        score_rate, n = rate(score_hand, hands, 2.0)
        per_hand = 1e6 / score_rate
        print(f"   scoring.score_hand                {score_rate:12,.0f} hands/s   ({per_hand:.1f} us/hand)")
    if HandCalculator is not None:
        prepared = [their_hand(h) for h in hands if h.get("winning_tile")][:2000]
        calc = HandCalculator()

        def estimate(args):
            tiles, win_tile, melds, config = args
            return calc.estimate_hand_value(tiles, win_tile, melds=melds, config=config)

        their_score_rate, n = rate(estimate, prepared, 2.5)
        print(f"   mahjong estimate_hand_value       {their_score_rate:12,.0f} hands/s   ({n:,} hands)")
        if score_hand is not None:
            print(f"   ours / theirs: {score_rate / their_score_rate:.1f}x")
    print(f"\ntotal {time.perf_counter() - t0:.1f} s (wall clock)")


if __name__ == "__main__":
    main()
