"""The demo league: believable data for a newcomer's first look.

``demo_league_load()`` is safe to run any number of times: every row is
found by a natural key (club name, registration number, competition name)
before it is made. Later parts of the product (rounds, seating, hands) add
their own steps here.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import transaction
from django.utils import timezone

from tournament.access.roles import ORGANISER, PLAYER, SCOREKEEPER
from tournament.models import Club, Competition, Entry, Hand, Player, Round, Table
from tournament.registration.demo import SEASON_NAME as SIGNUP_SEASON
from tournament.registration.demo import demo_signups_load
from tournament.rounds.lifecycle import round_end, round_publish, round_start
from tournament.rounds.seating import round_seat
from tournament.tables.ledger.errors import HandRejected
from tournament.tables.ledger.record import hand_record
from tournament.tables.selectors import table_fold

CLUBS = [
    ("Tanjong Pagar Mahjong Club", "TPMC"),
    ("Serangoon Gardens Mahjong Society", "SGMS"),
]

PLAYER_NAMES = [
    "Tan Wei Ming",
    "Lim Hui Ling",
    "Ng Kok Leong",
    "Goh Siew Lan",
    "Chua Boon Hock",
    "Lee Mei Ling",
    "Ong Teck Seng",
    "Koh Ai Hua",
    "Teo Chee Keong",
    "Wong Li Ting",
    "Yeo Beng Huat",
    "Chan Pei Shan",
    "Sim Kah Wai",
    "Low Geok Eng",
    "Foo Jia Hui",
    "Toh Kian Seng",
    "Ang Swee Lin",
    "Quek Hong Wei",
    "Seah Mui Kheng",
    "Heng Jun Jie",
    "Pang Soo Ching",
    "Lau Chin Huat",
    "Chia Yen Ling",
    "Ho Wee Kiat",
    "Kwek Shu Fen",
    "Loh Eng Kiat",
    "Tay Bee Choo",
    "Neo Zhi Hao",
    "Soh Lay Hoon",
    "Yap Kim Seng",
    "Phua Hwee Min",
    "Gan Tiong Huat",
]

COMPETITION_NAME = "Inter-Club League 2026"

DEMO_LOGINS = [
    ("organiser", ORGANISER, "Olivia Organiser"),
    ("scorekeeper", SCOREKEEPER, "Sam Scorekeeper"),
    ("player", PLAYER, None),
]


@dataclass(frozen=True)
class DemoLogin:
    username: str
    password: str
    role: str


@transaction.atomic
def demo_league_load() -> Competition:
    clubs = [Club.objects.get_or_create(name=name, defaults={"short_name": s})[0] for name, s in CLUBS]
    players = []
    for number, name in enumerate(PLAYER_NAMES, start=1):
        player, _ = Player.objects.get_or_create(
            registration_no=f"SG{number:04d}", defaults={"name": name, "club": clubs[(number - 1) % 2]}
        )
        players.append(player)
    competition, _ = Competition.objects.get_or_create(
        name=COMPETITION_NAME, defaults={"rules": "spgg-2023", "capital": 400, "rated": True}
    )
    for player in players:
        Entry.objects.get_or_create(competition=competition, player=player)
    if not competition.starts_on:
        competition.starts_on = timezone.localdate() - timedelta(days=14)
        competition.save(update_fields=["starts_on"])
    _demo_rounds(competition)
    demo_signups_load(competition.rules)  # next season, open for sign-ups (issue 51)
    return competition


# Round 1 finished, round 2 in progress, round 3 seated and waiting (issues 4 and 5).
DEMO_ROUNDS = [(1, Round.Status.FINISHED, 10), (2, Round.Status.PLAYING, 5), (3, Round.Status.SEATED, 0)]


def _demo_rounds(competition: Competition) -> None:
    rng = random.Random(2026)
    today = timezone.localtime().replace(hour=19, minute=30, second=0, microsecond=0)
    for number, status, hands in DEMO_ROUNDS:
        starts = today + timedelta(days=7 * (number - 2))
        rnd, created = Round.objects.get_or_create(
            competition=competition,
            number=number,
            defaults={
                "starts_at": starts,
                "ends_at": starts + timedelta(hours=3),
                "venue": CLUBS[number % 2][0],
            },
        )
        if not rnd.tables.exists():
            round_seat(rnd, seed=2026)
            round_publish(rnd)  # the draft, published: players see their tables
        for table in rnd.tables.all():
            if not Hand.objects.filter(table=table).exists():
                _demo_hands(table, hands, rng)
        rnd.refresh_from_db()
        if rnd.status == Round.Status.SEATED and status in (Round.Status.PLAYING, Round.Status.FINISHED):
            round_start(rnd)  # the operator's command: the round's own door, audited
        if rnd.status != Round.Status.FINISHED and status == Round.Status.FINISHED:
            round_end(rnd)


def _demo_hands(table: Table, count: int, rng: random.Random) -> None:
    """A believable evening at one table: mostly small wins, some self-drawn, a draw, a kong."""
    for _ in range(count):
        state = table_fold(table).state
        if state.finished:
            return
        players = list(state.seat_winds)
        roll = rng.random()
        if roll < 0.1:
            entry = {"outcome": "draw"}
        else:
            winner = rng.choice(players)
            entry = {"outcome": "win", "winner": winner, "doubles": rng.choice([1, 1, 2, 2, 3, 3, 4, 5])}
            if roll < 0.35:
                entry["win"] = "self_draw"
            else:
                entry["win"] = "discard"
                entry["discarder"] = rng.choice([p for p in players if p != winner])
            if rng.random() < 0.15:
                entry["instant"] = [{"type": "kong", "player": winner, "concealed": rng.random() < 0.5}]
        try:
            hand_record(table=table, entry=entry)
        except HandRejected:
            continue


@transaction.atomic
def demo_logins_create(competition: Competition, password: str | None = None) -> list[DemoLogin]:
    """The demo organiser, scorekeeper and player; passwords are (re)set each run."""
    User = get_user_model()
    made = []
    for username, role, full_name in DEMO_LOGINS:
        user, _ = User.objects.get_or_create(username=username)
        if full_name:
            user.first_name, user.last_name = full_name.split(" ", 1)
        user.is_staff = role == ORGANISER
        secret = password or secrets.token_urlsafe(9)
        user.set_password(secret)
        user.save()
        user.groups.add(Group.objects.get(name=role))
        if role == ORGANISER:
            competition.organisers.add(user)
            for season in Competition.objects.filter(name=SIGNUP_SEASON):  # its sign-ups (issue 51)
                season.organisers.add(user)
        elif role == SCOREKEEPER:
            competition.scorekeepers.add(user)
            # The demo scorekeeper keeps the first table of every round.
            Table.objects.filter(round__competition=competition, number=1).update(scorekeeper=user)
        else:
            player = Player.objects.get(registration_no="SG0001")
            player.user = user
            player.save(update_fields=["user"])
        made.append(DemoLogin(username, secret, role))
    return made
