"""Who a message is for: a person's key, addresses, channels and language (issue 34).

A **person** is a player (key ``p<id>``; their account, if they have one, reads the same messages) or an
account without a player (``u<id>``, a scorekeeper). Their choices are their ``Preference`` row; with none,
the defaults: email when an address is known, the site's language. A channel is **open** to a person when
the site has it set up (``channel_ready``) and the person has somewhere to receive it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.conf import settings
from django.contrib.auth import get_user_model

from tournament.models import Player, Preference
from tournament.notifications.kinds import Channel

MAX_ADDRESS = 200


def channel_ready(channel: str) -> bool:
    """The site has this channel set up (the inbox always is)."""
    if channel == Channel.INBOX:
        return True
    if channel == Channel.EMAIL:
        return bool(settings.NOTIFY_EMAIL)
    if channel == Channel.PUSH:
        return bool(settings.VAPID_PRIVATE_KEY and settings.VAPID_PUBLIC_KEY)
    if channel == Channel.TELEGRAM:
        return bool(settings.TELEGRAM_BOT_TOKEN)
    if channel == Channel.WHATSAPP:
        return bool(settings.WHATSAPP_TOKEN and settings.WHATSAPP_PHONE_ID)
    return False


def site_language() -> str:
    return settings.LANGUAGE_CODE


@dataclass(frozen=True)
class Person:
    key: str
    name: str
    player_id: int | None = None
    user_id: int | None = None
    language: str = "en"
    stopped: frozenset[str] = frozenset()
    # channel -> address ("" for push: the subscriptions are read when sending)
    open: dict[str, str] = field(default_factory=dict)


def _email(pref: Preference | None, player: Player | None, user) -> str:
    if pref is not None and pref.email:
        return pref.email
    if player is not None and "@" in (player.contact or ""):
        return player.contact.strip()
    account = user if user is not None else (player.user if player is not None else None)
    return (account.email or "") if account is not None else ""


def _phone(pref: Preference | None, player: Player | None) -> str:
    if pref is not None and pref.whatsapp:
        return pref.whatsapp
    contact = (player.contact or "").replace(" ", "") if player is not None else ""
    return contact if contact.startswith("+") and contact[1:].isdigit() else ""


def _person(
    key: str, name: str, pref: Preference | None, player: Player | None, user, pushes: set[int]
) -> Person:
    addresses = {
        Channel.EMAIL: _email(pref, player, user),
        Channel.TELEGRAM: pref.telegram_chat if pref is not None else "",
        Channel.WHATSAPP: _phone(pref, player),
        Channel.PUSH: "push" if pref is not None and pref.pk in pushes else "",
    }
    chosen = pref.channels if pref is not None else [Channel.EMAIL]
    open_ = {c: ("" if c == Channel.PUSH else addresses[c])[:MAX_ADDRESS] for c in chosen
             if c in addresses and addresses[c] and channel_ready(c)}  # fmt: skip
    languages = {code for code, _ in settings.LANGUAGES}
    language = pref.language if pref is not None and pref.language in languages else site_language()
    return Person(
        key=key,
        name=name,
        player_id=player.pk if player is not None else None,
        user_id=user.pk if user is not None else None,
        language=language,
        stopped=frozenset(pref.stopped if pref is not None else ()),
        open=open_,
    )


def _pushes(prefs: list[Preference]) -> set[int]:
    from tournament.models import PushSubscription

    ids = [p.pk for p in prefs if p is not None]
    if not ids or not channel_ready(Channel.PUSH):
        return set()
    return set(PushSubscription.objects.filter(preference_id__in=ids).values_list("preference_id", flat=True))


def people_for(player_ids=(), user_ids=()) -> dict[str, Person]:
    """The persons named (players by id, accounts by id; an account with a player is that player)."""
    players = list(Player.objects.filter(pk__in=set(player_ids)).select_related("user", "preference"))
    User = get_user_model()
    users = list(User.objects.filter(pk__in=set(user_ids)).select_related("preference", "player"))
    # An account's player not named is read with the others' in one query, never one per account.
    named = {p.pk for p in players}
    theirs = {u.player.pk for u in users if getattr(u, "player", None) is not None} - named
    if theirs:
        players += list(Player.objects.filter(pk__in=theirs).select_related("user", "preference"))
    prefs = [getattr(p, "preference", None) for p in players]
    prefs += [getattr(u, "preference", None) for u in users]
    pushes = _pushes(prefs)
    out: dict[str, Person] = {}
    for player in players:
        key = f"p{player.pk}"
        out[key] = _person(key, player.name, getattr(player, "preference", None), player, None, pushes)
    for user in users:
        if getattr(user, "player", None) is not None:
            out[f"u{user.pk}"] = out[f"p{user.player.pk}"]  # the account reads as its player
            continue
        key = f"u{user.pk}"
        name = user.get_full_name() or user.get_username()
        out[key] = _person(key, name, getattr(user, "preference", None), None, user, pushes)
    return out


def person_key(user) -> str | None:
    """The key of the person logged in as ``user`` (their player's when they have one)."""
    if user is None or not user.is_authenticated:
        return None
    player = Player.objects.filter(user=user).values_list("pk", flat=True).first()
    return f"p{player}" if player else f"u{user.pk}"


def preference_of(key: str, *, create: bool = False) -> Preference | None:
    """The ``Preference`` row of the person ``key`` (made with the defaults when ``create``)."""
    kind, number = key[:1], key[1:]
    if kind not in ("p", "u") or not number.isascii() or not number.isdigit():
        return None
    lookup = {"player_id": int(number)} if kind == "p" else {"user_id": int(number)}
    pref = Preference.objects.filter(**lookup).first()
    if pref is None and create:
        pref, _ = Preference.objects.get_or_create(**lookup, defaults={"channels": [Channel.EMAIL]})
    return pref


def person_link_live(key: str, made_ms: int) -> bool:
    """A person link made at ``made_ms`` still opens ``key``'s page: the person has not retired it since."""
    pref = preference_of(key)
    return pref is None or pref.links_retired_at is None or made_ms > pref.links_retired_at


def addresses_kept(key: str, pref: Preference | None) -> dict[str, str]:
    """Where the person's messages go now, channel field by field, as ``_person`` reads them: the
    choices' own address, else the organiser's contact for the player, else the account's email."""
    kind, number = key[:1], key[1:]
    player = user = None
    if kind == "p" and number.isdigit():
        player = Player.objects.select_related("user").filter(pk=int(number)).first()
    elif kind == "u" and number.isdigit():
        from django.contrib.auth import get_user_model

        user = get_user_model().objects.filter(pk=int(number)).first()
    return {
        "email": _email(pref, player, user),
        "telegram_chat": pref.telegram_chat if pref is not None else "",
        "whatsapp": _phone(pref, player),
    }
