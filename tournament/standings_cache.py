"""Answers of the public standings API kept from one change to the next (issue 7: 1,000 viewers polling).

Between two hands every viewer asks for the same few pages, and each answer
costs a competition lookup, the freshness checks, the ranking and the
serialiser. A **standings version** (a random token in the cache: Redis in
production, shared by the web processes and the worker) changes whenever
anything an answer depends on may have changed:

- a hand recorded or voided (``ledger._queue_standings``, on commit: the
  ledger moved, so the stored standings may be behind);
- stored standings written (``standings_store``, on commit);
- anything queued for a full recompute (a round held or released, a player
  withdrawn or renamed, the ranking settings: ``queue_standings_recompute``).

An answer is kept in this process's memory under its path and the version it
was made at, and served again only while the version stands. Only anonymous
JSON answers are kept (an organiser sees held rounds). When the cache cannot
be reached (Redis down) nothing is kept or served from here: every request is
answered the long way, and recording a hand is never held up (a failed bump is
logged and dropped; answers kept also expire after ``KEEP_SECONDS``). A change
made by another process (the worker, another web process) is seen within
``VERSION_SECONDS``.
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
from collections import OrderedDict

from django.core.cache import cache
from django.db import transaction

log = logging.getLogger(__name__)

VERSION_KEY = "standings-version"
KEEP_SECONDS = 30
_MAX_ANSWERS = 256
_answers: OrderedDict[tuple[str, str], tuple[float, bytes]] = OrderedDict()
_lock = threading.Lock()


# The version as last read from the cache, and until when it is taken without asking again: a read
# of the cache (a new client object and a round trip through Django's Redis backend) costs a quarter
# of a kept answer. Another process's change is then seen within ``VERSION_SECONDS``; this process's
# own at once (``bump`` sets it here too).
VERSION_SECONDS = 0.5
_seen: tuple[str | None, float] = (None, 0.0)


def bump() -> None:
    """A new standings version: every answer kept so far stops being served."""
    global _seen
    new = uuid.uuid4().hex
    _seen = (None, 0.0)  # until the cache has it, ask the cache
    try:
        cache.set(VERSION_KEY, new, timeout=None)
    except Exception as exc:  # the cache is down: answers are not served from memory while it is
        log.warning("standings version not bumped (%s)", exc)
        return
    _seen = (new, time.monotonic() + VERSION_SECONDS)


def bump_on_commit() -> None:
    transaction.on_commit(bump)


def version() -> str | None:
    """The current version, or None (nothing may be served from memory) when the cache is out of reach."""
    global _seen
    known, until = _seen
    if known is not None and time.monotonic() < until:
        return known
    try:
        found = cache.get(VERSION_KEY)
        if found is None:  # a cache started empty (Redis keeps nothing on disk): start a version
            found = uuid.uuid4().hex
            if not cache.add(VERSION_KEY, found, timeout=None):
                found = cache.get(VERSION_KEY)
    except Exception:
        return None
    _seen = (found, time.monotonic() + VERSION_SECONDS)
    return found


def kept(path: str, at: str | None) -> bytes | None:
    if at is None:
        return None
    with _lock:
        found = _answers.get((path, at))
        if found is None or found[0] < time.monotonic():
            return None
        _answers.move_to_end((path, at))
        return found[1]


def keep(path: str, at: str | None, body: bytes) -> None:
    if at is None:
        return
    with _lock:
        _answers[(path, at)] = (time.monotonic() + KEEP_SECONDS, body)
        while len(_answers) > _MAX_ANSWERS:
            _answers.popitem(last=False)


def forget() -> None:
    """Drop every kept answer and the version last read (the tests' isolation)."""
    global _seen
    with _lock:
        _answers.clear()
    _seen = (None, 0.0)
