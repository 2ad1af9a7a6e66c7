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
the links already given out keep working until one is retired. The tokens are made and read in
``link_tokens`` (named here too).
"""

from __future__ import annotations

import secrets

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.access.audit import RequestMeta, audit_write
from tournament.access.roles import can_manage_competition
from tournament.models import Entry
from tournament.notifications import events as notify
from tournament.season.link_tokens import (  # noqa: F401 - the tokens, named here as before
    check_in_code,
    entry_for_code,
    entry_for_token,
    season_link_token,
)


def _is_own(user, entry: Entry) -> bool:
    return bool(user is not None and user.is_authenticated and entry.player.user_id == user.pk)


def season_link_retire(
    entry: Entry, *, user=None, link_entry: Entry | None = None, meta: RequestMeta | None = None
) -> str:
    """Retire ``entry``'s private season link and check-in code (a link lost, or seen by someone else) and
    make new ones; answers the new link's token. An organiser of the competition, or the player themself
    (logged in, or through their own link: ``link_entry``, the entry the link used names); ``user=None``
    without a link is the operator at the command line. Audited.

    Retired by the organiser (or the operator), the new link is sent to its player (issue 47, item 12) and
    the organiser's page shows it to pass on; asked for by the player, their own page opens at it."""
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
        if via in ("organiser", "operator"):
            notify.season_link_renewed(locked.pk)
    entry.link_nonce = locked.link_nonce
    return season_link_token(locked)
