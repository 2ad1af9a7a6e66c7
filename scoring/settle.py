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
   13 Wonders: all three full either way (001 rule 24j; 004 "always paid as
   self-drawn"; 000 "treated as if he picked the winning tile"); under
   ``limit_all_pay_full`` (sg-classic) every limit hand too. ``shooter_pays_all``
   (002 option): the discarder also pays the other two shares.
2. Bao (001 rule 27; 004 "Payments to winner"; 002 "Paying for all players";
   000 "Pay all situations"): the liable player pays every payer's share,
   when the winner self-draws (``bao_self_draw``) or wins on the liable
   player's own discard. When another player discarded the winning tile
   there is no Bao (``bao_on_other_discard`` false): 001 rule 27, "No 'Bao'
   if player game on tile discarded by a player not under the situation of
   assuming liabilities"; 004 prices that case as an ordinary win. The
   result then says so in ``notes``.
3. Instant payouts: each other seat pays the payout to the seat that earned
   it; a ``liable`` seat on the payout pays all three shares (001 section A:
   the fresh-tile kong; 004 "pay-for-all for this kong only"). They are paid
   whatever the outcome, a draw or a false win included ("independent of
   winning or losing the Hand", 002). A robbed kong is not paid (004: "unless
   it gets robbed"): leave it out.
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

from scoring.errors import Error, IllegalHand, InvalidInput
from scoring.model import SEATS
from scoring.payments import instant_amount, net_of, price, win_shares
from scoring.rulesets import DEFAULT_RULESET, RuleSet, get_ruleset

OUTCOMES = ("win", "draw", "false_win")
WIN_TYPES = ("discard", "self_draw")
INSTANT_TYPES = ("kong", "flower_pair", "animal_pair", "bonus_set")
ANIMAL_PAIRS = ("cat_rat", "rooster_centipede")
BONUS_SETS = ("flowers", "seasons", "animals")

_FIELDS = {
    "rules",
    "options",
    "outcome",
    "winner",
    "win",
    "discarder",
    "doubles",
    "ping_hu",
    "limit",
    "thirteen_wonders",
    "hand",
    "liable",
    "offender",
    "instant",
}
MAX_DOUBLES = 1000  # far past any rule set's cap (001 rule 21 stops at ten); a bound, not a rule
MAX_INSTANT = 64  # instant payouts in one hand: eight bonus tiles and four kongs are a handful
_INSTANT_FIELDS = {"type", "seat", "concealed", "initial", "pair", "set", "liable", "discarder"}


def _bad(code: str, message: str, where: str | None = None) -> InvalidInput:
    return InvalidInput(Error(code, message, where))


def _present(data: Mapping, key: str) -> bool:
    return data.get(key) is not None


def _seat(data: Mapping, key: str, where: str | None = None, *, required: bool = True) -> str | None:
    where = where or key
    value = data.get(key)
    if value is None:
        if required:
            raise _bad("missing_field", f"Give the {key} seat (E, S, W or N).", where)
        return None
    if not isinstance(value, str) or value.strip().upper() not in SEATS:
        raise _bad("invalid_seat", f"{key.capitalize()} must be a seat: E, S, W or N.", where)
    return value.strip().upper()


def _flag(data: Mapping, key: str, where: str | None = None) -> bool:
    value = data.get(key, False)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise _bad("wrong_type", f"{key} must be true or false.", where or key)
    return value


def _choice(data: Mapping, key: str, choices: tuple[str, ...], where: str | None = None) -> str:
    value = data.get(key)
    where = where or key
    if value is None:
        raise _bad("missing_field", f"Give {key}: one of {', '.join(choices)}.", where)
    if not isinstance(value, str) or value.strip().lower() not in choices:
        raise _bad("invalid_value", f"{key} must be one of {', '.join(choices)}.", where)
    return value.strip().lower()


def _forbid(data: Mapping, keys: tuple[str, ...], why: str) -> None:
    for key in keys:
        if _present(data, key) and data.get(key) is not False:
            raise _bad("unexpected_field", f"{key} does not apply {why}.", key)


def _transfer(frm: str, to: str, amount: int, reason: str, for_seat: str | None = None) -> dict:
    out = {"from": frm, "to": to, "amount": amount, "reason": reason}
    if for_seat is not None:
        out["for"] = for_seat
    return out


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
            data,
            ("winner", "win", "discarder", "doubles", "ping_hu", "limit", "thirteen_wonders", "hand")
            + ("liable", "offender"),
            "to a draw",
        )

    transfers.extend(_instant_transfers(data.get("instant"), rules))
    result["transfers"] = transfers
    result["net"] = net_of(transfers)
    result["notes"] = notes
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
        _forbid(data, ("ping_hu", "limit", "thirteen_wonders"), "when the hand is given (it is scored)")
        scored = _score(hand, rules, winner, win)
        if scored.get("win") is not True:
            return [_error_from(e) for e in scored.get("errors", [])] or [
                Error("illegal_hand", "The hand is not a legal win.", "hand")
            ]
        doubles = scored.get("doubles", 0)
        limit = bool(scored.get("limit"))
        codes = {item.get("code") for item in scored.get("items", []) if isinstance(item, Mapping)}
        ping_hu = bool(scored.get("ping_hu")) or bool(codes & {"ping_hu", "full_flush_ping_hu"})
        all_pay_full = bool(codes & set(rules["all_pay_full_hands"]))
        result["hand"] = scored
    else:
        ping_hu = _flag(data, "ping_hu")
        thirteen = _flag(data, "thirteen_wonders")
        limit = _flag(data, "limit") or thirteen
        doubles = data.get("doubles")
        if doubles is None and not limit:
            raise _bad("missing_field", "Give the hand's doubles, or the hand itself.", "doubles")
        if doubles is not None:
            _check_doubles(doubles)
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
        all_pay_full = thirteen and "thirteen_wonders" in rules["all_pay_full_hands"]
    if limit and rules["limit_all_pay_full"]:
        all_pay_full = True

    hand_price = price(rules, doubles, limit=limit, ping_hu=ping_hu)
    result.update({"doubles": doubles, "limit": limit, "payment": hand_price})
    shares = win_shares(
        rules,
        winner=winner,
        discarder=discarder if win == "discard" else None,
        hand_price=hand_price,
        all_pay_full=all_pay_full,
    )

    payer_for_all, reason = None, "bao"
    if liable is not None:
        if win == "self_draw" and not rules["bao_self_draw"]:
            notes.append(
                _note("no_bao_self_draw", "The rule set does not apply Bao to a self-drawn win.", rules)
            )
        elif win == "discard" and discarder != liable and not rules["bao_on_other_discard"]:
            notes.append(
                _note(
                    "no_bao_other_discard",
                    f"No Bao: the winning tile was discarded by {discarder}, not by the liable "
                    f"player {liable}; everyone pays the usual share.",
                    rules,
                    "bao_on_other_discard",
                )
            )
        else:
            payer_for_all = liable
    if payer_for_all is None and win == "discard" and rules["shooter_pays_all"]:
        payer_for_all, reason = discarder, "shooter"

    if payer_for_all is None:
        transfers.extend(_transfer(s, winner, amount, "win") for s, amount in shares.items() if amount)
    else:
        own = shares.get(payer_for_all, 0)
        if own:
            transfers.append(_transfer(payer_for_all, winner, own, "win"))
        for seat, amount in shares.items():
            if seat != payer_for_all and amount:
                transfers.append(_transfer(payer_for_all, winner, amount, reason, seat))
    return None


def _note(code: str, message: str, rules: RuleSet, setting: str | None = None) -> dict:
    source = rules.citations.get(setting or "", ("", ""))[0] if setting else ""
    out = {"code": code, "message": message}
    if source:
        out["rule"] = source
    return out


def _error_from(e: Any) -> Error:
    if isinstance(e, Mapping):
        field = e.get("field")
        return Error(
            str(e.get("code", "illegal_hand")),
            str(e.get("message", "The hand is not a legal win.")),
            f"hand.{field}" if field else "hand",
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
        ("winner", "win", "hand", "liable", "ping_hu", "limit", "thirteen_wonders"),
        "to a false win (give offender, and discarder if the claim was on a discard)",
    )
    offender = _seat(data, "offender")
    discarder = _seat(data, "discarder", required=False)
    if discarder == offender:
        raise _bad("discarder_is_offender", "The offender cannot have claimed his own discard.", "discarder")
    doubles = rules["false_win_doubles"]
    given = data.get("doubles")
    if given is not None:
        _check_doubles(given)
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
            transfers.append(_transfer(offender, seat, amount, "false_win"))


# -------------------------------------------------------- instant payouts


def _check_doubles(doubles: Any) -> None:
    if not isinstance(doubles, int) or isinstance(doubles, bool) or doubles < 0:
        raise _bad("invalid_doubles", "Doubles must be a whole number, 0 or more.", "doubles")
    if doubles > MAX_DOUBLES:
        raise _bad("invalid_doubles", f"Doubles must be at most {MAX_DOUBLES}.", "doubles")


def _instant_transfers(items: Any, rules: RuleSet) -> list[dict]:
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
        amount = instant_amount(rules, kind, concealed=concealed, initial=initial)
        if not amount:
            continue
        payer_for_all = liable
        if payer_for_all is None and fed_by is not None and rules["exposed_kong_paid_by"] == "discarder":
            payer_for_all = fed_by
        payers = [s for s in SEATS if s != seat]
        if payer_for_all is None:
            out.extend(_transfer(p, seat, amount, kind) for p in payers)
        else:
            out.append(_transfer(payer_for_all, seat, amount, kind))
            out.extend(_transfer(payer_for_all, seat, amount, kind, p) for p in payers if p != payer_for_all)
    return out
