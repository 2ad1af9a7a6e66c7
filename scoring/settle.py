"""Settlement: who pays whom for one hand's outcome (``settle`` of the contract).

Input and output are the JSON of ../shared/spec/scoring-api.md ("Outcome: the
input of settle", "Result of settle"). Vocabulary:

- **outcome**: ``win``, ``draw`` (nobody won) or ``false_win`` (Za Hu: a
  player claimed a win he did not have; 001 rule 15, 002 "Wrong Winning Claim
  Scenario").
- **winner**, **discarder** (of the winning tile), **offender** (of a false
  win), **liable** (Bao, pay-for-all): seats ``E S W N``.
- **transfer**: ``{"from", "to", "amount", "reason"}``, whole chips;
  ``reason`` is ``win``, ``bao`` or ``shooter`` (a share paid on behalf of
  the seat named in ``for``), ``false_win``, or an instant payout's type
  (``kong``, ``flower_pair``, ``animal_pair``, ``bonus_set``).
- **net**: each seat's total; it always sums to zero, because every chip
  leaves one seat and reaches another.

Who pays (``scoring.payments`` for the prices):

1. A win on a discard: the discarder pays full price, the other two half; a
   self-drawn win: all three full (001 rule 17; 004, 002, 000 alike).
   The hands of ``all_pay_full_hands`` (13 Wonders: 001 rule 24j; 004 "always
   paid as self-drawn"; 000 "treated as if he picked the winning tile"; 002
   line 594, and All Honours, line 433): all three full either way; under
   ``limit_all_pay_full`` every limit hand too. Robbing the eighth flower
   (the player who drew it is the discarder): ``robbing_eighth_flower_paid_by``
   (002 line 329: he pays all three self-drawn shares). ``shooter_pays_all``
   (002 option): the discarder also pays the other two shares.
2. Bao (001 rule 27; 004 "Payments to winner"; 002 "Paying for all players";
   000 "Pay all situations"): the liable player pays every payer's share,
   when the rule set applies Bao to this win; ``scoring.bao.liability``
   decides and makes the transfers (and says in ``notes`` why not, when it
   does not). Without Bao, ``shooter_pays_all`` has the discarder pay for all.
   Under ``kong_discarder_pays_for_all`` (002 line 481) a win on a kong's
   replacement tile makes liable the seat that discarded that kong's tile
   (the winner's last ``kong`` payout with a ``discarder``).
   ``decided_by`` lists each setting that decided who pays (added to the
   contract's result): ``{"setting", "value", "rule", "code"}``. Under
   ``bao_needs_consequence`` (004 lines 65-71) a liable seat entered for a
   self-drawn win that meets no consequence of the pay-for-all table is
   refused (``InvalidInput`` on ``liable``: ``bao_consequence_not_met``);
   under ``bao_discard_only_scenarios`` (000 lines 360-363, 369) one entered
   for a self-drawn win that shows no other scenario's hand is refused too
   (``bao_self_draw_discard_only``).
3. Instant payouts (``scoring.instant_payouts``): each other seat pays the
   payout to the seat that earned it, a liable seat all three shares; they
   are paid whatever the outcome, a draw or a false win included.
4. A false win (Za Hu): the offender pays the ``false_win_doubles`` price
   (at least that; a higher ``doubles`` given is used) to each other seat;
   ``full_each`` (spgg-2023, 001 rule 15) at full price to all three;
   ``as_reverse_win`` (002) like a win paid backwards: the discarder full,
   the others half, all full on a self-drawn claim or in shooter mode.
5. A draw: only instant payouts move chips (no document charges a draw).

Errors. Malformed input raises ``InvalidInput`` (exit 2 / HTTP 400): a
missing or unknown field, a wrong type, an unknown seat, and also an outcome
that cannot happen at a table (the discarder or the liable seat is the
winner, an instant payout's liable seat is its earner, a discarder on a
self-drawn win, a hand whose seat wind or win type disagrees with the
outcome, both ``doubles`` and ``hand``): the contract's "well-formed but
illegal" answer is kept for a *hand* that is not a legal win. A win that is
not legal under the rule set (quick entry below ``min_doubles``, or a
``hand`` that ``score_hand`` rejects) returns ``{"rules", "win": false,
"errors": [...]}`` (exit 1 / HTTP 422). Nothing else is ever raised.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.bao.liability import (
    check_consequence,
    check_self_draw_scenario,
    decided,
    kong_feeder,
    pay_for_all,
    win_payer_for_all,
)
from scoring.errors import Error, IllegalHand, InvalidInput
from scoring.events import EVENT_WHY
from scoring.instant_payouts import instant_transfers
from scoring.model import SEATS
from scoring.outcome import (
    _FIELDS,
    OUTCOMES,
    WIN_TYPES,
    _bad,
    _choice,
    _flag,
    _forbid,
    _present,
    _seat,
    check_doubles,
)
from scoring.payments import net_of, price, transfer, win_shares
from scoring.rulesets import DEFAULT_RULESET, RuleSet, get_ruleset

# Quick entry's flags (the hand's kind, without its tiles).
QUICK = ("ping_hu", "limit", "thirteen_wonders", "robbing_eighth_flower", "kong_replacement")


def settle(data: dict) -> dict:
    """Who pays whom for one hand's outcome; see the module docstring and the contract."""
    if not isinstance(data, Mapping):
        raise _bad("not_an_object", "The outcome must be a JSON object.")
    unknown = sorted(str(k) for k in data if k not in _FIELDS)
    if unknown:
        raise _bad("unknown_field", f"Unknown field {unknown[0]!r}.", unknown[0])
    rules_id = data.get("rules", DEFAULT_RULESET)
    rules_id = DEFAULT_RULESET if rules_id is None else rules_id
    options = data.get("options")
    if options is not None and not isinstance(options, Mapping):
        raise _bad("wrong_type", "options must be an object of setting: value.", "options")
    rules = get_ruleset(rules_id, options)
    outcome = _choice(data, "outcome", OUTCOMES)
    notes: list[dict] = []
    transfers: list[dict] = []
    result: dict[str, Any] = {"rules": rules.id}

    if outcome == "win":
        illegal = _settle_win(data, rules, transfers, notes, result)
        if illegal is not None:
            return {"rules": rules.id, "win": False, "errors": [e.as_dict() for e in illegal]}
    elif outcome == "false_win":
        _settle_false_win(data, rules, transfers, result)
    else:
        _forbid(
            data, ("winner", "win", "discarder", "doubles", "hand", "liable", "offender", *QUICK), "to a draw"
        )

    transfers.extend(instant_transfers(data.get("instant"), rules))
    result["transfers"] = transfers
    result["net"] = net_of(transfers)
    result["notes"] = notes
    result["decided_by"] = result.get("decided_by", [])
    return result


