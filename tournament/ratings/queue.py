"""Queueing a rating update when what the ratings read changes (issue 35).

A round finished or ended, reopened, held or released, or given another end
time: its sessions join the rating, leave it or move in its order. The doors
of a round's life (``tournament.rounds.lifecycle``) call ``queue_ratings``
inside their transaction; the task runs after the commit
(``tournament.ratings.tasks``) and rates again from that round on. A broker
that is down is logged and dropped: the periodic reconciliation
(``ratings_reconcile``, Celery beat) finds the rounds the ratings miss or
should not hold and rates again from the first; ``manage.py ratings_rebuild``
starts from scratch.
"""

from __future__ import annotations

import logging

from django.db import transaction

log = logging.getLogger(__name__)


def queue_ratings(round_id: int) -> None:
    transaction.on_commit(lambda: _send(round_id))


def _send(round_id: int) -> None:
    from tournament.ratings.tasks import ratings_update_round

    try:
        ratings_update_round.apply_async((round_id,), retry=False, ignore_result=True)
    except Exception as exc:  # the broker is down: the ratings catch up later
        log.warning("ratings update after round %s not queued (%s)", round_id, exc)


def queue_ratings_competition(competition_id: int) -> None:
    """A competition's rounds all join the ratings or leave them (``ratings.trust.competition_set_rated``)."""
    transaction.on_commit(lambda: _send_competition(competition_id))


def _send_competition(competition_id: int) -> None:
    from tournament.ratings.tasks import ratings_update_competition

    try:
        ratings_update_competition.apply_async((competition_id,), retry=False, ignore_result=True)
    except Exception as exc:  # the broker is down: ratings_reconcile catches up
        log.warning("ratings update of competition %s not queued (%s)", competition_id, exc)
