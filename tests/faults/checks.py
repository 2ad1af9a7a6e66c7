"""What must hold after every fault (issue 7), asserted on the audit of ``tests.faults.probe``.

- every hand whose request was answered with success is recorded exactly
  once, as answered, and nothing else is recorded;
- every hand's transfers are its settlement and sum to zero; the balances
  are the capital plus the ledger, and the last answer of each table said so;
- the stored standings converge to a full recompute.
"""

from __future__ import annotations

import time
from collections import defaultdict

from tests.faults.client import HandClient
from tests.faults.stack import Stack


def assert_recorded_once(audit: dict, client: HandClient) -> None:
    by_key = defaultdict(list)
    for hand in audit["hands"]:
        by_key[hand["key"]].append(hand)
    assert not audit["ledger_problems"], audit["ledger_problems"]
    asked = {a.key for a in client.attempts}
    assert set(by_key) == asked, "hands in the ledger that no request asked for, or asked-for hands missing"
    for done in client.recorded:
        [hand] = by_key[done.key]  # exactly one hand per key
        assert hand["id"] == done.hand["id"], f"key {done.key}: answered {done.hand['id']}, stored {hand}"
        answered = sorted([t["from"], t["to"], t["amount"]] for t in done.hand["transfers"])
        assert sorted(hand["transfers"]) == answered
    by_table = defaultdict(list)
    for hand in audit["hands"]:
        by_table[hand["table"]].append(hand["sequence"])
    for table, sequences in by_table.items():
        assert sorted(sequences) == list(range(1, len(sequences) + 1)), f"table {table}: gaps or repeats"
    last = {}
    for done in client.recorded:
        if done.hand["number"] >= last.get(done.table, {"number": 0})["number"]:
            last[done.table] = done.hand
    for table, hand in last.items():
        assert hand["state"]["balances"] == audit["balances"][str(table)], f"table {table}: balances"


def standings_converged(stack: Stack, competition: int, timeout: float = 25) -> dict:
    """Poll the audit until the stored standings are current and equal a full recompute; the last audit."""
    deadline = time.monotonic() + timeout
    while True:
        audit = stack.probe("audit", str(competition))
        standings = audit["standings"]
        if standings["current"] and not standings["differences"]:
            return audit
        if time.monotonic() > deadline:
            raise AssertionError(f"standings did not converge in {timeout:.0f} s: {standings}")
        time.sleep(0.5)


def standings_behind(stack: Stack, competition: int) -> bool:
    """The stored standings miss ledger rows (or differ from a recompute) right now."""
    standings = stack.probe("audit", str(competition))["standings"]
    return not standings["current"] or bool(standings["differences"])
