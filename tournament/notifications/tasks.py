"""The notifications' Celery tasks (issue 34). Names stay ``tournament.tasks.*``.

An event's task writes its messages (``notices``) and queues their sends in batches (``SEND_BATCH`` a task:
one mail connection each); a message whose channel failed for now is tried again alone, after ``backoff``.

Nothing told is lost with the broker (delivery that cannot lie):

- an event's messages are written by its task, so an event whose task cannot be queued (the broker is
  down) is written in process instead, at once (``EventTask``): its messages are then rows, kept;
- a message written but whose send was never queued, or whose retry was lost, waits ``queued``: beat's
  ``notifications_requeue`` queues it again once it is late (``delivery.messages_waiting``), and the
  claim before each send (``delivery``) makes sure it is sent once, however often it is queued.

The embedded default (no broker: tasks run in process) never sends in the request that caused the
message: the sends go to ``in_process``, one background thread with a bounded queue, started when the
request's transaction commits; its retries are picked up when due (``in_process`` looks every ``TICK``
seconds), never slept. ``in_process.drain()`` waits for it (tests, a shutdown).
"""

from __future__ import annotations

import logging
import os
import queue
import threading
import time
from datetime import timedelta

from celery import Task, shared_task
from django.db import connections, transaction

SEND_BATCH = 100
log = logging.getLogger("tournament.notifications")


def _eager() -> bool:
    return bool(notifications_send.app.conf.task_always_eager)


def _queue_sends(ids: list[int]) -> int:
    """Hand the sends of ``ids`` on: to the broker in batches, or to ``in_process`` on the embedded
    default. A broker that is down loses no message: they wait ``queued`` for ``notifications_requeue``."""
    batches = [ids[start : start + SEND_BATCH] for start in range(0, len(ids), SEND_BATCH)]
    for done, batch in enumerate(batches):
        if _eager():
            in_process.put(batch)
            continue
        try:
            notifications_send.delay(batch)
        except Exception as exc:  # noqa: BLE001 - the broker is down: the messages wait, kept
            left = sum(len(b) for b in batches[done:])
            log.warning("%s messages wait for beat to queue them again (%s)", left, exc)
            break
    return len(ids)


def _write(event: str, object_id: int) -> list[int]:
    from tournament.notifications import notices

    writer = {
        "seating": notices.seating_send,
        "seat_link": notices.seat_link_send,
        "season_link": notices.season_link_send,
        "reminder": notices.reminder_send,
        "confirm": notices.confirm_send,
        "ruling": notices.ruling_send,
        "results": notices.results_send,
        "broadcast": notices.broadcast_send,
    }[event]
    return writer(object_id)


class EventTask(Task):
    """An event's task that cannot be queued (the broker is down) is not lost: its messages are written
    in process at once (idempotent, as the task would have), their sends left for beat."""

    def apply_async(self, args=None, kwargs=None, **options):
        if self.app.conf.task_always_eager:
            return super().apply_async(args, kwargs, **options)
        try:
            return super().apply_async(args, kwargs, **options)
        except Exception as exc:  # noqa: BLE001 - the broker is down: the event is kept as its messages
            event, object_id = args if args else (kwargs["event"], kwargs["object_id"])
            log.warning("%s %s not queued (%s): its messages are written here", event, object_id, exc)
            _queue_sends(_write(event, object_id))
            return None


@shared_task(name="tournament.tasks.notifications_event", ignore_result=True, base=EventTask)
def notifications_event(event: str, object_id: int) -> int:
    """Write the messages of one event (``tournament.notifications.notices``) and queue their sends."""
    return _queue_sends(_write(event, object_id))


@shared_task(name="tournament.tasks.notifications_send", ignore_result=True)
def notifications_send(ids: list[int]) -> None:
    from tournament.notifications.delivery import backoff, messages_send

    for message_id, (outcome, attempts) in messages_send(ids).items():
        if outcome != "retry" or _eager():  # in process, ``in_process`` picks a retry up when due
            continue
        try:
            notification_send_again.apply_async((message_id,), countdown=backoff(attempts))
        except Exception as exc:  # noqa: BLE001 - the broker is down: beat queues it again when late
            log.warning("retry of message %s not queued (%s)", message_id, exc)


@shared_task(name="tournament.tasks.notification_send_again", ignore_result=True)
def notification_send_again(message_id: int) -> None:
    notifications_send([message_id])


