"""The scoresheet's words: an entry turned back into the form's data, and the engine's problems said in the
scorekeeper's words.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, gettext_lazy

from scoring.words import REFUSAL_WHY, error_text
from tournament.forms.scoresheet_kinds import MELD_SLOTS, PAYOUT_KINDS, SELF


def meld_of(text: str, *, concealed: bool = False) -> dict:
    """A declared set typed or picked as tile codes (``"RD RD RD RD"``); the engine checks the tiles.

    The type follows from the tiles: four tiles make a kong, three alike a
    pong, anything else a chow; only a kong can be concealed.
    """
    tiles = [t.upper() for t in re.split(r"[\s,]+", text.strip()) if t]
    if len(tiles) == 4:
        kind = "kong"
    elif len(tiles) == 3 and len(set(tiles)) == 1:
        kind = "pong"
    else:
        kind = "chow"
    meld: dict[str, Any] = {"type": kind, "tiles": tiles}
    if kind == "kong" and concealed:
        meld["concealed"] = True
    return meld


def form_data_from_entry(entry: Mapping[str, Any]) -> dict[str, Any]:
    """The form's initial values for an entry recorded before (to re-enter a voided hand)."""
    out: dict[str, Any] = {"outcome": entry.get("outcome", "win")}
    if entry.get("outcome") == "win":
        out["winner"] = entry.get("winner")
        out["win_from"] = SELF if entry.get("win") == "self_draw" else entry.get("discarder")
        for key in ("doubles", "ping_hu", "limit", "thirteen_wonders", "liable"):
            if entry.get(key) is not None:
                out[key] = entry[key]
        flags = [s for s in ("kong_replacement", "robbing_eighth_flower") if entry.get(s)]
        if flags:
            out["situations"] = flags
        if isinstance(entry.get("hand"), Mapping):
            out.update(_hand_fields(entry["hand"]))
    elif entry.get("outcome") == "false_win":
        out["offender"] = entry.get("offender")
        out["claimed_from"] = entry.get("discarder")
    for i, item in enumerate(entry.get("instant") or []):
        if not isinstance(item, Mapping):
            continue
        kind = payout_kind(item)
        if kind is None:
            continue
        out[f"p-{i}-player"] = item.get("player")
        out[f"p-{i}-kind"] = kind
        out[f"p-{i}-initial"] = bool(item.get("initial"))
        if item.get("liable") is not None:
            out[f"p-{i}-liable"] = item["liable"]
        if item.get("discarder") is not None:
            out[f"p-{i}-from"] = item["discarder"]
    return out


def _hand_fields(hand: Mapping[str, Any]) -> dict[str, Any]:
    """A recorded full hand back as the form's tile fields (or as JSON when it does not fit them)."""
    melds = hand.get("melds") or []
    if len(melds) > MELD_SLOTS or not all(isinstance(m, Mapping) for m in melds):
        return {"hand_json": json.dumps(hand)}

    def codes(value: Any) -> str:
        return " ".join(value) if isinstance(value, list | tuple) else str(value or "")

    out: dict[str, Any] = {
        "concealed": codes(hand.get("concealed")),
        "bonus": codes(hand.get("bonus")),
        "winning_tile": codes(hand.get("winning_tile")),
        "situations": list(hand.get("events") or []),
    }
    for i, meld in enumerate(melds):
        out[f"meld_{i}"] = codes(meld.get("tiles"))
        out[f"meld_{i}_concealed"] = bool(meld.get("concealed"))
    return out


def payout_kind(item: Mapping[str, Any]) -> str | None:
    """The form's payout kind of an ``instant`` item (None if the form has no such kind)."""
    for kind, (_label, shape) in PAYOUT_KINDS.items():
        if all(item.get(k, False if k == "concealed" else None) == v for k, v in shape.items()):
            return kind
    return None


_FIELD_WORDS = {
    "winner": gettext_lazy("Winner"),
    "discarder": gettext_lazy("Discarder"),
    "liable": gettext_lazy("Liable player (Bao)"),
    "offender": gettext_lazy("Penalty"),
    "doubles": gettext_lazy("Doubles"),
    "instant": gettext_lazy("Kongs and bonus tiles"),
    "hand": gettext_lazy("Full hand"),
}


# Engine codes whose own message speaks of seats or fields rather than of the table.
_PLAIN_WORDS = {
    "discarder_is_winner": gettext_lazy(
        "The winner cannot have discarded the winning tile: tap who discarded it."
    ),
    "liable_is_winner": gettext_lazy(
        "The winner cannot be the liable player (Bao): pick someone else or nobody."
    ),
    "liable_is_earner": gettext_lazy("A player cannot be liable for his own kong or bonus tiles."),
    "discarder_is_offender": gettext_lazy(
        "The player who made the false claim cannot have discarded the tile."
    ),
    "ambiguous_entry": gettext_lazy("Give either the doubles or the full hand, not both."),
    "table_finished": gettext_lazy("This table's session is over: no more hands can be recorded."),
    "invalid_correction": gettext_lazy("Only a voided hand of this table can be entered again."),
    "already_void": gettext_lazy("That hand has already been voided."),
    "reason_required": gettext_lazy("Say why the hand is voided."),
}


def explain(code: str, message: str, field: str | None = None) -> str:
    """A ledger or engine problem in the words of the table."""
    if code in _PLAIN_WORDS:
        return str(_PLAIN_WORDS[code])
    if code.startswith("event_") or code in REFUSAL_WHY:  # an impossible event (issue 37), a refused Bao (52)
        return error_text({"message": message}, gettext)
    top = re.split(r"[.\[]", field or "", maxsplit=1)[0]
    where = str(_FIELD_WORDS[top]) if top in _FIELD_WORDS else None
    if where and top in ("instant", "hand") and not message.lower().startswith(where.lower()):
        return f"{where}: {message}"
    return message


def without_dropped_event(post):
    """The posted entry without the event its ``drop_event`` names (the preview's "send it again without").

    The event is taken out of the ticked situations and of a tile picker's hand (``hand_json``); the
    scorekeeper sees the situation unticked and the hand priced again (issue 37).
    """
    event = post.get("drop_event")
    if not event:
        return post
    data = post.copy()
    del data["drop_event"]
    data.setlist("situations", [s for s in data.getlist("situations") if s != event])
    raw = data.get("hand_json")
    if raw:
        try:
            hand = json.loads(raw)
        except ValueError:
            return data
        if isinstance(hand, dict) and isinstance(hand.get("events"), list):
            hand["events"] = [e for e in hand["events"] if e != event]
            data["hand_json"] = json.dumps(hand)
    return data
