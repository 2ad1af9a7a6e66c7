"""A season's cast (issue 33): Olivia organises a league of nine players, Pat (``player_user``) is one of
them, Sam keeps score; another competition, run by somebody else, has a player of its own."""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass

import pytest

from tests.api.conftest import client_for
from tests.factories import CompetitionFactory, EntryFactory, PlayerFactory
from tests.tournament.test_stage_doors import cup  # noqa: F401 - a cup with a cut (issue 49's tests)
from tournament.models import Competition, Entry, Round


@dataclass
class Season:
    competition: Competition
    night: Round
    entries: list[Entry]  # entries[0] is Pat's
    other_entry: Entry  # in another competition

    @property
    def pat(self) -> Entry:
        return self.entries[0]

    def ids(self, n: int) -> list[int]:
        return [e.player_id for e in self.entries[:n]]


@pytest.fixture
def season(organiser, scorekeeper, player_user) -> Season:
    competition = CompetitionFactory(name="Tuesday League")
    competition.organisers.add(organiser)
    competition.scorekeepers.add(scorekeeper)
    entries = [EntryFactory(competition=competition) for _ in range(9)]
    pat = entries[0].player
    pat.user = player_user
    pat.save()
    night = Round.objects.create(competition=competition, number=1)
    other = EntryFactory(competition=CompetitionFactory(name="Other League"), player=PlayerFactory())
    return Season(competition, night, entries, other)


@pytest.fixture
def as_organiser(organiser):
    return client_for(organiser)


@pytest.fixture
def as_pat(player_user):
    return client_for(player_user)


@pytest.fixture
def as_scorekeeper(scorekeeper):
    return client_for(scorekeeper)


@pytest.fixture
def inbox_only(settings):
    """No channel set up: every message is kept in the inbox only (one row per person and event)."""
    settings.NOTIFY_EMAIL = False
    settings.TELEGRAM_BOT_TOKEN = ""
    settings.VAPID_PRIVATE_KEY = settings.VAPID_PUBLIC_KEY = ""
    settings.WHATSAPP_TOKEN = ""


@pytest.fixture
def telling(django_capture_on_commit_callbacks):
    """Run the doors' on-commit events (the messages are written by the event's task, eager in tests)."""

    @contextmanager
    def run():
        with django_capture_on_commit_callbacks(execute=True):
            yield

    return run
