"""What the scoresheet says when a hand is refused or the table moved on meanwhile (issue 37's resend)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournament.forms.scoresheet import SITUATIONS
from tournament.forms.scoresheet_words import explain
from tournament.tables.ledger.errors import HandRejected


def drop_events(exc: HandRejected) -> list[dict]:
    """The impossible events of a refused hand, each offered to send the hand again without (issue 37)."""
    labels = dict(SITUATIONS)
    events = dict.fromkeys(p.event for p in exc.problems if p.event in labels)
    return [{"event": e, "label": str(labels[e])} for e in events]


def problems_of(exc: HandRejected) -> list[str]:
    texts = [explain(p.code, p.message, p.field) for p in exc.problems]
    return list(dict.fromkeys(texts))  # the engine may name one wrong tile twice


def moved_on_text(expected: int, now: int) -> str:
    if now > expected:
        return _("Hand %(number)s was just recorded on another device") % {"number": expected}
    return _("A hand was just voided on another device")


def conflict_text(expected: int, now: int) -> str:
    return _("%(what)s — here is the table now.") % {"what": moved_on_text(expected, now)}
