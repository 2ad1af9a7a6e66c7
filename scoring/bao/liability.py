"""Bao applied: who pays for all on a win or an instant payout, and the transfers he makes.

``scoring.settle`` names the **liable** seat the table entered (``liable``
on the outcome, or on one instant payout) and asks here who, if anyone, pays
every payer's share:

- on a win (001 rule 27; 004 "Payments to winner"; 002 "Paying for all
  players"; 000 "Pay all situations"): the liable player, when the winner
  self-draws (``bao_self_draw``) or wins on the liable player's own discard.
  When another player discarded the winning tile there is no Bao
  (``bao_on_other_discard`` false): 001 rule 27, "No 'Bao' if player game on
  tile discarded by a player not under the situation of assuming
  liabilities"; 004 prices that case as an ordinary win. A note says so.
  Without Bao, the discarder pays for all under ``shooter_pays_all`` (002's
  option; reason ``shooter``);
- on an instant payout: the liable seat (001 section A: the fresh-tile kong;
  004 "pay-for-all for this kong only"), else the discarder of an exposed
  kong's fourth tile when ``exposed_kong_paid_by`` is ``discarder``; a bite
  drawn on a kong's replacement tile (``kong_replacement`` on the payout)
  under ``kong_discarder_pays_for_all``: the kong's feeder (002 line 481,
  "if Player B were to get a "Bite" ... from the replacement tiles").

Under ``bao_needs_consequence`` (004 lines 65-71, "Consequences that result in
pay-for-all") the liable seat the table enters for a self-drawn win must fit
the win (``check_consequence``): 5 or more tai (``bao_limit_doubles``), a
Full Flush or All Honours (each "wins ... later" after a meld claimed from the
liable player), or a win on a kong's replacement tile (line 66). A win on
the liable player's own discard always may be line 66's fresh tile "claimed
to win", which depends on the wall the engine does not see: it stands.

Under ``bao_discard_only_scenarios`` (000: the Full Color and End of Game
scenarios, lines 360-363 and 369, pay only on the liable player's winning
discard) a liable seat entered for a self-drawn win must show the consequence
of a scenario that does pay on a self-pick (``check_self_draw_scenario``): 000
lines 321-355, three dragon pongs, four wind pongs, or the Bao limit reached.

The payer for all pays his own share as usual and each other payer's share
as a transfer of reason ``bao`` (or ``shooter``) ``for`` that seat.
Which discards make a player liable is ``scoring.bao.advice``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.errors import Error, InvalidInput
from scoring.model import SEATS
from scoring.payments import transfer
from scoring.rulesets import RuleSet
from scoring.words import REFUSAL_WHY

# 004 lines 68, 71: a Full Flush or All Honours won later makes the liable player pay, whatever its tai
CONSEQUENCE_HANDS = frozenset({"full_flush", "full_flush_ping_hu", "all_honours"})
# The hand a scenario's discard leads to (scoring.bao.advice): the win shows it when the scenario made the
# liable player; limit_shown is the Bao limit reached, and a fresh tile may complete any hand.
SCENARIO_HANDS = {
    "two_dragons": frozenset({"big_dragons"}),
    "three_winds": frozenset({"big_winds"}),
    "same_suit": frozenset({"full_flush", "full_flush_ping_hu"}),
    "terminal_pongs": frozenset({"pure_terminals"}),
    "honour_pongs": frozenset({"all_honours"}),
}


def note(code: str, message: str, rules: RuleSet, setting: str | None = None) -> dict:
    """A note of the settlement (why no one paid for all), with the rule of ``setting`` if it has one."""
    source = rules.citations.get(setting or "", ("", ""))[0] if setting else ""
    out = {"code": code, "message": message}
    if source:
        out["rule"] = source
    return out


def decided(rules: RuleSet, setting: str, code: str | None = None) -> dict:
    """One entry of ``decided_by``: the setting that decided who pays, its value and its rule.

    ``code`` says what it decided on (the hand of ``all_pay_full_hands``, the
    liable seat of ``kong_discarder_pays_for_all``).
    """
    value = rules[setting]
    out = {"setting": setting, "value": list(value) if isinstance(value, tuple) else value}
    source = rules.citations.get(setting, ("", ""))[0]
    if source:
        out["rule"] = source
    if code is not None:
        out["code"] = code
    return out


def kong_feeder(instant: Any, winner: str) -> str | None:
    """The seat that discarded the tile of the winner's last kong (None: his last kong was his own).

    Read from the outcome's ``instant`` payouts as given (``scoring.instant_payouts`` checks
    them): the winner's kongs in order, the last one's ``discarder``.
    """
    feeder = None
    for item in instant if isinstance(instant, list) else []:
        if not isinstance(item, Mapping) or item.get("type") != "kong":
            continue
        seat = item.get("seat")
        if not isinstance(seat, str) or seat.strip().upper() != winner:
            continue
        fed = item.get("discarder")
        fed = fed.strip().upper() if isinstance(fed, str) else None
        feeder = fed if fed in SEATS and fed != winner else None
    return feeder


def check_consequence(
    rules: RuleSet,
    *,
    win: str,
    doubles: int,
    limit: bool,
    replacement: bool,
    codes: set | None,
) -> None:
    """Refuse (``InvalidInput`` on ``liable``) a liable seat whose win no consequence of 004 fits.

    ``codes`` are the scored hand's item codes; None for quick entry, where a hand of at least the Full
    Flush's doubles may be one, so only a smaller hand is refused.
    """
    if not rules["bao_needs_consequence"] or not rules["bao_self_draw"] or win != "self_draw":
        return  # a win on the liable player's own discard may be a fresh tile claimed to win (004 l. 66)
    if limit or replacement:
        return
    if doubles >= rules["bao_limit_doubles"]:
        return
    if codes is not None and codes & CONSEQUENCE_HANDS:
        return
    if codes is None:
        values = [rules[code] for code in sorted(CONSEQUENCE_HANDS) if isinstance(rules[code], int)]
        if values and doubles >= min(values):
            return
    code = "bao_consequence_not_met"
    raise InvalidInput(Error(code, REFUSAL_WHY[code], "liable"))


def check_self_draw_scenario(
    rules: RuleSet, *, win: str, doubles: int, limit: bool, codes: set | None
) -> None:
    """Refuse (``InvalidInput`` on ``liable``) a liable seat on a self-drawn win that only a scenario of
    ``bao_discard_only_scenarios`` could explain (000 lines 360-363, 369: "throws a tile ... that causes
    that player to win"); the win must show another scenario's hand (000 lines 321-355).

    ``codes`` as ``check_consequence``: None for quick entry, where only a hand below every such
    scenario's doubles is refused.
    """
    if win != "self_draw" or not rules["bao_self_draw"]:
        return
    scenarios = set(rules["bao_scenarios"])
    if not scenarios & set(rules["bao_discard_only_scenarios"]):
        return
    paying = scenarios - set(rules["bao_discard_only_scenarios"])
    if paying & {"fresh_tile_kong", "fresh_tile_win"}:
        return  # a fresh tile may complete any hand
    if "limit_shown" in paying and (limit or doubles >= rules["bao_limit_doubles"]):
        return
    hands = frozenset().union(*(SCENARIO_HANDS.get(s, frozenset()) for s in paying))
    if codes is not None and codes & hands:
        return
    if codes is None:
        values = [rules[code] for code in sorted(hands) if isinstance(rules[code], int)]
        if values and doubles >= min(values):
            return
    code = "bao_self_draw_discard_only"
    raise InvalidInput(Error(code, REFUSAL_WHY[code], "liable"))


def win_payer_for_all(
    rules: RuleSet, *, win: str, discarder: str | None, liable: str | None
) -> tuple[str | None, str, list[dict]]:
    """Who pays every share of this win (None: each payer his own), the reason, and the notes why not."""
    notes: list[dict] = []
    payer_for_all, reason = None, "bao"
    if liable is not None:
        if win == "self_draw" and not rules["bao_self_draw"]:
            notes.append(
                note("no_bao_self_draw", "The rule set does not apply Bao to a self-drawn win.", rules)
            )
        elif win == "discard" and discarder != liable and not rules["bao_on_other_discard"]:
            notes.append(
                note(
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
    return payer_for_all, reason, notes


def instant_payer_for_all(
    rules: RuleSet, *, liable: str | None, fed_by: str | None, bite_feeder: str | None = None
) -> str | None:
    """Who pays every share of an instant payout: its liable seat, or the kong's feeder if so ruled.

    ``bite_feeder``: for a bite drawn on a kong's replacement tile, the seat that discarded that kong's
    tile (002 line 481, under ``kong_discarder_pays_for_all``).
    """
    if liable is None and fed_by is not None and rules["exposed_kong_paid_by"] == "discarder":
        return fed_by
    if liable is None and bite_feeder is not None and rules["kong_discarder_pays_for_all"]:
        return bite_feeder
    return liable


def pay_for_all(
    shares: dict[str, int], *, to: str, payer: str, reason: str, own_reason: str = "win"
) -> list[dict]:
    """``payer`` pays his own share (``own_reason``) and each other payer's (``reason``, ``for`` the seat)."""
    out = []
    own = shares.get(payer, 0)
    if own:
        out.append(transfer(payer, to, own, own_reason))
    for seat, amount in shares.items():
        if seat != payer and amount:
            out.append(transfer(payer, to, amount, reason, seat))
    return out
