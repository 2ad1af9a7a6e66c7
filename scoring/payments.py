"""Payments: from doubles to chips, and who pays what share.

Vocabulary (see also ``scoring.rulesets``):

- **price**: what one payer pays for a winning hand, ``{"full": int,
  "half": int}``. The **full** price is paid by the discarder of the winning
  tile and by everyone on a self-drawn win; the **half** price by the other
  players on a win on a discard (001 rule 17; 004 "Payments to winner":
  2 x score and 1 x score; 002 "guilty player pays double"; 000 "double the
  points from the player who discarded").
- **share**: what one payer owes the winner for one hand, before Bao.
- **liable** (Bao, pay-for-all): the player who pays every payer's share.
- **instant payout**: a kong or a bonus-tile combination paid at once by each
  other player (001 rule 22, 004 "Points instantly paid", 002 "Instant
  payment", 000 "How do you score?").
- **whole chips**: every amount is an ``int``.

Prices by rule set (all read from the rule set's settings, never its id):

- ``spgg-2023``: the table of 001 rule 21 (1 -> 2/1 ... 10 -> 82/66), Ping Hu
  of four doubles 20/10, a limit hand of rule 24 405/203 (the "405" choice is
  documented in ``scoring.rulesets``);
- ``sg-tai-card``: score 1, 2, 4, 8, 16 for 1..5+ tai; full = 2 x score;
- ``sg-classic``: 1 unit for one point, doubling per point up to the limit
  (5); a special hand: everyone pays 2 x the limit;
- ``sgmj-2002``: 2^doubles points (1 for none), double from the discarder.

This module does not decide who won or who is liable (``scoring.settle``),
nor which tiles are dangerous (``scoring.bao``). ``cap_to_balances`` applies
the rule set's short-of-chips policy at the table.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from scoring.errors import Error, InvalidInput
from scoring.model import SEATS


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def price(rules, doubles: int, *, limit: bool = False, ping_hu: bool = False) -> dict[str, int]:
    """What one payer pays for a hand of ``doubles`` under ``rules``: ``{"full", "half"}``.

    ``limit``: a limit (special) hand, priced at the rule set's limit price.
    ``ping_hu``: a Ping Hu hand; priced at ``ping_hu_price`` when the rule set
    has one and the hand has exactly ``ping_hu_doubles`` doubles (001 rule 21:
    "PING HU (4) 20 10"), otherwise by the table like any hand. Doubles above
    the cap (``limit_doubles``) or past the table's last row pay the last row.
    """
    if limit:
        full, half = rules["limit_price"]
        return {"full": full, "half": half}
    if not _is_count(doubles):
        raise InvalidInput(Error("invalid_doubles", "Doubles must be a whole number, 0 or more.", "doubles"))
    if ping_hu and rules.get("ping_hu_price") is not None and doubles == rules["ping_hu_doubles"]:
        full, half = rules["ping_hu_price"]
        return {"full": full, "half": half}
    table = rules["price_table"]
    row = min(doubles, rules["limit_doubles"], len(table) - 1)
    full, half = table[row]
    return {"full": full, "half": half}


def win_shares(
    rules,
    *,
    winner: str,
    discarder: str | None,
    hand_price: Mapping[str, int],
    all_pay_full: bool = False,
) -> dict[str, int]:
    """Each payer's share of a win, before Bao or shooter-pays.

    A win on a discard: the discarder pays full, the other two half; a
    self-drawn win (``discarder`` None): all three full; ``all_pay_full``
    (13 Wonders, 001 rule 24j; a special hand under sg-classic): all three
    full either way. Seats in table order, the discarder first.
    """
    payers = [s for s in SEATS if s != winner]
    if discarder is not None:
        payers.remove(discarder)
        payers.insert(0, discarder)
    shares = {}
    for seat in payers:
        full = all_pay_full or discarder is None or seat == discarder
        shares[seat] = hand_price["full"] if full else hand_price["half"]
    return shares


def transfer(frm: str, to: str, amount: int, reason: str, for_seat: str | None = None) -> dict:
    """One transfer of the contract: ``{"from", "to", "amount", "reason"}``, and ``for`` a seat paid for."""
    out = {"from": frm, "to": to, "amount": amount, "reason": reason}
    if for_seat is not None:
        out["for"] = for_seat
    return out


def instant_amount(rules, kind: str, *, concealed: bool = False, initial: bool = False) -> int:
    """What each other player pays for one instant payout (001 rule 22 and its peers).

    ``kind`` is ``kong`` (priced by ``concealed``) or ``flower_pair``,
    ``animal_pair``, ``bonus_set`` (priced by ``initial``: in the opening
    deal, before any replacement draw).
    """
    table = rules["instant"][kind]
    if kind == "kong":
        return table["concealed" if concealed else "exposed"]
    return table["initial" if initial else "later"]


# ------------------------------------------------------ short of chips


def net_of(transfers: Iterable[Mapping[str, Any]]) -> dict[str, int]:
    """Chips won (+) or lost (-) by each seat; always sums to zero."""
    net = dict.fromkeys(SEATS, 0)
    for t in transfers:
        net[t["from"]] -= t["amount"]
        net[t["to"]] += t["amount"]
    return net


def _cut(amounts: list[int], total_cut: int) -> list[int]:
    """Reduce ``amounts`` by ``total_cut`` in proportion, whole chips.

    Largest remainder first; ties go to the earlier amount. Never below 0.
    """
    whole = sum(amounts)
    total_cut = min(total_cut, whole)
    exact = [a * total_cut / whole for a in amounts]
    cuts = [int(x) for x in exact]
    left = total_cut - sum(cuts)
    order = sorted(range(len(amounts)), key=lambda i: (-(exact[i] - cuts[i]), i))
    for i in order[:left]:
        cuts[i] += 1
    return [a - c for a, c in zip(amounts, cuts, strict=True)]


def cap_to_balances(
    transfers: list[Mapping[str, Any]],
    balances: Mapping[str, int],
    policy: str = "pay_what_they_have",
) -> dict[str, Any]:
    """Apply a short-of-chips policy to one settlement, given each seat's chips before the hand.

    ``policy`` is the rule set's ``short_of_chips`` setting:

    - ``allow_negative``: nothing changes; a balance may go below zero
      (money games: 004, 002, 000 have no capital).
    - ``pay_what_they_have`` (spgg-2023, 001 rule 14: 400 chips of capital,
      the session ends when a player has exhausted it): no seat ends the hand
      below zero. A seat whose losses exceed its chips (counting what it
      receives in the same hand) pays what it has; its payments are cut in
      proportion to their size (whole chips, largest remainder first, ties to
      the earlier transfer), so every creditor bears the shortfall in
      proportion to what it was owed. A creditor paid less may itself fall
      short; the cut is repeated until no seat is below zero (or has nothing
      left to pay).

    Returns ``{"transfers": [...], "net": {...}, "unpaid": {seat: chips}}``:
    the transfers that are actually paid (same order; those cut to zero are
    dropped), their net (sums to zero), and how much each seat could not pay.
    Raises ``InvalidInput`` for an unknown policy or a balance that is not a
    whole number.
    """
    if policy not in ("pay_what_they_have", "allow_negative"):
        raise InvalidInput(
            Error("invalid_policy", f"Unknown short-of-chips policy {policy!r}.", "short_of_chips")
        )
    for seat in SEATS:
        value = balances.get(seat, 0)
        if not isinstance(value, int) or isinstance(value, bool):
            raise InvalidInput(
                Error("invalid_balance", f"The balance of seat {seat} must be a whole number.", seat)
            )
    rows = [dict(t) for t in transfers]
    owed = dict.fromkeys(SEATS, 0)
    for t in rows:
        owed[t["from"]] += t["amount"]
    if policy == "pay_what_they_have":
        while True:
            net = net_of(rows)
            short = [
                s for s in SEATS if balances.get(s, 0) + net[s] < 0 and any(t["from"] == s for t in rows)
            ]
            if not short:
                break
            seat = short[0]
            out = [i for i, t in enumerate(rows) if t["from"] == seat and t["amount"] > 0]
            if not out:
                break
            shortfall = -(balances.get(seat, 0) + net[seat])
            cut = _cut([rows[i]["amount"] for i in out], shortfall)
            for i, amount in zip(out, cut, strict=True):
                rows[i]["amount"] = amount
            rows = [t for t in rows if t["amount"] > 0]
    paid = dict.fromkeys(SEATS, 0)
    for t in rows:
        paid[t["from"]] += t["amount"]
    return {
        "transfers": rows,
        "net": net_of(rows),
        "unpaid": {s: owed[s] - paid[s] for s in SEATS if owed[s] != paid[s]},
    }
