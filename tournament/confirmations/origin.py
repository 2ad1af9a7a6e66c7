"""Who may not confirm a hand (issue 31): whoever recorded it, however they come back.

A hand's confirmation has to come from a player, not from the scorekeeper who
holds the scoresheet (and, until issue 31, saw every seat's link). An answer is
refused when it comes from what recorded the hand, as the hand's audit entry
(``hand_recorded`` or ``hand_corrected``, written in the transaction of the
hand) keeps it:

- the **same account** (the recorder, signed in);
- the **same session** (the digest of its key, ``access.request_meta``): the
  scorekeeper's browser, signed out or not, until its session ends;
- for an answer that is not from the seat's own player's account (a link, with
  or without somebody else's session): the **same client address and the same
  browser** (user agent). The address alone would refuse every phone on the
  venue's Wi-Fi (one address behind its router); with the browser as well, only
  the device that recorded the hand, or one exactly like it on the same network.
  A player who meets that is refused with the reason, and answers from their own
  account or from their phone's mobile data.

A player's own account is their identity: the scorekeeper cannot use it, so the
address rule does not apply to it. A hand recorded by the operator (no request:
tests, commands) has no address and no session, and only the account rule holds.
"""

from __future__ import annotations

from tournament.access.audit import RequestMeta
from tournament.models import AuditEntry, Hand, Seat

RECORDED = ("hand_recorded", "hand_corrected")


def answer_from_recorder(hand: Hand, seat: Seat, user, meta: RequestMeta | None) -> bool:
    """Does this answer come from the account, session or device that recorded ``hand``?"""
    meta = meta or RequestMeta()
    signed_in = user is not None and getattr(user, "is_authenticated", False)
    recorded = (
        AuditEntry.objects.filter(object_type="hand", object_id=hand.pk, action__in=RECORDED)
        .order_by("id")
        .values("user_id", "ip_address", "user_agent", "data__session")
        .first()
    ) or {}
    if signed_in and user.pk in {hand.recorded_by_id, recorded.get("user_id")} - {None}:
        return True
    if meta.session and meta.session == recorded.get("data__session"):
        return True
    if signed_in and seat.player.user_id == user.pk:
        return False  # the seat's own player, signed in: their account is who they are
    same_place = meta.ip_address is not None and meta.ip_address == recorded.get("ip_address")
    return same_place and (meta.user_agent or "")[:300] == recorded.get("user_agent", "")
