"""The demo league: believable data for a newcomer's first look.

``demo_league_load()`` is safe to run any number of times: every row is
found by a natural key (club name, registration number, competition name)
before it is made. Later parts of the product (rounds, seating, hands) add
their own steps here.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import transaction

from tournament.models import Club, Competition, Entry, Player
from tournament.roles import ORGANISER, PLAYER, SCOREKEEPER

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
        name=COMPETITION_NAME, defaults={"rules": "spgg-2023", "capital": 400}
    )
    for player in players:
        Entry.objects.get_or_create(competition=competition, player=player)
    return competition


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
        elif role == SCOREKEEPER:
            competition.scorekeepers.add(user)
        else:
            player = Player.objects.get(registration_no="SG0001")
            player.user = user
            player.save(update_fields=["user"])
        made.append(DemoLogin(username, secret, role))
    return made
