"""What the doors call when something happened that people are told about (issue 34).

Each function is called inside the door's transaction and queues the event's task on commit
(``tasks.notifications_event``): the messages are written and sent by Celery, never in the request, and
an event whose transaction rolled back tells nobody. A broker that is down loses the event, never the
door's change: the change stands, the loss is logged, and a published round's seating lost so is told
by beat later (``reminders.seatings_untold``).
"""

from __future__ import annotations

import logging

from django.db import transaction

log = logging.getLogger("tournament.notifications")


def _on_commit(event: str, object_id: int) -> None:
    def queue() -> None:
        from tournament.notifications.tasks import notifications_event

        try:
            notifications_event.delay(event, object_id)
        except Exception as exc:  # noqa: BLE001 - the broker is down: the door's change stands
            log.warning("messages of %s %s not queued (%s)", event, object_id, exc)

    transaction.on_commit(queue)


def round_published(round_id: int) -> None:
    """The seating to the seated players and scorekeepers; "you sit out" to the byes."""
    _on_commit("seating", round_id)


def seating_changed(round_id: int) -> None:
    """A published round's seats changed (a swap, a late arrival): the same event as its publication,
    which tells only those whose seat is not the one they were told (``notices.seating_send``)."""
    _on_commit("seating", round_id)


def round_results_out(round_id: int) -> None:
    """A round finished with its results public, or its held results released."""
    _on_commit("results", round_id)


def hand_waiting(hand_id: int) -> None:
    """A hand recorded whose check waits for the players (the competition asks for confirmations)."""
    _on_commit("confirm", hand_id)


def hand_ruled(hand_id: int) -> None:
    """The organiser ruled on a hand: the players who disputed it are told."""
    _on_commit("ruling", hand_id)


def seat_link_renewed(seat_id: int) -> None:
    """The organiser retired a seat's link: its player gets the new one."""
    _on_commit("seat_link", seat_id)


def season_link_renewed(entry_id: int) -> None:
    """The organiser retired a player's season link and check-in code: the player gets the new link."""
    _on_commit("season_link", entry_id)


def broadcast_made(broadcast_id: int) -> None:
    _on_commit("broadcast", broadcast_id)
