"""The entry form as the template draws it: big tap targets made of radio buttons.

``entry_widgets(form, players)`` turns an ``EntryForm`` (bound or not) into
plain option lists, each option knowing whether it is picked, so the
template stays a loop. A group's options are the players in the order they
sat down (the columns of the balance cards and of the hand list): players
keep their places on screen from hand to hand, whoever deals.

Kongs and bonus payouts are tapped: the rows already complete (who and what)
show as chips, and one blank row of taps (who, then what) adds the next.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournament.forms.scoresheet import OUTCOME_CHOICES, SITUATIONS, EntryForm
from tournament.forms.scoresheet_kinds import KONG_KINDS, MELD_SLOTS, PAYOUT_KINDS, SELF
from tournament.views.table.display import PlayerNow


@dataclass(frozen=True)
class Option:
    value: str
    label: str
    sub: str = ""
    checked: bool = False
    player: int | None = None  # the player the option names, for hiding the winner among discarders
    seat: str = ""  # where the player sat: static CSS hides the winner among discarders by it (CSP)


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
    for p in players:  # the name alone: the balance cards above, in the same columns, say wind and dealer
        out.append(Option(str(p.id), p.name, checked=picked == str(p.id), player=p.id, seat=p.seat))
    return out


DOUBLES_TAPS = 6  # counts offered as one tap each, from the rule set's minimum; more are typed


def _doubles(form: EntryForm, min_doubles: int, limit_doubles: int | None = None) -> dict:
    """The doubles as taps (min .. min+5, never past the limit: issue 32) and a field for more: a real value
    or plainly nothing."""
    other = _picked(form, "doubles_other")
    value = other or _picked(form, "doubles")
    last = min_doubles + DOUBLES_TAPS - 1
    if limit_doubles:
        last = min(last, limit_doubles)
    taps = [str(n) for n in range(min_doubles, last + 1)]
    tapped = value if value in taps else ""
    return {
        "taps": [Option(n, n, checked=tapped == n) for n in taps],
        "other": "" if tapped else value,
    }


def _payout_rows(form: EntryForm, players: list[PlayerNow]) -> tuple[list[dict], dict]:
    """The payouts tapped so far (who and what, as chips) and the blank row of taps for the next one."""
    added, blank = [], None
    for i in range(form.payout_rows):
        player = _picked(form, f"p-{i}-player")
        kind = _picked(form, f"p-{i}-kind")
        if _flag(form, f"p-{i}-drop"):
            continue
        liable = _picked(form, f"p-{i}-liable")
        fed = _picked(form, f"p-{i}-from")
        who = next((p for p in players if str(p.id) == player), None)
        row = {
            "i": i,
            "players": [Option(str(p.id), p.name, checked=player == str(p.id), seat=p.seat) for p in players],
            "kinds": [Option(k, label, checked=kind == k) for k, (label, _shape) in PAYOUT_KINDS.items()],
            "player": player,
            "kind": kind,
            "who": who.name if who else "",
            "what": str(PAYOUT_KINDS[kind][0]) if kind in PAYOUT_KINDS else "",
            "is_kong": kind in KONG_KINDS,
            "initial": _flag(form, f"p-{i}-initial"),
            "liable": [Option(str(p.id), p.name, checked=liable == str(p.id)) for p in players],
            "is_exposed_kong": kind == "kong_exposed",
            "fed_by": [
                Option(str(p.id), p.name, checked=fed == str(p.id)) for p in players if str(p.id) != player
            ],
            "errors": [e for f in ("player", "kind") for e in form.errors.get(f"p-{i}-{f}", [])],
        }
        if player and kind:
            added.append(row)
        elif blank is None:
            blank = row
    if blank is None:  # every row is used: one more (the form takes it on the next post)
        blank = {**_payout_rows(EntryForm(players=form.players), players)[1], "i": form.payout_rows}
    return added, blank


def entry_widgets(
    form: EntryForm, players: list[PlayerNow], *, min_doubles: int = 1, limit_doubles: int | None = None
) -> dict:
    players = sorted(players, key=lambda p: "ESWN".index(p.seat))  # as seated: places never move
    outcome = _picked(form, "outcome") or "win"
    situations = {str(v) for v in (_value(form, "situations") or [])}
    added, blank = _payout_rows(form, players)
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
    return {
        "outcomes": [Option(v, label, checked=outcome == v) for v, label in OUTCOME_CHOICES],
        "outcome": outcome,
        "winners": _player_options(form, "winner", players),
        "win_from": _player_options(form, "win_from", players, first=[(SELF, _("Self-drawn"))]),
        "liable": _player_options(form, "liable", players, first=[("", _("Nobody"))]),
        "offenders": _player_options(form, "offender", players),
        "claimed_from": _player_options(form, "claimed_from", players, first=[("", _("No discard"))]),
        "doubles": _doubles(form, min_doubles, limit_doubles),
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
        "situations_open": bool(situations),
        "payouts": added,
        "payout_blank": blank,
        "payouts_open": bool(added) or bool(blank["player"] or blank["kind"] or blank["errors"]),
        "payout_count": len(added),
        "hidden": {
            "expected_number": _picked(form, "expected_number"),
            "idempotency_key": _picked(form, "idempotency_key"),
            "corrects": _picked(form, "corrects"),
        },
        "errors": {name: list(errs) for name, errs in form.errors.items()} if form.is_bound else {},
    }
