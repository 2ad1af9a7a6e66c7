"""Instant wins: hands that win without a complete hand of four sets and an eye.

Vocabulary:

- **instant win** (auto win): the player declares the win as soon as the
  tiles are on the table; the rest of the hand need not be complete, and
  the contract lets ``winning_tile`` be left out for it.
- **eight flowers**: all four flowers and all four seasons (001 rule 24g;
  004 "All 8 flowers and seasons - immediate win"; 002 "Two complete flower
  groups"; 000 "Eight flower suit tile game").
- **robbing the eighth flower**: a player holding seven flowers and seasons
  takes the eighth when another player draws it (001 rule 24g; 004; 002
  "Robbing the Eighth"; 000). Event ``robbing_eighth_flower``; the robbed
  tile may be listed among ``bonus`` or not.
- **three dragon pongs** (001 rule 23h "auto win, need not fulfilled game";
  004 Big Dragons "immediate win"; 002 Three Great Scholars Note 1; 000
  Rule Variations, off by default) and **four wind pongs** (001 rule 24a
  "no need to fulfill"; 004 Big Winds; 002 Four Great Blessings Note 1;
  000 Rule Variations, off by default).
- **four kongs** (002 Eighteen Arhats: "Some house rules allow ... to be
  completed immediately after 4 Kongs"): off everywhere by default.

Which of these a rule set allows is its ``instant_wins`` setting. What an
instant win is worth: its own item (the rule set's value for that hand),
plus what can be seen without a complete hand: the bonus tiles and the
honour pongs (declared, or three of a kind among the concealed tiles). No
flush, all pongs or Ping Hu: those need the whole hand read. Three dragon
pongs won at once count ``instant_big_dragons`` where the rule set gives it,
as a hand that is not a limit hand: 002 line 574 (Three Great Scholars
Note 1), "earns that player 5 points (which may not be the 'limit')",
while a complete hand of them "scores the limit" (line 570).
"""

from __future__ import annotations

from scoring.doubles import bonus_items, honour_items
from scoring.hand_facts import Facts
from scoring.hand_values import Values
from scoring.model import Hand, Item


def instant_win_codes(hand: Hand, facts: Facts, v: Values) -> list[str]:
    """The instant wins this hand qualifies for under the rule set (may be empty)."""
    allowed = v.flags.get("instant_wins") or ()
    codes = []
    if "robbing_eighth_flower" in hand.events and facts.n_flowers >= 7:
        if "robbing_eighth_flower" in allowed and v.counts("robbing_eighth_flower"):
            codes.append("robbing_eighth_flower")
    elif facts.n_flowers == 8 and "eight_flowers" in allowed and v.counts("eight_flowers"):
        codes.append("eight_flowers")
    if len(facts.dragon_pongs) == 3 and "big_dragons" in allowed and v.counts("big_dragons"):
        codes.append("big_dragons")
    if len(facts.wind_pongs) == 4 and "big_winds" in allowed and v.counts("big_winds"):
        codes.append("big_winds")
    kongs = sum(1 for m in hand.melds if m.kind == "kong")
    if kongs == 4 and "four_kongs" in allowed and v.counts("four_kongs"):
        codes.append("four_kongs")
    return codes


def instant_items(hand: Hand, facts: Facts, v: Values) -> list[Item] | None:
    """The items of an instant win, or None when the hand is not one under this rule set."""
    codes = instant_win_codes(hand, facts, v)
    if not codes:
        return None
    items = bonus_items(hand, facts, v) + honour_items(hand, facts, v)
    auto = v.instant_big_dragons
    if auto is not None and "big_dragons" in codes:
        items = [auto if i.code == "big_dragons" else i for i in items]
    if "four_kongs" in codes:
        items.append(v.item("four_kongs", "Four Kongs"))
    return items
