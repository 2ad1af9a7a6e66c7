"""Ping Hu (the all-chows hand) and its restrictions: 001 rule 26 a-g, 23o-q.

Vocabulary:

- **Ping Hu** (平胡, Greater Sequence Hand, Ping Wu): four chows and an eye,
  won within the wait restrictions, with no bonus tile (001 rule 23p: 4
  doubles). With any flower, season or animal it is **Little Ping Hu**
  (小平胡, "smelly" Ping Hu, All Chow game: 001 rule 23q, 1 double).
- **valued eye**: an eye of dragons, of the seat wind or of the prevailing
  wind (001 rule 26a). An eye of another wind is allowed.
- **multiple wait**: before winning the hand waited on two tiles or more
  (``Reading.waits``). The **shape** of the wait is what the winning tile
  completed in this reading (``Reading.wait``): ``two_sided``, ``edge``
  (1-2 waiting on 3), ``closed`` (Ka Long: 5-7 waiting on 6), ``single``
  (a lone tile waiting for its pair).

The restrictions, read as 001 rule 26 words them:

- a. no dragons, own wind or round wind as the eye;
- b. all four sets are chows;
- c. the winning tile must come from a multiple wait;
- d. not the in-between tile (closed wait), e. not the edge tile (edge
  wait): on a discard these spoil Ping Hu even when the hand had another
  tile to wait on, because the rule forbids *gaming a tile* of that shape;
- f. not a tile that forms the eye, unless the hand had a multiple wait
  ("4567 waiting for either 4 or 7 as eye");
- g. c to f do not apply to a self-drawn win.

The other documents differ only in the wait (settings of the rule set):
004 and 000 ask just for a multiple wait on a discard, whatever its shape
(``ping_hu_wait_shapes`` false); 002 and 004 refuse even a self-drawn Ping
Hu when all four chows were melded and the hand waited on a single tile
(``ping_hu_melded_single_self_draw`` false).

``ping_hu_fault`` says why a reading is not Ping Hu (None when it is); the
fault codes carry their rule: see ``FAULT_RULE``.
"""

from __future__ import annotations

from scoring.hand_facts import Facts
from scoring.hand_values import Values
from scoring.model import Hand, Item, Reading
from scoring.tiles import DRAGONS, WIND_OF_SEAT

FAULT_RULE = {
    "special_shape": "001 rule 26b",  # 13 Wonders, seven pairs: not four chows
    "not_all_chows": "001 rule 26b",
    "valued_eye": "001 rule 26a",
    "closed_wait": "001 rule 26d",
    "edge_wait": "001 rule 26e",
    "single_wait": "001 rule 26f",
    "one_tile_wait": "001 rule 26c",
    "melded_single_wait": "002 Greater Sequence Hand; 004 tai table",
}


def ping_hu_fault(hand: Hand, reading: Reading, flags) -> str | None:
    """Why ``reading`` of ``hand`` is not Ping Hu under these settings (None: it is)."""
    if reading.special is not None or reading.eye is None:
        return "special_shape"
    sets = reading.sets
    if len(sets) != 4:
        return "special_shape"
    for m in sets:
        if m.kind != "chow":
            return "not_all_chows"
    eye = reading.eye[0]
    if eye in DRAGONS or eye == WIND_OF_SEAT[hand.seat_wind] or eye == WIND_OF_SEAT[hand.prevailing_wind]:
        return "valued_eye"
    wait = reading.wait
    multiple = len(reading.waits) >= 2
    if hand.win != "self_draw":
        if flags.get("ping_hu_wait_shapes", True):
            if wait == "closed":
                return "closed_wait"
            if wait == "edge":
                return "edge_wait"
            if wait == "single" and not multiple:
                return "single_wait"
        if not multiple:
            return "one_tile_wait"
    elif not flags.get("ping_hu_melded_single_self_draw", True):
        if wait == "single" and not multiple and all(m.declared for m in sets):
            return "melded_single_wait"
    return None


def ping_hu_items(hand: Hand, facts: Facts, reading: Reading, v: Values, colour: list[Item]) -> list[Item]:
    """The Ping Hu item of a reading, if any (001 rule 23o-q; 004; 002; 000).

    ``colour`` is the hand's colour items: a full flush Ping Hu is one item
    of its own where the rule set counts it (001 rule 23o).
    """
    if not (v.counts("ping_hu") or v.counts("little_ping_hu")):
        return []
    if ping_hu_fault(hand, reading, v.flags) is not None:
        return []
    if facts.flowers or facts.seasons or facts.animals:
        item = v.item("little_ping_hu", "Little Ping Hu (with bonus tiles)")
        return [item] if item is not None else []
    if v.counts("full_flush_ping_hu") and any(i.code == "full_flush" for i in colour):
        return [v.item("full_flush_ping_hu", "Full Flush Ping Hu")]
    item = v.item("ping_hu", "Ping Hu")
    return [item] if item is not None else []
