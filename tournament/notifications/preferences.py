"""The doors of a person's choices (issue 34): channels, kinds, language, addresses, web push, stopping.

A person changes only their own choices: logged in (their key, ``people.person_key``) or through their
signed person link (``links.person_read``); a stop link stops one kind for its person. An organiser sets
how long before a night the reminder goes (``notice_settings_change``), audited.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import URLValidator, validate_email
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

from tournament.access.audit import RequestMeta, audit_competition, audit_write
from tournament.access.roles import require_organiser
from tournament.db.text import storable
from tournament.models import Competition, NoticeSettings, Preference, PushSubscription
from tournament.notifications.addresses import AddressRefused, check_endpoint
from tournament.notifications.kinds import OUTSIDE, Kind
from tournament.notifications.links import now_ms
from tournament.notifications.people import addresses_kept, preference_of
from tournament.privacy.consent import channels_dropped

MAX_REMINDER_MINUTES = 14 * 24 * 60
_BASE64URL = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=")


class PreferenceRefused(Exception):
    """The change is not valid; the text says why (and which field)."""

    def __init__(self, message: str, field: str = "") -> None:
        super().__init__(message)
        self.field = field


def preference_change(
    key: str,
    *,
    channels: list[str],
    stopped: list[str],
    language: str = "",
    email: str = "",
    telegram_chat: str = "",
    whatsapp: str = "",
    by_link: bool = False,
    account=None,
    meta: RequestMeta | None = None,
) -> Preference:
    """Set the person's choices (the caller has proved the person is them).

    ``by_link``: the caller holds only the person's private link (no login). They may choose channels,
    kinds and language, and give an address where none is kept, but not change or remove one: where
    the messages (and so the seat links they carry) go asks for the login (issue 48).

    ``account``: the person's own account, signed in. An email address they give is their login's too
    (issue 47: one email per person), so a forgotten password is reset where their messages go.
    """
    if any(c not in OUTSIDE for c in channels):
        raise PreferenceRefused(_("Choose channels from the list."), "channels")
    if any(k not in Kind.values for k in stopped):
        raise PreferenceRefused(_("Choose messages from the list."), "stopped")
    if language and language not in {code for code, _name in settings.LANGUAGES}:
        raise PreferenceRefused(_("Choose a language from the list."), "language")
    email, telegram_chat, whatsapp = email.strip(), telegram_chat.strip(), whatsapp.replace(" ", "")
    if email:
        try:
            validate_email(email)
        except ValidationError:
            raise PreferenceRefused(_("Enter a valid email address."), "email") from None
    if telegram_chat and not (telegram_chat.lstrip("-").isdigit() and len(telegram_chat) <= 20):
        raise PreferenceRefused(
            _("A Telegram chat id is a number (@userinfobot tells you yours)."), "telegram_chat"
        )
    if whatsapp and not (whatsapp.startswith("+") and whatsapp[1:].isdigit() and 8 <= len(whatsapp) <= 16):
        raise PreferenceRefused(_("Write the number with its country code, as +6591234567."), "whatsapp")
    with transaction.atomic():
        pref = preference_of(key, create=True)
        if pref is None:
            raise PreferenceRefused(_("Nobody is named by this link."))
        pref = Preference.objects.select_for_update().get(pk=pref.pk)
        if by_link:
            _same_addresses(key, pref, email=email, telegram_chat=telegram_chat, whatsapp=whatsapp)
        before = _where(pref)
        pref.channels = [c for c in OUTSIDE if c in channels]
        pref.stopped = [k for k in Kind.values if k in stopped]
        pref.language, pref.email, pref.telegram_chat, pref.whatsapp = (
            language,
            email,
            telegram_chat,
            whatsapp,
        )
        pref.save()
        if account is not None and email and account.email != email:
            account.email = email
            account.save(update_fields=["email"])
        _audit_where(key, pref, before, user=account, by_link=by_link, meta=meta)
        # A channel taken out withdraws the consent to messages by it (issue 51), dated and audited.
        dropped = [c for c in before["channels"] if c not in pref.channels]
        channels_dropped(key, dropped, user=account, by_link=by_link)
    return pref


def _where(pref: Preference) -> dict:
    """Where a person's messages (and so their seat links) go: their channels and their addresses."""
    return {"channels": list(pref.channels), "email": pref.email, "telegram_chat": pref.telegram_chat,
            "whatsapp": pref.whatsapp}  # fmt: skip


def _person_name(key: str) -> str:
    from django.contrib.auth import get_user_model

    from tournament.models import Player

    if key.startswith("p"):
        return Player.objects.filter(pk=int(key[1:])).values_list("name", flat=True).first() or key
    user = get_user_model().objects.filter(pk=int(key[1:])).first()
    return (user.get_full_name() or user.get_username()) if user is not None else key


def _audit_where(key: str, pref: Preference, before: dict, *, user, by_link: bool, meta) -> None:
    """An entry when where the person's messages go changed (issue 53): which of them changed, never the
    addresses themselves (kept in the choices, not copied into the log). Inside the change's transaction."""
    changed = [field for field, value in _where(pref).items() if before[field] != value]
    if not changed:
        return
    name = _person_name(key)
    audit_write(
        "messages_where_changed",
        user=user,
        competition=None,
        object_type="preference",
        object_id=pref.pk,
        words=gettext_noop("%(actor)s changed where the messages of %(person)s go (%(fields)s)"),
        args={"person": name, "fields": ", ".join(changed),
              **({"actor": name} if user is None and by_link else {})},
        data={"person": key, "changed": changed, "channels": list(pref.channels), "by_link": by_link},
        meta=meta,
    )  # fmt: skip


