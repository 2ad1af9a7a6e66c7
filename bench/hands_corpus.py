"""A fixed corpus of random legal winning hands, as contract JSON (../shared/spec/scoring-api.md).

``corpus(n, seed)`` returns ``n`` distinct hands, the same every time for one
seed, spread over the hand types of the rule documents: all chows (Ping Hu,
001 rule 26), all pongs (23j), mixed, half and full flushes (23l, 23m),
dragon and wind hands (23g-23k), all honours (24b), 13 Wonders (24j), 9 Gates
(24f), exposed melds, exposed and concealed kongs, bonus tiles (23a-23d),
self-drawn and discard wins, events (25a-25c, 24h-24i) and instant wins
without a winning tile (eight flowers, 24g).

Every standard hand carries at least one double under spgg-2023 (an animal,
a valued pong, a flush, all pongs, or a self-drawn Ping Hu), so it is a
legal win there. Run ``python bench/hands_corpus.py [n]`` to print the counts
per hand type, or ``--json`` to print the hands.
"""

from __future__ import annotations

import json
import random
import sys

SUITS = ("B", "D", "C")
WINDS = ("EW", "SW", "WW", "NW")
DRAGONS = ("RD", "GD", "WD")
HONOURS = WINDS + DRAGONS
FLOWERS = ("F1", "F2", "F3", "F4")
SEASONS = ("S1", "S2", "S3", "S4")
ANIMALS = ("CAT", "RAT", "ROOSTER", "CENTIPEDE")
SEATS = ("E", "S", "W", "N")
WIND_OF = dict(zip(SEATS, WINDS, strict=True))

# hand type -> weight
TYPES = {
    "all_chows": 16,
    "ping_hu_self_drawn": 6,
    "all_pongs": 10,
    "mixed": 22,
    "half_flush": 10,
    "full_flush": 8,
    "dragons": 6,
    "winds": 5,
    "all_honours": 2,
    "kongs": 8,
    "thirteen_wonders": 3,
    "nine_gates": 2,
    "eight_flowers": 2,
}


