"""The league night's logged-in crowd (issue 50): its users and their sessions, made in bulk up front.

``load_crowd_build(league, viewers=10_000, keepers=2_500, players=10_000)`` makes, in the current
database, what the locust users of the logged-in night carry (``bench/load/locustfile.py``):

- **viewers**: that many users (``load-viewer-NNNNN``), each with a session: an open leaderboard
  polled by somebody logged in;
- **keepers**: sessions of the league's table scorekeepers (the users ``league.py`` made), spread over
  the tables in turn: a scorekeeper's sheet polling its private ``/tables/{id}/live/mine/``;
- **players**: a user for each of the league's seated players (``Player.user``), and that many sessions
  spread over them in turn: a player on their seat page (``/tables/{id}/seat/``), which polls the
  round's clock.

A session is written as a login writes it (the user's id, backend and password hash, in the store of
``settings.SESSION_ENGINE``, signed with the server's ``SECRET_KEY``), without 22,500 logins: each
would hash the password (PBKDF2, a tenth of a second) and answer a page. With the database store (the
product's default) the rows are written with ``bulk_create``; any other store, one ``create`` each.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from datetime import timedelta

from bench.load import night
from bench.load.night import MARKS_SPAN

BACKEND = "django.contrib.auth.backends.ModelBackend"
# What a sheet's answer says it polls (templates/table/_state.html): its own address, and its tables' marks
# with the mark its state was made at (static/js/table-marks.js).
SHEET_POLL = re.compile(r'hx-get="([^"]*/live/mine/[^"]*)"')
SHEET_MARKS = re.compile(r'data-marks="([^"]+)" data-table="([0-9]+)" data-mark="([0-9a-f]*)"')
BATCH = 2_000


@dataclass(frozen=True)
class Crowd:
    cookie: str  # the session cookie's name (settings.SESSION_COOKIE_NAME)
    viewers: list[str]  # session keys
    keepers: list[tuple[int, str]]  # (table id, session key of its scorekeeper)
    players: list[tuple[int, int, str]]  # (table id, round id, session key of a player seated there)

    def as_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> Crowd:
        return cls(
            cookie=data["cookie"],
            viewers=list(data["viewers"]),
            keepers=[tuple(k) for k in data["keepers"]],
            players=[tuple(p) for p in data["players"]],
        )


def load_crowd_build(
    league, *, viewers: int = 10_000, keepers: int = 2_500, players: int = 10_000, password: str
) -> Crowd:
    """The crowd's users and sessions, for the league ``load_league_build`` made (in this database)."""
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from django.db import transaction

    from tournament.models import Player, Seat

    User = get_user_model()
    hashed = make_password(password)
    with transaction.atomic():
        watchers = User.objects.bulk_create(
            (User(username=f"load-viewer-{n:05d}", password=hashed) for n in range(1, viewers + 1)),
            batch_size=BATCH,
        )
        seated = list(
            Seat.objects.filter(round_id=league.round).select_related("player").order_by("table_id", "wind")
        )
        people = User.objects.bulk_create(
            (User(username=f"load-player-{s.player_id}", password=hashed) for s in seated), batch_size=BATCH
        )
        for seat, user in zip(seated, people, strict=True):
            seat.player.user = user
        Player.objects.bulk_update([s.player for s in seated], ["user"], batch_size=BATCH)
        keeper_users = dict(
            User.objects.filter(username__in=[t.scorekeeper for t in league.tables]).values_list(
                "username", "pk"
            )
        )
        keeper_by_pk = {u.pk: u for u in User.objects.filter(pk__in=keeper_users.values())}
        sessions = _Sessions()
        viewer_keys = [sessions.add(u) for u in watchers]
        keeper_keys = []
        for n in range(keepers):
            table = league.tables[n % len(league.tables)]
            keeper_keys.append((table.id, sessions.add(keeper_by_pk[keeper_users[table.scorekeeper]])))
        player_keys = []
        for n in range(players):
            seat, user = seated[n % len(seated)], people[n % len(people)]
            player_keys.append((seat.table_id, league.round, sessions.add(user)))
        sessions.save()
    return Crowd(
        cookie=settings.SESSION_COOKIE_NAME, viewers=viewer_keys, keepers=keeper_keys, players=player_keys
    )


class _Sessions:
    """Sessions as ``django.contrib.auth.login`` writes them, kept in the product's session store."""

    def __init__(self):
        from importlib import import_module

        from django.conf import settings
        from django.utils import timezone

        self.store = import_module(settings.SESSION_ENGINE).SessionStore
        self.expires = timezone.now() + timedelta(seconds=settings.SESSION_COOKIE_AGE)
        self.rows: list = []
        self.model = self.store.get_model_class() if hasattr(self.store, "get_model_class") else None
        self._encoder = self.store()

    def add(self, user) -> str:
        from django.contrib.sessions.backends.base import VALID_KEY_CHARS
        from django.utils.crypto import get_random_string

        data = {"_auth_user_id": str(user.pk), "_auth_user_backend": BACKEND}
        data["_auth_user_hash"] = user.get_session_auth_hash()
        if self.model is None:  # a cache or signed-cookie store: one at a time
            session = self.store()
            session.update(data)
            session.create()
            return session.session_key
        key = get_random_string(32, VALID_KEY_CHARS)  # as the store makes one, without asking it is free
        self.rows.append(
            self.model(session_key=key, session_data=self._encoder.encode(data), expire_date=self.expires)
        )
        return key

    def save(self) -> None:
        if self.model is not None:
            self.model.objects.bulk_create(self.rows, batch_size=BATCH)


