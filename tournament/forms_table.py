"""The scoresheet's entry form: a form post turned into the ledger's entry.

The scorekeeper's taps arrive as plain form fields (the page works without
JavaScript); ``EntryForm.entry()`` turns them into the entry that
``tournament.tables.ledger.hand_record`` takes: the ``settle`` outcome of
../shared/spec/scoring-api.md ("Outcome: the input of settle") with players
named by player id (league-api.md, "hands").

Vocabulary of the form (what a scorekeeper taps):

- **outcome**: ``win``, ``draw`` or ``false_win`` (a penalty, Za Hu).
- **win_from**: how the winner got the winning tile: ``self`` (self-drawn)
  or the id of the player who discarded it. One tap instead of two.
- **doubles** (quick entry: one tap on a count), or **doubles_other** (a
  count typed in, beyond the taps; it wins over the tap), or the toggles **ping_hu**,
  **limit** and **thirteen_wonders**; or the **full hand**, which the engine
  scores item by item: tile codes of the contract in ``concealed``,
  ``winning_tile``, ``bonus`` and up to four declared sets ``meld_<i>``
  (each with ``meld_<i>_concealed`` for a concealed kong), typed or filled
  by the tile picker (templates/components/tile_picker.html). ``hand_json``
  carries a recorded hand that does not fit these fields (re-entering a
  voided hand) and wins over them. **situations** are the hand's ``events``
  (last tile, robbing a kong ...) and only count with the full hand.
- **payout rows** (``p-<i>-player``, ``p-<i>-kind``, ``p-<i>-initial``,
  ``p-<i>-liable``, ``p-<i>-drop``): kongs and bonus-tile payouts
  (``instant``), tapped who then what. A row with no player is left out, so
  the page may show blank rows; a row with ``drop`` ticked is taken out.
- **liable** (Bao) for a win, tapped, or the preview's proposal accepted
  (**bao_liable**; **bao_decline** undoes it); **offender** and **claimed_from** (the
  discard the false claim was made on) for a penalty.

What this module does not do: check the entry against the rules (the
ledger and the engine do, and their problems are shown with ``explain``).
"""

from __future__ import annotations

import hashlib
import json
import re
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

OUTCOME_CHOICES = [
    ("win", gettext_lazy("Win")),
    ("draw", gettext_lazy("Draw")),
    ("false_win", gettext_lazy("Penalty (Za Hu)")),
]
SELF = "self"

# Payout kinds as the form offers them -> the ``instant`` item of the contract.
PAYOUT_KINDS: dict[str, tuple[Any, dict[str, Any]]] = {
    "kong_exposed": (gettext_lazy("Kong, exposed"), {"type": "kong", "concealed": False}),
    "kong_concealed": (gettext_lazy("Kong, concealed"), {"type": "kong", "concealed": True}),
    "flower_pair": (gettext_lazy("Own flower + own season"), {"type": "flower_pair"}),
    "cat_rat": (gettext_lazy("Cat + rat"), {"type": "animal_pair", "pair": "cat_rat"}),
    "rooster_centipede": (
        gettext_lazy("Rooster + centipede"),
        {"type": "animal_pair", "pair": "rooster_centipede"},
    ),
    "set_flowers": (gettext_lazy("All four flowers"), {"type": "bonus_set", "set": "flowers"}),
    "set_seasons": (gettext_lazy("All four seasons"), {"type": "bonus_set", "set": "seasons"}),
    "set_animals": (gettext_lazy("All four animals"), {"type": "bonus_set", "set": "animals"}),
}
KONG_KINDS = ("kong_exposed", "kong_concealed")

# The hand's events (scoring-api.md, "Hand"): ticked as situations with the full hand.
SITUATIONS = [
    ("last_tile", gettext_lazy("Won on the last tile")),
    ("flower_replacement", gettext_lazy("Won on a flower's replacement tile")),
    ("kong_replacement", gettext_lazy("Won on a kong's replacement tile")),
    ("double_kong_replacement", gettext_lazy("Won on a replacement after two kongs")),
    ("robbing_kong", gettext_lazy("Robbed a kong")),
    ("heavenly", gettext_lazy("Heavenly hand (the dealer's deal)")),
    ("earthly", gettext_lazy("Earthly hand (the first discard)")),
    ("robbing_eighth_flower", gettext_lazy("Robbed the eighth flower")),
]

BLANK_PAYOUT_ROWS = 4
MAX_PAYOUT_ROWS = 40
_ROW_FIELD = re.compile(r"^p-(\d+)-(player|kind|initial|liable|drop)$")
MELD_SLOTS = 4
_FULL_HAND_FIELDS = ("concealed", "bonus", "winning_tile", *(f"meld_{i}" for i in range(MELD_SLOTS)))


