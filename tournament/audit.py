"""The audit log's one writer: who changed what, when, from where, said in words with names.

Every door of a change of state (``tournament.tables.ledger`` for hands,
``tournament.rounds.lifecycle`` for a round's life, ``tournament.competitions``
for staff and rule-set settings, seating in ``tournament.rounds.seating``)
writes its entry here, in the transaction of the change. The entry keeps:

- ``summary``: the sentence in English with the names as they were then
  ("sam voided hand 8 at table 3: wrong discarder"), for the admin and for
  dumps of the database;
- ``data["words"]``: the same sentence as a translatable template and its
  arguments, so the audit page reads it in the viewer's language
  (``AuditEntry.text``);
- the rest of ``data``: the facts a program needs (ids, the entry, ...).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tournament.models import AuditEntry
from tournament.project.rows import row_insert


@dataclass(frozen=True)
class RequestMeta:
    """Where a change came from: the client's address (as the proxy setting trusts it) and its browser."""

    ip_address: str | None = None
    user_agent: str = ""


# The actor of a change made by a command or the app itself (no user); AuditEntry.text translates it.
SYSTEM = "System"


def actor_name(user) -> str:
    """The name an audit sentence gives the person who acted."""
    if user is None or not getattr(user, "is_authenticated", False):
        return SYSTEM
    return user.get_full_name() or user.get_username()


def audit_write(
    action: str,
    *,
    user,
    competition,
    object_type: str,
    object_id: int | None,
    words: str,
    args: dict[str, Any] | None = None,
    data: dict[str, Any] | None = None,
    meta: RequestMeta | None = None,
) -> AuditEntry:
    """Write one audit entry. ``words`` is an English template marked with ``gettext_noop``.

    ``args`` fill the template (``%(name)s``); ``actor`` is added for the user who acted.
    """
    meta = meta or RequestMeta()
    args = {"actor": actor_name(user), **(args or {})}
    summary = words % args
    return row_insert(  # the ORM's INSERT, made once (tournament.project.rows)
        AuditEntry(
            action=action,
            user=user if user is not None and getattr(user, "is_authenticated", False) else None,
            ip_address=meta.ip_address,
            user_agent=(meta.user_agent or "")[:300],
            competition=competition,
            object_type=object_type,
            object_id=object_id,
            summary=summary[:500],
            data={**(data or {}), "words": [words, args]},
        )
    )
