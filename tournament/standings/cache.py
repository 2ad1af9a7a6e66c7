"""Answers of the public standings API kept from one change to the next (issue 7: 1,000 viewers polling).

Between two hands every viewer asks for the same few pages, and each answer
costs a competition lookup, the freshness checks, the ranking and the
serialiser. A **standings version** (a random token in the cache: Redis in
production, shared by the web processes and the worker) changes whenever
anything an answer depends on may have changed:

- a hand recorded or voided (``tables.ledger.record.queue_standings``, on commit: the
  ledger moved, so the stored standings may be behind);
- stored standings written (``standings_store``, on commit);
- anything queued for a full recompute (a round held or released, a player
  withdrawn or renamed, the ranking settings: ``queue_standings_recompute``).

The leaderboard's live partial, which every viewer's page polls every few
seconds, is kept the same way for anonymous viewers, but made afresh at least
every ``FRESH_SECONDS`` (it says how old the standings are).

An answer is kept in this process's memory under its path and the version it
was made at. It is served again while the version stands, and for
``FRESH_SECONDS`` after the ledger moved (a hand, standings written), but
never once what may be shown has changed (``POLICY_KEY``: a round held or
released, a player withdrawn or renamed, the ranking settings). Only anonymous
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
from typing import NamedTuple

from django.core.cache import cache
from django.db import transaction

log = logging.getLogger(__name__)

VERSION_KEY = "standings-version"  # changes with anything an answer depends on
POLICY_KEY = "standings-policy"  # changes only with what may be shown: held rounds, names, ranking
KEEP_SECONDS = 30
# A kept answer is still served this long after the ledger moved under it (a hand recorded, standings
# written): on a league night hands change the version several times a second, and 1,000 viewers would
# otherwise have every answer made afresh, most of them computed from the ledger while the worker
# catches up (load bench, mixed phase: 0.02 of the solo rate). Viewers see a hand at most this much
# later; a change of what may be shown (POLICY_KEY) is never served late. Half a second: nginx in front asks
# again once a second (tournament/project/http_cache.py), and with a second here the answer it got was
# often still the one from before the hand (freshness p95 1.9 s; issue 20, bench/load_bench.py).
FRESH_SECONDS = 0.5
_MAX_ANSWERS = 256
_answers: OrderedDict[str, tuple[Version, float, bytes]] = OrderedDict()
_lock = threading.Lock()
_served = threading.local()  # served_version


class Version(NamedTuple):
    policy: str
    token: str
    read_at: float  # _clock() when the request asked: an answer made for it is that old


# The versions as last read from the cache, and until when they are taken without asking again (a
# round trip to Redis per request would cost a quarter of a kept answer). Another process's change is
# then seen within ``VERSION_SECONDS``; this process's own at once (``bump`` forgets what it had read).
VERSION_SECONDS = 0.5
_clock = time.monotonic  # the tests move it on
_seen: tuple[tuple[str, str] | None, float] = (None, 0.0)


def bump(*, policy: bool = False) -> None:
    """A new standings version: answers kept so far are served no more than ``FRESH_SECONDS`` longer.

    ``policy``: what may be shown changed (a round held or released, a player withdrawn or renamed,
    the ranking settings): no answer kept so far is served again.
    """
    global _seen
    new = uuid.uuid4().hex
    _seen = (None, 0.0)  # ask the cache next time
    try:
        if policy:
            cache.set_many({VERSION_KEY: new, POLICY_KEY: new}, timeout=None)
        else:  # every hand: one SET, not set_many's MULTI/EXEC pipeline (issue 20)
            cache.set(VERSION_KEY, new, timeout=None)
    except Exception as exc:  # the cache is down: answers are not served from memory while it is
        log.warning("standings version not bumped (%s)", exc)


def bump_and_add(key: str, value, timeout: int) -> bool:
    """``bump()`` and ``cache.add(key, value, timeout)``, in one round trip where the cache can (Redis):
    a recorded hand's version and its table's queued mark (issue 20). Answers what ``add`` answers; raises
    what the cache raises when it is down (the version then stays as it was)."""
    global _seen
    new = uuid.uuid4().hex
    _seen = (None, 0.0)  # ask the cache next time
    if hasattr(cache, "set_and_add"):
        return cache.set_and_add(VERSION_KEY, new, key, value, timeout)
    cache.set(VERSION_KEY, new, timeout=None)
    return cache.add(key, value, timeout=timeout)


def bump_on_commit(*, policy: bool = False) -> None:
    transaction.on_commit(lambda: bump(policy=policy))


def version(*, fresh: bool = False) -> Version | None:
    """The current versions, or None (nothing may be served from memory) when the cache is out of reach.

    ``fresh``: asked of the cache now, not taken from the last ``VERSION_SECONDS`` (a cache in front
    checking its copy: a stale "unchanged" would keep it another ``max-age``)."""
    global _seen
    known, until = _seen
    now = _clock()
    if known is not None and now < until and not fresh:
        return Version(*known, read_at=now)
    try:
        found = cache.get_many([POLICY_KEY, VERSION_KEY])
        if len(found) < 2:  # a cache started empty (Redis keeps nothing on disk): start the versions
            start = uuid.uuid4().hex
            for key in (POLICY_KEY, VERSION_KEY):
                if key not in found and not cache.add(key, start, timeout=None):
                    found[key] = cache.get(key)
                found.setdefault(key, start)
    except Exception:
        return None
    known = (found[POLICY_KEY], found[VERSION_KEY])
    _seen = (known, now + VERSION_SECONDS)
    return Version(*known, read_at=now)


def kept(path: str, at: Version | None, *, renewed: bool = False) -> bytes | None:
    """The answer kept for ``path``, if it may still be served at version ``at``.

    ``renewed``: the answer shows its own age ("updated 5 s ago", the leaderboard's live partial), so
    it is made afresh every ``FRESH_SECONDS`` even while the version stands.
    """
    if at is None:
        return None
    with _lock:
        found = _answers.get(path)
        if found is None:
            return None
        made_at, expires, body = found
        if expires < at.read_at or made_at.policy != at.policy:
            return None
        stale = renewed or made_at.token != at.token
        if stale and at.read_at - made_at.read_at >= FRESH_SECONDS:
            return None
        _answers.move_to_end(path)
    _served.at = made_at
    return body


def served_version(*, reset: bool = False) -> Version | None:
    """The version the answer last served from memory in this thread was made at
    (``tournament.project.http_cache`` tags it with that one, not a newer one); ``reset``: forget it
    before a request."""
    if reset:
        _served.at = None
    return getattr(_served, "at", None)


def keep(path: str, at: Version | None, body: bytes) -> None:
    """Keep the answer made for a request that asked at ``at``."""
    if at is None:
        return
    with _lock:
        older = _answers.get(path)
        if older is not None and older[0].read_at > at.read_at and older[0].policy == at.policy:
            return  # a request that asked later has kept its answer already
        _answers[path] = (at, at.read_at + KEEP_SECONDS, body)
        _answers.move_to_end(path)
        while len(_answers) > _MAX_ANSWERS:
            _answers.popitem(last=False)


def forget() -> None:
    """Drop every kept answer and the versions last read (the tests' isolation)."""
    global _seen
    with _lock:
        _answers.clear()
    _seen = (None, 0.0)
