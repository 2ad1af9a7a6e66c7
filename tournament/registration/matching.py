"""Which registered players a sign-up may be (issue 51): the same name (case and spaces aside) and the
same phone number or email (their contact, or the addresses of their message choices). The organiser is
shown the matches and chooses; nothing is merged or made a second person without them."""

from __future__ import annotations

import re
from collections.abc import Iterable

from tournament.models import Player, Registration


def same_name(name: str) -> str:
    return " ".join(name.split()).casefold()


def phone_digits(phone: str) -> str:
    """A phone number's digits, the country code of Singapore (65) aside when it leads a longer number."""
    digits = re.sub(r"\D", "", phone or "")
    return digits[2:] if len(digits) > 8 and digits.startswith("65") else digits


def _addresses(player: Player) -> tuple[set[str], set[str]]:
    emails, phones = set(), set()
    pref = getattr(player, "preference", None)
    for value in (player.contact, pref.email if pref else "", pref.whatsapp if pref else ""):
        value = (value or "").strip()
        if "@" in value:
            emails.add(value.casefold())
        elif len(phone_digits(value)) >= 6:
            phones.add(phone_digits(value))
    return emails, phones


def matches_of(registrations: Iterable[Registration]) -> dict[int, list[int]]:
    """{registration id: ids of the players it may be}, for a whole queue in two queries."""
    registrations = list(registrations)
    names = {same_name(r.name) for r in registrations}
    if not names:
        return {}
    first_words = {n.split(" ")[0] for n in names if n}
    candidates = [
        p
        for p in Player.objects.select_related("preference").filter(
            name__iregex=r"^\s*(" + "|".join(re.escape(w) for w in first_words) + r")"
        )
        if same_name(p.name) in names
    ]
    addresses = {p.pk: _addresses(p) for p in candidates}  # once per candidate, however many sign-ups
    found: dict[int, list[int]] = {}
    for reg in registrations:
        email, phone = reg.email.strip().casefold(), phone_digits(reg.phone)
        found[reg.pk] = [
            p.pk
            for p in candidates
            if same_name(p.name) == same_name(reg.name)
            and ((email and email in addresses[p.pk][0]) or (phone and phone in addresses[p.pk][1]))
        ]
    return found


def matches_for(registration: Registration) -> list[int]:
    return matches_of([registration]).get(registration.pk, [])
