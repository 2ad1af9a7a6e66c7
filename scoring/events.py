"""Events a winning hand cannot have had: ``event_errors``, and why each cannot, in a scorekeeper's words.

A hand names its **events** (the contract's ``events``: how the winning tile
came, heavenly and earthly hands). Some cannot have happened with the rest of
the hand: heavenly for a non-dealer, earthly for the dealer, either with a
claimed meld, earthly self-drawn unless the rule set allows it
(``earthly_self_drawn``), a replacement tile or the last tile on a discard,
robbing a kong on a self-draw, a kong replacement with no kong, a flower
replacement with no bonus tile, robbing the eighth flower with fewer than
seven or on a self-draw (the robbed flower is "a discard of the player that
draws the last flower tile", 002 line 327; 004 line 29 "paid as win on
discard"; 001 rule 24g "steal the last 8th tile from any player"; 000 "is
automatically transferred"). ``score_hand`` then refuses the whole hand (422): each error names the
``event`` and says why (``EVENT_WHY``), so that a page can offer to score the
hand again without it (issue 37).
"""

from __future__ import annotations

from scoring.errors import Error
from scoring.hand_facts import Facts
from scoring.i18n import gettext_noop
from scoring.model import Hand

# Why an event cannot have happened, in words a scorekeeper understands: the event, then why. Pages
# translate them (``scoring.words.error_text``; marked here for ``makemessages``); each error also names
# its ``event``, so that a page can offer to score the hand again without it.
EVENT_WHY: dict[str, str] = {
    "heavenly_not_dealer": gettext_noop(
        "Heavenly hand: only the dealer (East) wins one, self-drawn on the tiles dealt to him."
    ),
    "heavenly_claimed": gettext_noop(
        "Heavenly hand: it is won before anyone discards, so it cannot hold a claimed chow, pong or kong."
    ),
    "earthly_dealer": gettext_noop("Earthly hand: it is won by a player other than the dealer (East)."),
    "earthly_claimed": gettext_noop(
        "Earthly hand: it is won on the dealer's first discard, so it cannot hold a "
        "claimed chow, pong or kong."
    ),
    "earthly_self_drawn": gettext_noop(
        "Earthly hand: under this rule set it is won on the dealer's first discard, not self-drawn."
    ),
    "flower_replacement_on_discard": gettext_noop(
        "Won on a flower's replacement tile: that tile is drawn from the "
        "wall, so the win cannot be on a discard."
    ),
    "kong_replacement_on_discard": gettext_noop(
        "Won on a kong's replacement tile: that tile is drawn from the wall, "
        "so the win cannot be on a discard."
    ),
    "double_kong_replacement_on_discard": gettext_noop(
        "Won on a replacement after two kongs: that tile is drawn from "
        "the wall, so the win cannot be on a discard."
    ),
    "last_tile_on_discard": gettext_noop(
        "Won on the last tile of the wall: that tile is drawn, so the win cannot be on a discard."
    ),
    "kong_replacement_no_kong": gettext_noop("Won on a kong's replacement tile: the hand has no kong."),
    "double_kong_replacement_no_kongs": gettext_noop(
        "Won on a replacement after two kongs: the hand has fewer than two kongs."
    ),
    "flower_replacement_no_bonus": gettext_noop(
        "Won on a flower's replacement tile: the hand has no flower, season or animal."
    ),
    "robbing_kong_self_drawn": gettext_noop(
        "Robbed a kong: the tile is taken from another player's kong, so the win cannot be self-drawn."
    ),
    "robbing_eighth_flower_few": gettext_noop(
        "Robbed the eighth flower: the hand needs seven flowers and seasons."
    ),
    "robbing_eighth_flower_self_drawn": gettext_noop(
        "Robbed the eighth flower: it is taken from the player who drew it, as his discard, so the win "
        "cannot be self-drawn. Enter a win on a discard, with that player as the discarder."
    ),
}


def event_errors(hand: Hand, facts: Facts) -> list[Error]:
    """Events this hand cannot have had: an ``Error`` on field ``events`` naming the ``event``, each."""
    ev = hand.events
    if not ev:
        return []
    errors = []

    def bad(code: str, event: str, why: str) -> None:
        errors.append(Error(code, EVENT_WHY[why], "events", event))

    drawn = hand.win == "self_draw"
    # 001 rule 24h-i, 002 Heavenly/Earthly Hand, 004: both are won before the winner has had a
    # turn (the dealer's first draw; the dealer's first discard), so no meld can have been claimed.
    claimed = any(not m.concealed for m in hand.melds)
    if "heavenly" in ev and (hand.seat_wind != "E" or not drawn):
        bad("event_not_possible", "heavenly", "heavenly_not_dealer")
    if "heavenly" in ev and claimed:
        bad("event_not_possible", "heavenly", "heavenly_claimed")
    if "earthly" in ev and hand.seat_wind == "E":
        bad("event_not_possible", "earthly", "earthly_dealer")
    if "earthly" in ev and claimed:
        bad("event_not_possible", "earthly", "earthly_claimed")
    if "earthly" in ev and drawn and not hand.rules.get("earthly_self_drawn", False):
        # 001 rule 24i, 002: "when Banker discarded the first tile"; 004 also allows the first draw
        bad("event_needs_discard", "earthly", "earthly_self_drawn")
    for event in ("flower_replacement", "kong_replacement", "double_kong_replacement", "last_tile"):
        if event in ev and not drawn:
            bad("event_needs_self_draw", event, f"{event}_on_discard")
    kongs = (
        sum(1 for m in hand.melds if m.kind == "kong")
        if "kong_replacement" in ev or "double_kong_replacement" in ev
        else 0
    )
    if "kong_replacement" in ev and kongs == 0:
        bad("event_not_possible", "kong_replacement", "kong_replacement_no_kong")
    if "double_kong_replacement" in ev and kongs < 2:
        bad("event_not_possible", "double_kong_replacement", "double_kong_replacement_no_kongs")
    if "flower_replacement" in ev and not hand.bonus:
        bad("event_not_possible", "flower_replacement", "flower_replacement_no_bonus")
    if "robbing_kong" in ev and drawn:
        bad("event_needs_discard", "robbing_kong", "robbing_kong_self_drawn")
    if "robbing_eighth_flower" in ev and facts.n_flowers < 7:
        bad("event_not_possible", "robbing_eighth_flower", "robbing_eighth_flower_few")
    if "robbing_eighth_flower" in ev and drawn:
        # 002 line 327: won "by 'robbing' the last flower tile as a discard of the player that draws" it
        bad("event_needs_discard", "robbing_eighth_flower", "robbing_eighth_flower_self_drawn")
    return errors