# ------------------------------------------------------------------ a win


def _settle_win(data, rules: RuleSet, transfers: list, notes: list, result: dict) -> list[Error] | None:
    _forbid(data, ("offender",), "to a win (it is for a false win)")
    winner = _seat(data, "winner")
    hand = data.get("hand")
    win = data.get("win")
    if win is None and isinstance(hand, Mapping):
        win = hand.get("win")
    win = _choice({"win": win}, "win", WIN_TYPES)
    discarder = _seat(data, "discarder", required=False)
    if win == "discard":
        if discarder is None:
            raise _bad("missing_field", "A win on a discard needs the discarder's seat.", "discarder")
        if discarder == winner:
            raise _bad(
                "discarder_is_winner", "The winner cannot have discarded his own winning tile.", "discarder"
            )
    elif discarder is not None:
        raise _bad("unexpected_field", "A self-drawn win has no discarder.", "discarder")
    liable = _seat(data, "liable", required=False)
    if liable == winner:
        raise _bad("liable_is_winner", "The winner cannot be liable to himself.", "liable")

    if hand is not None and _present(data, "doubles"):
        raise _bad("ambiguous_entry", "Give either doubles (quick entry) or hand, not both.", "doubles")
    if hand is not None:
        _forbid(data, QUICK, "when the hand is given (it is scored)")
        scored = _score(hand, rules, winner, win)
        if scored.get("win") is not True:
            return [_error_from(e) for e in scored.get("errors", [])] or [
                Error("illegal_hand", "The hand is not a legal win.", "hand")
            ]
        doubles = scored.get("doubles", 0)
        limit = bool(scored.get("limit"))
        codes = {item.get("code") for item in scored.get("items", []) if isinstance(item, Mapping)}
        ping_hu = bool(scored.get("ping_hu")) or bool(codes & {"ping_hu", "full_flush_ping_hu"})
        special = sorted(codes & set(rules["all_pay_full_hands"]))
        events = hand.get("events") if isinstance(hand.get("events"), list) else []
        events = {e.strip().lower() for e in events if isinstance(e, str)}
        robbed = "robbing_eighth_flower" in codes or "robbing_eighth_flower" in events
        replacement = bool(events & {"kong_replacement", "double_kong_replacement"})
        result["hand"] = scored
    else:
        ping_hu = _flag(data, "ping_hu")
        thirteen = _flag(data, "thirteen_wonders")
        robbed = _flag(data, "robbing_eighth_flower")
        replacement = _flag(data, "kong_replacement")
        if replacement and win != "self_draw":
            why = EVENT_WHY["kong_replacement_on_discard"]
            return [Error("event_needs_self_draw", why, "kong_replacement", "kong_replacement")]
        if robbed and win != "discard":  # 002 line 327: the robbed flower is the drawer's discard
            why = EVENT_WHY["robbing_eighth_flower_self_drawn"]
            return [Error("event_needs_discard", why, "robbing_eighth_flower", "robbing_eighth_flower")]
        # robbing the eighth flower with no doubles given: the limit (24g, 004, 002; 000's 5 is its limit)
        limit = _flag(data, "limit") or thirteen or (robbed and data.get("doubles") is None)
        doubles = data.get("doubles")
        if doubles is None and not limit:
            raise _bad("missing_field", "Give the hand's doubles, or the hand itself.", "doubles")
        if doubles is not None:
            check_doubles(doubles)
        # A limit hand counts the rule set's limit, as a full hand scored at the limit does (doubles.py,
        # limits.py): the answer's ``doubles`` is "the total after the cap" (scoring-api.md).
        doubles = max(doubles or 0, rules["limit_doubles"]) if limit else doubles or 0
        if not limit and doubles < rules["min_doubles"]:
            return [
                Error(
                    "below_minimum_doubles",
                    f"A win needs at least {rules['min_doubles']} double(s) under {rules.id}; "
                    f"this hand has {doubles}.",
                    "doubles",
                )
            ]
        special = (
            ["thirteen_wonders"] if thirteen and "thirteen_wonders" in rules["all_pay_full_hands"] else []
        )
        codes = None  # quick entry: the hand's items are not known
    if liable is not None:  # 004 lines 65-71: the liable seat the table enters must fit the win
        check_consequence(rules, win=win, doubles=doubles, limit=limit, replacement=replacement, codes=codes)
        # 000 lines 360-363, 369: the Full Color and End of Game scenarios pay only on a winning discard
        check_self_draw_scenario(rules, win=win, doubles=doubles, limit=limit, codes=codes)
    decisions = result.setdefault("decided_by", [])
    all_pay_full = False
    if special and win == "discard":
        all_pay_full = True
        decisions.append(decided(rules, "all_pay_full_hands", special[0]))
    elif limit and rules["limit_all_pay_full"] and win == "discard":
        all_pay_full = True
        decisions.append(decided(rules, "limit_all_pay_full"))
    if robbed and win == "discard" and rules["robbing_eighth_flower_paid_by"] != "as_discard":
        # 002 line 329: the drawer of the eighth flower pays "as if the hand was won on a Self-Pick",
        # alone (drawer_for_all) or, by a house rule, shared (all_full)
        all_pay_full = True
        if rules["robbing_eighth_flower_paid_by"] == "drawer_for_all" and liable is None:
            liable = discarder
        decisions.append(decided(rules, "robbing_eighth_flower_paid_by"))
    if replacement and win == "self_draw" and liable is None and rules["kong_discarder_pays_for_all"]:
        # 002 line 481: the discarder of an exposed kong's tile pays for all if the konger wins on the
        # kong's replacement tile
        liable = kong_feeder(data.get("instant"), winner)
        if liable is not None:
            decisions.append(decided(rules, "kong_discarder_pays_for_all", liable))

    hand_price = price(rules, doubles, limit=limit, ping_hu=ping_hu)
    result.update({"doubles": doubles, "limit": limit, "payment": hand_price})
    shares = win_shares(
        rules,
        winner=winner,
        discarder=discarder if win == "discard" else None,
        hand_price=hand_price,
        all_pay_full=all_pay_full,
    )

    payer_for_all, reason, bao_notes = win_payer_for_all(rules, win=win, discarder=discarder, liable=liable)
    notes.extend(bao_notes)
    if payer_for_all is not None and reason == "shooter":
        decisions.append(decided(rules, "shooter_pays_all"))
    elif payer_for_all is None and liable is not None:  # the rule set applies no Bao here (notes say why)
        decisions[:] = [d for d in decisions if d["setting"] != "kong_discarder_pays_for_all"]
    if payer_for_all is None:
        transfers.extend(transfer(s, winner, amount, "win") for s, amount in shares.items() if amount)
    else:
        transfers.extend(pay_for_all(shares, to=winner, payer=payer_for_all, reason=reason))
    return None


