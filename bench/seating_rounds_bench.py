"""Seating one round at a time, as the organiser's page does, against planning the event at once.

Each case runs in a fresh process: the event planned at once (``seat``), the process's kept seatings
dropped (``forget``), then every round seated alone from the rounds before (``seat_round``), checked to
be the planned round. Fields with byes exercise the exact search of a block's winds (``block_search.py``).
With ``--src DIR`` each case runs on that checkout too, first, so both are measured in one run.

    nice .venv/bin/python bench/seating_rounds_bench.py [--src /path/to/older/checkout]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

CASES = ((199, 8), (203, 12), (101, 32))

CASE = r"""
import sys, time
sys.path.insert(0, sys.argv[1])
import tournament.seating as seating
from tournament.seating import SeatingOptions, seat, seat_round

n, rounds = int(sys.argv[2]), int(sys.argv[3])
started = time.monotonic()
planned = seat(range(n), options=SeatingOptions(rounds=rounds, time_budget=600.0)).rounds
plan = time.monotonic() - started
getattr(seating, "forget", lambda: None)()
history, each = [], []
for k in range(rounds):
    started = time.monotonic()
    one = seat_round(range(n), history, SeatingOptions(time_budget=600.0))
    each.append(time.monotonic() - started)
    assert one.tables == planned[k].tables, k
    history.append(one.tables)
counts, spread = {}, 0
for rnd in planned:
    for table in rnd.tables:
        for wind, p in enumerate(table):
            counts.setdefault(p, [0, 0, 0, 0])[wind] += 1
    spread = max(spread, max(max(c) - min(c) for c in counts.values()))
print(f"plan {plan:5.1f} s | one at a time {sum(each):5.1f} s, slowest {max(each):4.1f} s | spread {spread}")
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--src", help="another checkout, measured first in each case")
    args = parser.parse_args()
    here = str(Path(__file__).resolve().parent.parent)
    checkouts = ([("other", args.src)] if args.src else []) + [("this", here)]
    for players, rounds in CASES:
        for label, src in checkouts:
            done = subprocess.run(
                [sys.executable, "-c", CASE, src, str(players), str(rounds)], capture_output=True, text=True
            )
            line = done.stdout.strip() or done.stderr.strip().splitlines()[-1]
            print(f"{players:4d} x {rounds:2d} {label:>5}: {line}", flush=True)


if __name__ == "__main__":
    main()
