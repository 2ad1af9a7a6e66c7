"""A person corrects what the league holds about them (issue 51; the Act's Correction obligation).

``contact_correct``: the person's contact details, by their page (logged in) or their private link. The
addresses their messages go to are changed through the preferences door
(``notifications.preferences.preference_change``), so its rule holds here too: a private link alone may give
an address where none is kept but not change or remove one (issue 48); the record's contact likewise. One
audit entry names the fields changed, never their values.

``channel_withdraw``: the person stops messages by one channel, their consent to it withdrawn
(``consent.channels_dropped``, called by the preferences door).
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.access.audit import RequestMeta, audit_write
from tournament.models import Player
from tournament.notifications.kinds import OUTSIDE, Channel
from tournament.notifications.people import preference_of
from tournament.notifications.preferences import ADDRESS_NEEDS_LOGIN, PreferenceRefused, preference_change
from tournament.privacy.consent import channels_dropped
from tournament.privacy.erase import PrivacyRefused

MAX_CONTACT = 200


def _player(key: str) -> Player | None:
    if key.startswith("p") and key[1:].isascii() and key[1:].isdigit():
        return Player.objects.filter(pk=int(key[1:])).first()
    return None


def _choices(key: str) -> dict:
    pref = preference_of(key)
    if pref is None:
        return {"channels": [Channel.EMAIL], "stopped": [], "language": ""}
    return {"channels": list(pref.channels), "stopped": list(pref.stopped), "language": pref.language}


def contact_correct(
    key: str,
    *,
    contact: str | None = None,
    email: str = "",
    telegram_chat: str = "",
    whatsapp: str = "",
    by_link: bool = False,
    account=None,
    meta: RequestMeta | None = None,
) -> list[str]:
    """Correct the person's contact details; answers the fields changed."""
    player = _player(key)
    if contact is not None:
        contact = contact.strip()
        if len(contact) > MAX_CONTACT or "\x00" in contact:
            raise PrivacyRefused(
                _("Keep the contact to %(max)s characters.") % {"max": MAX_CONTACT}, field="contact"
            )
    before = preference_of(key)
    was = {f: getattr(before, f) if before else "" for f in ("email", "telegram_chat", "whatsapp")}
    with transaction.atomic():
        changed: list[str] = []
        if player is not None and contact is not None and contact != player.contact:
            if by_link and player.contact:
                raise PrivacyRefused(str(ADDRESS_NEEDS_LOGIN), field="contact")
            Player.objects.filter(pk=player.pk).update(contact=contact)
            changed.append("contact")
        try:
            pref = preference_change(
                key, **_choices(key), email=email, telegram_chat=telegram_chat, whatsapp=whatsapp,
                by_link=by_link, account=account,
            )  # fmt: skip
        except PreferenceRefused as exc:
            raise PrivacyRefused(str(exc), field=exc.field) from None
        changed += [f for f, v in was.items() if getattr(pref, f) != v]
        if changed:
            audit_write(
                "contact_corrected",
                user=account,
                competition=None,
                object_type="player" if player is not None else "user",
                object_id=player.pk if player is not None else int(key[1:]),
                words=gettext_noop("%(actor)s corrected their contact details: %(fields)s"),
                args={"actor": player.name if player is not None else key, "fields": ", ".join(changed)},
                data={"fields": changed, "by_link": by_link},  # the values are personal: not kept here
                meta=meta,
            )
    return changed


def channel_withdraw(key: str, channel: str, *, by_link: bool = False, account=None) -> None:
    """Stop messages by ``channel``: it leaves the person's choices, its consent is withdrawn."""
    if channel not in OUTSIDE:
        raise PrivacyRefused(_("Choose channels from the list."), field="channel")
    choices = _choices(key)
    pref = preference_of(key)
    kept = {f: getattr(pref, f) if pref else "" for f in ("email", "telegram_chat", "whatsapp")}
    chosen = channel in choices["channels"]
    choices["channels"] = [c for c in choices["channels"] if c != channel]
    try:
        with transaction.atomic():
            preference_change(key, **choices, **kept, by_link=by_link, account=account)
            if not chosen:  # not among the choices (the door saw no change): the consent alone goes
                channels_dropped(key, [channel], user=account, by_link=by_link)
    except PreferenceRefused as exc:
        raise PrivacyRefused(str(exc), field=exc.field) from None
