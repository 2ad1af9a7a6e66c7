"""A scorekeeper's device over real HTTP: posts hands and retries, as a phone on a poor line would.

Every hand gets its own ``Idempotency-Key``; a failed attempt (an error
status of 5xx, a dropped connection, a timeout) is retried with the same
body and the same key until the server answers 200 or 201. Each attempt is
kept (``HandClient.attempts``) so that a test can say which failures it
met, and each success (``HandClient.recorded``) so that it can check that
every answered hand is in the ledger exactly once.
"""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass


@dataclass(frozen=True)
class Attempt:
    key: str
    status: int | None  # None: no HTTP answer (connection refused or reset, timeout)
    error: str
    body: dict | None


@dataclass(frozen=True)
class Recorded:
    key: str
    table: int
    status: int
    hand: dict  # the answer: id, number, transfers, state


def entry_for(i: int, seats: list[int]) -> dict:
    """The i-th hand of a table, by turns: wins on a discard, self-drawn wins, a draw (001 rules 17, 21).

    The winner and the payer go round the table, so chips circulate and no
    player runs out (a table ends when one does).
    """
    winner, discarder = seats[i % 4], seats[(i + 1) % 4]
    if i % 5 == 4:
        return {"outcome": "draw"}
    if i % 3 == 2:
        return {"outcome": "win", "winner": winner, "win": "self_draw", "doubles": 1 + i % 2}
    return {
        "outcome": "win",
        "winner": winner,
        "win": "discard",
        "discarder": discarder,
        "doubles": i % 3 + 1,
    }


class HandClient:
    def __init__(self, base_url: str, token: str):
        self.base_url = base_url
        self.token = token
        self.attempts: list[Attempt] = []
        self.recorded: list[Recorded] = []
        self._lock = threading.Lock()

    def post(self, table: int, entry: dict, key: str, timeout: float) -> tuple[int, dict]:
        """One attempt: (status, JSON answer). Raises OSError (timeouts included) when there is no answer."""
        request = urllib.request.Request(
            f"{self.base_url}/api/v1/tables/{table}/hands/",
            data=json.dumps(entry).encode(),
            method="POST",
            headers={
                "Content-Type": "application/json",
                "Authorization": f"Token {self.token}",
                "Idempotency-Key": key,
            },
        )
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as exc:
            raw = exc.read()
            try:
                return exc.code, json.loads(raw)
            except ValueError:
                return exc.code, {"raw": raw[:300].decode(errors="replace")}

    def record(
        self, table: int, entry: dict, key: str | None = None, *, timeout: float = 10, give_up: float = 45
    ) -> Recorded:
        """Post one hand until it is answered 200/201, retrying failures with the same key."""
        key = key or uuid.uuid4().hex
        deadline = time.monotonic() + give_up
        while True:
            try:
                status, body = self.post(table, entry, key, timeout)
                error = "" if status < 400 else json.dumps(body)[:300]
            except OSError as exc:  # refused, reset, timed out: the server may or may not have recorded it
                status, body, error = None, None, f"{type(exc).__name__}: {exc}"
            with self._lock:
                self.attempts.append(Attempt(key, status, error, body))
            if status in (200, 201):
                done = Recorded(key, table, status, body)
                with self._lock:
                    self.recorded.append(done)
                return done
            if status is not None and status < 500:
                raise AssertionError(f"hand {entry} at table {table} refused: {status} {error}")
            if time.monotonic() > deadline:
                raise AssertionError(f"hand {key} at table {table} still failing after {give_up} s: {error}")
            time.sleep(0.2)

    def failures(self) -> list[Attempt]:
        return [a for a in self.attempts if a.status not in (200, 201)]


def play(client: HandClient, table: dict, hands: range, **kwargs) -> None:
    """Record ``hands`` (their numbers in ``entry_for``) at ``table`` one after another."""
    for i in hands:
        client.record(table["id"], entry_for(i, table["seats"]), **kwargs)
