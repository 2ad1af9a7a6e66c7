"""One GET's CPU per polled address, anonymous against logged in (issue 50), in one process.

The demo league (``load_demo --logins``) on SQLite in a temporary folder (``--database-url``: on
PostgreSQL, as in production); Django's test client runs the
whole middleware stack in this process, and ``time.process_time`` counts the CPU of ``--repeat`` GETs of
each address (after a few to warm up), as:

- **anonymous**: no cookie (the app's own memory cache answers the leaderboard's live partial);
- **logged in**: the same address with an organiser's, a player's or a scorekeeper's session. Since
  issue 50 every polled address answers them as an anonymous visitor (``http_cache.poll``): the figure
  should be the anonymous one, the session never read;
- **personal** (for reference, what every logged-in poll cost before issue 50): the page's private
  poll, rendered for one person (``…/live/mine/``: an organiser's held round, a scorekeeper's sheet),
  and the table's poll with an unchanged version (the 204 a sheet gets every 3 s: since the table's
  mark, ``tournament.tables.live_mark``, answered before the session or any query).

No cache in front: nginx answers most shared polls itself (``bench/load_bench.py``'s night); this is
what the app pays when it is asked.

    .venv/bin/python bench/poll_cpu_bench.py                # 300 GETs an address
    .venv/bin/python bench/poll_cpu_bench.py --repeat 1000
    .venv/bin/python bench/poll_cpu_bench.py --database-url postgres://postgres@127.0.0.1:5432/poll_cpu
"""

from __future__ import annotations

import argparse
import os
import secrets
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
PASSWORD = "a-bench-password-9"


def _fresh_postgres(url: str) -> None:
    """Drop and recreate the PostgreSQL database ``url`` names (``--database-url``)."""
    import psycopg

    base, name = url.rsplit("/", 1)
    with psycopg.connect(f"{base}/postgres", autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}"')
        connection.execute(f'CREATE DATABASE "{name}"')


def setup(folder: Path, database_url: str | None = None) -> None:
    for name in ("DATABASE_URL", "REDIS_URL"):
        os.environ.pop(name, None)
    if database_url:
        _fresh_postgres(database_url)
    os.environ.update(
        DATABASE_URL=database_url or f"sqlite:///{folder / 'bench.sqlite3'}",
        DEBUG="false",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="testserver",
        DJANGO_SETTINGS_MODULE="tournament.project.settings",
    )
    import logging

    import django

    django.setup()
    logging.disable(logging.WARNING)
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("load_demo", "--logins", "--password", PASSWORD, stdout=open(os.devnull, "w"))


def cpu_ms(client, url: str, repeat: int, **headers) -> tuple[float, int]:
    for _ in range(5):
        status = client.get(url, secure=True, **headers).status_code  # DEBUG off: https, as behind nginx
    start = time.process_time()
    for _ in range(repeat):
        client.get(url, secure=True, **headers)
    return (time.process_time() - start) * 1000 / repeat, status


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=300)
    parser.add_argument(
        "--database-url", help="a PostgreSQL database to use instead of SQLite (dropped and recreated)"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        setup(Path(tmp), args.database_url)
        from django.db.models import Count
        from django.test import Client
        from django.urls import reverse

        from tournament.models import Player, Table
        from tournament.tables.live_mark import SPAN, opaque, part_of
        from tournament.views.table.version import table_version

        # the table with the most hands, its round and competition
        table = Table.objects.annotate(n=Count("hands")).order_by("-n", "pk").first()
        round_, competition = table.round, table.round.competition
        if table.scorekeeper is None:
            table.scorekeeper = competition.scorekeepers.first()
        player = Player.objects.filter(user__isnull=False, seats__table=table).first() or (
            Player.objects.filter(user__isnull=False).first()
        )
        people = {
            "organiser": competition.organisers.first(),
            "player": player.user if player else None,
            "scorekeeper": table.scorekeeper,
        }
        clients = {"anonymous": Client()}
        for name, user in people.items():
            if user is not None:
                clients[name] = Client()
                clients[name].force_login(user)
        polled = {
            "standings poll": reverse("public:standings_live", args=[competition.pk]),
            "competition live block": reverse("public:competition_live", args=[competition.pk]),
            "round standings poll": reverse("public:round_live", args=[round_.pk]),
            "round clock": reverse("public:round_clock", args=[round_.pk]),
            "table live state": reverse("table:live", args=[table.pk]),
            "table live, unchanged (204)": reverse("table:live", args=[table.pk])
            + f"?v={opaque(table.pk, table_version(table))}",
            "big screen data": f"/api/v1/competitions/{competition.pk}/screen/",
            f"table marks ({SPAN} tables)": reverse("table:marks", args=[part_of(table.pk)]),  # sheets' poll
        }
        personal = {
            "organiser": {
                "round standings poll, personal (organiser)": reverse(
                    "public:round_live_mine", args=[round_.pk]
                ),
                "competition live block, personal (organiser)": reverse(
                    "public:competition_live_mine", args=[competition.pk]
                ),
            },
            "scorekeeper": {
                "table live state, personal (scorekeeper)": reverse("table:live_mine", args=[table.pk]),
                # the table's mark (tournament.tables.live_mark): answered before the session
                "table live, personal, unchanged (204)": reverse("table:live_mine", args=[table.pk])
                + f"?v={opaque(table.pk, table_version(table))}",
            },
        }
        print(
            f"demo league: {competition.name}, round {round_.number} ({round_.status}), table {table.number}"
        )
        print(f"CPU ms per GET ({args.repeat} GETs each), in one process, no cache in front:\n")
        names = list(clients)
        print(f"  {'address':<44}" + "".join(f"{n:>13}" for n in names))
        for label, url in polled.items():
            cells = []
            for name in names:
                ms, status = cpu_ms(clients[name], url, args.repeat)
                cells.append(f"{ms:>9.2f} {status}")
            print(f"  {label:<44}" + "".join(f"{c:>13}" for c in cells))
        print()
        for who, addresses in personal.items():
            if who not in clients:
                continue
            for label, url in addresses.items():
                ms, status = cpu_ms(clients[who], url, args.repeat)
                print(f"  {label:<56}{ms:>9.2f} ms  ({status}, private)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
