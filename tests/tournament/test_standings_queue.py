"""A table's standings update is queued once while it waits (load bench, issue 7).

A burst of hands at one table must not queue one update task per hand: the
task reads the ledger when it starts, so one waiting task covers every hand
committed before it starts. Once it has started, the next hand queues a new one.
"""

import pytest
from django.core.cache import cache

from tests.factories import seated_table
from tournament.standings import cache as standings_cache
from tournament.standings import marks as standings_marks
from tournament.standings.marks import QUEUED_KEY, standings_update_started
from tournament.standings.queue import queue_standings_update
from tournament.standings.tasks import standings_update_table
from tournament.tables.ledger.record import hand_record


@pytest.fixture
def sent(monkeypatch):
    calls: list[int] = []
    monkeypatch.setattr(standings_update_table, "apply_async", lambda args, **kwargs: calls.append(args[0]))
    for table_id in (7, 8, 9):
        cache.delete(QUEUED_KEY.format(table_id))
    return calls


def test_a_table_whose_update_waits_gets_no_second_task(sent):
    queue_standings_update(7)
    queue_standings_update(7)
    queue_standings_update(8)
    queue_standings_update(7)
    assert sent == [7, 8]
    standings_update_started(7)  # the worker took the task: hands from now on need a new one
    queue_standings_update(7)
    queue_standings_update(8)
    assert sent == [7, 8, 7]


def test_a_task_the_broker_refused_leaves_no_mark(monkeypatch, sent):
    def refuse(args, **kwargs):
        raise OSError("broker down")

    monkeypatch.setattr(standings_update_table, "apply_async", refuse)
    queue_standings_update(9)  # the hand stands; nothing raised
    assert cache.get(QUEUED_KEY.format(9)) is None  # so the next hand tries again


def test_the_cache_being_down_still_queues_the_task(monkeypatch, sent):
    class Down:
        def set(self, *args, **kwargs):
            raise ConnectionError("cache down")

        add = delete = set_and_add = set

    monkeypatch.setattr(standings_cache, "cache", Down())
    monkeypatch.setattr(standings_marks, "cache", Down())
    queue_standings_update(9)
    queue_standings_update(9)
    assert sent == [9, 9]


@pytest.mark.django_db
def test_the_task_clears_the_mark_before_it_reads_the_ledger(monkeypatch):
    table = seated_table()
    cache.set(QUEUED_KEY.format(table.pk), 1)
    seen: list = []
    monkeypatch.setattr(
        "tournament.standings.incremental.standings_table_changed",
        lambda t: seen.append(cache.get(QUEUED_KEY.format(t.pk))),
    )
    standings_update_table(table.pk)
    assert seen == [None]


@pytest.mark.django_db
def test_hands_recorded_while_an_update_waits_queue_nothing_more(sent, django_capture_on_commit_callbacks):
    table = seated_table()
    cache.delete(QUEUED_KEY.format(table.pk))
    east = table.seat_map["E"]
    for _ in range(3):
        with django_capture_on_commit_callbacks(execute=True):
            hand_record(
                table=table, entry={"outcome": "win", "winner": east, "win": "self_draw", "doubles": 1}
            )
    assert sent == [table.pk]
