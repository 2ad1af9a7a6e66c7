"""An erased name, taken out of every copy the league keeps of it (issue 51).

The name lives on the player's record, and it was copied when it was written: into the stored standings'
lines, the audit log's sentences (``summary`` and the ``words`` arguments), messages (their subject, body and
facts), the organiser's broadcasts, the big screen's line, the reasons of voids and rulings, the hands a
phone kept that were refused. ``names_scrub`` replaces every name the person was known by (the names they
had before a rename, their sign-ups' names, their login's) by the pseudonym in those copies. Nothing else of
those rows changes: no chip, no total, no date.

A Latin name is replaced as a whole word ("Ann" is not taken out of "Annabel"), in any capitals ("ZELDA
QUOKKA" too); a Chinese name wherever it stands (Chinese has no spaces between words). The same goes for a
team's name that holds the person's name (a team named after them) and for the admin's log of changes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from django.contrib.admin.models import LogEntry
from django.db.models import Q, TextField

from tournament.models import (
    AuditEntry,
    Broadcast,
    HandCheck,
    HandVoid,
    Message,
    RefusedHand,
    Screen,
    Team,
)

MIN_LATIN = 3  # a Latin name shorter than this is too likely another word: left alone in free copies


def _pattern(names: Iterable[str]) -> re.Pattern | None:
    parts = []
    for name in sorted({n.strip() for n in names if n and n.strip()}, key=len, reverse=True):
        if name.isascii():
            if len(name) >= MIN_LATIN:
                parts.append(r"(?<!\w)" + re.escape(name) + r"(?!\w)")
        else:
            parts.append(re.escape(name))
    return re.compile("|".join(parts), re.IGNORECASE) if parts else None


def _swap(value, pattern: re.Pattern, pseudonym: str):
    """``value`` (text, or JSON made of lists, dicts and text) with every name replaced."""
    if isinstance(value, str):
        return pattern.sub(pseudonym, value)
    if isinstance(value, list):
        return [_swap(v, pattern, pseudonym) for v in value]
    if isinstance(value, dict):
        return {k: _swap(v, pattern, pseudonym) for k, v in value.items()}
    return value


def _rows(model, fields: tuple[str, ...], found, pattern: re.Pattern, pseudonym: str) -> int:
    changed = []
    for row in found.iterator(chunk_size=500):
        dirty = False
        for name in fields:
            before = getattr(row, name)
            after = _swap(before, pattern, pseudonym)
            most = getattr(model._meta.get_field(name), "max_length", None)
            if isinstance(after, str) and most and not isinstance(model._meta.get_field(name), TextField):
                after = after[:most]  # a longer pseudonym in a short field (a team's short name)
            if after != before:
                setattr(row, name, after)
                dirty = True
        if dirty:
            changed.append(row)
    if changed:
        model.objects.bulk_update(changed, list(fields), batch_size=500)
    return len(changed)


def _any(field: str, names: Iterable[str]) -> Q:
    q = Q(pk__in=[])
    for name in names:
        q |= Q(**{f"{field}__icontains": name})
    return q


def names_scrub(
    names: Iterable[str], pseudonym: str, *, player_id: int, user_id: int | None, competitions: list[int]
) -> dict[str, int]:
    """Replace ``names`` by ``pseudonym`` in the copies; answer how many rows of each kind changed."""
    names = [n for n in {n.strip() for n in names if n} if n and n != pseudonym]
    pattern = _pattern(names)
    if pattern is None:
        return {}
    out: dict[str, int] = {}
    about = Q(object_type="player", object_id=player_id) | _any("summary", names)
    if user_id is not None:
        about |= Q(user_id=user_id)
    out["audit"] = _rows(
        AuditEntry, ("summary", "data"), AuditEntry.objects.filter(about), pattern, pseudonym
    )
    message_fields = tuple(
        f for f in ("subject", "body", "facts") if f in {x.name for x in Message._meta.get_fields()}
    )
    mine = Q(player_id=player_id) | (Q(user_id=user_id) if user_id is not None else Q(pk__in=[]))
    said = _any("subject", names) | _any("body", names)
    if "facts" in message_fields:
        said |= Q(competition_id__in=competitions) & ~Q(facts={})
    found = Message.objects.filter(mine | said)
    out["messages"] = _rows(Message, message_fields, found, pattern, pseudonym)
    copies = (
        (Broadcast, ("text",), Broadcast.objects.filter(_any("text", names))),
        (Screen, ("message",), Screen.objects.filter(_any("message", names))),
        (HandVoid, ("reason",), HandVoid.objects.filter(_any("reason", names))),
        (Team, ("name", "short_name"), Team.objects.filter(_any("name", names) | _any("short_name", names))),
        (
            LogEntry,
            ("object_repr", "change_message"),
            LogEntry.objects.filter(_any("object_repr", names) | _any("change_message", names)),
        ),
        (HandCheck, ("ruling_reason",), HandCheck.objects.filter(_any("ruling_reason", names))),
        (
            RefusedHand,
            ("summary", "reasons"),
            RefusedHand.objects.filter(table__round__competition_id__in=competitions),
        ),
    )
    for model, fields, rows in copies:
        out[model._meta.model_name] = _rows(model, fields, rows, pattern, pseudonym)
    return out
