"""A hand entry priced before anything is written: the scoring engine's answer in player ids
(``hand_settle``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import scoring
from scoring.payments import cap_to_balances
from scoring.rulesets import get_ruleset
from tournament.models import Player, Table
from tournament.tables.bao import bao_proposal
from tournament.tables.ledger.errors import HandRejected, Problem
from tournament.tables.ledger.guard import (
    refuse_rule_changes,
)
from tournament.tables.selectors import table_fold
from tournament.tables.state import TableState, winds_for_hand

PLAYER_FIELDS = ("winner", "discarder", "liable", "offender")


@dataclass(frozen=True)
class Settlement:
    """What the engine says about an entry, in player ids: shown before confirming."""

    settle_input: dict
    result: dict  # the engine's answer, in seat winds
    transfers: list[dict]  # {"from": pid, "to": pid, "amount", "reason"} after the short-of-chips policy
    net: dict[int, int]
    unpaid: dict[int, int]
    balances_after: dict[int, int]
    score: dict | None = None
    winds: dict[str, int] = field(default_factory=dict)  # seat wind -> player id for this hand
    bao: dict | None = None  # the winning discard's liable player, proposed (tournament.tables.bao)


def _competition(table: Table):
    return table.round.competition


def _to_seats(entry: Mapping[str, Any], winds: dict[str, int]) -> dict:
    """The league entry (player ids) as a ``settle`` outcome (seat winds of this hand)."""
    seat_of = {pid: wind for wind, pid in winds.items()}
    problems: list[Problem] = []

    def seat(value: Any, where: str) -> str | None:
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            problems.append(Problem("invalid_type", f"{where} must be a player id (a whole number).", where))
            return None
        if value not in seat_of:
            name = Player.objects.filter(pk=value).values_list("name", flat=True).first()
            who = name or f"Player {value}"
            problems.append(Problem("not_at_table", f"{who} is not playing at this table.", where))
            return None
        return seat_of[value]

    # kong_declared is the ledger's own (a draw's kong, Hand.kong_declared): the engine does not take it.
    dropped = (*PLAYER_FIELDS, "instant", "rules", "options", "kong_declared")
    out = {k: v for k, v in entry.items() if k not in dropped}
    for key in PLAYER_FIELDS:
        if key in entry and entry[key] is not None:
            out[key] = seat(entry[key], key)
    instants = entry.get("instant") or []
    if not isinstance(instants, list):
        problems.append(Problem("invalid_type", "instant must be a list of payouts.", "instant"))
        instants = []
    converted = []
    for i, item in enumerate(instants):
        if not isinstance(item, Mapping):
            problems.append(
                Problem("invalid_type", "Each instant payout must be an object.", f"instant[{i}]")
            )
            continue
        item = dict(item)
        for key in ("player", "liable", "discarder"):
            if key in item and item[key] is not None:
                item["seat" if key == "player" else key] = seat(item.pop(key), f"instant[{i}].{key}")
        converted.append(item)
    if converted:
        out["instant"] = converted
    if out.get("outcome") == "win" and isinstance(out.get("hand"), Mapping):
        hand = dict(out["hand"])
        hand.setdefault("seat_wind", out.get("winner"))
        out["hand"] = hand
    if problems:
        raise HandRejected(problems, status=400)
    return out


def hand_settle(*, table: Table, entry: Mapping[str, Any], state: TableState | None = None) -> Settlement:
    """Validate an entry and work out who pays whom, without writing anything (the preview)."""
    if not isinstance(entry, Mapping):
        raise HandRejected([Problem("invalid_input", "The hand must be a JSON object.")], status=400)
    competition = _competition(table)
    refuse_rule_changes(entry, competition)
    if state is None:
        state = table_fold(table).state
    if state.finished:
        raise HandRejected([Problem("table_finished", "This table's session is over: no more hands.")])
    winds = winds_for_hand(state)
    outcome = _to_seats(entry, winds)
    outcome["rules"] = competition.rules
    if competition.options:
        outcome["options"] = competition.options
    if isinstance(outcome.get("hand"), Mapping):
        outcome["hand"] = {**outcome["hand"], "prevailing_wind": state.prevailing_wind}
    try:
        result = scoring.settle(outcome)
    except scoring.InvalidInput as exc:
        raise HandRejected([Problem(e.code, e.message, e.field) for e in exc.errors], status=400) from None
    if result.get("win") is False:
        raise HandRejected(
            [Problem(e["code"], e["message"], e.get("field"), e.get("event")) for e in result["errors"]]
        )
    rules = get_ruleset(competition.rules, competition.options or None)
    balances_by_wind = {wind: state.balances[pid] for wind, pid in winds.items()}
    paid = cap_to_balances(result["transfers"], balances_by_wind, rules["short_of_chips"])
    transfers = [
        {"from": winds[t["from"]], "to": winds[t["to"]], "amount": t["amount"], "reason": t["reason"]}
        for t in paid["transfers"]
    ]
    net = {winds[w]: chips for w, chips in paid["net"].items()}
    return Settlement(
        settle_input=outcome,
        result=result,
        transfers=transfers,
        net=net,
        unpaid={winds[w]: chips for w, chips in paid.get("unpaid", {}).items() if chips},
        balances_after={pid: state.balances[pid] + net.get(pid, 0) for pid in state.balances},
        score=result.get("hand"),  # the score_hand answer when a full hand was entered
        winds=winds,
        bao=bao_proposal(outcome, winds),
    )


def doubles_of(entry: Mapping[str, Any], settlement: Settlement) -> int | None:
    if entry.get("outcome") != "win":
        return None
    doubles = settlement.result.get("doubles")
    return doubles if isinstance(doubles, int) and not isinstance(doubles, bool) else None
