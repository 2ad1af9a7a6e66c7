"""The entry form as the template draws it: big tap targets made of radio buttons.

``entry_widgets(form, players)`` turns an ``EntryForm`` (bound or not) into
plain option lists, each option knowing whether it is picked, so the
template stays a loop. A group's options are the players in the order of
their seat winds now (the dealer first).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournament.forms_table import MELD_SLOTS, OUTCOME_CHOICES, PAYOUT_KINDS, SELF, SITUATIONS, EntryForm
from tournament.views.table.display import WIND_NAMES, PlayerNow


@dataclass(frozen=True)
class Option:
    value: str
    label: str
    sub: str = ""
    checked: bool = False
    player: int | None = None  # the player the option names, for hiding the winner among discarders
    seat: str = ""  # that player's wind now: static CSS hides the winner among discarders by it (CSP)


def _value(form: EntryForm, name: str):
    try:
        return form[name].value()
    except KeyError:
        return None


def _picked(form: EntryForm, name: str) -> str:
    value = _value(form, name)
    return "" if value is None else str(value)


def _flag(form: EntryForm, name: str) -> bool:
    value = _value(form, name)
    if isinstance(value, str):
        return value.lower() in ("on", "true", "1")
    return bool(value)


def _player_options(form, name, players, *, first: list[tuple[str, str]] = ()) -> list[Option]:
    picked = _picked(form, name)
    out = [Option(value, label, checked=picked == value) for value, label in first]
    for p in players:
        sub = str(WIND_NAMES[p.wind]) + (" · " + _("dealer") if p.is_dealer else "")
        out.append(Option(str(p.id), p.name, sub, checked=picked == str(p.id), player=p.id, seat=p.wind))
    return out


def entry_widgets(form: EntryForm, players: list[PlayerNow]) -> dict:
    order = "ESWN"
    players = sorted(players, key=lambda p: order.index(p.wind))
    outcome = _picked(form, "outcome") or "win"
    situations = {str(v) for v in (_value(form, "situations") or [])}
    rows = []
    for i in range(form.payout_rows):
        player = _picked(form, f"p-{i}-player")
        kind = _picked(form, f"p-{i}-kind")
        liable = _picked(form, f"p-{i}-liable")
        rows.append(
            {
                "i": i,
                "players": [Option(str(p.id), p.name, checked=player == str(p.id)) for p in players],
                "kinds": [Option(k, label, checked=kind == k) for k, (label, _shape) in PAYOUT_KINDS.items()],
                "initial": _flag(form, f"p-{i}-initial"),
                "liable": [Option(str(p.id), p.name, checked=liable == str(p.id)) for p in players],
                "errors": [e for f in ("player", "kind") for e in form.errors.get(f"p-{i}-{f}", [])],
            }
        )
    melds = [
        {
            "i": i,
            "name": f"meld_{i}",
            "value": _picked(form, f"meld_{i}"),
            "concealed": _flag(form, f"meld_{i}_concealed"),
        }
        for i in range(MELD_SLOTS)
    ]
    has_full_hand = any(_picked(form, f) for f in ("hand_json", "concealed", "bonus", "winning_tile")) or any(
        m["value"] for m in melds
    )
    payout_count = sum(1 for r in rows if any(o.checked for o in r["players"]))
    return {
        "outcomes": [Option(v, label, checked=outcome == v) for v, label in OUTCOME_CHOICES],
        "outcome": outcome,
        "winners": _player_options(form, "winner", players),
        "win_from": _player_options(form, "win_from", players, first=[(SELF, _("Self-drawn"))]),
        "liable": _player_options(form, "liable", players, first=[("", _("Nobody"))]),
        "offenders": _player_options(form, "offender", players),
        "claimed_from": _player_options(form, "claimed_from", players, first=[("", _("No discard"))]),
        "doubles": _picked(form, "doubles"),
        "ping_hu": _flag(form, "ping_hu"),
        "limit": _flag(form, "limit"),
        "thirteen_wonders": _flag(form, "thirteen_wonders"),
        "full_hand": {
            "open": has_full_hand,
            "hand_json": _picked(form, "hand_json"),
            "concealed": _picked(form, "concealed"),
            "melds": melds,
            "bonus": _picked(form, "bonus"),
            "winning_tile": _picked(form, "winning_tile"),
        },
        "situations": [Option(v, label, checked=v in situations) for v, label in SITUATIONS],
        "payout_rows": rows,
        "payouts_open": payout_count > 0 or any(r["errors"] for r in rows),
        "payout_count": payout_count,
        "hidden": {
            "expected_number": _picked(form, "expected_number"),
            "idempotency_key": _picked(form, "idempotency_key"),
            "corrects": _picked(form, "corrects"),
        },
        "errors": {name: list(errs) for name, errs in form.errors.items()} if form.is_bound else {},
    }