def _error_from(e: Any) -> Error:
    if isinstance(e, Mapping):
        field = e.get("field")
        return Error(
            str(e.get("code", "illegal_hand")),
            str(e.get("message", "The hand is not a legal win.")),
            f"hand.{field}" if field else "hand",
            e.get("event") if isinstance(e.get("event"), str) else None,
        )
    return Error("illegal_hand", str(e), "hand")


def _score(hand: Any, rules: RuleSet, winner: str, win: str) -> dict:
    """Score ``hand`` with ``scoring.score.score_hand``; check it agrees with the outcome."""
    if not isinstance(hand, Mapping):
        raise _bad("wrong_type", "hand must be an object (a Hand of the contract).", "hand")
    hand = dict(hand)
    if hand.get("rules") is None:
        hand["rules"] = rules.id
    elif not isinstance(hand["rules"], str) or hand["rules"].strip().lower() != rules.id:
        raise _bad(
            "rules_disagree",
            f"The hand is scored under {hand['rules']!r}, the outcome under {rules.id}.",
            "hand.rules",
        )
    if hand.get("options") is None and _options_of(rules):
        hand["options"] = _options_of(rules)
    seat_wind = hand.get("seat_wind")
    if not isinstance(seat_wind, str) or seat_wind.strip().upper() != winner:
        raise _bad(
            "seat_disagrees",
            f"The hand's seat wind ({seat_wind}) must be the winner's seat ({winner}).",
            "hand.seat_wind",
        )
    hand_win = hand.get("win")
    if hand_win is None:
        hand["win"] = win
    elif not isinstance(hand_win, str) or hand_win.strip().lower() != win:
        raise _bad(
            "win_disagrees", f"The hand's win ({hand_win}) must match the outcome's win ({win}).", "hand.win"
        )
    from scoring.score import score_hand  # lazily: the scoring engine is a separate module

    try:
        scored = score_hand(hand)
    except InvalidInput as exc:
        raise InvalidInput(
            [Error(e.code, e.message, f"hand.{e.field}" if e.field else "hand") for e in exc.errors]
        ) from None
    except IllegalHand as exc:
        return {"win": False, "errors": exc.as_dicts()}
    if not isinstance(scored, Mapping):
        raise _bad("invalid_hand", "The hand could not be scored.", "hand")
    return dict(scored)


