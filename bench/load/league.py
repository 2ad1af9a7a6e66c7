"""The load bench's league: one competition whose every table is being scored at once.

``load_league_build(tables=200)`` makes, through the project's own models and
functions (bulk where one row at a time would take minutes):

- ``4 x tables`` players in a handful of clubs, entered in one competition
  (``spgg-2023``, 400 chips a session);
- round 1, seated by ``tournament.rounds.round_seat`` (the seating service the
  organiser's page and the API use), then set to *playing*;
- one scorekeeper user per table (in the ``scorekeeper`` group and the
  competition's scorekeepers), assigned to that table, each with an API token
  (``rest_framework.authtoken``'s ``Token``: the key ``POST /api/v1/auth/token/``
  answers for that user; the runner checks that the endpoint agrees);
- the stored standings of the competition and the round
  (``standings_refresh``), as the Celery task would leave them.

Every scorekeeper shares one password, hashed once: hashing 200 passwords with
Django's PBKDF2 would take longer than the load run. What it does not do: record
hands (the bench does, through the API).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import timedelta

CLUBS = 8
NAME = "Load Bench League"


@dataclass(frozen=True)
class LoadTable:
    id: int
    number: int
    scorekeeper: str
    token: str


@dataclass(frozen=True)
class LoadLeague:
    competition: int
    round: int
    capital: int
    password: str
    tables: list[LoadTable]

    def as_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> LoadLeague:
        return cls(**{**data, "tables": [LoadTable(**t) for t in data["tables"]]})


def load_league_build(*, tables: int = 200, password: str, seed: int = 7) -> LoadLeague:
    """The league of the load bench, in the current database (which should be empty of it)."""
    # Django is imported here, not above: the locustfile reads ``LoadLeague`` without Django set up.
    from django.db import transaction
    from django.utils import timezone
    from rest_framework.authtoken.models import Token

    from tournament.models import Club, Competition, Entry, Player, Round, Table
    from tournament.rounds import round_publish, round_seat, round_start
    from tournament.standings.store import standings_refresh

    if tables < 1:
        raise ValueError("the load league needs at least one table")
    with transaction.atomic():
        clubs = Club.objects.bulk_create(
            Club(name=f"Load Club {i:02d}", short_name=f"LC{i:02d}") for i in range(1, CLUBS + 1)
        )
        players = Player.objects.bulk_create(
            Player(name=f"Load Player {i:04d}", club=clubs[i % CLUBS], registration_no=f"LOAD{i:05d}")
            for i in range(1, 4 * tables + 1)
        )
        competition = Competition.objects.create(name=NAME, rules="spgg-2023", capital=400)
        Entry.objects.bulk_create(Entry(competition=competition, player=p) for p in players)
        now = timezone.now()
        rnd = Round.objects.create(
            competition=competition, number=1, starts_at=now, ends_at=now + timedelta(hours=3)
        )
    # The seating service, as the organiser's "seat round" button calls it (one design, no history).
    round_seat(rnd, seed=seed, time_budget=5.0)
    round_publish(rnd)  # the draft, published as the organiser would
    with transaction.atomic():
        round_start(rnd)  # the round's own door (the operator's command: no user)
        users = _scorekeepers(competition, tables, password)
        seated = list(Table.objects.filter(round=rnd).order_by("number"))
        for table, user in zip(seated, users, strict=True):
            table.scorekeeper = user
        Table.objects.bulk_update(seated, ["scorekeeper"])
        tokens = Token.objects.bulk_create(Token(user=u, key=Token.generate_key()) for u in users)
    standings_refresh(competition)
    return LoadLeague(
        competition=competition.pk,
        round=rnd.pk,
        capital=competition.capital,
        password=password,
        tables=[
            LoadTable(id=t.pk, number=t.number, scorekeeper=u.username, token=k.key)
            for t, u, k in zip(seated, users, tokens, strict=True)
        ],
    )


def _scorekeepers(competition, count: int, password: str) -> list:
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from django.contrib.auth.models import Group

    from tournament.roles import SCOREKEEPER

    User = get_user_model()
    hashed = make_password(password)
    users = User.objects.bulk_create(
        User(username=f"load-scorer-{n:03d}", password=hashed, first_name="Scorer", last_name=f"{n:03d}")
        for n in range(1, count + 1)
    )
    group = Group.objects.get(name=SCOREKEEPER)
    User.groups.through.objects.bulk_create(User.groups.through(user=u, group=group) for u in users)
    competition.scorekeepers.add(*users)
    return users
