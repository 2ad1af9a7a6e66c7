"""Hands at different tables are recorded side by side (found by the load bench, issue 7).

``hand_record`` and ``hand_void`` read the table with its round and
competition. A plain ``select_for_update()`` with ``select_related`` locked
every joined row, so every hand of a competition waited for the one being
recorded at any other table. They lock the table's row only. Row locks need
PostgreSQL: skipped on SQLite, required with CI=true.
"""

import pytest
from django.db import connection

from tests.concurrency import held_open
from tests.conftest import need
from tests.factories import seated_table
from tournament.tables.ledger import hand_record, hand_void
from tournament.models import Hand, Round

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _while_recording_at(other, action):
    """Run ``action`` while another connection is inside ``hand_record`` at ``other``, not yet committed."""
    with held_open(lambda: hand_record(table=other, entry={"outcome": "draw"})):
        return action()


def test_a_hand_is_recorded_and_voided_while_another_table_is_recording():
    need(connection.vendor == "postgresql", "row locks need PostgreSQL")
    table = seated_table()
    other = seated_table(competition=table.round.competition, table_number=2)
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.PLAYING)
    east, south, *_ = table.seat_map.values()
    entry = {"outcome": "win", "winner": east, "win": "discard", "discarder": south, "doubles": 1}

    hand = _while_recording_at(other, lambda: hand_record(table=table, entry=entry))
    assert hand.number == 1 and hand.transfers.count() == 3

    void = _while_recording_at(other, lambda: hand_void(hand=hand, reason="entered twice"))
    assert void.hand_id == hand.pk and hand.transfers.filter(reason="void").count() == 3
    assert Hand.objects.filter(table=other).count() == 2  # the other table's hands went in too
