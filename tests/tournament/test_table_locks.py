"""A table read under its lock is taken as locked for exactly as long as the lock lasts (issue 20).

``tables.locks.locked_read`` marks the table with a commit hook of the transaction; the ledger's
``lock_table`` skips its own lock while that hook is pending, and locks again once the transaction (or
the savepoint the read was made in) is over.
"""

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from tests.factories import seated_table
from tournament.tables.ledger.checks import lock_table
from tournament.tables.locks import lock_held
from tournament.tables.selectors import table_for_recording

pytestmark = pytest.mark.django_db(transaction=True)


def _locks(table) -> int:
    with CaptureQueriesContext(connection) as queries:
        lock_table(table)
    return len(queries.captured_queries)


def test_held_while_the_transaction_lasts_and_not_after():
    pk = seated_table().pk
    with transaction.atomic():
        table = table_for_recording(pk)
        assert lock_held(table) and _locks(table) == 0
    assert not lock_held(table)
    with transaction.atomic():
        assert _locks(table) == 1  # a new transaction: locked again


def test_a_read_outside_a_transaction_holds_nothing():
    table = table_for_recording(seated_table().pk)
    assert not lock_held(table)
    with transaction.atomic():
        assert _locks(table) == 1


def test_a_savepoint_rolled_back_gives_the_lock_up():
    pk = seated_table().pk
    with transaction.atomic():
        try:
            with transaction.atomic():
                table = table_for_recording(pk)
                assert lock_held(table)
                raise RuntimeError("rolled back to the savepoint")
        except RuntimeError:
            pass
        assert not lock_held(table)
        assert _locks(table) == 1


def test_a_rollback_gives_the_lock_up():
    pk = seated_table().pk
    with transaction.atomic():
        table = table_for_recording(pk)
        transaction.set_rollback(True)
    assert not lock_held(table)
