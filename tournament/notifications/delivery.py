"""Sending a message on its channel, never twice (issue 34).

A message is **claimed** before it is sent: one ``UPDATE … WHERE state = 'queued' … RETURNING id`` turns
it from ``queued`` to ``sending``, counts its attempt and stamps ``claimed_at``; only the statement that
changed a row sends it, so two workers (a task delivered twice, beat's re-queuing racing a late batch)
never send one twice: the second finds it claimed. A batch is claimed a few at a time (``CLAIM_GROUP``),
just before they are sent, so that a message does not sit ``sending`` while the rest of its batch goes.

Each is then sent and marked ``sent`` (in groups); a passing failure puts it back to ``queued`` with the
reason (tried again after ``backoff``, counted from its claim) until ``MAX_ATTEMPTS``, then ``failed``; a
refusal (a bad address, a permanent SMTP 5xx, a push service's 4xx, a bad key) is ``failed`` at once. A
worker killed mid-send leaves its messages ``sending``: at most once, never twice (``messages_interrupted``
marks them failed when their CLAIM is older than ``INTERRUPTED``; a send that still ends well afterwards is
marked ``sent`` all the same: the truth wins). ``messages_waiting`` finds the queued messages whose send
was lost (a broker that was down, a retry whose task is gone) for beat to queue again. One message's
failure never stops the others.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.db import connection
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

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


CLAIM_GROUP = 10  # messages of a batch claimed together, just before they are sent


def _claim(ids: list[int], now: datetime) -> list[Message]:
    """The queued messages among ``ids`` claimed by this call, stamped ``now``: one statement that only
    one caller wins for each row (PostgreSQL re-reads a row another transaction changed; SQLite writes
    one at a time)."""
    if not ids:
        return []
    table = connection.ops.quote_name(Message._meta.db_table)
    marks = ", ".join(["%s"] * len(ids))
    sql = (
        f"UPDATE {table} SET state = %s, attempts = attempts + 1, claimed_at = %s "
        f"WHERE id IN ({marks}) AND state = %s RETURNING id"
    )
    stamp = connection.ops.adapt_datetimefield_value(now)
    with connection.cursor() as cursor:
        cursor.execute(sql, [State.SENDING, stamp, *ids, State.QUEUED])
        mine = [row[0] for row in cursor.fetchall()]
    return list(Message.objects.filter(pk__in=mine).order_by("pk"))


def _mark(ids: list[int], claimed: datetime, state: str, reason: str = "") -> None:
    """The outcome of this claim's sends. A message sent is ``sent`` even if the sweep meanwhile gave it
    up as interrupted; anything else changes only a message still ``sending`` under this claim."""
    if not ids:
        return
    fields = {"state": state, "reason": reason[:300]}
    held = Q(state=State.SENDING)
    if state == State.SENT:
        fields["sent_at"] = timezone.now()
        held |= Q(state=State.FAILED)
    Message.objects.filter(held, pk__in=ids, claimed_at=claimed).update(**fields)


def _send_one(message: Message, senders: Senders) -> tuple[str, str]:
    """Send one claimed message: ("sent", ""), ("failed", reason) or ("retry", reason)."""
    if message.recipient.startswith("r"):  # a person who signed up (issue 51): their private link is all
        stop, text = message.link, "\n".join(filter(None, [message.body, message.link]))
    else:
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


def messages_send(ids: list[int]) -> dict[int, tuple[str, int]]:
    """Send a batch (one mail connection for all), claimed ``CLAIM_GROUP`` at a time; answers {message id:
    (outcome, attempts so far)} of the messages this call claimed ("sent", "failed" or "retry": queued
    again, to be tried after ``backoff``). One message's failure never stops the others."""
    senders = Senders()
    outcomes: dict[int, tuple[str, int]] = {}
    try:
        for start in range(0, len(ids), CLAIM_GROUP):
            claimed, sent = timezone.now(), []
            try:
                for message in _claim(ids[start : start + CLAIM_GROUP], claimed):
                    outcome, reason = _send_one(message, senders)
                    outcomes[message.pk] = (outcome, message.attempts)
                    if outcome == "sent":
                        sent.append(message.pk)
                    else:
                        state = State.FAILED if outcome == "failed" else State.QUEUED
                        _mark([message.pk], claimed, state, reason)
            finally:
                _mark(sent, claimed, State.SENT)  # one statement for the group
    finally:
        senders.close()
    return outcomes


INTERRUPTED = timedelta(minutes=15)  # a claim this old still ``sending``: its worker was stopped


def messages_interrupted(now: datetime | None = None) -> int:
    """Messages left ``sending`` by a worker stopped mid-send (claimed longer than ``INTERRUPTED`` ago):
    failed, with the reason (at most once: they may or may not have left). Judged on the claim, never on
    the message's age: a retry or a backlog is claimed long after the message was written."""
    since = (now or timezone.now()) - INTERRUPTED
    # (a message claimed before claimed_at was kept has none: its age stands in)
    stale = Q(claimed_at__lt=since) | Q(claimed_at__isnull=True, created_at__lt=since)
    return Message.objects.filter(stale, state=State.SENDING).update(
        state=State.FAILED, reason=_("interrupted while sending: it may not have been delivered")
    )


# A queued message this late (past its first send or its retry) is taken as lost with a broker that was
# down, and queued again (beat, every minute). Three minutes, not ten: the walk of issue 47 saw a seat
# change told during a one-minute outage arrive twelve minutes later, after play had started. Queued again
# while still in a long backlog, it is sent once all the same (a message is claimed before it is sent).
WAITING = timedelta(minutes=3)


def messages_waiting(
    now: datetime | None = None, *, late: timedelta = WAITING, limit: int = 1000
) -> list[int]:
    """Queued messages whose send is late by more than ``late``: never claimed since being written that
    long ago (their send was lost: a broker that was down), or tried and past their ``backoff`` since their
    claim (their retry was lost). Oldest first, at most ``limit``. Sending one again is harmless: a message
    is claimed before it is sent."""
    now = now or timezone.now()
    due = Q(claimed_at__isnull=True, created_at__lte=now - late)
    for attempts in range(1, MAX_ATTEMPTS):
        due |= Q(attempts=attempts, claimed_at__lte=now - timedelta(seconds=backoff(attempts)) - late)
    due |= Q(attempts__gte=MAX_ATTEMPTS, claimed_at__lte=now - late)
    waiting = Message.objects.filter(due, state=State.QUEUED).order_by("pk")
    return list(waiting.values_list("pk", flat=True)[:limit])
