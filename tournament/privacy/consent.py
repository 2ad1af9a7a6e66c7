"""Consent (issue 51): asked again when the notice changed; withdrawn with the channel it was for.

The sign-up (``tournament.registration``) records a person's consents under the notice's version
(``registration.notice.consent_record``). ``needs_consent`` answers whether a person must be asked at their
next sign-up: they have no live consent to take part under this very version (a changed notice is a new
version, so everyone who agreed to the old words is asked again).

Messages by a channel are a purpose of their own (``messages:<channel>``). A person who takes a channel out
of their choices (the preferences door, ``notifications.preferences.preference_change``, by their page or
their private link) withdraws that consent: ``channels_dropped`` records it and writes the audit entry.
"""

from __future__ import annotations

from django.db.models import Q
from django.utils.translation import gettext_noop

from tournament.access.audit import audit_write
from tournament.models import Consent, DataNotice, Player, Registration
from tournament.registration.notice import LEAGUE, consent_withdraw, messages_purpose


def needs_consent(person, notice: DataNotice, purpose: str = LEAGUE) -> bool:
    """Must ``person`` (a ``Player``, a ``Registration``, or an email address) be asked to agree to
    ``notice`` at their next sign-up? Yes unless they hold a live consent to ``purpose`` under it."""
    live = Consent.objects.filter(notice=notice, purpose=purpose, withdrawn_at__isnull=True)
    if isinstance(person, Player):
        return not live.filter(Q(player=person) | Q(registration__player=person)).exists()
    if isinstance(person, Registration):
        return not live.filter(registration=person).exists()
    email = (person or "").strip() if isinstance(person, str) else ""
    if not email:
        return True
    return not live.filter(
        Q(registration__email__iexact=email)
        | Q(player__contact__iexact=email)
        | Q(player__preference__email__iexact=email)
    ).exists()


def channels_dropped(key: str, channels: list[str], *, user=None, by_link: bool = False) -> int:
    """The person ``key`` took ``channels`` out of their choices: their consents to messages by them are
    withdrawn (kept, dated), audited in the person's name. Answers how many consents were withdrawn."""
    if not key.startswith("p") or not key[1:].isdigit() or not channels:
        return 0
    player = Player.objects.filter(pk=int(key[1:])).first()
    if player is None:
        return 0
    withdrawn = 0
    for channel in channels:
        n = consent_withdraw(purpose=messages_purpose(channel), player=player)
        withdrawn += n
        if n:
            audit_write(
                "consent_withdrawn",
                user=user,
                competition=None,
                object_type="player",
                object_id=player.pk,
                words=gettext_noop("%(actor)s withdrew the consent to messages by %(channel)s"),
                args={"actor": player.name, "channel": channel},
                data={"player": player.pk, "purpose": messages_purpose(channel), "by_link": by_link},
            )
    return withdrawn
