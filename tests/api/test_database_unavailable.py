"""A database outage during an API request is a 503 in the API's error shape, not a bare 500 page (issue 7).

The real outages (sessions cut, the cluster restarted) are in tests/faults;
here the ledger's door fails as psycopg does when its connection is gone.
"""

import pytest
from django.db import InterfaceError, OperationalError

from tournament.models import Hand

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "error",
    [
        OperationalError("consuming input failed: server closed the connection unexpectedly"),
        InterfaceError("connection already closed"),
    ],
)
def test_a_hand_posted_while_the_database_is_away_answers_503(league, as_scorekeeper, monkeypatch, error):
    def cut_off(**kwargs):
        raise error

    monkeypatch.setattr("tournament.api.hands.hand_record_with_state", cut_off)
    response = as_scorekeeper.post(
        f"/api/v1/tables/{league.table.pk}/hands/", {"outcome": "draw"}, format="json",
        HTTP_IDEMPOTENCY_KEY="k-503",
    )  # fmt: skip
    assert response.status_code == 503
    assert response["Retry-After"] == "1"
    [problem] = response.json()["errors"]
    assert problem["code"] == "database_unavailable" and "Idempotency-Key" in problem["message"]
    assert not Hand.objects.exists()


def test_other_database_errors_stay_server_errors(league, as_scorekeeper, monkeypatch):
    """A programming error is a bug, not an outage: it is not dressed up as 'try again'."""
    from django.db import ProgrammingError

    def broken(**kwargs):
        raise ProgrammingError("column does not exist")

    monkeypatch.setattr("tournament.api.hands.hand_record_with_state", broken)
    as_scorekeeper.raise_request_exception = False
    url = f"/api/v1/tables/{league.table.pk}/hands/"
    response = as_scorekeeper.post(url, {"outcome": "draw"}, format="json")
    assert response.status_code == 500
