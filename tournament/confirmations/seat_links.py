"""Private seat links (issue 19): a player follows their table and answers for their seat, no account needed.

A seat's **link token** is ``<seat id>.<signature>``: an HMAC (Django's
``Signer``, keyed by ``SECRET_KEY``, salted for this use) of the seat id and
the seat's ``link_nonce``. Nothing secret is stored, so the table card and the
scoresheet can show the link again at any time; ``seat_link_reset`` changes
the nonce, which retires every link given out for that seat. A token names
exactly one seat: it reads that seat's table and answers only for that seat
(``tournament.confirmations.services``).

The QR code is drawn with segno as inline ``<svg>`` markup (no image file,
no script: it passes the Content-Security-Policy as it is).
"""

from __future__ import annotations

import secrets

from django.core import signing
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

from tournament.models import Seat

_SALT = "tournament.seat-link"


def _signer() -> signing.Signer:
    return signing.Signer(salt=_SALT, sep=".")


def seat_link_token(seat: Seat) -> str:
    signed = _signer().sign(f"{seat.pk}-{seat.link_nonce}")
    value, signature = signed.rsplit(".", 1)
    return f"{seat.pk}.{signature}"


def seat_for_token(token: str) -> Seat | None:
    """The seat the token was made for, or None (a forged, mangled or retired token)."""
    seat_id, _, signature = (token or "").partition(".")
    if not seat_id.isdigit() or not signature or len(token) > 200:
        return None
    seat = Seat.objects.select_related("table__round__competition", "player").filter(pk=int(seat_id)).first()
    if seat is None:
        return None
    try:
        _signer().unsign(f"{seat.pk}-{seat.link_nonce}.{signature}")
    except signing.BadSignature:
        return None
    return seat


def seat_link_path(seat: Seat) -> str:
    return reverse("seat:follow", args=[seat_link_token(seat)])


def seat_link_reset(seat: Seat) -> str:
    """A new link for the seat; the links given out before stop working."""
    seat.link_nonce = secrets.token_urlsafe(9)[:12]
    seat.save(update_fields=["link_nonce"])
    return seat_link_token(seat)


def qr_svg(url: str, *, scale: int = 3) -> SafeString:
    """The URL as a QR code in inline SVG markup (no XML declaration; a viewBox, sized by the page's CSS)."""
    import segno

    code = segno.make(url, error="m", micro=False)
    svg = code.svg_inline(
        scale=scale, border=2, dark="#000", light="#fff", svgclass="qr", lineclass=None, omitsize=True
    )
    return mark_safe(svg)  # segno's own markup: the URL is encoded as modules, never as text


def seat_link_cards(table, base_url: str) -> list[dict]:
    """The table's four seat links as shown to the players: wind, name, address and its QR code.

    ``base_url`` is the site's address (``request.build_absolute_uri("/")`` or the printed sheet's).
    """
    base = base_url.rstrip("/")
    cards = []
    for seat in sorted(table.seats.select_related("player"), key=lambda s: "ESWN".index(s.wind)):
        url = base + seat_link_path(seat)
        cards.append({"wind": seat.wind, "seat": seat, "player": seat.player, "url": url, "svg": qr_svg(url)})
    return cards
