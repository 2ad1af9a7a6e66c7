"""Reads for the notifications' pages (issue 34)."""

from __future__ import annotations

from django.db.models import Count

from tournament.models import Competition, Message
from tournament.notifications.kinds import Channel
from tournament.notifications.seatings import told_what
from tournament.notifications.texts import compose


def competition_messages(competition: Competition, *, state: str = "", limit: int = 200):
    """The competition's messages sent on a channel (newest first), with their state and reason."""
    messages = Message.objects.filter(competition=competition).exclude(channel=Channel.INBOX)
    if state in Message.State.values:
        messages = messages.filter(state=state)
    return messages.select_related("player", "user").defer("body")[:limit]


def competition_counts(competition: Competition) -> dict[str, int]:
    """How many of the competition's channel messages are in each state; and how many inbox ones."""
    counts = dict(
        Message.objects.filter(competition=competition)
        .exclude(channel=Channel.INBOX)
        .values_list("state")
        .annotate(n=Count("pk"))
        .values_list("state", "n")
    )
    counts["inbox"] = Message.objects.filter(competition=competition, channel=Channel.INBOX).count()
    return counts


def inbox(key: str, *, limit: int = 100, reader_language: str = "") -> list[Message]:
    """The person's messages as kept on the site, newest first. A round's seat or bye message followed by
    a newer one of the same round (the seating changed, issue 49) is marked ``replaced``.

    ``reader_language``: the person chose no language (theirs is the site's), so each message is written
    again from its words and facts in the language they read the page in (issue 47)."""
    messages = list(
        Message.objects.filter(recipient=key, channel=Channel.INBOX).select_related("competition")[:limit]
    )
    rounds_told: set[int] = set()
    for message in messages:  # newest first: the first of a round is what holds now
        if reader_language and message.words and message.language != reader_language:
            try:
                message.subject, message.body = compose(message.words, message.facts, reader_language)
            except (KeyError, TypeError, ValueError):  # written from facts of another shape: kept as sent
                pass
        told = told_what(message.event)
        message.replaced = told is not None and told[0] in rounds_told
        if told is not None:
            rounds_told.add(told[0])
    return messages
