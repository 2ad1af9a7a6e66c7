"""A player's private season link token and check-in code (issue 33): made and read. The door that retires
them is ``tournament.season.links.season_link_retire``; the tokens live here, apart from that door, so that
the messages that carry a season link (``tournament.notifications``) can make one without importing the
door that tells of a new one (as ``tournament.confirmations.seat_tokens`` for a seat's link).
"""

from __future__ import annotations

from django.core import signing

from tournament.models import Entry

_SALT = "tournament.season-link"
_CODE_SALT = "tournament.season-check-in"


def _value(entry_id: int, nonce: str) -> str:
    return f"{entry_id}-{nonce}" if nonce else str(entry_id)  # no nonce: the first links' value


def _token(entry: Entry, salt: str) -> str:
    signed = signing.Signer(salt=salt, sep=".").sign(_value(entry.pk, entry.link_nonce))
    return f"{entry.pk}.{signed.rsplit('.', 1)[1]}"


def _entry(token: str, salt: str) -> Entry | None:
    entry_id, _sep, signature = (token or "").partition(".")
    # ASCII digits only: str.isdigit takes "²", which int() refuses; a long id is past the database's.
    if not (entry_id.isascii() and entry_id.isdigit()) or not signature or len(token) > 200:
        return None
    if len(entry_id) > 18:
        return None
    entry = Entry.objects.select_related("competition", "player").filter(pk=int(entry_id)).first()
    if entry is None:
        return None
    try:
        signing.Signer(salt=salt, sep=".").unsign(f"{_value(entry.pk, entry.link_nonce)}.{signature}")
    except signing.BadSignature:
        return None  # forged, mangled or retired
    return entry


def season_link_token(entry: Entry) -> str:
    return _token(entry, _SALT)


def entry_for_token(token: str) -> Entry | None:
    """The entry the private link was made for, or None (forged, mangled or retired)."""
    return _entry(token, _SALT)


def check_in_code(entry: Entry) -> str:
    return _token(entry, _CODE_SALT)


def entry_for_code(code: str) -> Entry | None:
    """The entry the check-in code was made for, or None (forged, mangled or retired)."""
    return _entry(code, _CODE_SALT)
