"""The cast of the accounts' tests: Olivia organises the Spring League, where Pat plays and Sam keeps
score; Oscar organises Oscar's Cup, where Bea plays and Kim keeps score."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.contrib.auth.models import Group

from tests.factories import CompetitionFactory, EntryFactory, PlayerFactory, UserFactory
from tournament.models import Competition, Player

PASSWORD = "a-long-passphrase-42"


@pytest.fixture(autouse=True)
def _no_rate_counts_from_another_test():
    """The password reset's limits count in the cache (local memory here), which outlives a test."""
    from django.core.cache import cache

    cache.clear()


def _in_group(username: str, group: str, **fields):
    user = UserFactory(username=username, **fields)
    user.groups.add(Group.objects.get(name=group))
    return user


@dataclass
class Side:
    competition: Competition
    organiser: object
    keeper: object
    player: Player  # entered, linked to ``player_account``
    player_account: object
    newcomer: Player  # entered, no account yet


def _side(name: str, organiser, prefix: str) -> Side:
    competition = CompetitionFactory(name=name)
    competition.organisers.add(organiser)
    keeper = _in_group(f"{prefix}_keeper", "scorekeeper", email=f"{prefix}_keeper@example.org")
    competition.scorekeepers.add(keeper)
    account = _in_group(f"{prefix}_player", "player")
    player = PlayerFactory(name=f"{prefix.title()} Player", user=account)
    newcomer = PlayerFactory(name=f"{prefix.title()} Newcomer")
    for p in (player, newcomer):
        EntryFactory(competition=competition, player=p)
    return Side(competition, organiser, keeper, player, account, newcomer)


@pytest.fixture
def side_a(organiser) -> Side:
    return _side("Spring League", organiser, "a")


@pytest.fixture
def side_b(db) -> Side:
    oscar = _in_group("oscar_organiser", "organiser")
    return _side("Oscar's Cup", oscar, "b")