# --- what a poll costs the app, anonymous against logged in, on the served side ---------------------------

ORIGIN = "what nginx asks"  # the marks answer at the app: what nginx fetches for the sheets
NIGHT_TABLES = night.TABLES
THRESHOLD = 3.0  # issue 50: a logged-in poll costs at most 3x a cached anonymous poll, or nginx serves it
# The base: an anonymous poll the app answers from its memory (kept between changes of the standings
# version; no hand is recorded meanwhile). The leaderboard's live partial is kept too, but made afresh
# every half second (``standings.cache.FRESH_SECONDS``: it says how old it is), so under wrk its figure is
# mostly those renewals, and grows with the league; it is shown beside it.
KEPT = "standings API page 1, anonymous (kept: the base)"


def poll_costs(cpu, app: str, front: str, league, crowd: Crowd, *, seconds: float = 5.0) -> list[dict]:
    """``wrk`` (16 connections, ``seconds``) at each poll, and the app's CPU (gunicorn and its PostgreSQL
    backends: ``cpu()`` answers their CPU seconds so far) per request: at the app itself (no nginx), and
    through nginx as deployed. No hand is recorded meanwhile, so the sheet's poll is its 204."""
    import urllib.request

    from bench.load.front import wrk

    live = f"/competitions/{league.competition}/standings/live/"
    table, keeper = crowd.keepers[0]
    viewer, (_, round_id, player) = crowd.viewers[0], crowd.players[0]
    ask = urllib.request.Request(
        f"{app}/tables/{table}/live/mine/", headers={"Cookie": f"{crowd.cookie}={keeper}"}
    )
    with urllib.request.urlopen(ask, timeout=30) as answer:
        page = answer.read().decode()
    sheet = SHEET_POLL.search(page).group(1).replace("&amp;", "&")
    marks = SHEET_MARKS.search(page).group(1)
    cases = [
        ("the stack's floor: /bench/ceiling/ (no query)", "app", app + "/bench/ceiling/", None),
        (KEPT, "app", f"{app}/api/v1/competitions/{league.competition}/standings/?page=1", None),
        ("leaderboard live, anonymous", "app", app + live, None),
        ("leaderboard live, logged in", "app", app + live, viewer),
        ("leaderboard live, anonymous", "nginx", front + live, None),
        ("leaderboard live, logged in", "nginx", front + live, viewer),
        ("round clock, a player", "nginx", f"{front}/rounds/{round_id}/clock/", player),
        (f"table marks (32 tables), {ORIGIN}", "app", app + marks, None),
        ("table marks (32 tables), a keeper's sheet", "nginx", front + marks, None),
        ("scoresheet poll (live/mine), its keeper, unchanged: 204", "app", app + sheet, keeper),
        ("scoresheet poll (live/mine), its keeper, unchanged: 204", "nginx", front + sheet, keeper),
    ]
    out = []
    for what, where, url, key in cases:
        headers = {"Cookie": f"{crowd.cookie}={key}"} if key else None
        before = cpu()
        got = wrk(url, seconds=seconds, connections=16, headers=headers)
        used = {k: v - before.get(k, 0.0) for k, v in cpu().items()}
        requests = got["rps"] * max(1, round(seconds))
        app_cpu = max(0.0, used.get("gunicorn", 0.0) + used.get("postgres", 0.0))  # counters read apart
        out.append(
            {
                "what": what,
                "where": where,
                "rps": got["rps"],
                "p50": got["p50"],
                "p99": got["p99"],
                "errors": got["errors"],
                "app_ms": 1000 * app_cpu / requests if requests else float("nan"),
            }
        )
    return out


def report_costs(costs: list[dict]) -> None:
    print("\nwhat a poll costs the app (wrk, 16 connections; gunicorn + PostgreSQL CPU ms per request)")
    print(f"  {'poll':<58}{'via':>6}{'req/s':>9}{'p50 ms':>8}{'p99 ms':>8}{'errors':>7}{'app ms':>8}")
    for c in costs:
        print(
            f"  {c['what']:<58}{c['where']:>6}{c['rps']:>9.0f}{c['p50']:>8.1f}{c['p99']:>8.1f}"
            f"{c['errors']:>7}{c['app_ms']:>8.3f}"
        )
    base = next((c["app_ms"] for c in costs if c["what"] == KEPT), None)
    for c in costs:
        if ORIGIN in c["what"]:  # not a poll anybody makes: nginx's, once a second a part at most
            parts = -(-NIGHT_TABLES // MARKS_SPAN)
            cpu = parts * c["app_ms"]
            print(f"  {c['what']}: at most {parts} a second for the night's {NIGHT_TABLES} tables "
                  f"({MARKS_SPAN} a part), {cpu:.0f} ms of the app's CPU a second")  # fmt: skip
            continue
        if "anonymous" in c["what"] or "floor" in c["what"] or not base:
            continue
        ratio = c["app_ms"] / base
        verdict = "met" if ratio <= THRESHOLD else "MISSED"
        if c["where"] == "nginx" and ratio < 0.05:
            verdict = "met: served by nginx"
        print(f"  {c['what']} via {c['where']}: {ratio:.2f}x a kept anonymous poll at the app "
              f"(goal <= {THRESHOLD:.0f}x, or served by nginx): {verdict}")  # fmt: skip
