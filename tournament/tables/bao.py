"""The scoresheet's Bao proposal: a winning discard that makes its discarder liable (pay for all).

When a win on a discard is entered tile by tile, the winner's exposed melds
are known, and ``scoring.bao.discard_liability`` can say whether the winning
discard fitted one of the rule set's Bao scenarios (001 rule 27 a-g, 004's
pay-for-all table, 002's Bao scenarios). The preview shows it, with the rule,
and proposes the discarder as the liable player; the scorekeeper accepts it
or not (``tournament.forms_table.EntryForm``: ``bao_liable``). Nothing here
decides anything: what is recorded is the entry's ``liable``, as when it is
tapped by hand (quick entry has no tiles, so no proposal).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.bao import discard_liability


def bao_proposal(outcome: Mapping[str, Any], winds: Mapping[str, int]) -> dict | None:
    """The proposal for a ``settle`` outcome (seat winds), with the liable player's id, or None."""
    hand = outcome.get("hand")
    seat = outcome.get("discarder")
    if outcome.get("outcome") != "win" or outcome.get("win") != "discard" or not isinstance(hand, Mapping):
        return None
    if seat not in winds:
        return None
    proposal = discard_liability(
        {**hand, "win": "discard", "seat_wind": hand.get("seat_wind") or outcome.get("winner")},
        discarder=seat,
        rules=outcome.get("rules"),
        options=outcome.get("options"),
    )
    if proposal is None:
        return None
    return {**proposal, "player": winds[seat], "applied": outcome.get("liable") == seat}
