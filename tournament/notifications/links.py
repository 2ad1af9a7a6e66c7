"""The links a message carries (issue 34): absolute addresses, and the signed links that work without a login.

- the **stop link** names one person and one kind: it stops that kind for that person (one tap, no login);
- the **person link** opens the person's inbox and choices without a login (a player with no account).

Both are signatures (Django's ``Signer``, keyed by ``SECRET_KEY``, salted for their use) of the person's
key: nothing is stored, nothing expires; a forged or mangled one names nobody.
"""

from __future__ import annotations

from django.conf import settings
from django.core import signing
from django.urls import reverse

from tournament.notifications.kinds import Kind

_STOP = "tournament.notify-stop"
_PERSON = "tournament.notify-person"


def absolute(path: str) -> str:
    return settings.SITE_URL + path


def stop_token(key: str, kind: str) -> str:
    return signing.Signer(salt=_STOP).sign(f"{key}.{kind}")


def stop_read(token: str) -> tuple[str, str] | None:
    """(person key, kind) of a stop token, or None."""
    if not token or len(token) > 200:
        return None
    try:
        value = signing.Signer(salt=_STOP).unsign(token)
    except signing.BadSignature:
        return None
    key, _, kind = value.partition(".")
    return (key, kind) if kind in Kind.values else None


def person_token(key: str) -> str:
    return signing.Signer(salt=_PERSON).sign(key)


def person_read(token: str) -> str | None:
    if not token or len(token) > 200:
        return None
    try:
        return signing.Signer(salt=_PERSON).unsign(token)
    except signing.BadSignature:
        return None


def page_address(name: str) -> str:
    """The page's absolute address with ``{}`` for the token (made once a batch: a reverse per message cost
    more than the message's send)."""
    return absolute(reverse(name, args=["TOKEN"])).replace("TOKEN", "{}")


def stop_url(key: str, kind: str, *, address: str | None = None) -> str:
    return (address or page_address("notifications:stop")).format(stop_token(key, kind))


def person_url(key: str, *, address: str | None = None) -> str:
    return (address or page_address("notifications:person")).format(person_token(key))
