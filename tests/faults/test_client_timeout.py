"""A device that gives up waiting and sends the hand again never records it twice (Idempotency-Key).

The existing tests cover a retry after an answer (tests/api/test_hands.py)
and parallel retries through Django's test client (tests/api/test_concurrency.py);
here the first request is still being served when the client times out and
retries, over real HTTP to gunicorn.
"""

import pytest

from tests.faults.client import entry_for
from tests.faults.stack import WEB, wait_for


def test_a_retry_after_a_timeout_records_the_hand_once(healthy, league, client):
    table = league["tables"][0]
    entry, key = entry_for(0, table["seats"]), "timed-out-then-retried"
    # Another transaction holds the table (as a slow hand entered on a second device would): the
    # server's requests wait on it, and the client gives up after a second, twice.
    with healthy.lock("SELECT id FROM tournament_table WHERE id = %s FOR UPDATE", [table["id"]]):
        for _ in range(2):
            with pytest.raises(OSError, match="timed out"):
                client.post(table["id"], entry, key, timeout=1)

        def waiting():
            return len([b for b in healthy.backends(WEB) if b["wait_event_type"] == "Lock"]) == 2

        wait_for("both requests to wait on the table in the server", waiting, 10)
    # Released: the two requests the client gave up on run to their end unseen. The third try is answered.
    status, body = client.post(table["id"], entry, key, timeout=15)
    assert status == 200, body  # 200: the hand recorded the first time, not a new one
    audit = healthy.probe("audit", str(league["competition"]))
    assert [(h["id"], h["key"]) for h in audit["hands"]] == [(body["id"], key)]
    assert body["state"]["hand_number"] == 2 and not audit["ledger_problems"]
    assert body["state"]["balances"] == audit["balances"][str(table["id"])]
