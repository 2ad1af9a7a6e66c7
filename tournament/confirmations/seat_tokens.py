"""A seat's private link token: made, read, expired (issues 19, 34). The words are in
``tournament.confirmations.seat_links``, which also holds the door that retires a link; the tokens live
here, apart from that door, so that the messages that carry a link (``tournament.notifications``) can make
one without importing the door that tells of a new one.
"""

from __future__ import annotations

from datetime import timedelta

from django.core import signing
from django.urls import reverse
from django.utils import timezone

from tournament.models import Seat

_SALT = "tournament.seat-link"
LINK_GRACE = timedelta(hours=12)  # after the round's time, a finished round's links still open


def _signer() -> signing.Signer:
    return signing.Signer(salt=_SALT, sep=".")


def seat_link_token(seat: Seat) -> str:
    signed = _signer().sign(f"{seat.pk}-{seat.link_nonce}")
    value, signature = signed.rsplit(".", 1)
    return f"{seat.pk}.{signature}"


def seat_for_token(token: str) -> Seat | None:
    """The seat the token was made for, or None (a forged, mangled or retired token)."""
    seat_id, _, signature = (token or "").partition(".")
    # ASCII digits only: str.isdigit takes "²", which int() refuses (a 500 to anyone who typed one).
    if not (seat_id.isascii() and seat_id.isdigit()) or not signature or len(token) > 200:
        return None
    seat = Seat.objects.select_related("table__round__competition", "player").filter(pk=int(seat_id)).first()
    if seat is None:
        return None
    try:
        _signer().unsign(f"{seat.pk}-{seat.link_nonce}.{signature}")
    except signing.BadSignature:
        return None
    if seat_link_expired(seat):
        return None
    return seat


def seat_link_expired(seat: Seat) -> bool:
    """The night is over: the round is finished and its time plus ``LINK_GRACE`` has passed."""
    round_ = seat.table.round
    if round_.status != round_.Status.FINISHED:
        return False
    time = round_.ends_at or round_.starts_at
    return time is None or timezone.now() > time + LINK_GRACE


def seat_link_path(seat: Seat) -> str:
    return reverse("seat:follow", args=[seat_link_token(seat)])
