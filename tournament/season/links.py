"""A player's private season link (issue 33): their season page, replies and calendar without an account.

The token is ``<entry id>.<signature>``: an HMAC (Django's ``Signer``, keyed by ``SECRET_KEY``, salted for
this use) of the entry id. Nothing secret is stored; the organiser's night page shows the link and its QR
code. A token names exactly one entry: its holder answers for that player only.

A player's **check-in code** is another signed value of the entry (another salt), shown as a QR code on
their season page: it opens the organiser's check-in for that player (the organiser's page still checks
that the person scanning organises or keeps score in the competition).
"""

from __future__ import annotations

from django.core import signing

from tournament.models import Entry

_SALT = "tournament.season-link"
_CODE_SALT = "tournament.season-check-in"


def _token(entry_id: int, salt: str) -> str:
    signed = signing.Signer(salt=salt, sep=".").sign(str(entry_id))
    return f"{entry_id}.{signed.rsplit('.', 1)[1]}"


def _entry(token: str, salt: str) -> Entry | None:
    entry_id, _, signature = (token or "").partition(".")
    if not (entry_id.isascii() and entry_id.isdigit()) or not signature or len(token) > 200:
        return None
    try:
        signing.Signer(salt=salt, sep=".").unsign(f"{entry_id}.{signature}")
    except signing.BadSignature:
        return None
    return Entry.objects.select_related("competition", "player").filter(pk=int(entry_id)).first()


def season_link_token(entry: Entry) -> str:
    return _token(entry.pk, _SALT)


def entry_for_token(token: str) -> Entry | None:
    """The entry the private link was made for, or None (forged or mangled)."""
    return _entry(token, _SALT)


def check_in_code(entry: Entry) -> str:
    return _token(entry.pk, _CODE_SALT)


def entry_for_code(code: str) -> Entry | None:
    return _entry(code, _CODE_SALT)
