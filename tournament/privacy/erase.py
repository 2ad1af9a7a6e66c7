"""Erasure (issue 51): the door ``person_erase``, and ``contact_erase`` that it shares with retention.

``person_erase`` is carried out by the person's organiser or a superuser when the person asks: their contact
details, channels and addresses, web-push subscriptions and free text (answers to sign-up questions, reasons
given when disputing a hand) are removed; their name (and Chinese name) becomes a stable pseudonym
(``pseudonym.pseudonym_for``) on the record and in every copy (``scrub.names_scrub``); their login, if they
had one, is closed and emptied; their private links open nothing more. The ledger, the entries, the seats,
the ratings and the totals of the standings are not touched: chips are never lost. An ``ErasureRecord``
keeps the day of the request, as proof; the audit entry names the pseudonym, never the name.

Who: a superuser, or an organiser of a competition the person is entered in who organises every competition
the person plays, keeps score or organises in (``access.roles.people_beyond``: the house's one rule of whose
person this is). The person themself asks; they do not erase (the organiser sees that it is them).
"""

from __future__ import annotations

import datetime
import secrets

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

from tournament.access.audit import RequestMeta, audit_write
from tournament.access.roles import organises_anything, people_beyond
from tournament.models import (
    AuditEntry,
    Consent,
    ErasureRecord,
    HandAnswer,
    Invitation,
    Message,
    Player,
    Preference,
    PushSubscription,
    Registration,
    StandingRow,
)
from tournament.notifications.links import now_ms
from tournament.privacy.pseudonym import pseudonym_for
from tournament.privacy.scrub import names_scrub
from tournament.registration.matching import phone_digits, same_name
from tournament.registration.notice import consent_withdraw
from tournament.standings.queue import queue_standings_recompute

ERASE_DENIED = gettext_lazy("Only a superuser, or the organiser whose player this is, may erase them.")


class PrivacyRefused(Exception):
    """The request cannot be carried out; the text says why. ``status``: the HTTP answer (400, 409)."""

    def __init__(self, message: str, *, status: int = 400, code: str = "invalid", field: str = "") -> None:
        super().__init__(message)
        self.status, self.code, self.field = status, code, field


def may_erase(user, player: Player) -> bool:
    """A superuser; an organiser of a competition ``player`` is in whose person they are; the operator."""
    if user is None:
        return True
    if not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    if not organises_anything(user) or not player.entries.filter(competition__organisers=user).exists():
        return False
    return not people_beyond(user)["players"].filter(pk=player.pk).exists()


def is_erased(player: Player) -> bool:
    return ErasureRecord.objects.filter(player=player, scope=ErasureRecord.Scope.PERSON).exists()


def _registrations(player: Player):
    return Registration.objects.filter(player=player)


def _any_email(emails: set[str]) -> Q:
    found = Q(pk__in=[])
    for email in emails:
        found |= Q(email__iexact=email)
    return found


def signups_of(player: Player, names: list[str]) -> list[int]:
    """The person's sign-ups: those that became this player, and those never approved (refused, withdrawn,
    expired, still waiting) made in the same name with one of the person's addresses or numbers, the rule
    the organiser's queue matches people by (``registration.matching``)."""
    linked = list(_registrations(player).values_list("pk", flat=True))
    pref = Preference.objects.filter(player=player).first()
    given = [player.contact, pref.email if pref else "", pref.whatsapp if pref else ""]
    given += [player.user.email if player.user_id else ""]
    for email, phone in Registration.objects.filter(pk__in=linked).values_list("email", "phone"):
        given += [email, phone]
    emails = {v.strip().casefold() for v in given if v and "@" in v}
    phones = {phone_digits(v) for v in given if v and "@" not in v and len(phone_digits(v)) >= 6}
    wanted = {same_name(n) for n in names}
    unlinked = [
        pk
        for pk, name, email, phone in Registration.objects.filter(player__isnull=True)
        .filter((Q(phone__gt="") if phones else Q(pk__in=[])) | _any_email(emails))
        .values_list("pk", "name", "email", "phone")
        if same_name(name) in wanted
        and (email.casefold() in emails or phone and phone_digits(phone) in phones)
    ]
    return linked + unlinked


def contact_erase(player: Player) -> list[str]:
    """Remove the person's contact details: the record's contact, the addresses and channels of their
    choices, their web-push subscriptions, their login's email, the emails of invitations made for them,
    their sign-ups' email and phone; their consents to messages are withdrawn (nothing left to send to).
    Answers what was there (field names, never values). The caller holds the transaction and audits."""
    gone: list[str] = []
    if player.contact:
        gone.append("contact")
        Player.objects.filter(pk=player.pk).update(contact="")
        player.contact = ""
    pref = Preference.objects.filter(player=player).first()
    if pref is not None:
        addresses = [f for f in ("email", "telegram_chat", "whatsapp") if getattr(pref, f)]
        if addresses or pref.channels:
            gone += [f"preference.{f}" for f in addresses] + (["channels"] if pref.channels else [])
            Preference.objects.filter(pk=pref.pk).update(email="", telegram_chat="", whatsapp="", channels=[])
        deleted, _rows = PushSubscription.objects.filter(preference=pref).delete()
        if deleted:
            gone.append("push")
    if player.user_id is not None and player.user.email:
        gone.append("account.email")
        type(player.user).objects.filter(pk=player.user_id).update(email="")
        player.user.email = ""
    if Invitation.objects.filter(player=player).exclude(email="").update(email=""):
        gone.append("invitation.email")
    registrations = _registrations(player).exclude(email="", phone="")
    if registrations.update(email="", phone=""):
        gone.append("registration.contact")
    live = Consent.objects.filter(player=player, purpose__startswith="messages:", withdrawn_at=None)
    for purpose in set(live.values_list("purpose", flat=True)):
        consent_withdraw(purpose=purpose, player=player)
    return gone


