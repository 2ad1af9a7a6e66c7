"""The ledger's guards against side doors into results (issue 13): checks made before anything is written.

- ``refuse_rule_changes``: a hand is scored under the competition's rule set and the organiser's
  settings (``competition.options``); a hand naming others is refused, not quietly scored otherwise.
- ``check_columns``: every number written with a hand fits its column (PostgreSQL's ``integer``),
  so nothing is stored wrapped or cut, and nothing fails as a 500 on the write.
- ``checked_key``, ``entry_digest``, ``same_entry_or_refuse``: an idempotency key names one hand; a key
  too long for its column is refused (never cut short), and a retry must send the same entry.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from tournament.models import Hand
from tournament.tables.ledger.errors import HandRejected, Problem


def refuse_rule_changes(entry: Mapping[str, Any], competition) -> None:
    """A hand is scored under the competition's rule set and the organiser's settings, nothing else.

    ``options`` (at the top or in ``hand``) and a ``rules`` naming another rule set are refused, not
    dropped: whoever sent them must not believe they applied (issue 13; the organiser's settings are
    ``competition.options``).
    """
    hand = entry.get("hand") if isinstance(entry.get("hand"), Mapping) else {}
    problems = []
    for where, given in (("options", "options" in entry), ("hand.options", "options" in hand)):
        if given:
            message = _(
                "A hand cannot change the rules: the competition's rule-set settings apply to every "
                "hand. Leave out options; an organiser changes the settings of the competition."
            )
            problems.append(Problem("options_not_allowed", message, where))
    for where, value in (("rules", entry.get("rules")), ("hand.rules", hand.get("rules"))):
        if value is not None and (not isinstance(value, str) or value.strip().lower() != competition.rules):
            message = _("This competition plays under the rule set %(rules)s; a hand cannot name another.")
            problems.append(Problem("rules_not_allowed", message % {"rules": competition.rules}, where))
    if problems:
        raise HandRejected(problems, status=400)


MAX_KEY_LENGTH = Hand._meta.get_field("idempotency_key").max_length


def checked_key(key: str | None) -> str:
    """The idempotency key as given; one longer than the column holds is refused, never cut short."""
    key = key or ""
    if len(key) > MAX_KEY_LENGTH:
        message = _("The Idempotency-Key is too long: at most %(max)s characters.") % {"max": MAX_KEY_LENGTH}
        raise HandRejected([Problem("idempotency_key_too_long", message, "Idempotency-Key")], status=400)
    return key


def _canonical(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True, default=str)


def entry_digest(entry: Mapping[str, Any], expected_number: int | None, corrects: Hand | None) -> str:
    """What a retry with the same idempotency key must send again: the entry and what it expects."""
    what = {"entry": entry, "expected_number": expected_number, "corrects": corrects.pk if corrects else None}
    return hashlib.sha256(_canonical(what).encode()).hexdigest()


def same_entry_or_refuse(hand_id: int, digest: str, entry: Mapping[str, Any]) -> None:
    """A key names one hand: sent again with another body it is refused (409), not answered the first hand.

    Hands recorded before digests were kept are compared by their stored entry.
    """
    stored_digest, stored_entry = Hand.objects.filter(pk=hand_id).values_list("entry_digest", "entry").get()
    same = stored_digest == digest if stored_digest else _canonical(stored_entry) == _canonical(dict(entry))
    if not same:
        message = _(
            "This Idempotency-Key was already used for another hand at this table. "
            "Send a new key for a new hand; a retry must send the same hand again."
        )
        raise HandRejected([Problem("idempotency_key_reused", message, "Idempotency-Key")], status=409)


INT_MAX = 2**31 - 1  # what a PositiveIntegerField / IntegerField holds on every database


def check_columns(*, transfers: list[dict], doubles: int | None, number: int, sequence: int) -> None:
    """Refuse a hand whose numbers a column cannot hold (422), before anything is written."""
    numbers = [("doubles", doubles), ("hand_number", number), ("sequence", sequence)]
    numbers += [("transfers", t["amount"]) for t in transfers]
    for where, value in numbers:
        if value is not None and not 0 <= value <= INT_MAX:
            message = _("The hand's %(what)s (%(value)s) is more than can be recorded (at most %(max)s).")
            problem = Problem(
                "number_out_of_range", message % {"what": where, "value": value, "max": INT_MAX}
            )
            raise HandRejected([problem], status=422)
