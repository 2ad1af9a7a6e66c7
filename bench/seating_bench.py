"""Seating benchmark against what is known about the social golfer problem with tables of four.

For each case it prints the players, rounds, the best known number of repeated
meetings (a pair meeting k times counts k - 1), and then, measured in the same
run:

- **ours**: ``tournament.seating.seat`` as the organiser gets it (designs where
  the field admits one, search otherwise);
- **search only**: the same generator with designs switched off
  (``use_designs=False``): what the local search reaches by itself;
- **random restarts**: the baseline most seating tools use: every round shuffled
  at random (byes rotated fairly), the best of as many restarts as fit in a
  time budget.

Best known: 0 where a resolvable design or a social golfer solution exists
(v = 4 more than a multiple of 12: 16/5, 28/9, 40/13, 64/21, 100/33; 32/10;
transversal rounds for 200/10 and 1,000/12; 37 players with byes over 8 rounds
meet at most 24 others each, so 0 is the bound); 16 over 6 rounds must repeat
6 * 4 * 6 - 120 = 24 meetings.

Run ``python bench/seating_bench.py`` (about a minute on an idle machine) or with ``--quick``
(a few seconds of baseline per case, search-only skipped for the largest fields).
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournament.seating import SeatingOptions, seat  # noqa: E402
from tournament.seating.byes import choose_byes  # noqa: E402

# (players, rounds, best known repeated meetings, why)
CASES = [
    (16, 5, 0, "AG(2,4): every pair once"),
    (16, 6, 24, "6*4*6 - 120 pairs"),
    (28, 8, 0, "the issue's tabu figure: 15"),
    (28, 9, 0, "resolvable (28,4,1) design"),
    (32, 10, 0, "social golfer 8-4-10 (Aguado 2004)"),
    (40, 13, 0, "resolvable (40,4,1) design"),
    (64, 21, 0, "AG(3,4): every pair once"),
    (100, 33, 0, "resolvable (100,4,1) design"),
    (37, 8, 0, "bound (byes rotate)"),
    (200, 10, 0, "transversal design"),
    (1000, 12, 0, "transversal design"),
]


def repeats(rounds) -> int:
    met: dict[tuple[int, int], int] = {}
    for tables in rounds:
        for table in tables:
            for a, b in itertools.combinations(sorted(table), 2):
                met[(a, b)] = met.get((a, b), 0) + 1
    return sum(n - 1 for n in met.values())


def random_restarts(players: int, rounds: int, budget: float, seed: int = 0) -> tuple[int, int, float]:
    """Best repeats over random seatings within ``budget`` seconds; answers (repeats, restarts, seconds)."""
    rng = random.Random(seed)
    field = list(range(players))
    started = time.monotonic()
    best, restarts = None, 0
    while best is None or (time.monotonic() - started < budget and best > 0):
        history: list = []
        for r in range(rounds):
            out = set(choose_byes(field, history, seed + restarts * 1000 + r))
            active = [p for p in field if p not in out]
            rng.shuffle(active)
            history.append([tuple(active[i : i + 4]) for i in range(0, len(active), 4)])
        restarts += 1
        found = repeats(history)
        best = found if best is None else min(best, found)
    return best, restarts, time.monotonic() - started


def ours(players: int, rounds: int, use_designs: bool, budget: float) -> tuple[int, float, str]:
    started = time.monotonic()
    options = SeatingOptions(rounds=rounds, use_designs=use_designs, time_budget=budget)
    seating = seat(range(players), options=options)
    seconds = time.monotonic() - started
    found = repeats([r.tables for r in seating.rounds])
    assert found == seating.report.repeat_meetings
    methods = {r.method.split(", class")[0] for r in seating.rounds}
    how = " + ".join(sorted(methods, key=lambda m: not m.startswith("design")))
    if seating.stopped_by_time:
        how += " (time cap)"
    return found, seconds, how


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="1 s baselines; no search-only for big fields")
    args = parser.parse_args()
    baseline_budget = 1.0 if args.quick else 5.0
    header = (
        f"{'players':>7} {'rounds':>6} {'best':>5} | {'ours':>5} {'s':>6}  {'method':<44}"
        f"| {'search only':>11} {'s':>6} | {'random restarts':>15} {'s':>5} {'restarts':>8}"
    )
    print(header)
    print("-" * len(header))
    total = time.monotonic()
    for players, rounds, best, _why in CASES:
        found, seconds, how = ours(players, rounds, True, 60.0)
        if args.quick and players >= 200:
            search_txt = f"{'skipped':>11} {'':>6}"
        else:
            s_found, s_seconds, _ = ours(players, rounds, False, 60.0)
            search_txt = f"{s_found:>11} {s_seconds:>6.2f}"
        r_found, r_restarts, r_seconds = random_restarts(players, rounds, baseline_budget)
        print(
            f"{players:>7} {rounds:>6} {best:>5} | {found:>5} {seconds:>6.2f}  {how[:44]:<44}"
            f"| {search_txt} | {r_found:>15} {r_seconds:>5.1f} {r_restarts:>8}",
            flush=True,
        )
    print(f"total {time.monotonic() - total:.0f} s")


if __name__ == "__main__":
    main()
