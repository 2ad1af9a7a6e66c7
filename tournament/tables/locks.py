"""A table read under its row lock, known as such for the rest of the transaction (issue 20).

The hand post reads its table once, with the row lock (``tables.selectors.table_for_recording``); the
ledger's ``lock_table`` then takes it as locked instead of asking the database again.
"""

from __future__ import annotations

from django.db import transaction

from tournament.models import Table


def locked_read(table: Table) -> Table:
    """``table`` was just read with its row locked (``SELECT ... FOR UPDATE``), in the current transaction:
    ``lock_table`` need not lock it again nor read it again while that transaction lasts (the hand post
    reads the table once, under its lock; issue 20).

    What says the transaction lasts: a commit hook that does nothing, registered now. Django drops it when
    the transaction commits or rolls back, and when a savepoint made before it is rolled back, which is
    when the database gives the lock up too.
    """
    if transaction.get_connection().in_atomic_block:

        def held() -> None:  # never run for anything: it only marks the transaction
            return None

        transaction.on_commit(held)
        table.lock_mark = held
    return table


def lock_held(table: Table) -> bool:
    """Whether ``table`` was read under its row lock (``locked_read``) in the transaction still running."""
    held = table.__dict__.get("lock_mark")
    if held is None:
        return False
    return any(hook[1] is held for hook in transaction.get_connection().run_on_commit)
