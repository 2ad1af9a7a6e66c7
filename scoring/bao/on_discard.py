"""Bao on a winning discard: does the discard make its discarder liable for the whole win?

The scoresheet's preview (``tournament.tables.bao``) and the calculator ask it
of a hand entered tile by tile, won on a discard: ``bao_advice`` (the
advisor, ``scoring.bao.advice``) lists the dangerous tiles for the winner's
exposed melds, and the winning tile is looked up among them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring import tiles as T
from scoring.bao.advice import bao_advice
from scoring.errors import InvalidInput


def discard_liability(
    hand: Mapping[str, Any], *, discarder: str, rules: str | None = None, options: Mapping | None = None
) -> dict | None:
    """Does the winning discard make its discarder liable for the whole win? (the scoresheet's proposal)

    ``hand`` is a contract Hand won on a discard (``win: "discard"``) whose
    exposed melds are known (entered tile by tile); ``discarder`` the seat
    that discarded ``winning_tile``. The winner's exposed melds and bonus
    tiles are what the table showed before the discard (001 rule 27 "Minimum
    display tiles"; 004 "pay-for-all" table; 002 Bao scenarios); a kong
    declared concealed is not counted as shown. No alert needs to have been
    given (001 rule 13). The fresh-tile rules need the wall and the discards,
    which a hand does not carry: they are not judged here.

    Returns ``{"seat": discarder, "tile": winning tile, "reasons": [...]}``
    (each reason as in ``bao_advice``, ``liable_for`` "win") or None when the
    discard makes nobody liable, the hand was not won on a discard, or the
    hand cannot be read (the engine reports that elsewhere).
    """
    if not isinstance(hand, Mapping) or hand.get("win") != "discard" or discarder == hand.get("seat_wind"):
        return None
    melds = hand.get("melds") or []
    if not isinstance(melds, list) or not isinstance(hand.get("winning_tile"), str):
        return None
    exposed = [m for m in melds if isinstance(m, Mapping) and not m.get("concealed")]
    try:
        tile = T.parse_tiles([hand["winning_tile"]], "winning_tile")[0]
        advice = bao_advice(
            {
                "rules": rules if rules is not None else hand.get("rules"),
                "options": options if options is not None else hand.get("options"),
                "prevailing_wind": hand.get("prevailing_wind", "E"),
                "seat": hand.get("seat_wind"),
                "melds": [{"type": m.get("type"), "tiles": m.get("tiles")} for m in exposed],
                "bonus": hand.get("bonus") or [],
            }
        )
    except InvalidInput:
        return None
    for row in advice["dangerous"]:
        if row["tile"] == tile:
            reasons = [r for r in row["reasons"] if r["liable_for"] == "win"]
            if reasons:
                return {"seat": discarder, "tile": tile, "reasons": reasons}
    return None
