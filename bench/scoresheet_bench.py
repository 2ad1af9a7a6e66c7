"""The scoresheet's numbers (issue 14): page weight, preview and confirm server time, taps.

Runs in this process on SQLite (a file in a temporary folder; no Redis, so
tasks run at once in process and the cache is in memory, as the embedded
default on a club's laptop runs):

- **page weight**: the scoresheet's HTML as the scorekeeper gets it, plus
  every stylesheet and script it links (read from the static folders), raw
  and gzipped (what WhiteNoise serves compressed).
- **preview**: ``POST /tables/<id>/preview/`` as htmx sends it after a tap
  (the common hand: a win on a discard, 3 doubles), the server's wall time
  per request through Django's test client; p50, p95, max.
- **confirm**: ``POST /tables/<id>/record/`` as htmx sends it (the answer
  is the whole sheet with the next hand's form), one hand after another
  over several tables, so every post records a new hand; p50, p95, max.
  The standings task runs in process on commit (the embedded default), so
  its time is in the figure.
- **taps**: the common hand's taps as the browser test makes them
  (tests/browser/test_scorekeeper_night.py asserts them, with nothing
  scrolled at 390×844).

    .venv/bin/python bench/scoresheet_bench.py            # 200 previews, 200 confirms
    .venv/bin/python bench/scoresheet_bench.py --n 50     # quicker
"""

from __future__ import annotations

import argparse
import gzip
import logging
import os
import re
import secrets
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

COMMON_HAND_TAPS = ("winner", "discarder", "doubles", "Confirm")
HANDS_PER_TABLE = 10  # fewer than a session's 16: no table finishes during the bench


def percentiles(samples: list[float]) -> str:
    ms = sorted(s * 1000 for s in samples)
    p95 = ms[max(0, int(round(0.95 * len(ms))) - 1)]
    return f"p50 {statistics.median(ms):6.1f} ms   p95 {p95:6.1f} ms   max {ms[-1]:6.1f} ms   (n={len(ms)})"


def page_weight(client, url: str) -> list[tuple[str, int, int]]:
    from django.contrib.staticfiles import finders

    html = client.get(url).content
    rows = [("HTML", len(html), len(gzip.compress(html)))]
    text = html.decode()
    links = re.findall(r'<link rel="stylesheet" href="/static/([^"]+)"', text)
    scripts = re.findall(r'<script src="/static/([^"]+)"', text)
    for path in links + scripts:
        data = Path(finders.find(path)).read_bytes()
        rows.append((path, len(data), len(gzip.compress(data))))
    # the tile images load only when a tile picker's palette shows (loading="lazy" in a hidden palette)
    tiles = sorted(set(re.findall(r'<img loading="lazy" src="/static/(tiles/[^"]+)"', text)))
    data = b"".join(Path(finders.find(t)).read_bytes() for t in tiles)
    rows.append((f"later: {len(tiles)} tile images", len(data), len(gzip.compress(data))))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--n", type=int, default=200, help="previews and confirms to time (default 200)")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="scoresheet-bench-")
    os.environ.pop("REDIS_URL", None)  # tasks in process, cache in memory: the embedded default
    os.environ.update(
        DATABASE_URL=f"sqlite:///{Path(folder) / 'db.sqlite3'}",  # SQLite, in a folder of its own
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="testserver,localhost",
        DEBUG="false",
        SECURE_SSL_REDIRECT="false",
        DJANGO_SETTINGS_MODULE="tournament.project.settings",
    )
    import django

    django.setup()
    logging.disable(logging.INFO)  # the tasks' and the logins' log lines
    from django.conf import settings
    from django.contrib.auth.models import Group
    from django.core.management import call_command
    from django.test import Client
    from django.urls import reverse

    settings.STORAGES = {  # the static files by their own names, as the finders know them
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    call_command("migrate", verbosity=0)
    from tests.factories import PlayerFactory, UserFactory, seated_table

    print(f"database: {settings.DATABASES['default']['NAME']}")
    keeper = UserFactory(username="bench_keeper")
    keeper.groups.add(Group.objects.get(name="scorekeeper"))
    tables = [
        seated_table(players=[PlayerFactory() for _ in range(4)], scorekeeper=keeper, table_number=i + 1)
        for i in range(-(-args.n // HANDS_PER_TABLE))
    ]
    client = Client()
    client.force_login(keeper)
    htmx = {"HTTP_HX_REQUEST": "true"}

    def form_of(table) -> dict:
        # read from the page as a browser would (no test environment: its template signals cost time)
        page = client.get(reverse("table:scoresheet", args=[table.pk])).content.decode()
        names = ("expected_number", "idempotency_key")
        return {n: re.search(rf'name="{n}" value="([^"]+)"', page).group(1) for n in names}

    def common_hand(table, number: int) -> dict:
        seats = table.seat_map
        winner, discarder = "ESWN"[number % 4], "ESWN"[(number + 1) % 4]
        return {"outcome": "win", "winner": seats[winner], "win_from": seats[discarder], "doubles": 3}

    # page weight
    rows = page_weight(client, reverse("table:scoresheet", args=[tables[0].pk]))
    print("\npage weight of the scoresheet (a scorekeeper's first load)")
    for name, raw, packed in rows:
        print(f"  {name:28} {raw:8,} B   gzip {packed:7,} B")
    first = [r for r in rows if not r[0].startswith("later")]
    print(
        f"  {'total, first load':28} {sum(r[1] for r in first):8,} B   gzip {sum(r[2] for r in first):7,} B"
    )

    # preview
    table = tables[0]
    data = {**form_of(table), **common_hand(table, 0)}
    url = reverse("table:preview", args=[table.pk])
    for _ in range(5):  # warm up: templates, rule set
        client.post(url, data, **htmx)
    times = []
    for _ in range(args.n):
        start = time.perf_counter()
        answer = client.post(url, data, **htmx)
        times.append(time.perf_counter() - start)
        assert answer.status_code == 200 and b'id="confirm"' in answer.content
    print(f"\npreview (htmx, the common hand)      {percentiles(times)}")

    # confirm: each post records the next hand of a table, and its answer is the sheet with the next form
    times = []
    done = 0
    for table in tables:
        for number in range(HANDS_PER_TABLE):
            if done == args.n:
                break
            data = {**form_of(table), **common_hand(table, number)}
            start = time.perf_counter()
            answer = client.post(reverse("table:record", args=[table.pk]), data, **htmx)
            times.append(time.perf_counter() - start)
            assert answer.status_code == 200 and b'data-testid="status"' in answer.content, answer.content[
                :300
            ]
            done += 1
    print(f"confirm (htmx, answers the sheet)    {percentiles(times)}")

    taps = ", ".join(COMMON_HAND_TAPS)
    print(f"\ntaps for the common hand: {len(COMMON_HAND_TAPS)} ({taps}), nothing scrolled")
    print("  (asserted at 390x844 by tests/browser/test_scorekeeper_night.py)")
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
