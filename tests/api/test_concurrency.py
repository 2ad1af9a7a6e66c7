"""Two devices at one table at the same moment, through HTTP (issue 5: conflicts and retries).

Real parallel requests need PostgreSQL (row locks); on a laptop with SQLite
these are skipped, with CI=true they must run.
"""

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection

from tests.api.conftest import client_for
from tests.conftest import need
from tournament.models import ChipTransfer, Hand

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def in_parallel(league, n, body, headers=None):
    """POST ``body`` to the table's hands from ``n`` threads released at once; the statuses and answers."""
    need(connection.vendor == "postgresql", "real parallel requests need PostgreSQL")
    barrier = threading.Barrier(n)
    keeper = league.users["table_scorekeeper"]
    url = f"/api/v1/tables/{league.table.pk}/hands/"

    def post(_):
        from django.db import connections

        client = client_for(keeper)
        barrier.wait()
        try:
            response = client.post(url, body, format="json", **(headers or {}))
            return response.status_code, response.json()
        finally:
            connections.close_all()

    with ThreadPoolExecutor(n) as pool:
        return list(pool.map(post, range(n)))


def test_the_same_hand_from_two_devices_is_recorded_once(league):
    answers = in_parallel(league, 2, {"outcome": "draw", "hand_number": 1})
    assert sorted(status for status, _ in answers) == [201, 409]
    conflict = next(body for status, body in answers if status == 409)
    assert conflict["state"]["hand_number"] == 2
    assert Hand.objects.count() == 1


def test_parallel_retries_with_one_idempotency_key_record_one_hand(league):
    east, south, west, north = league.seats()
    entry = {"outcome": "win", "winner": south, "win": "discard", "discarder": west, "doubles": 2}
    answers = in_parallel(league, 3, entry, headers={"HTTP_IDEMPOTENCY_KEY": "retry-7"})
    assert {status for status, _ in answers} <= {200, 201}
    assert len({body["id"] for _, body in answers}) == 1
    assert Hand.objects.count() == 1 and ChipTransfer.objects.count() == 3
