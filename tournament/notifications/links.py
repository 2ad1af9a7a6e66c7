"""The links a message carries (issue 34): absolute addresses, and the signed links that work without a login.

- the **stop link** names one person and one kind: it stops that kind for that person (one tap, no login)
  and opens nothing else (issue 48: a forwarded stop link must not open the inbox and its seat links);
- the **person link** opens the person's inbox and choices without a login (a player with no account).

Both are signatures (Django's signers, keyed by ``SECRET_KEY``, salted for their use) of the person's key;
a forged or mangled one names nobody. A stop link does not expire. A person link carries the moment it
was made (milliseconds): it lasts ``NOTIFY_PERSON_LINK_DAYS`` (every message brings a fresh one), and the
person retires every link made before a moment (``Preference.links_retired_at``, the door
``preferences.person_links_retire``): ``person_read`` answers the key and that moment, the page checks it.
"""

from __future__ import annotations

import time
from datetime import timedelta

from django.conf import settings
from django.core import signing
from django.urls import reverse

from tournament.notifications.kinds import Kind

_STOP = "tournament.notify-stop"
_PERSON = "tournament.notify-person.2"  # .2: with the moment made (a link of the first form opens nothing)


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


def now_ms() -> int:
    return time.time_ns() // 1_000_000


def person_token(key: str, *, after: int | None = None) -> str:
    """A person link made now (``after``: a moment it must be later than, as the one its person just
    retired links until)."""
    made = now_ms() if after is None else max(now_ms(), after + 1)
    return signing.TimestampSigner(salt=_PERSON).sign(f"{key}.{made}")


def person_read(token: str) -> tuple[str, int] | None:
    """(person key, when the link was made in ms) of a person link not yet expired, or None. Whether the
    person has retired it since is the caller's to ask (``people.person_link_live``)."""
    if not token or len(token) > 200:
        return None
    try:
        value = signing.TimestampSigner(salt=_PERSON).unsign(
            token, max_age=timedelta(days=settings.NOTIFY_PERSON_LINK_DAYS)
        )
    except (signing.BadSignature, ValueError):  # SignatureExpired included
        return None
    key, _, made = value.partition(".")
    return (key, int(made)) if made.isascii() and made.isdigit() else None


def page_address(name: str) -> str:
    """The page's absolute address with ``{}`` for the token (made once a batch: a reverse per message cost
    more than the message's send)."""
    return absolute(reverse(name, args=["TOKEN"])).replace("TOKEN", "{}")


def stop_url(key: str, kind: str, *, address: str | None = None) -> str:
    return (address or page_address("notifications:stop")).format(stop_token(key, kind))


def person_url(key: str, *, address: str | None = None) -> str:
    return (address or page_address("notifications:person")).format(person_token(key))
