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

from tournament.forms.scoresheet_kinds import KONG_KINDS, MELD_SLOTS, PAYOUT_KINDS, SELF
from tournament.forms.scoresheet_words import (
    meld_of,
)

OUTCOME_CHOICES = [
    ("win", gettext_lazy("Win")),
    ("draw", gettext_lazy("Draw")),
    ("false_win", gettext_lazy("Penalty (Za Hu)")),
]


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

# Situations that quick entry (no tiles) passes on: they decide who pays (002 lines 329, 481).
QUICK_SITUATIONS = ("kong_replacement", "robbing_eighth_flower")

BLANK_PAYOUT_ROWS = 4
MAX_PAYOUT_ROWS = 40
_ROW_FIELD = re.compile(r"^p-(\d+)-(player|kind|initial|liable|from|drop)$")
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
            # an exposed kong's discarder (002 line 481: he pays for a win on its replacement tile)
            self.fields[f"p-{i}-from"] = forms.TypedChoiceField(
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
            if kind == "kong_exposed" and data.get(f"p-{i}-from") is not None:
                item["discarder"] = data[f"p-{i}-from"]
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
                for flag in QUICK_SITUATIONS:  # who pays may hang on them (issue 37; scoring.settle)
                    if flag in (data.get("situations") or []):
                        entry[flag] = True
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


# ---------------------------------------------------------------- messages
