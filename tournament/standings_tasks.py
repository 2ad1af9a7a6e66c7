"""Queueing standings work after a hand is recorded or voided.

Recording must never wait for standings nor fail because Redis or the worker
is down (issue 6). The standings computation itself arrives with issue 6;
until then this only marks the place every caller goes through.
"""

from __future__ import annotations

import logging

log = logging.getLogger(__name__)


def queue_standings_update(table_id: int) -> None:
    """Called on commit of every recorded or voided hand."""
    log.debug("standings update for table %s (standings are computed on read until issue 6)", table_id)