@shared_task(name="tournament.tasks.notifications_reminders", ignore_result=True)
def notifications_reminders() -> int:
    """Periodic (beat, every 5 minutes): the reminders whose time has come; a published seating whose event
    was lost."""
    from tournament.notifications.reminders import reminders_due, seatings_untold

    return sum(_queue_sends(ids) for ids in [*reminders_due(), *seatings_untold()])


@shared_task(name="tournament.tasks.notifications_confirm_digests", ignore_result=True)
def notifications_confirm_digests() -> int:
    """Periodic (beat, every minute): the hands to confirm gathered for each player since their last
    message (``confirm_digest``)."""
    from tournament.notifications.confirm_digest import confirm_digests_due

    return sum(_queue_sends(ids) for ids in confirm_digests_due())


@shared_task(name="tournament.tasks.notifications_requeue", ignore_result=True)
def notifications_requeue() -> int:
    """Periodic (beat, every minute): sends left half-done by a stopped worker are marked so; queued
    messages whose send or retry is late (lost with a broker that was down) are queued again. Answers
    how many were queued again; running it twice, or twice at once, sends nothing twice."""
    from tournament.notifications.delivery import messages_interrupted, messages_waiting

    messages_interrupted()
    return _queue_sends(messages_waiting())


class InProcess:
    """The embedded default's sender: one daemon thread, a bounded queue of batches (a full queue drops
    nothing: the batch waits ``queued`` and the thread's next look finds it). The thread lives while
    messages wait: every ``TICK`` seconds it marks interrupted sends and sends those due (retries after
    their backoff). ``threaded = False`` sends in the caller's thread instead (the tests' default)."""

    TICK = 30.0
    BACKLOG = 200  # batches

    def __init__(self) -> None:
        self.threaded = True
        self._lock = threading.Lock()
        self._queue: queue.Queue = queue.Queue(maxsize=self.BACKLOG)
        self._thread: threading.Thread | None = None
        self._pid = 0

    def put(self, ids: list[int]) -> None:
        if not self.threaded:
            self._send(ids)
            return
        transaction.on_commit(lambda: self._enqueue(list(ids)))  # the thread must see the rows

    def _enqueue(self, ids: list[int]) -> None:
        with self._lock:
            if self._pid != os.getpid():  # a forked process: its own queue and thread
                self._queue, self._thread, self._pid = queue.Queue(maxsize=self.BACKLOG), None, os.getpid()
            try:
                self._queue.put_nowait(ids)
            except queue.Full:
                log.warning("%s messages wait for the sender's next look (its queue is full)", len(ids))
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="notifications-sender", daemon=True)
                self._thread.start()

    @staticmethod
    def _send(ids: list[int]) -> None:
        from tournament.notifications.delivery import messages_send

        messages_send(ids)

    def sweep(self, now=None) -> bool:
        """Mark interrupted sends, send the queued messages whose time has come (here); answers whether
        any message still waits ``queued`` (for a later look)."""
        from tournament.models import Message
        from tournament.notifications.delivery import messages_interrupted, messages_waiting

        messages_interrupted(now)
        due = messages_waiting(now, late=timedelta(0))
        for start in range(0, len(due), SEND_BATCH):
            self._send(due[start : start + SEND_BATCH])
        return Message.objects.filter(state=Message.State.QUEUED).exists()

    def _run(self) -> None:
        look = time.monotonic() + self.TICK
        while True:
            try:
                ids = self._queue.get(timeout=max(look - time.monotonic(), 0.01))
            except queue.Empty:
                ids = None
            try:
                if ids is not None:
                    self._send(ids)
                    continue
                look = time.monotonic() + self.TICK
                waiting = self.sweep()
                with self._lock:  # never held while sending: a request's put never waits on a channel
                    if not waiting and self._queue.empty():
                        self._thread = None  # nothing waits: the next put starts another
                        return
            except Exception:  # noqa: BLE001 - one failed batch or look never stops the sender
                log.exception("in-process sending failed; the messages wait queued")
            finally:
                if ids is not None:
                    self._queue.task_done()
                connections.close_all()  # this thread's own connections

    def drain(self, timeout: float = 30.0) -> bool:
        """Wait until every batch handed to the thread has been sent; answers False on time-out."""
        deadline = time.monotonic() + timeout
        with self._queue.all_tasks_done:
            while self._queue.unfinished_tasks:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._queue.all_tasks_done.wait(left)
        return True


in_process = InProcess()
