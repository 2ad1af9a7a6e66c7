"""A team event's cast (issue 35): Olivia organises four teams of four regulars and a substitute each;
Pat (``player_user``) captains the Dragons, Bea captains the Tigers, Amy plays for the Dragons; round 1
starts in three hours, so its lineups close in two (the default deadline, 60 minutes before)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

import pytest
from django.utils import timezone

from tests.api.conftest import client_for
from tests.factories import CompetitionFactory, PlayerFactory, UserFactory, team_with_members
from tournament.models import Competition, Player, Round, Team

TEAM_NAMES = ("Dragons", "Tigers", "Cranes", "Pandas")


@dataclass
class Event:
    competition: Competition
    round: Round
    teams: list[Team]
    captain_b: object  # Bea's account
    member_a: object  # Amy's account

    def regulars(self, i: int) -> list[Player]:
        return [m.player for m in self.teams[i].members.filter(substitute=False).order_by("pk")]

    def substitute(self, i: int) -> Player:
        return self.teams[i].members.get(substitute=True).player

    def ids(self, players) -> list[int]:
        return [p.pk for p in players]


@pytest.fixture
def event(organiser, player_user) -> Event:
    competition = CompetitionFactory(name="Inter-club Teams")
    competition.organisers.add(organiser)
    teams = []
    for name in TEAM_NAMES:
        players = [PlayerFactory(name=f"{name[:-1]} {k}") for k in range(4)]
        teams.append(
            team_with_members(competition, name, players, substitutes=[PlayerFactory(name=f"{name} sub")],
                              captain=players[0])
        )  # fmt: skip
    bea, amy = UserFactory(username="bea_captain"), UserFactory(username="amy_member")
    for team, k, user in ((teams[0], 0, player_user), (teams[1], 0, bea), (teams[0], 1, amy)):
        player = team.members.filter(substitute=False).order_by("pk")[k].player
        player.user = user
        player.save(update_fields=["user"])
    rnd = Round.objects.create(
        competition=competition, number=1, starts_at=timezone.now() + timedelta(hours=3)
    )
    return Event(competition, rnd, teams, bea, amy)


@pytest.fixture
def as_organiser(organiser):
    return client_for(organiser)


@pytest.fixture
def as_pat(player_user):
    return client_for(player_user)


def past_deadline(event: Event) -> None:
    """Round 1 starts in 30 minutes: its lineups closed half an hour ago."""
    event.round.starts_at = timezone.now() + timedelta(minutes=30)
    event.round.save(update_fields=["starts_at"])
