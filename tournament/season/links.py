"""A player's private season link (issue 33): their season page, replies and calendar without an account.

The token is ``<entry id>.<signature>``: an HMAC (Django's ``Signer``, keyed by ``SECRET_KEY``, salted for
this use) of the entry id and the entry's ``link_nonce``. Nothing secret is stored; the organiser's season
and messages pages show the link. A token names exactly one entry: its holder answers for that player only.

A player's **check-in code** is another signed value of the entry (another salt, the same nonce), shown as
a QR code on their season page: it opens the organiser's check-in for that player (the organiser's page
still checks that the person scanning organises or keeps score in the competition).

``season_link_retire``, the door, changes the nonce: the link, its calendar feed and the check-in code
given out before stop working at once, everywhere (all read the entry through ``entry_for_token`` or
``entry_for_code``). An entry whose nonce was never changed signs its id alone, as the first links did, so
the links already given out keep working until one is retired.
"""

from __future__ import annotations

import secrets

from django.core import signing
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.access.audit import RequestMeta, audit_write
from tournament.access.roles import can_manage_competition
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


def _is_own(user, entry: Entry) -> bool:
    return bool(user is not None and user.is_authenticated and entry.player.user_id == user.pk)


def season_link_retire(
    entry: Entry, *, user=None, link_entry: Entry | None = None, meta: RequestMeta | None = None
) -> str:
    """Retire ``entry``'s private season link and check-in code (a link lost, or seen by someone else) and
    make new ones; answers the new link's token. An organiser of the competition, or the player themself
    (logged in, or through their own link: ``link_entry``, the entry the link used names); ``user=None``
    without a link is the operator at the command line. Audited.

    No message carries the new link (the messages have no event for it): the organiser's page shows it to
    pass on, the player's own page opens at it."""
    via = "operator" if user is None and link_entry is None else ""
    if not via and link_entry is not None and link_entry.pk == entry.pk:
        via = "link"
    elif not via and _is_own(user, entry):
        via = "player"
    elif not via and user is not None and can_manage_competition(user, entry.competition):
        via = "organiser"
    if not via:
        raise PermissionDenied(_("Only the competition's organisers or the player may retire this link."))
    with transaction.atomic():
        locked = Entry.objects.select_for_update(of=("self",)).select_related("player").get(pk=entry.pk)
        locked.link_nonce = secrets.token_urlsafe(12)[:16]  # Entry.link_nonce's length
        locked.save(update_fields=["link_nonce"])
        audit_write(
            "season_link_retired",
            user=user,
            competition=entry.competition,
            object_type="entry",
            object_id=locked.pk,
            words=(
                gettext_noop("%(player)s retired their private season link and check-in code")
                if via in ("link", "player")
                else gettext_noop("%(actor)s retired the private season link and check-in code of %(player)s")
            ),
            args={"player": locked.player.name},
            data={"player": locked.player_id, "via": via},
            meta=meta,
        )
    entry.link_nonce = locked.link_nonce
    return season_link_token(locked)