ADDRESS_NEEDS_LOGIN = gettext_lazy(
    "Where your messages go changes only after you log in (or ask your organiser): a private link alone "
    "cannot change it."
)


def _same_addresses(key: str, pref: Preference, **given: str) -> None:
    """Through a private link, where messages go now may not change: an address the choices keep, or the
    one they fall back to (the organiser's contact for the player, the account's email: a link is no
    login, so it may not move them either). Left empty, a fallback stays as it is; an address is given
    only where none is."""
    going = addresses_kept(key, pref)
    for field, value in given.items():
        if (value and going[field] and value != going[field]) or (not value and getattr(pref, field)):
            raise PreferenceRefused(str(ADDRESS_NEEDS_LOGIN), field)


def person_links_retire(key: str) -> Preference:
    """Every person link of ``key`` made until now opens nothing more (issue 48): the person, on their page
    (by the link or logged in), when a link has gone where it should not. They get a fresh one at once."""
    with transaction.atomic():
        pref = preference_of(key, create=True)
        if pref is None:
            raise PreferenceRefused(_("Nobody is named by this link."))
        pref = Preference.objects.select_for_update().get(pk=pref.pk)
        pref.links_retired_at = now_ms()
        pref.save(update_fields=["links_retired_at", "changed_at"])
    return pref


def kind_stop(key: str, kind: str) -> Preference | None:
    """The stop link's door: ``kind`` is stopped for the person ``key`` (again: nothing changes)."""
    if kind not in Kind.values:
        return None
    with transaction.atomic():
        pref = preference_of(key, create=True)
        if pref is None:
            return None
        pref = Preference.objects.select_for_update().get(pk=pref.pk)
        if kind not in pref.stopped:
            pref.stopped = [*pref.stopped, kind]
            pref.save(update_fields=["stopped", "changed_at"])
    return pref


def push_subscribe(
    key: str, *, endpoint: str, p256dh: str, auth: str, user=None, meta: RequestMeta | None = None
) -> PushSubscription:
    """A browser's web-push subscription for the person ``key``; web push joins their channels."""
    if not endpoint.startswith("https://") or len(endpoint) > 600 or not p256dh or not auth:
        raise PreferenceRefused(_("This browser's subscription is not valid."))
    if len(p256dh) > 200 or len(auth) > 100 or not _BASE64URL.issuperset(p256dh + auth):
        raise PreferenceRefused(_("This browser's subscription is not valid."))
    if not storable(endpoint):  # a NUL or a lone surrogate (tournament.db.text)
        raise PreferenceRefused(_("This browser's subscription is not valid."))
    try:  # an https address in ASCII, as every push service gives one
        URLValidator(schemes=["https"])(endpoint)
        endpoint.encode("ascii")
    except (ValidationError, UnicodeEncodeError):
        raise PreferenceRefused(_("This browser's subscription is not valid.")) from None
    try:  # a public https address, read alike by every parser, whose name resolves to public addresses only
        check_endpoint(endpoint)
    except AddressRefused:
        raise PreferenceRefused(_("This browser's subscription is not valid.")) from None
    with transaction.atomic():
        pref = preference_of(key, create=True)
        if pref is None:
            raise PreferenceRefused(_("Nobody is named by this link."))
        sub, _created = PushSubscription.objects.update_or_create(
            endpoint=endpoint, defaults={"preference": pref, "p256dh": p256dh, "auth": auth}
        )
        before = _where(pref)
        if "push" not in pref.channels:
            pref.channels = [*pref.channels, "push"]
            pref.save(update_fields=["channels", "changed_at"])
        if _created or "push" not in before["channels"]:
            before["channels"] = [c for c in before["channels"] if c != "push"]  # a new browser is news
            _audit_where(key, pref, before, user=user, by_link=user is None, meta=meta)
    return sub


def notice_settings_change(
    competition: Competition, *, reminder_minutes: int, user=None, meta: RequestMeta | None = None
) -> NoticeSettings:
    """How long before a night its reminder goes (0: none). An organiser of the competition; audited."""
    require_organiser(user, competition)
    if not isinstance(reminder_minutes, int) or not 0 <= reminder_minutes <= MAX_REMINDER_MINUTES:
        raise PreferenceRefused(
            _("Between 0 and %(max)s minutes.") % {"max": MAX_REMINDER_MINUTES}, "reminder_minutes"
        )
    with transaction.atomic():
        notice, _created = NoticeSettings.objects.select_for_update().get_or_create(competition=competition)
        if notice.reminder_minutes != reminder_minutes:
            notice.reminder_minutes = reminder_minutes
            notice.save(update_fields=["reminder_minutes"])
            audit_competition(
                "reminder_changed",
                user,
                competition,
                gettext_noop("%(actor)s set the reminder of %(competition)s to %(minutes)s minutes before"),
                meta,
                args={"minutes": reminder_minutes},
                data={"reminder_minutes": reminder_minutes},
            )
    return notice
