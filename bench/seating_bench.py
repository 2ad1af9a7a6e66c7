"""Seating benchmark: repeats against the best known, winds by blocks of four, byes, time.

For each case (players x rounds, planned at once with ``seat``, default seed) it prints

- **best**: the fewest repeated meetings known possible (a pair meeting k times counts
  k - 1) and where that comes from: a design or published solution (0), the counting bound
  ``rounds * tables * 6 - pairs`` when every pair must have met, or a pigeonhole argument;
  ``>=`` marks a lower bound no schedule is known to reach;
- **ours**: the repeated meetings found, **consec**: pairs meeting in two consecutive rounds,
  **max**: the most meetings of one pair;
- **wind**: over each complete block of four rounds (rounds 1-4, 5-8, ...), players who did
  not start in each wind exactly once (a player with a bye in the block: who took a wind
  twice); the worst block and the total; **spread**: the largest difference between a
  player's most and fewest starts in one wind after any round of the event;
- **byes**: ``ok`` when nobody sat out twice before everyone sat out once and nobody sat out
  two rounds running (``-`` when the field has no byes);
- **s**: seconds for the whole plan.

Run ``python bench/seating_bench.py`` (a few minutes; run it with ``nice``), ``--quick`` for
the fields up to 100 players, ``--src DIR`` to measure another checkout's ``tournament.seating``.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from pathlib import Path

# (players, rounds, best known repeats, source); best None: the counting bound, computed
CASES = [
    (12, 3, 6, "pigeonhole: each later table holds an earlier pair"),
    (16, 5, 0, "AG(2,4)"),
    (16, 6, 24, "counting bound"),
    (18, 4, 0, "issue 17 (byes)"),
    (22, 5, 0, "transversal 4x5 + 2 stand-ins"),
    (24, 7, 0, "4-RGDD type 3^8"),
    (24, 8, None, "counting bound"),
    (28, 9, 0, "resolvable (28,4,1)"),
    (28, 10, None, "counting bound"),
    (32, 10, 0, "social golfer 8-4-10 (Aguado)"),
    (34, 8, 0, "issue 17 (byes)"),
    (34, 10, 0, "2^16 design + 2 stand-ins"),
    (36, 11, 0, "4-RGDD type 3^12"),
    (36, 12, None, "counting bound"),
    (37, 8, 0, "bound (byes)"),
    (40, 13, 0, "resolvable (40,4,1)"),
    (44, 14, 0, "4-RGDD type 2^22 (SAT, stored)"),
    (44, 15, None, "counting bound"),
    (48, 15, 0, "4-RGDD type 3^16"),
    (48, 16, None, "counting bound"),
    (60, 19, 0, "4-RGDD type 3^20 (SAT, stored)"),
    (60, 20, None, "counting bound"),
    (56, 18, None, "counting bound (4-RGDD 2^28)"),
    (64, 21, 0, "AG(3,4)"),
    (64, 22, None, "counting bound"),
    (72, 23, 0, "4-RGDD type 3^24 (SAT, stored)"),
    (80, 26, 0, "4-RGDD type 2^40 (SAT, stored)"),
    (84, 27, 0, "4-RGDD type 3^28 (SAT, stored)"),
    (96, 31, 0, "4-RGDD type 3^32 (SAT, stored)"),
    (96, 32, None, "counting bound"),
    (100, 33, 0, "resolvable (100,4,1)"),
    (101, 20, 0, "bound (byes)"),
    (108, 35, 0, "4-RGDD type 3^36 (SAT, stored)"),
    (120, 39, None, "counting bound (4-RGDD 3^40)"),
    (128, 42, 0, "4-RGDD 2^64 = 32^4 + 2^16"),
    (132, 43, 0, "4-RGDD type 3^44 (SAT, stored)"),
    (136, 45, 0, "resolvable (136,4,1) (SAT, stored)"),
    (144, 47, 0, "4-RGDD 3^48 = 36^4 + 3^12"),
    (200, 10, 0, "4-RGDD 5^40 = 1^40 x 5"),
    (200, 25, 0, "4-RGDD 5^40 = 1^40 x 5"),
    (200, 30, 0, "4-RGDD 5^40 = 1^40 x 5"),
    (200, 66, None, "counting bound"),
    (1000, 12, 0, "4-RGDD 25^40 (composed)"),
]
QUICK_MAX = 100


def counting_bound(players: int, rounds: int) -> int:
    tables = players // 4
    return max(0, rounds * tables * 6 - players * (players - 1) // 2)


def measure(players: int, rounds: int, seat, SeatingOptions, forget=lambda: None) -> dict:  # noqa: N803
    forget()  # each case from nothing: no seating kept in the process from the cases before
    started = time.monotonic()
    seating = seat(range(players), options=SeatingOptions(rounds=rounds, time_budget=600.0))
    seconds = time.monotonic() - started
    tables = [r.tables for r in seating.rounds]
    met: dict[tuple[int, int], int] = {}
    consecutive = 0
    previous: set = set()
    for rnd in tables:
        pairs = {p for t in rnd for p in itertools.combinations(sorted(t), 2)}
        consecutive += len(pairs & previous)
        previous = pairs
        for p in pairs:
            met[p] = met.get(p, 0) + 1
    repeats = sum(n - 1 for n in met.values())
    worst = total = 0
    for b in range(rounds // 4):
        seats: dict[int, list[int]] = {}
        for rnd in tables[4 * b : 4 * b + 4]:
            for t in rnd:
                for s, p in enumerate(t):
                    seats.setdefault(p, []).append(s)
        bad = sum(
            1 for ss in seats.values() if len(set(ss)) != len(ss) or (len(ss) == 4 and len(set(ss)) != 4)
        )
        worst, total = max(worst, bad), total + bad
    counts: dict[int, list[int]] = {}
    spread = 0
    for rnd in tables:  # after every round, not only at the end
        for t in rnd:
            for s, p in enumerate(t):
                counts.setdefault(p, [0, 0, 0, 0])[s] += 1
        spread = max(spread, max(max(c) - min(c) for c in counts.values()))
    byes_txt = "-"
    if players % 4:
        fair, had, last = True, dict.fromkeys(range(players), 0), set()
        for rnd in tables:
            seated = {p for t in rnd for p in t}
            out = set(range(players)) - seated
            low = min(had.values())
            if any(had[p] > low for p in out) or out & last:
                fair = False
            for p in out:
                had[p] += 1
            last = out
        byes_txt = "ok" if fair else "UNFAIR"
    methods = {r.method.split(", class")[0] for r in seating.rounds}
    how = " + ".join(sorted(methods, key=lambda m: not m.startswith("design")))
    return {
        "repeats": repeats,
        "consecutive": consecutive,
        "max": max(met.values()),
        "worst": worst,
        "total": total,
        "spread": spread,
        "byes": byes_txt,
        "seconds": seconds,
        "how": how.replace("design: ", ""),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help=f"fields up to {QUICK_MAX} players only")
    parser.add_argument("--src", help="the checkout whose tournament.seating is measured")
    args = parser.parse_args()
    sys.path.insert(0, args.src or str(Path(__file__).resolve().parent.parent))
    import tournament.seating as seating
    from tournament.seating import SeatingOptions, seat

    forget = getattr(seating, "forget", lambda: None)  # older checkouts (--src) keep nothing

    header = (
        f"{'players':>7} {'rounds':>6} {'best':>5}  {'source':<34}| {'ours':>5} {'consec':>6} {'max':>3} "
        f"| {'wind/block':>10} {'total':>5} {'spread':>6} | {'byes':>6} | {'s':>6}  method"
    )
    print(header)
    print("-" * len(header))
    started = time.monotonic()
    for players, rounds, best, source in CASES:
        if args.quick and players > QUICK_MAX:
            continue
        if best is None:
            best_txt = f">={counting_bound(players, rounds)}"
        else:
            best_txt = str(best)
        m = measure(players, rounds, seat, SeatingOptions, forget)
        print(
            f"{players:>7} {rounds:>6} {best_txt:>5}  {source[:34]:<34}| "
            f"{m['repeats']:>5} {m['consecutive']:>6} {m['max']:>3} | "
            f"{m['worst']:>10} {m['total']:>5} {m['spread']:>6} | {m['byes']:>6} | "
            f"{m['seconds']:>6.2f}  {m['how'][:48]}",
            flush=True,
        )
    print(f"total {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
