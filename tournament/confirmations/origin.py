"""Who may not confirm a hand (issue 31): whoever recorded it, however they come back.

A hand's confirmation has to come from a player, not from the scorekeeper who
holds the scoresheet (and could once see every seat's link: issue 31). An answer is
refused when it comes from what recorded the hand, as the hand's audit entry
(``hand_recorded`` or ``hand_corrected``, written in the transaction of the
hand) keeps it:

- the **same account** (the recorder, signed in);
- the **same session** (the digest of its key, ``access.request_meta``): the
  scorekeeper's browser, signed out or not, until its session ends;
- for an answer that is not from the seat's own player's account (a link, with
  or without somebody else's session): the **same device**, known by its mark
  (``tournament.access.device``: a long random id its browser keeps as a
  cookie, given when it first records; the entry keeps its digest). Signed out,
  with a new session, under another browser name, from another network: the
  recording phone is still refused while it keeps its cookies.

What is not compared: the client's address and its browser name (user agent).
They identify no device: the recorder changes one character of the browser
name at will, and two phones of one make on one venue's Wi-Fi (one address
behind its router, the same browser build) show the same of both: a player
answering on the phone next to the scorekeeper's is answered, not refused.

A player's own account is their identity: the scorekeeper cannot use it, so the
device rule does not apply to it. A hand recorded by the operator (no request:
tests, commands) has no session and no device, and only the account rule holds.
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
        .values("user_id", "data__session", "data__device")
        .first()
    ) or {}
    if signed_in and user.pk in {hand.recorded_by_id, recorded.get("user_id")} - {None}:
        return True
    if meta.session and meta.session == recorded.get("data__session"):
        return True
    if signed_in and seat.player.user_id == user.pk:
        return False  # the seat's own player, signed in: their account is who they are
    return bool(meta.device) and meta.device == recorded.get("data__device")
