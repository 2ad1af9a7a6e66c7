"""The cast of the organiser's pages: Olivia organises the competition, Oscar organises another one."""

import pytest
from django.contrib.auth.models import Group

from tests.factories import CompetitionFactory, UserFactory


@pytest.fixture
def competition(organiser):
    competition = CompetitionFactory(name="Spring League")
    competition.organisers.add(organiser)
    return competition


@pytest.fixture
def other_organiser(db):
    """An organiser, but of another competition only."""
    user = UserFactory(username="oscar_other_organiser")
    user.groups.add(Group.objects.get(name="organiser"))
    CompetitionFactory(name="Oscar's Cup").organisers.add(user)
    return user


@pytest.fixture
def olivia(client, organiser):
    client.force_login(organiser)
    return client


@pytest.fixture
def oscar(client, other_organiser):
    client.force_login(other_organiser)
    return client
