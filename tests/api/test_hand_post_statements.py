"""What a hand post asks of the database (issue 20: the hand post near its floor).

On PostgreSQL the table's row lock serialises writers, so recording inside the API's transaction takes no
savepoint of its own, and a refusal decided under the lock leaves the caller's transaction usable (the
scoresheet page that explains a conflict reads the table again in it:
``tests/table/test_recording.py::test_a_stale_form_gets_the_conflict_message_and_records_nothing``).
With CI=true these run on PostgreSQL.
"""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.api.test_hands import hands_url, south_wins_on_west
from tests.conftest import need
from tournament.models import AuditEntry, ChipTransfer, Hand

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


@pytest.fixture
def postgres():
    need(connection.vendor == "postgresql", "the row lock that replaces the savepoint is PostgreSQL's")


@pytest.mark.django_db(transaction=True)  # the request's transaction is the outermost, as in production
def test_a_hand_post_reads_the_table_once_under_its_lock_and_takes_no_savepoint(
    postgres, league, as_scorekeeper
):
    as_scorekeeper.post(hands_url(league.table), {"outcome": "draw"}, format="json")  # the round has started
    body = south_wins_on_west(league)
    with CaptureQueriesContext(connection) as queries:
        response = as_scorekeeper.post(hands_url(league.table), body, format="json")
    assert response.status_code == 201, response.content
    statements = [q["sql"] for q in queries.captured_queries]
    statements = statements[: statements.index("COMMIT") + 1]  # the request's own (standings follow after)
    assert not [s for s in statements if "SAVEPOINT" in s.upper()]
    locked = [s for s in statements if "FOR UPDATE" in s]
    assert len(locked) == 1 and "tournament_seat" in locked[0]  # the table read once, under its lock
    assert len([s for s in statements if "tournament_seat" in s]) == 1
    writes = [s.split('"')[1] for s in statements if s.startswith("INSERT")]
    assert writes == ["tournament_hand", "tournament_chiptransfer", "tournament_auditentry"]
    # and nothing else: the token, the table, its hands and its transfers, nothing read afterwards (no field
    # left out of a read is asked for: tournament/api/auth.py, tournament/tables/selectors.py)
    reads = [s for s in statements if s.startswith("SELECT")]
    assert len(reads) == 4 and len(statements) == len(reads) + len(writes) + 2  # BEGIN, COMMIT


def test_a_refusal_leaves_the_request_s_transaction_usable(postgres, league, as_scorekeeper):
    url = hands_url(league.table)
    assert as_scorekeeper.post(url, {"outcome": "draw", "hand_number": 1}, format="json").status_code == 201
    before = (Hand.objects.count(), ChipTransfer.objects.count(), AuditEntry.objects.count())
    stale = as_scorekeeper.post(url, {"outcome": "draw", "hand_number": 1}, format="json")
    assert stale.status_code == 409 and stale.json()["state"]["hand_number"] == 2
    illegal = as_scorekeeper.post(url, {**south_wins_on_west(league), "doubles": 0}, format="json")
    assert illegal.status_code in (400, 422)
    assert (Hand.objects.count(), ChipTransfer.objects.count(), AuditEntry.objects.count()) == before
    # and the next hand goes through as usual
    assert as_scorekeeper.post(url, south_wins_on_west(league), format="json").status_code == 201
