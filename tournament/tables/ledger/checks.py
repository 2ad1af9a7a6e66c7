"""What every ledger door checks first: the table locked, open for hands, and the caller's right."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import connection
from django.utils.translation import gettext as _

from tournament.access.roles import may_record
from tournament.db.rows import plain_cursor
from tournament.models import Round, Table
from tournament.tables.ledger.errors import HandRejected, Problem
from tournament.tables.locks import lock_held

_LOCK_SQL = (
    f"SELECT t.ended_at, r.status FROM {Table._meta.db_table} t "
    f"JOIN {Round._meta.db_table} r ON r.id = t.round_id WHERE t.id = %s"
)


def lock_table(table: Table) -> Table:
    """Lock the table's row until the transaction ends, and refresh what may have changed before the lock.

    Only the table's row is locked: its round and competition are read, not locked (locking them would
    put every hand of the competition in one queue; ``round_end`` serialises with hands through the
    table rows it updates). The organiser ends a session or a round while the table plays: the table's
    ``ended_at`` and the round's ``status`` are read under the lock. A table read under its lock in this
    transaction (``locked_read``) is taken as it is.
    """
    if lock_held(table):
        return table
    sql = _LOCK_SQL + (" FOR UPDATE OF t" if connection.features.has_select_for_update_of else "")
    with plain_cursor() as cursor:
        cursor.execute(sql, [table.pk])
        row = cursor.fetchone()
    if row is None:
        raise Table.DoesNotExist(f"table {table.pk} does not exist")
    table.ended_at, table.round.status = row
    return table


def locked_table(pk: int) -> Table:
    """The table, its row locked until the transaction ends (its round and competition read, not locked)."""
    return Table.objects.select_for_update(of=("self",)).select_related("round__competition").get(pk=pk)


def check_right(user, table: Table) -> None:
    """The table's scorekeeper or an organiser of its competition; ``None`` is the operator (a command)."""
    if user is not None and not may_record(user, table):
        raise PermissionDenied(_("Only this table's scorekeeper or an organiser may change its hands."))


def round_finished(round_: Round) -> Problem:
    """What a door that would move a finished round's chips or counting answers (422 ``round_finished``)."""
    message = _("Round %(n)s is finished: its hands are final unless an organiser reopens it.")
    return Problem("round_finished", message % {"n": round_.number})


def check_open(table: Table) -> None:
    """No hand is recorded, voided or corrected in a draft, in a finished round or at an ended table.

    ``table`` was read under its lock (``lock_table``/``locked_table``): its round's status and its end are
    those of now. An organiser reopens the round (``round_reopen``) to correct a hand.
    """
    if table.round.status == Round.Status.SCHEDULED:
        # A draft seating (issue 14): nobody but its organisers sees it, so nobody plays at it yet.
        raise HandRejected(
            [
                Problem(
                    "round_not_published",
                    _("Round %(n)s's seating is a draft: the organiser publishes it before play.")
                    % {"n": table.round.number},
                )
            ]
        )
    if table.round.status == Round.Status.FINISHED:
        raise HandRejected([round_finished(table.round)])
    if table.ended_at is not None:
        raise HandRejected(
            [
                Problem(
                    "table_ended",
                    _(
                        "Table %(t)s has been ended by the organiser: "
                        "its hands are final unless the round is reopened."
                    )
                    % {"t": table.number},
                )
            ]
        )
