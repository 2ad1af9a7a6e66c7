"""A hand committed after a later one, whose standings update is lost (issue 7, faults 1-3 together).

Ledger ids are handed out when rows are written, not when they commit. Hand
A is written first and commits last; hand B, at another table, commits in
between and its standings update stores a ledger mark above A's rows. If
A's own update is then lost (the broker down at its commit, as here; or a
worker killed, or its database session cut), the reconciliation must still
find the standings wrong, although no ledger row lies above the mark.

To hold A between its write and its commit, the test holds its round: the
first hand of a round marks the round as playing, after the hand's rows.
"""

import threading

from tests.faults.checks import assert_recorded_once, standings_converged
from tests.faults.client import entry_for, play
from tests.faults.stack import WEB, wait_for


def test_a_lost_update_of_a_hand_that_committed_late_is_still_repaired(healthy, request, client_factory):
    league = healthy.probe("seed", request.node.name[:60], "1", "2")
    client = client_factory(league)
    competition = league["competition"]
    a, b = league["tables"]  # a: round 1, not started; b: round 2
    play(client, b, range(0, 1))
    standings_converged(healthy, competition)

    with healthy.lock("SELECT id FROM tournament_round WHERE id = %s FOR UPDATE", [a["round"]]):
        first = threading.Thread(target=client.record, args=(a["id"], entry_for(0, a["seats"])), daemon=True)
        first.start()  # A: written, then waits for the round
        wait_for("hand A to wait for its round", lambda: any(
            b["wait_event_type"] == "Lock" for b in healthy.backends(WEB)), 10)  # fmt: skip
        play(client, b, range(1, 2))  # B: written after A, committed before it; its update runs
        standings_converged(healthy, competition)  # as far as anyone can see: current
        healthy.stop_redis()
    first.join(20)  # A commits with the broker down: its update is not queued
    assert not first.is_alive() and not client.failures()

    healthy.start_redis()
    healthy.send_task("tournament.tasks.standings_reconcile")
    audit = standings_converged(healthy, competition)
    assert_recorded_once(audit, client)