def _names(player: Player) -> list[str]:
    """Every name the person was known by: now, before a rename, on their sign-ups, on their login."""
    names = {player.name}
    for data in AuditEntry.objects.filter(
        action="player_changed", object_type="player", object_id=player.pk
    ).values_list("data", flat=True):
        if isinstance(data, dict):
            names |= {data.get("before") or "", data.get("name") or ""}
    for name, name_zh in _registrations(player).values_list("name", "name_zh"):
        names |= {name, name_zh}
    account = player.user
    if account is not None:
        names |= {account.get_username(), account.get_full_name()}
    return [n for n in names if n]


def _close_account(player: Player, code: str) -> None:
    from rest_framework.authtoken.models import Token

    account = player.user
    if account is None:
        return
    Token.objects.filter(user=account).delete()
    account.username = f"erased-{code.lower()}-{account.pk}"
    account.first_name = account.last_name = account.email = ""
    account.is_active = False
    account.set_unusable_password()  # its sessions end: their hash no longer matches
    account.save()


def _requested(requested_on) -> datetime.date:
    today = timezone.localdate()
    if requested_on in (None, ""):
        return today
    if isinstance(requested_on, str):
        try:
            requested_on = datetime.date.fromisoformat(requested_on)
        except ValueError:
            raise PrivacyRefused(
                _("Give the day of the request as YYYY-MM-DD."), field="requested_on"
            ) from None
    if isinstance(requested_on, datetime.datetime) or not isinstance(requested_on, datetime.date):
        raise PrivacyRefused(_("Give the day of the request as YYYY-MM-DD."), field="requested_on")
    if requested_on > today:
        raise PrivacyRefused(_("The request cannot be dated in the future."), field="requested_on")
    return requested_on


def person_erase(
    player: Player, *, user=None, requested_on=None, meta: RequestMeta | None = None
) -> ErasureRecord:
    """Erase ``player``'s personal data as they asked on ``requested_on`` (today when not given)."""
    if not may_erase(user, player):
        raise PermissionDenied(str(ERASE_DENIED))
    day = _requested(requested_on)
    with transaction.atomic():
        player = Player.objects.select_for_update(of=("self",)).select_related("user").get(pk=player.pk)
        if is_erased(player):
            raise PrivacyRefused(
                _("This person's data was already erased: nothing more to do."),
                status=409,
                code="already_erased",
            )
        names = _names(player)
        signups = signups_of(player, names)
        names += [n for pair in Registration.objects.filter(pk__in=signups).values_list("name", "name_zh")
                  for n in pair if n]  # fmt: skip
        taken = set(
            Player.objects.filter(erasures__scope=ErasureRecord.Scope.PERSON).values_list("name", flat=True)
        )
        pseudonym = pseudonym_for(player.pk, taken)
        code = pseudonym.rsplit(" ", 1)[-1]
        competitions = sorted(set(player.entries.values_list("competition_id", flat=True)))
        gone = contact_erase(player)
        addressed = [f"p{player.pk}", *(f"r{pk}" for pk in signups)]
        addressed += [f"u{player.user_id}"] if player.user_id else []
        sent = Q(player=player) | Q(recipient__in=addressed)
        Message.objects.filter(
            sent | (Q(user_id=player.user_id) if player.user_id else Q(pk__in=[]))
        ).exclude(address="").update(address="")
        for pk in signups:  # their private links open nothing more
            Registration.objects.filter(pk=pk).update(
                name=pseudonym, name_zh="", answers={}, email="", phone="", token=secrets.token_urlsafe(32)
            )
        HandAnswer.objects.filter(seat__player=player).exclude(reason="").update(reason="")
        Preference.objects.filter(player=player).update(links_retired_at=now_ms())
        _close_account(player, code)
        Player.objects.filter(pk=player.pk).update(name=pseudonym)
        StandingRow.objects.filter(player=player).update(name=pseudonym)
        scrubbed = names_scrub(
            names, pseudonym, player_id=player.pk, user_id=player.user_id, competitions=competitions
        )
        by = user if user is not None and user.is_authenticated else None
        record = ErasureRecord.objects.create(
            player=player, scope=ErasureRecord.Scope.PERSON, requested_on=day, done_by=by, pseudonym=pseudonym
        )
        audit_write(
            "person_erased",
            user=user,
            competition=None,
            object_type="player",
            object_id=player.pk,
            words=gettext_noop("%(actor)s erased the personal data of %(player)s, as asked on %(date)s"),
            args={"player": pseudonym, "date": day.isoformat()},
            data={
                "player": player.pk,
                "pseudonym": pseudonym,
                "requested_on": day.isoformat(),
                "erased": gone,
                "copies": scrubbed,
            },  # fmt: skip
            meta=meta,
        )
        queue_standings_recompute(competitions)
    return record