def _options_of(rules: RuleSet) -> dict:
    """The settings of ``rules`` that differ from its base rule set (to pass to score_hand)."""
    base = get_ruleset(rules.id)
    mine = rules.as_dict()["settings"]
    theirs = base.as_dict()["settings"]
    return {k: v for k, v in mine.items() if theirs.get(k) != v}


# ------------------------------------------------------------ a false win


def _settle_false_win(data, rules: RuleSet, transfers: list, result: dict) -> None:
    _forbid(
        data,
        ("winner", "win", "hand", "liable", *QUICK),
        "to a false win (give offender, and discarder if the claim was on a discard)",
    )
    offender = _seat(data, "offender")
    discarder = _seat(data, "discarder", required=False)
    if discarder == offender:
        raise _bad("discarder_is_offender", "The offender cannot have claimed his own discard.", "discarder")
    doubles = rules["false_win_doubles"]
    given = data.get("doubles")
    if given is not None:
        check_doubles(given)
        doubles = max(doubles, given)  # 001 rule 15: "minimum 5 doubles"
    penalty = price(rules, doubles)
    result.update({"doubles": doubles, "payment": penalty})
    every_full = rules["false_win_payment"] == "full_each" or rules["shooter_pays_all"]
    others = [s for s in SEATS if s != offender]
    if discarder is not None:
        others.remove(discarder)
        others.insert(0, discarder)
    for seat in others:
        full = every_full or discarder is None or seat == discarder
        amount = penalty["full"] if full else penalty["half"]
        if amount:
            transfers.append(transfer(offender, seat, amount, "false_win"))
