"""Sending a message on its channel, never twice (issue 34).

A message is **claimed** before it is sent: one statement turns it from ``queued`` to ``sending`` and
counts the attempt, so two workers (or a task delivered twice) never send it twice: the second finds it
claimed. Then it is sent and marked ``sent``; a passing failure puts it back to ``queued`` with the reason
(the task retries it later, with backoff) until ``MAX_ATTEMPTS``, then ``failed``; a refusal (a bad
address) is ``failed`` at once. A worker killed between the send and the mark leaves the message
``sending``: at most once, never twice. One message's failure never stops the others of a batch.
"""

from __future__ import annotations

import logging

from django.db.models import F
from django.utils import timezone

from tournament.models import Message
from tournament.notifications.channels import Passing, Refused, Senders, send
from tournament.notifications.links import person_url, stop_url
from tournament.notifications.texts import footer

State = Message.State
MAX_ATTEMPTS = 5
log = logging.getLogger("tournament.notifications")


def backoff(attempts: int) -> int:
    """Seconds before the next try after ``attempts`` tries: 30 s, 2 min, 8 min, 32 min."""
    return 30 * 4 ** max(attempts - 1, 0)


def _claim(message_id: int) -> Message | None:
    claimed = Message.objects.filter(pk=message_id, state=State.QUEUED).update(
        state=State.SENDING, attempts=F("attempts") + 1
    )
    return Message.objects.get(pk=message_id) if claimed else None


def _mark(message: Message, state: str, reason: str = "") -> None:
    fields = {"state": state, "reason": reason[:300]}
    if state == State.SENT:
        fields["sent_at"] = timezone.now()
    Message.objects.filter(pk=message.pk, state=State.SENDING).update(**fields)


def message_send(message_id: int, senders: Senders | None = None) -> str:
    """Send one queued message; answers "sent", "failed", "retry" (queued again) or "skipped"."""
    message = _claim(message_id)
    if message is None:
        return "skipped"  # sent, failed, or being sent by another worker
    own = senders is None
    senders = senders or Senders()
    stop = stop_url(message.recipient, message.kind)
    text = "\n".join(filter(None, [message.body, message.link])) + footer(
        kind=message.kind, stop_url=stop, inbox_url=person_url(message.recipient), language=message.language
    )
    try:
        send(message, text, stop_url=stop, senders=senders)
    except Refused as exc:
        _mark(message, State.FAILED, str(exc))
        return "failed"
    except Exception as exc:  # noqa: BLE001 - Passing, or anything unforeseen: kept, retried, never fatal
        reason = str(exc) if isinstance(exc, Passing) else f"{type(exc).__name__}: {exc}"
        if message.attempts >= MAX_ATTEMPTS:
            _mark(message, State.FAILED, reason)
            return "failed"
        _mark(message, State.QUEUED, reason)
        log.warning("message %s (%s) will be tried again: %s", message.pk, message.channel, reason)
        return "retry"
    finally:
        if own:
            senders.close()
    _mark(message, State.SENT)
    return "sent"


def messages_send(ids: list[int]) -> dict[int, int]:
    """Send a batch (one mail connection for all); answers {message id: its attempts so far} of those to
    be tried again."""
    senders = Senders()
    again: dict[int, int] = {}
    try:
        for message_id in ids:
            if message_send(message_id, senders) == "retry":
                again[message_id] = Message.objects.filter(pk=message_id).values_list("attempts", flat=True)[
                    0
                ]
    finally:
        senders.close()
    return again
