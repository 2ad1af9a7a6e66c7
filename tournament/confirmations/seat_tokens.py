"""A seat's private link token: made, read, expired (issues 19, 34). The words are in
``tournament.confirmations.seat_links``, which also holds the door that retires a link; the tokens live
here, apart from that door, so that the messages that carry a link (``tournament.notifications``) can make
one without importing the door that tells of a new one.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.core import signing
from django.db.models import Max
from django.urls import reverse
from django.utils import timezone

from tournament.models import Round, Seat, Table

_SALT = "tournament.seat-link"
LINK_GRACE = timedelta(hours=12)  # after the round really ended, a finished round's links still open


def _signer() -> signing.Signer:
    return signing.Signer(salt=_SALT, sep=".")


def seat_link_token(seat: Seat) -> str:
    signed = _signer().sign(f"{seat.pk}-{seat.link_nonce}")
    value, signature = signed.rsplit(".", 1)
    return f"{seat.pk}.{signature}"


def seat_for_token(token: str) -> Seat | None:
    """The seat the token was made for, or None (a forged, mangled or retired token).

    A seat of a draft is answered too: its page says the seating is being drawn and shows nothing of it
    (``seat_link_in_draft``)."""
    seat_id, _, signature = (token or "").partition(".")
    # ASCII digits only: str.isdigit takes "²", which int() refuses.
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


def seat_link_in_draft(seat: Seat) -> bool:
    """The seat's round is a draft (drawn, or drawn again, and not published: issue 14). The seating is its
    organisers' only: a link shows none of it (not the table, not who sits there) until it is published,
    and then the seat where its player sits now (the seat row and its link outlive a new draw)."""
    return seat.table.round.status == Round.Status.SCHEDULED


def round_ended_at(round_: Round) -> datetime | None:
    """When ``round_``'s play really ended: its last table's end (``Table.ended_at``, the organiser's) or
    its last hand, whichever is later; None when it has neither."""
    times = Table.objects.filter(round=round_).aggregate(
        ended=Max("ended_at"), hand=Max("hands__recorded_at")
    )
    return max((t for t in times.values() if t is not None), default=None)


def seat_link_expired(seat: Seat) -> bool:
    """The night is over: the round is finished and ``LINK_GRACE`` has passed since it really ended
    (``round_ended_at``: early or late, not its schedule; the schedule only for a round finished without a
    hand or an ended table, and at once for one with no time at all)."""
    round_ = seat.table.round
    if round_.status != round_.Status.FINISHED:
        return False
    time = round_ended_at(round_) or round_.ends_at or round_.starts_at
    return time is None or timezone.now() > time + LINK_GRACE


def seat_link_path(seat: Seat) -> str:
    return reverse("seat:follow", args=[seat_link_token(seat)])
