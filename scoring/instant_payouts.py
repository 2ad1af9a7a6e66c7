"""Instant payouts: the chips a kong, a pair of own bonus tiles or a bonus set earn at once.

Paid whatever the outcome of the hand, a draw or a false win included
("independent of winning or losing the Hand", 002). Each other seat pays the
payout (``scoring.payments.instant_amount``) to the seat that earned it; a
seat that pays for all (``scoring.bao.liability.instant_payer_for_all``: the
liable seat of a fresh-tile kong, 001 section A, 004 "pay-for-all for this
kong only"; or the kong's feeder under ``exposed_kong_paid_by``) pays all
three shares. A robbed kong is not paid (004: "unless it gets robbed"):
leave it out. A bite (``flower_pair``, ``animal_pair``) drawn on a kong's
replacement tile says so (``kong_replacement``): under
``kong_discarder_pays_for_all`` (002 line 481) the seat that discarded that
kong's tile (the ``discarder`` of the earner's last kong listed before the
bite) pays all three shares, unless the table names another ``liable``.
Instant *wins* (hands) are ``scoring.instant_wins``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.bao.liability import instant_payer_for_all, kong_feeder, pay_for_all
from scoring.errors import Error, InvalidInput
from scoring.model import SEATS
from scoring.outcome import (
    _INSTANT_FIELDS,
    ANIMAL_PAIRS,
    BITES,
    BONUS_SETS,
    INSTANT_TYPES,
    MAX_INSTANT,
    _bad,
    _choice,
    _flag,
    _seat,
)
from scoring.payments import instant_amount, transfer
from scoring.rulesets import RuleSet
from scoring.words import REFUSAL_WHY


def instant_transfers(items: Any, rules: RuleSet) -> list[dict]:
    """The transfers of the outcome's ``instant`` payouts (none if it has none), each checked."""
    if items is None:
        return []
    if not isinstance(items, list):
        raise _bad("wrong_type", "instant must be a list of payouts.", "instant")
    if len(items) > MAX_INSTANT:
        raise _bad("too_many_instant", f"A hand has at most {MAX_INSTANT} instant payouts.", "instant")
    out: list[dict] = []
    for i, item in enumerate(items):
        where = f"instant[{i}]"
        if not isinstance(item, Mapping):
            raise _bad("wrong_type", "An instant payout must be an object.", where)
        unknown = sorted(str(k) for k in item if k not in _INSTANT_FIELDS)
        if unknown:
            raise _bad(
                "unknown_field",
                f"Unknown field {unknown[0]!r} in an instant payout.",
                f"{where}.{unknown[0]}",
            )
        kind = _choice(item, "type", INSTANT_TYPES, f"{where}.type")
        seat = _seat(item, "seat", f"{where}.seat")
        concealed = _flag(item, "concealed", f"{where}.concealed")
        initial = _flag(item, "initial", f"{where}.initial")
        if kind == "animal_pair" and item.get("pair") is not None:
            _choice(item, "pair", ANIMAL_PAIRS, f"{where}.pair")
        if kind == "bonus_set" and item.get("set") is not None:
            _choice(item, "set", BONUS_SETS, f"{where}.set")
        liable = _seat(item, "liable", f"{where}.liable", required=False)
        if liable == seat:
            raise _bad("liable_is_earner", "A player cannot be liable for his own payout.", f"{where}.liable")
        fed_by = _seat(item, "discarder", f"{where}.discarder", required=False)
        if fed_by is not None and (kind != "kong" or concealed):
            raise _bad("unexpected_field", "Only an exposed kong has a discarder.", f"{where}.discarder")
        if fed_by == seat:
            raise _bad(
                "discarder_is_earner", "A kong cannot be made on one's own discard.", f"{where}.discarder"
            )
        on_replacement = _flag(item, "kong_replacement", f"{where}.kong_replacement")
        if on_replacement and (kind not in BITES or initial):
            code = "bite_on_kong_replacement"
            raise InvalidInput(Error(code, REFUSAL_WHY[code], f"{where}.kong_replacement"))
        amount = instant_amount(rules, kind, concealed=concealed, initial=initial)
        if not amount:
            continue
        bite_feeder = kong_feeder(items[:i], seat) if on_replacement else None
        payer_for_all = instant_payer_for_all(rules, liable=liable, fed_by=fed_by, bite_feeder=bite_feeder)
        payers = [s for s in SEATS if s != seat]
        if payer_for_all is None:
            out.extend(transfer(p, seat, amount, kind) for p in payers)
        else:
            shares = dict.fromkeys(payers, amount)
            out.extend(pay_for_all(shares, to=seat, payer=payer_for_all, reason=kind, own_reason=kind))
    return out
