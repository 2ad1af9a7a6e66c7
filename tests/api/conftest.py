"""The cast of the API tests (issue 7's permission matrix) and a client per role.

``league`` builds one competition run by Olivia (``organiser``) with two
tables: table 1 kept by Sam (``scorekeeper``), table 2 by another
scorekeeper; and a second competition run by another organiser. Every client
authenticates with a real API token (``Authorization: Token <key>``).
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.conftest import cast_user, user_in_group
from tests.factories import CompetitionFactory, PlayerFactory, seated_table
from tournament.models import Competition, Round, Table


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        token, _ = Token.objects.get_or_create(user=user)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


@dataclass
class League:
    competition: Competition
    round: Round
    table: Table  # kept by the ``scorekeeper`` fixture
    other_table: Table  # kept by another scorekeeper
    other_competition: Competition
    users: dict  # role name -> user (None for anonymous)

    def afresh(self) -> League:
        """The same rows read anew: for a test of a league built once a module, whose instances a test before
        may have changed in memory (its rows were rolled back)."""
        from django.contrib.auth import get_user_model

        users = get_user_model().objects.in_bulk([u.pk for u in self.users.values() if u is not None])
        return League(
            competition=Competition.objects.get(pk=self.competition.pk),
            round=Round.objects.get(pk=self.round.pk),
            table=Table.objects.get(pk=self.table.pk),
            other_table=Table.objects.get(pk=self.other_table.pk),
            other_competition=Competition.objects.get(pk=self.other_competition.pk),
            users={role: u and users[u.pk] for role, u in self.users.items()},
        )

    def seats(self, table=None) -> tuple[int, int, int, int]:
        seats = (table or self.table).seat_map
        return seats["E"], seats["S"], seats["W"], seats["N"]


@pytest.fixture
def league(organiser, scorekeeper, player_user) -> League:
    return build_league(organiser, scorekeeper, player_user)


def cast_league() -> League:
    """The cast's league with the cast's users: for a set-up built once a module."""
    return build_league(cast_user("organiser"), cast_user("scorekeeper"), cast_user("player"))


def build_league(organiser, scorekeeper, player_user) -> League:
    """The cast's league (the module's docstring): for ``league``, and for a set-up built once a module."""
    competition = CompetitionFactory(name="Spring League")
    competition.organisers.add(organiser)
    other_keeper = user_in_group("kim_other_scorekeeper", "scorekeeper")
    table = seated_table(competition=competition, scorekeeper=scorekeeper)
    other_table = seated_table(
        competition=competition, table_number=2, scorekeeper=other_keeper,
        players=[PlayerFactory() for _ in range(4)],
    )  # fmt: skip
    competition.scorekeepers.add(
        scorekeeper, other_keeper
    )  # the competition's staff (tournament.league.competitions)
    other_organiser = user_in_group("otto_other_organiser", "organiser")
    other_competition = CompetitionFactory(name="Autumn Cup")
    other_competition.organisers.add(other_organiser)
    return League(
        competition=competition,
        round=table.round,
        table=table,
        other_table=other_table,
        other_competition=other_competition,
        users={
            "anonymous": None,
            "player": player_user,
            "other_scorekeeper": other_keeper,
            "table_scorekeeper": scorekeeper,
            "other_organiser": other_organiser,
            "organiser": organiser,
        },
    )


@pytest.fixture
def as_organiser(organiser) -> APIClient:
    return client_for(organiser)


@pytest.fixture
def as_scorekeeper(scorekeeper) -> APIClient:
    return client_for(scorekeeper)


@pytest.fixture
def anonymous() -> APIClient:
    return APIClient()
