"""A season seated one night at a time from the check-ins (issue 33), against the same field planned at once.

A league of 40 players plays 12 nights; on each night between 24 and 40 of them come (drawn with a
seeded generator, each player with a fixed chance of coming: regulars and occasionals). Each night
runs through the real doors on SQLite (a file in a temporary folder, tasks in process): the players who
came are checked in (``attendance_check_in``), the night is seated (``round_seat``: who is seated comes
from the check-ins, byes go to those who sat out least, the generator takes every earlier night into
account) and published. Measured:

- **repeats**: meetings of a pair that had met before in the season; the most meetings of any pair;
- **wind spread**: for each player, the most minus the fewest times they started a night in one wind,
  the largest over the players (0 or 1 is perfect: a player with 6 nights cannot start in each wind
  equally); and how many players have a spread over 1;
- **byes**: who sat out, and the largest difference of byes between two players who came equally often;
- **time per night**: the seating door's wall time (check-ins not included), p50 and max.

Against it: the same 40 players planned at once for 12 rounds (``seat(..., rounds=12)``; everyone every
night), and, for scale, each night's field seated at random (a shuffle).

    .venv/bin/python bench/season_bench.py                 # seed 1
    .venv/bin/python bench/season_bench.py --seed 2 --nights 12 --players 40
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import secrets
import statistics
import sys
import tempfile
import time
from collections import Counter
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def quality(rounds: list[list[tuple[int, int, int, int]]]) -> dict:
    met: Counter = Counter()
    winds: dict[int, list[int]] = {}
    repeats = 0
    for tables in rounds:
        for table in tables:
            for a, b in combinations(sorted(table), 2):
                repeats += met[(a, b)] > 0
                met[(a, b)] += 1
            for w, p in enumerate(table):
                winds.setdefault(p, [0, 0, 0, 0])[w] += 1
    spreads = {p: max(c) - min(c) for p, c in winds.items()}
    return {
        "meetings": sum(met.values()),
        "repeats": repeats,
        "max_meetings": max(met.values()),
        "max_spread": max(spreads.values()),
        "over_1": sum(s > 1 for s in spreads.values()),
    }


def row(name: str, q: dict, extra: str = "") -> str:
    return (
        f"  {name:34} meetings {q['meetings']:4}   repeats {q['repeats']:3}"
        f"   most meetings {q['max_meetings']}"
        f"   wind spread max {q['max_spread']} ({q['over_1']} players over 1){extra}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--nights", type=int, default=12)
    parser.add_argument("--low", type=int, default=24, help="fewest players on a night")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="season-bench-")
    os.environ.pop("REDIS_URL", None)
    os.environ.update(
        DATABASE_URL=f"sqlite:///{Path(folder) / 'db.sqlite3'}",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="testserver,localhost",
        DEBUG="false",
        DJANGO_SETTINGS_MODULE="tournament.project.settings",
    )
    import django

    django.setup()
    logging.disable(logging.INFO)
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from tests.factories import CompetitionFactory, EntryFactory
    from tournament.models import Round
    from tournament.rounds.lifecycle import round_publish
    from tournament.rounds.seating import round_seat, round_tables
    from tournament.season.attendance import attendance_check_in
    from tournament.seating import SeatingOptions, seat

    rng = random.Random(args.seed)
    competition = CompetitionFactory(name="Bench League")
    entries = [EntryFactory(competition=competition) for _ in range(args.players)]
    ids = [e.player_id for e in entries]
    chance = {e.pk: rng.uniform(0.5, 1.0) for e in entries}  # regulars and occasionals
    nights, times, came_count, byes = [], [], Counter(), Counter()
    for n in range(1, args.nights + 1):
        rnd = Round.objects.create(competition=competition, number=n)
        want = rng.randint(args.low, args.players)
        here = sorted(entries, key=lambda e: rng.random() / chance[e.pk])[:want]
        for e in here:
            attendance_check_in(rnd, e, True)
        started = time.perf_counter()
        result = round_seat(rnd)
        times.append(time.perf_counter() - started)
        round_publish(rnd)
        tables = [tuple(t) for t in round_tables(rnd)]
        nights.append(tables)
        for e in here:
            came_count[e.player_id] += 1
        byes.update(result.byes)
        print(
            f"  night {n:2}: {want:2} here, {len(tables):2} tables,"
            f" byes {len(result.byes)}, {times[-1]:.2f} s"
        )
    season = quality(nights)
    planned = seat(ids, options=SeatingOptions(seed=args.seed, rounds=args.nights, time_budget=60))
    at_once = quality([list(r.tables) for r in planned.rounds])
    shuffled = []
    for tables in nights:
        field = [p for t in tables for p in t]
        rng.shuffle(field)
        shuffled.append([tuple(field[i : i + 4]) for i in range(0, len(field), 4)])
    by_attendance: dict[int, list[int]] = {}
    for p in ids:
        by_attendance.setdefault(came_count[p], []).append(byes[p])
    bye_gap = max((max(v) - min(v) for v in by_attendance.values()), default=0)
    print(
        f"\n{args.players} players, {args.nights} nights, {args.low}-{args.players} a night, seed {args.seed}"
    )
    print(row("season, one night at a time", season, f"   byes {sum(byes.values())}, gap {bye_gap}"))
    print(row("the same field planned at once", at_once))
    print(row("each night's field at random", quality(shuffled)))
    ms = sorted(t * 1000 for t in times)
    print(f"  time per night (round_seat): p50 {statistics.median(ms):.0f} ms, max {ms[-1]:.0f} ms")


if __name__ == "__main__":
    main()
