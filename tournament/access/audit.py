"""The audit log's one writer: who changed what, when, from where, said in words with names.

Every door of a change of state (``tournament.tables.ledger`` for hands,
``tournament.rounds.lifecycle`` for a round's life, ``tournament.league.competitions``
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

from tournament.access.models import SYSTEM, AuditEntry
from tournament.db.rows import row_insert


@dataclass(frozen=True)
class RequestMeta:
    """Where a change came from: the client's address (as the proxy setting trusts it), its browser, a
    digest of its session key (never the key: ``request_meta``), empty without a session, and a digest of
    the device's mark (``tournament.access.device``), empty without one."""

    ip_address: str | None = None
    user_agent: str = ""
    session: str = ""
    device: str = ""


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
    acting = user is not None and getattr(user, "is_authenticated", False)
    return row_insert(  # the ORM's INSERT, made once (tournament.db.rows)
        AuditEntry,
        {
            "action": action,
            "user_id": user.pk if acting else None,
            "ip_address": meta.ip_address,
            "user_agent": (meta.user_agent or "")[:300],
            "competition_id": getattr(competition, "pk", None),
            "object_type": object_type,
            "object_id": object_id,
            "summary": summary[:500],
            # The session's and the device's digests: a player's answer from the session or the device that
            # recorded a hand is refused (tournament.confirmations.origin).
            "data": {
                **(data or {}),
                **({"session": meta.session} if meta.session else {}),
                **({"device": meta.device} if meta.device else {}),
                "words": [words, args],
            },
        },
    )


# --- what each kind of change records about its subject -----------------------------------------------
# Every door writes through ``audit_write``; these say, once for each kind of subject, which competition
# it belongs to, how it is named in the sentence and which ids a program needs. ``data``'s plain values
# (text, numbers) can be named in the sentence too.


def _plain_args(data: dict) -> dict:
    return {k: v for k, v in data.items() if isinstance(v, str | int) and not isinstance(v, bool)}


def audit_round(action: str, user, round_, words: str, meta: RequestMeta | None = None, **data) -> AuditEntry:
    """A change to a round: its life (``rounds.lifecycle``) or its seating (``rounds.seating``)."""
    return audit_write(
        action,
        user=user,
        competition=round_.competition,
        object_type="round",
        object_id=round_.pk,
        words=words,
        args={"round": round_.number, **_plain_args(data)},
        data={"round": round_.number, **data},
        meta=meta,
    )


def audit_hand(
    action: str, user, meta: RequestMeta | None, table, hand, words: str, data: dict
) -> AuditEntry:
    """A hand recorded, corrected or voided (``tables.ledger``): named by its number, table and round."""
    args = {"hand": hand.number, "table": table.number, "round": table.round.number}
    if "reason" in data:
        args["reason"] = data["reason"]
    return audit_write(
        action,
        user=user,
        competition=table.round.competition,
        object_type="hand",
        object_id=hand.pk,
        words=words,
        args=args,
        data={"table": table.pk, "hand_number": hand.number, **data},
        meta=meta,
    )


def audit_count(action: str, user, table, count, words: str, meta: RequestMeta | None, **data) -> AuditEntry:
    """A chip count asked for, entered, accepted or compared (``counts.services``)."""
    return audit_write(
        action,
        user=user,
        competition=table.round.competition,
        object_type="chip_count",
        object_id=count.pk,
        words=words,
        args={"table": table.number, "round": table.round.number, **_plain_args(data)},
        data={"table": table.pk, "count": count.pk, **data},
        meta=meta,
    )


def audit_competition(
    action: str,
    user,
    competition,
    words: str,
    meta: RequestMeta | None = None,
    args: dict | None = None,
    data: dict | None = None,
    *,
    object_type: str = "competition",
    object_id: int | None = None,
) -> AuditEntry:
    """A change to a competition's set-up, its staff or its people's accounts (``league``, ``access``)."""
    return audit_write(
        action,
        user=user,
        competition=competition,
        object_type=object_type,
        object_id=competition.pk if object_id is None else object_id,
        words=words,
        args={"competition": competition.name, **(args or {})},
        data=data or {},
        meta=meta,
    )


def audit_entry(action: str, user, entry, words: str, meta: RequestMeta | None = None, **data) -> AuditEntry:
    """A player entered, withdrawn or substituted (``league.entries``)."""
    return audit_write(
        action,
        user=user,
        competition=entry.competition,
        object_type="entry",
        object_id=entry.pk,
        words=words,
        args={**_plain_args(data), "player": entry.player.name, "competition": entry.competition.name},
        data=data,
        meta=meta,
    )


def audit_attendance(
    action: str, user, round_, entry, words: str, meta: RequestMeta | None = None, **data
) -> AuditEntry:
    """A player's reply for a night or their check-in (``season.attendance``)."""
    return audit_write(
        action,
        user=user,
        competition=round_.competition,
        object_type="attendance",
        object_id=entry.pk,
        words=words,
        args={"player": entry.player.name, "round": round_.number, **_plain_args(data)},
        data={"round": round_.number, "player": entry.player_id, **data},
        meta=meta,
    )


def audit_stage(action: str, user, stage, words: str, meta: RequestMeta | None = None, **data) -> AuditEntry:
    """A stage made, given a round, its cut published or a qualifier replaced (``stages.services``)."""
    return audit_write(
        action,
        user=user,
        competition=stage.competition,
        object_type="stage",
        object_id=stage.pk,
        words=words,
        args={"stage": stage.name, **_plain_args(data)},
        data={"stage": stage.number, **data},
        meta=meta,
    )


def audit_team(action: str, user, team, words: str, meta: RequestMeta | None = None, **data) -> AuditEntry:
    """A team made, changed or deleted, its roster or its captain changed (``teams.services``)."""
    return audit_write(
        action,
        user=user,
        competition=team.competition,
        object_type="team",
        object_id=team.pk,
        words=words,
        args={"team": team.name, **_plain_args(data)},
        data={"team": team.pk, **data},
        meta=meta,
    )