def entry_fingerprint(entry: Mapping[str, Any], expected_number: int | None) -> str:
    """A short digest of an entry as previewed: confirming a different entry previews it again."""
    text = json.dumps({"entry": entry, "number": expected_number}, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def new_idempotency_key() -> str:
    """A fresh key for one rendering of the entry form (a retry of the same form reuses it)."""
    return uuid.uuid4().hex


@dataclass(frozen=True)
class Seated:
    """A player at the table as the form offers them: id, name, seat wind now."""

    id: int
    name: str
    wind: str = ""


class EntryForm(forms.Form):
    """One hand's outcome as tapped on the scoresheet."""

    expected_number = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    idempotency_key = forms.CharField(widget=forms.HiddenInput, max_length=100)
    corrects = forms.IntegerField(widget=forms.HiddenInput, required=False)

    outcome = forms.ChoiceField(choices=OUTCOME_CHOICES, initial="win", widget=forms.RadioSelect)
    winner = forms.TypedChoiceField(coerce=int, required=False, empty_value=None)
    win_from = forms.ChoiceField(required=False)
    doubles = forms.IntegerField(required=False, min_value=0, max_value=99)
    doubles_other = forms.IntegerField(required=False, min_value=0, max_value=99)
    ping_hu = forms.BooleanField(required=False)
    limit = forms.BooleanField(required=False)
    thirteen_wonders = forms.BooleanField(required=False)
    liable = forms.TypedChoiceField(coerce=int, required=False, empty_value=None)
    # The preview's Bao proposal (a full hand won on a discard): Accept posts bao_liable (then kept
    # in the preview as a hidden field), Undo posts bao_decline. A liable player tapped wins over it.
    bao_liable = forms.TypedChoiceField(coerce=int, required=False, empty_value=None)
    bao_decline = forms.BooleanField(required=False)
    offender = forms.TypedChoiceField(coerce=int, required=False, empty_value=None)
    claimed_from = forms.TypedChoiceField(coerce=int, required=False, empty_value=None)

    # The full hand: the tile picker's JSON, or tile codes typed in (the page without JavaScript).
    hand_json = forms.CharField(required=False, widget=forms.HiddenInput)
    concealed = forms.CharField(required=False, max_length=300)
    bonus = forms.CharField(required=False, max_length=200)
    winning_tile = forms.CharField(required=False, max_length=20)
    situations = forms.MultipleChoiceField(
        choices=SITUATIONS, required=False, widget=forms.CheckboxSelectMultiple
    )

    def __init__(self, *args, players: Sequence[Seated], **kwargs):
        super().__init__(*args, **kwargs)
        self.players = list(players)
        ids = [(str(p.id), p.name) for p in self.players]
        nobody = [("", _("Nobody"))]
        self.fields["winner"].choices = ids
        self.fields["win_from"].choices = [(SELF, _("Self-drawn")), *ids]
        self.fields["liable"].choices = nobody + ids
        self.fields["bao_liable"].choices = nobody + ids
        self.fields["offender"].choices = ids
        self.fields["claimed_from"].choices = nobody + ids
        for i in range(MELD_SLOTS):
            self.fields[f"meld_{i}"] = forms.CharField(required=False, max_length=80)
            self.fields[f"meld_{i}_concealed"] = forms.BooleanField(required=False)
        self.payout_rows = self._payout_row_count()
        kinds = [("", "—"), *((k, label) for k, (label, _shape) in PAYOUT_KINDS.items())]
        for i in range(self.payout_rows):
            self.fields[f"p-{i}-player"] = forms.TypedChoiceField(
                choices=[("", "—"), *ids], coerce=int, required=False, empty_value=None
            )
            self.fields[f"p-{i}-kind"] = forms.ChoiceField(choices=kinds, required=False)
            self.fields[f"p-{i}-initial"] = forms.BooleanField(required=False)
            self.fields[f"p-{i}-liable"] = forms.TypedChoiceField(
                choices=nobody + ids, coerce=int, required=False, empty_value=None
            )
            self.fields[f"p-{i}-drop"] = forms.BooleanField(required=False)

    def _payout_row_count(self) -> int:
        source = self.data if self.is_bound else self.initial
        used = [int(m.group(1)) for key in source if (m := _ROW_FIELD.match(key)) and source.get(key)]
        return min(MAX_PAYOUT_ROWS, max(BLANK_PAYOUT_ROWS, max(used, default=-1) + 2))

    # ------------------------------------------------------------ cleaning

    def clean(self) -> dict:
        data = super().clean()
        if data.get("doubles_other") is not None:  # typed beyond the taps: the typed count counts
            data["doubles"] = data["doubles_other"]
        outcome = data.get("outcome")
        if outcome == "win":
            self._clean_win(data)
        elif outcome == "false_win":
            if data.get("offender") is None:
                self.add_error("offender", _("Tap the player who claimed a win he did not have."))
        self._clean_payouts(data)
        return data

    def _clean_win(self, data: dict) -> None:
        if data.get("winner") is None:
            self.add_error("winner", _("Tap the winner."))
        if not data.get("win_from"):
            self.add_error("win_from", _("Tap self-drawn, or the player who discarded the winning tile."))
        hand = self._full_hand(data)
        if hand is not None:
            data["hand"] = hand
            accepted = data.get("bao_liable")
            if data.get("liable") is None and accepted is not None and not data.get("bao_decline"):
                data["liable"] = accepted
                data["bao_accepted"] = True
        elif not (data.get("limit") or data.get("thirteen_wonders")) and data.get("doubles") is None:
            self.add_error("doubles", _("Enter the doubles (or tick Limit, or enter the full hand)."))

    def _full_hand(self, data: dict) -> dict | None:
        """The hand from the tile picker (JSON) or from the typed tile codes; None for quick entry."""
        raw = (data.get("hand_json") or "").strip()
        if raw:
            try:
                hand = json.loads(raw)
            except ValueError:
                self.add_error("hand_json", _("The tile picker sent a hand that could not be read."))
                return None
            if not isinstance(hand, dict):
                self.add_error("hand_json", _("The tile picker sent a hand that could not be read."))
                return None
        elif any((data.get(f) or "").strip() for f in _FULL_HAND_FIELDS):
            hand = {"concealed": data.get("concealed", "").strip()}
            melds = [
                meld_of(data[f"meld_{i}"], concealed=bool(data.get(f"meld_{i}_concealed")))
                for i in range(MELD_SLOTS)
                if (data.get(f"meld_{i}") or "").strip()
            ]
            if melds:
                hand["melds"] = melds
            if (data.get("bonus") or "").strip():
                hand["bonus"] = data["bonus"].strip()
            if (data.get("winning_tile") or "").strip():
                hand["winning_tile"] = data["winning_tile"].strip()
        else:
            return None
        if data.get("situations"):
            hand["events"] = sorted(set(hand.get("events") or []) | set(data["situations"]))
        return hand

    def _clean_payouts(self, data: dict) -> None:
        payouts = []
        for i in range(self.payout_rows):
            player = data.get(f"p-{i}-player")
            kind = data.get(f"p-{i}-kind")
            if data.get(f"p-{i}-drop") or (player is None and not kind):
                continue
            if player is None:
                self.add_error(f"p-{i}-player", _("Say who this payout is for."))
                continue
            if not kind:
                self.add_error(f"p-{i}-kind", _("Say what the payout is for (a kong, a flower pair ...)."))
                continue
            item = {"player": player, **PAYOUT_KINDS[kind][1]}
            if kind not in KONG_KINDS and data.get(f"p-{i}-initial"):
                item["initial"] = True
            if data.get(f"p-{i}-liable") is not None:
                item["liable"] = data[f"p-{i}-liable"]
            payouts.append(item)
        data["instant"] = payouts

    # ------------------------------------------------------------ the entry

    def entry(self) -> dict:
        """The ledger's entry (players by id); call after ``is_valid()``."""
        data = self.cleaned_data
        outcome = data["outcome"]
        entry: dict[str, Any] = {"outcome": outcome}
        if outcome == "win":
            entry["winner"] = data["winner"]
            if data["win_from"] == SELF:
                entry["win"] = "self_draw"
            else:
                entry["win"] = "discard"
                entry["discarder"] = int(data["win_from"])
            if "hand" in data:
                entry["hand"] = data["hand"]
            else:
                if data.get("thirteen_wonders"):
                    entry["thirteen_wonders"] = True
                elif data.get("limit"):
                    entry["limit"] = True
                elif data.get("ping_hu"):
                    entry["ping_hu"] = True
                if (
                    data.get("doubles") is not None
                    and not entry.get("limit")
                    and not entry.get("thirteen_wonders")
                ):
                    entry["doubles"] = data["doubles"]
            if data.get("liable") is not None:
                entry["liable"] = data["liable"]
        elif outcome == "false_win":
            entry["offender"] = data["offender"]
            if data.get("claimed_from") is not None:
                entry["discarder"] = data["claimed_from"]
        if data.get("instant"):
            entry["instant"] = data["instant"]
        return entry

    @property
    def corrects_id(self) -> int | None:
        return self.cleaned_data.get("corrects") if hasattr(self, "cleaned_data") else None


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


# ---------------------------------------------------------------- messages

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
    top = re.split(r"[.\[]", field or "", maxsplit=1)[0]
    where = str(_FIELD_WORDS[top]) if top in _FIELD_WORDS else None
    if where and top in ("instant", "hand") and not message.lower().startswith(where.lower()):
        return f"{where}: {message}"
    return message
