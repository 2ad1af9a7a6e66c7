"""An event becomes its messages (issue 34): one per person and channel, idempotent.

``messages_create`` is the one writer of ``Message`` rows. It keeps only the people who are in the
competition (an entry, or its staff: an organiser, a scorekeeper of it or of one of its tables), writes
every message in its person's language, always one for the inbox (kept, nothing to send) and one per open
channel the person has not stopped for this kind, and answers the ids of the messages to send. A message
already written for the same person, event and channel is left as it is (the unique key): an event told
twice is told once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from django.utils import timezone

from tournament.models import Competition, Entry, Message, Table
from tournament.notifications.kinds import Channel
from tournament.notifications.people import Person, people_for
from tournament.notifications.texts import compose

State = Message.State
BATCH = 1000


@dataclass(frozen=True)
class Notice:
    """One person's part of an event: who, the event's key, the words (a kind, or "keeping") and facts."""

    event: str
    words: str
    facts: dict = field(default_factory=dict)
    player_id: int | None = None
    user_id: int | None = None
    link: str = ""


def _staff(competition: Competition, user_ids: set[int]) -> set[int]:
    if not user_ids:
        return set()
    staff = set(competition.organisers.filter(pk__in=user_ids).values_list("pk", flat=True)) | set(
        competition.scorekeepers.filter(pk__in=user_ids).values_list("pk", flat=True)
    )
    return staff | set(
        Table.objects.filter(round__competition=competition, scorekeeper_id__in=user_ids).values_list(
            "scorekeeper_id", flat=True
        )
    )


def in_competition(competition: Competition, player_ids: Iterable[int], user_ids: Iterable[int]):
    """(players, accounts) among those named who are in the competition: nobody else is ever told."""
    player_ids, user_ids = set(player_ids), set(user_ids)
    entered = set(
        Entry.objects.filter(competition=competition, player_id__in=player_ids).values_list(
            "player_id", flat=True
        )
    )
    accounts = _staff(competition, user_ids)
    # An account whose player is entered is that player.
    accounts |= set(
        Entry.objects.filter(competition=competition, player__user_id__in=user_ids - accounts).values_list(
            "player__user_id", flat=True
        )
    )
    return entered, accounts


def _rows(competition, kind, notice: Notice, person: Person, now) -> list[Message]:
    subject, body = compose(notice.words, notice.facts, person.language)
    common = {
        "competition": competition, "kind": kind, "event": notice.event, "recipient": person.key,
        "player_id": person.player_id, "user_id": person.user_id, "language": person.language,
        "subject": subject, "body": body, "link": notice.link, "words": notice.words, "facts": notice.facts,
    }  # fmt: skip
    rows = [Message(**common, channel=Channel.INBOX, state=State.SENT, sent_at=now)]
    if kind not in person.stopped:
        rows += [Message(**common, channel=c, address=a, state=State.QUEUED) for c, a in person.open.items()]
    return rows


def messages_create(competition: Competition, kind: str, notices: list[Notice], *, scope: str) -> list[int]:
    """Write the event's messages; answer the ids of those waiting to be sent on a channel.

    ``scope``: what every notice's event key starts with (``r12:``: the round's), to find them again."""
    players, users = in_competition(
        competition, [n.player_id for n in notices if n.player_id], [n.user_id for n in notices if n.user_id]
    )
    people = people_for(players, users)
    now = timezone.now()
    rows: list[Message] = []
    seen: set[tuple[str, str]] = set()
    for notice in notices:
        if notice.player_id in players:
            person = people.get(f"p{notice.player_id}")
        elif notice.user_id in users:
            person = people.get(f"u{notice.user_id}")
        else:
            continue  # not in the competition
        if person is None or (person.key, notice.event) in seen:
            continue
        seen.add((person.key, notice.event))
        rows += _rows(competition, kind, notice, person, now)
    Message.objects.bulk_create(rows, batch_size=BATCH, ignore_conflicts=True)
    assert all(n.event.startswith(scope) for n in notices)
    waiting = Message.objects.filter(
        competition=competition, kind=kind, state=State.QUEUED, attempts=0, event__startswith=scope
    ).exclude(channel=Channel.INBOX)
    keys = {key for key, _ in seen}
    return [pk for pk, recipient in waiting.values_list("pk", "recipient") if recipient in keys]
