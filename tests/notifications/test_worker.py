"""A night's seating told through a real Celery worker over Redis (issue 34): the door queues the event on
commit, the worker (another process, on the same test database) writes each person's messages. Skipped
without REDIS_URL (and PostgreSQL: the worker must see the test's committed rows), except in CI."""

from __future__ import annotations

import time

import pytest

from tests.conftest import need
from tests.factories import CompetitionFactory, EntryFactory, PlayerFactory
from tournament.models import Message
from tournament.rounds.lifecycle import round_publish, round_schedule
from tournament.rounds.seating import round_seat


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_the_worker_writes_the_seating_messages(organiser, celery_worker_proc, celery_not_eager):
    from django.db import connection

    need(connection.vendor == "postgresql", "the worker reads the test database: PostgreSQL")
    competition = CompetitionFactory()
    competition.organisers.add(organiser)
    for _ in range(9):
        EntryFactory(competition=competition, player=PlayerFactory())
    round_ = round_schedule(competition, user=organiser)
    round_seat(round_, user=organiser, time_budget=1.0)
    round_publish(round_, user=organiser)  # committed: the event goes to the broker
    deadline = time.monotonic() + 20
    while Message.objects.filter(competition=competition).count() < 9 and time.monotonic() < deadline:
        time.sleep(0.1)
    kinds = sorted(Message.objects.filter(competition=competition).values_list("kind", flat=True))
    assert kinds == ["bye"] + ["seating"] * 8
