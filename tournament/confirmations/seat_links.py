"""Private seat links (issue 19): a player follows their table and answers for their seat, no account needed.

A seat's **link token** is ``<seat id>.<signature>``: an HMAC (Django's
``Signer``, keyed by ``SECRET_KEY``, salted for this use) of the seat id and
the seat's ``link_nonce``. Nothing secret is stored, so the printed table card
can show the link again at any time; the scoresheet never shows it (issue 31:
whoever holds it could confirm the hands they entered). ``seat_link_reset``,
the organiser's door (the round's page), changes the nonce, which retires every
link given out for that seat. A link is for one night (issue 34): it **expires** once its round is finished
and ``LINK_GRACE`` has passed since the round really ended (its last table's end or its last hand,
``seat_tokens.round_ended_at``: a round finished early closes its links early, one running late keeps them
later; a round finished with neither goes by its schedule, and at once without one), so a link found in an
old message opens nothing. A token names
exactly one seat: it reads that seat's table and answers only for that seat
(``tournament.confirmations.services``).

A token names the **seat row**, and a seat row is its player's for the round: drawn again
(``tournament.rounds.seating``), a player keeps their row and its nonce wherever they sit now, so the link
printed or sent before still reaches them (a player left out of the new draw loses their row, and the
link opens nothing). While the round is a **draft** (drawn, or drawn again after it was published) the
link shows nothing of it, neither the table nor who sits there: the page says the tables are being drawn
(``seat_link_draft_words``) and answers nothing, the API answers 422 ``round_not_published``. Once the
organiser publishes the seating, the same link shows the player's new seat.

The QR code is drawn with segno as inline ``<svg>`` markup (no image file,
no script: it passes the Content-Security-Policy as it is).
"""

from __future__ import annotations

import secrets

from django.db import transaction
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.access.audit import RequestMeta, audit_write
from tournament.access.roles import require_organiser
from tournament.confirmations.seat_tokens import (  # noqa: F401 - the links' words, named here as before
    LINK_GRACE,
    seat_for_token,
    seat_link_expired,
    seat_link_in_draft,
    seat_link_path,
    seat_link_token,
)
from tournament.models import Seat
from tournament.notifications import events as notify


def seat_link_reset(seat: Seat, *, user=None, meta: RequestMeta | None = None) -> str:
    """Retire the seat's link (a slip lost, or seen by someone else): the seat gets a new one and every
    link given out before stops working everywhere (the seat's page and answers, the API, held results:
    all read the seat through ``seat_for_token``). An organiser of the competition; audited. Answers the
    new token (the table cards printed again carry it)."""
    competition = seat.table.round.competition
    require_organiser(user, competition)
    with transaction.atomic():
        locked = (
            Seat.objects.select_for_update(of=("self",))
            .select_related("table__round", "player")
            .get(pk=seat.pk)
        )
        locked.link_nonce = secrets.token_urlsafe(12)[:16]  # Seat.link_nonce's length
        locked.save(update_fields=["link_nonce"])
        audit_write(
            "seat_link_retired",
            user=user,
            competition=competition,
            object_type="seat",
            object_id=locked.pk,
            words=gettext_noop(
                "%(actor)s retired the private link of %(player)s (%(wind)s) "
                "at table %(table)s of round %(round)s"
            ),
            args={
                "player": locked.player.name,
                "wind": locked.wind,
                "table": locked.table.number,
                "round": locked.table.round.number,
            },
            data={"table": locked.table_id, "seat": locked.pk, "player": locked.player_id},
            meta=meta,
        )
        notify.seat_link_renewed(locked.pk)  # the player gets the new link (issue 34)
    seat.link_nonce = locked.link_nonce
    return seat_link_token(locked)


def seat_link_draft_words(seat: Seat) -> str:
    """What a seat's link says while its round is a draft (``seat_link_in_draft``): nothing of the draft."""
    return _(
        "The organiser is drawing the tables of round %(n)s. Once they publish them, this link shows your "
        "table: keep it, it stays the same."
    ) % {"n": seat.table.round.number}


def qr_svg(url: str, *, scale: int = 3) -> SafeString:
    """The URL as a QR code in inline SVG markup (no XML declaration; a viewBox, sized by the page's CSS)."""
    import segno

    code = segno.make(url, error="m", micro=False)
    svg = code.svg_inline(
        scale=scale, border=2, dark="#000", light="#fff", svgclass="qr", lineclass=None, omitsize=True
    )
    return mark_safe(svg)  # segno's own markup: the URL is encoded as modules, never as text