class _Builder:
    """Four sets and an eye, drawn without using any tile more than four times."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.used: dict[str, int] = {}
        self.sets: list[tuple[str, tuple[str, ...]]] = []

    def take(self, tiles) -> bool:
        need: dict[str, int] = {}
        for t in tiles:
            need[t] = need.get(t, 0) + 1
        if any(self.used.get(t, 0) + k > 4 for t, k in need.items()):
            return False
        for t, k in need.items():
            self.used[t] = self.used.get(t, 0) + k
        return True

    def chow(self, suits=SUITS) -> bool:
        s = self.rng.choice(suits)
        n = self.rng.randint(1, 7)
        tiles = (f"{s}{n}", f"{s}{n + 1}", f"{s}{n + 2}")
        if self.take(tiles):
            self.sets.append(("chow", tiles))
            return True
        return False

    def pong(self, pool) -> bool:
        t = self.rng.choice(pool)
        if self.take((t, t, t)):
            self.sets.append(("pong", (t, t, t)))
            return True
        return False

    def eye(self, pool) -> str | None:
        for _ in range(30):
            t = self.rng.choice(pool)
            if self.take((t, t)):
                return t
        return None


def _suit_tiles(suits=SUITS) -> list[str]:
    return [f"{s}{n}" for s in suits for n in range(1, 10)]


def _standard(rng: random.Random, kind: str) -> dict | None:
    b = _Builder(rng)
    seat = rng.choice(SEATS)
    prevailing = rng.choice(SEATS)
    suits = SUITS
    needs_bonus_double = False
    if kind in ("all_chows", "ping_hu_self_drawn"):
        while len(b.sets) < 4:
            b.chow()
        valued = {WIND_OF[seat], WIND_OF[prevailing]}
        pool = _suit_tiles() + [w for w in WINDS if w not in valued]
        eye = b.eye(pool)
        needs_bonus_double = kind == "all_chows"
    elif kind == "all_pongs":
        pool = _suit_tiles() + list(HONOURS)
        while len(b.sets) < 4:
            b.pong(pool)
        eye = b.eye(pool)
    elif kind in ("half_flush", "full_flush"):
        suits = (rng.choice(SUITS),)
        pool = _suit_tiles(suits) + (list(HONOURS) if kind == "half_flush" else [])
        while len(b.sets) < 4:
            if rng.random() < 0.5:
                b.chow(suits)
            else:
                b.pong(pool)
        eye = b.eye(pool)
        if (
            kind == "half_flush"
            and not any(t in HONOURS for _, s in b.sets for t in s)
            and eye not in HONOURS
        ):
            return None  # that would be a full flush
    elif kind == "dragons":
        for d in rng.sample(DRAGONS, rng.randint(1, 3)):
            b.take((d, d, d))
            b.sets.append(("pong", (d, d, d)))
        while len(b.sets) < 4:
            b.chow() if rng.random() < 0.6 else b.pong(_suit_tiles())
        eye = b.eye(_suit_tiles() + list(HONOURS))
    elif kind == "winds":
        for w in rng.sample(WINDS, rng.randint(2, 4)):
            b.take((w, w, w))
            b.sets.append(("pong", (w, w, w)))
        while len(b.sets) < 4:
            b.chow() if rng.random() < 0.5 else b.pong(_suit_tiles())
        eye = b.eye(_suit_tiles() + list(HONOURS))
        needs_bonus_double = True
    elif kind == "all_honours":
        while len(b.sets) < 4:
            b.pong(list(HONOURS))
        eye = b.eye(list(HONOURS))
    else:  # mixed, kongs
        pool = _suit_tiles() + list(HONOURS)
        while len(b.sets) < 4:
            b.chow() if rng.random() < 0.55 else b.pong(pool)
        eye = b.eye(pool)
        needs_bonus_double = True
    if eye is None:
        return None

    # kongs: turn pongs into kongs (exposed or concealed)
    sets = list(b.sets)
    kong_chance = 0.7 if kind == "kongs" else 0.06
    for i, (k, tiles) in enumerate(sets):
        if k == "pong" and rng.random() < kong_chance and b.used[tiles[0]] == 3:
            b.used[tiles[0]] = 4
            sets[i] = ("kong", tiles + (tiles[0],))

    # which sets are declared: Ping Hu self-drawn keeps the hand concealed
    declared_chance = 0.0 if kind == "ping_hu_self_drawn" else rng.choice((0.0, 0.25, 0.5, 0.8))
    melds = []
    concealed = [eye, eye]
    for k, tiles in sets:
        if k == "kong":
            melds.append({"type": "kong", "tiles": list(tiles), "concealed": rng.random() < 0.5})
        elif rng.random() < declared_chance:
            melds.append({"type": k, "tiles": list(tiles)})
        else:
            concealed.extend(tiles)
    rng.shuffle(concealed)
    winning = rng.choice(concealed)
    win = "self_draw" if kind == "ping_hu_self_drawn" or rng.random() < 0.4 else "discard"

    if kind in ("ping_hu_self_drawn", "full_flush") and rng.random() < 0.7:
        bonus: list[str] = []
    else:
        bonus = rng.sample(FLOWERS + SEASONS + ANIMALS, rng.choice((0, 0, 1, 1, 2, 3, 4)))
    if needs_bonus_double and not any(t in ANIMALS for t in bonus):
        bonus.append(rng.choice(ANIMALS))
    events = _events(rng, win, seat, bonus, sets)
    return _hand(rng, prevailing, seat, concealed, melds, bonus, winning, win, events)


def _events(rng, win, seat, bonus, sets) -> list[str]:
    if rng.random() > 0.25:
        return []
    choices = []
    if win == "self_draw":
        choices.append("last_tile")
        if bonus:
            choices.append("flower_replacement")
        if any(k == "kong" for k, _ in sets):
            choices.append("kong_replacement")
        if seat == "E":
            choices.append("heavenly")
    else:
        choices.append("robbing_kong")
        if seat != "E":
            choices.append("earthly")
    return [rng.choice(choices)]


def _hand(rng, prevailing, seat, concealed, melds, bonus, winning, win, events) -> dict:
    data = {
        "rules": "spgg-2023",
        "prevailing_wind": prevailing,
        "seat_wind": seat,
        "concealed": list(concealed),
        "melds": melds,
        "bonus": list(bonus),
        "winning_tile": winning,
        "win": win,
        "events": events,
    }
    if winning is None:
        del data["winning_tile"]
    if rng.random() < 0.1:  # the contract also takes one string per tile list
        data["concealed"] = " ".join(concealed).lower()
    return data


def _thirteen_wonders(rng: random.Random) -> dict:
    wonders = [f"{s}{n}" for s in SUITS for n in (1, 9)] + list(HONOURS)
    concealed = wonders + [rng.choice(wonders)]
    rng.shuffle(concealed)
    bonus = rng.sample(FLOWERS + SEASONS + ANIMALS, rng.choice((0, 0, 1, 2)))
    return _hand(
        rng,
        rng.choice(SEATS),
        rng.choice(SEATS),
        concealed,
        [],
        bonus,
        rng.choice(concealed),
        rng.choice(("discard", "self_draw")),
        [],
    )


def _nine_gates(rng: random.Random) -> dict:
    s = rng.choice(SUITS)
    concealed = [f"{s}{n}" for n in (1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9)] + [f"{s}{rng.randint(1, 9)}"]
    rng.shuffle(concealed)
    return _hand(
        rng,
        rng.choice(SEATS),
        rng.choice(SEATS),
        concealed,
        [],
        [],
        rng.choice(concealed),
        rng.choice(("discard", "self_draw")),
        [],
    )


def _eight_flowers(rng: random.Random) -> dict:
    """001 rule 24g: all eight flowers and seasons win outright, with any 13 other tiles."""
    tiles = [t for t in _suit_tiles() + list(HONOURS) for _ in range(4)]
    concealed = rng.sample(tiles, 13)
    robbed = rng.random() < 0.5
    return _hand(
        rng,
        rng.choice(SEATS),
        rng.choice(SEATS),
        concealed,
        [],
        list(FLOWERS + SEASONS) + rng.sample(ANIMALS, rng.randint(0, 2)),
        None,
        "discard" if robbed else "self_draw",
        ["robbing_eighth_flower"] if robbed else [],
    )


def _key(data: dict) -> str:
    """Two hands are the same if they hold the same tiles the same way (order ignored)."""
    concealed = data["concealed"]
    if isinstance(concealed, str):
        concealed = concealed.upper().split()
    return json.dumps(
        [
            data["prevailing_wind"],
            data["seat_wind"],
            sorted(concealed),
            sorted((m["type"], sorted(m["tiles"]), m.get("concealed", False)) for m in data["melds"]),
            sorted(data["bonus"]),
            data.get("winning_tile"),
            data["win"],
            sorted(data["events"]),
        ]
    )


def corpus(n: int = 12_000, seed: int = 2023) -> list[dict]:
    """``n`` distinct legal winning hands, the same for the same ``seed``."""
    return [data for _, data in corpus_with_types(n, seed)]


def corpus_with_types(n: int = 12_000, seed: int = 2023) -> list[tuple[str, dict]]:
    """Like ``corpus`` but each hand with its hand type (for reports)."""
    rng = random.Random(seed)
    kinds = list(TYPES)
    weights = [TYPES[k] for k in kinds]
    builder = {
        "thirteen_wonders": _thirteen_wonders,
        "nine_gates": _nine_gates,
        "eight_flowers": _eight_flowers,
    }
    seen: set[str] = set()
    out: list[tuple[str, dict]] = []
    while len(out) < n:
        kind = rng.choices(kinds, weights)[0]
        data = builder[kind](rng) if kind in builder else _standard(rng, kind)
        if data is None:
            continue
        key = _key(data)
        if key not in seen:
            seen.add(key)
            out.append((kind, data))
    return out


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    size = int(args[0]) if args else 12_000
    if "--json" in sys.argv:
        for hand in corpus(size):
            print(json.dumps(hand))
    else:
        counts: dict[str, int] = {}
        for kind, _ in corpus_with_types(size):
            counts[kind] = counts.get(kind, 0) + 1
        for kind, count in sorted(counts.items(), key=lambda kv: -kv[1]):
            print(f"{kind:20s} {count}")
