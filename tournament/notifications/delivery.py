"""Sending a message on its channel, never twice (issue 34).

A message is **claimed** before it is sent: a batch's queued messages turn from ``queued`` to ``sending``
(their attempt counted) in one transaction that skips rows another worker holds, so two workers (or a task
delivered twice) never send one twice: the second finds it claimed. Then each is sent and marked ``sent``
(in groups); a passing failure puts it back to ``queued`` with the reason (the task tries it again later,
with backoff) until ``MAX_ATTEMPTS``, then ``failed``; a refusal (a bad address) is ``failed`` at once. A
worker killed mid-batch leaves its messages ``sending``: at most once, never twice
(``messages_interrupted`` marks them failed after a while). One message's failure never stops the others.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from django.db import transaction
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


def _claim(ids: list[int]) -> list[Message]:
    """The queued messages among ``ids``, claimed by this call (locked rows another worker is claiming are
    skipped): one statement for the batch."""
    with transaction.atomic():
        mine = list(
            Message.objects.select_for_update(skip_locked=True).filter(pk__in=ids, state=State.QUEUED)
        )
        Message.objects.filter(pk__in=[m.pk for m in mine]).update(
            state=State.SENDING, attempts=F("attempts") + 1
        )
    for message in mine:
        message.state, message.attempts = State.SENDING, message.attempts + 1
    return mine


def _mark(ids: list[int], state: str, reason: str = "") -> None:
    if not ids:
        return
    fields = {"state": state, "reason": reason[:300]}
    if state == State.SENT:
        fields["sent_at"] = timezone.now()
    Message.objects.filter(pk__in=ids, state=State.SENDING).update(**fields)


def _send_one(message: Message, senders: Senders) -> tuple[str, str]:
    """Send one claimed message: ("sent", ""), ("failed", reason) or ("retry", reason)."""
    stop = stop_url(message.recipient, message.kind, address=senders.stop_address)
    inbox = person_url(message.recipient, address=senders.person_address)
    text = "\n".join(filter(None, [message.body, message.link])) + footer(
        kind=message.kind, stop_url=stop, inbox_url=inbox, language=message.language
    )
    try:
        send(message, text, stop_url=stop, senders=senders)
    except Refused as exc:
        return "failed", str(exc)
    except Exception as exc:  # noqa: BLE001 - Passing, or anything unforeseen: kept, retried, never fatal
        reason = str(exc) if isinstance(exc, Passing) else f"{type(exc).__name__}: {exc}"
        if message.attempts >= MAX_ATTEMPTS:
            return "failed", reason
        log.warning("message %s (%s) will be tried again: %s", message.pk, message.channel, reason)
        return "retry", reason
    return "sent", ""


SENT_FLUSH = 25  # the sent are marked in groups of this many (one statement each)


def messages_send(ids: list[int]) -> dict[int, tuple[str, int]]:
    """Send a batch (one mail connection for all); answers {message id: (outcome, attempts so far)} of the
    messages this call claimed ("sent", "failed" or "retry": queued again, to be tried after ``backoff``).
    One message's failure never stops the others."""
    senders = Senders()
    outcomes: dict[int, tuple[str, int]] = {}
    sent: list[int] = []
    try:
        for message in _claim(ids):
            outcome, reason = _send_one(message, senders)
            outcomes[message.pk] = (outcome, message.attempts)
            if outcome == "sent":
                sent.append(message.pk)
                if len(sent) >= SENT_FLUSH:
                    _mark(sent, State.SENT)
                    sent = []
            else:
                _mark([message.pk], State.FAILED if outcome == "failed" else State.QUEUED, reason)
    finally:
        _mark(sent, State.SENT)
        senders.close()
    return outcomes


def message_send(message_id: int) -> str:
    """Send one queued message; answers "sent", "failed", "retry" or "skipped" (not queued: sent, failed,
    or being sent by another worker)."""
    return messages_send([message_id]).get(message_id, ("skipped", 0))[0]


INTERRUPTED = timedelta(minutes=15)


def messages_interrupted(now=None) -> int:
    """Messages left ``sending`` by a worker stopped mid-batch: failed, with the reason (at most once: they
    may or may not have left). Called by beat with the reminders."""
    since = (now or timezone.now()) - INTERRUPTED
    stale = Message.objects.filter(state=State.SENDING, created_at__lt=since)
    return stale.update(
        state=State.FAILED, reason="interrupted while sending: it may not have been delivered"
    )
