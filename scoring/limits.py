"""Limit hands (special hands): 001 rule 24 a-j and their namesakes in 004, 002, 000.

Vocabulary:

- **limit hand** (special hand, 满贯): a hand worth the rule set's limit
  whatever else it holds. A code listed in the rule set's ``limit_hands``
  counts ``limit_doubles`` and is flagged ``limit``; in a rule set that
  gives the same hand a number of doubles instead (000 gives All one's and
  nine's 5 doubles, 001 gives the three dragon pongs 5) it is an ordinary
  item of that many doubles.
- **Hidden Treasure** (坎坎胡, Kam Kam Hu): four pongs and an eye, all
  concealed (declared concealed kongs only), won on a self-drawn tile
  (001 rule 24c "concealed win"; 004 "self-drawn win"; 002 Note 2). A
  rule set may also allow a discard that only completes the eye
  (``hidden_treasure_self_drawn`` false, 002's house rule).
- **Nine Gates**: 1112345678999 of one suit and any tile of that suit, no
  meld (001 rule 24f; 004; 002). **Pure** when the thirteen tiles before
  the winning tile were exactly 1112345678999 (waiting on all nine); 002
  accepts an impure Nine Gates only on a self-drawn tile
  (``nine_gates_pure_only_on_discard``).
- **13 Wonders** (13 Orphans): one of each terminal and honour and a
  fourteenth pairing any of them, read by ``scoring.decompose`` as the
  special shape ``thirteen_wonders``.

Here: All Honours (24b), Hidden Treasure (24c), Four Kongs (24d), Pure
Terminals (24e), Nine Gates (24f), Heavenly (24h) and Earthly (24i) hands,
13 Wonders (24j), and seven pairs (002, a house rule) as the other special
shape. Big Four Winds (24a) and the Big Three Dragons are honour
combinations (``scoring.doubles.honour_items``); eight flowers (24g) is a
bonus-tile item (``scoring.doubles.bonus_items``) and also an instant win
(``scoring.instant_wins``).
"""

from __future__ import annotations

from scoring.hand_facts import HONOURS, TERMINALS, Facts
from scoring.hand_values import Values
from scoring.model import Hand, Item, Reading

THIRTEEN = frozenset(TERMINALS | HONOURS)
NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def nine_gates_kind(hand: Hand, facts: Facts) -> str | None:
    """ "pure", "impure" or None: is this Nine Gates (001 rule 24f)?"""
    if facts.declared or facts.honours or len(facts.suits) != 1 or len(hand.concealed) != 14:
        return None
    suit = next(iter(facts.suits))
    held = hand.concealed
    if held.count(suit + "1") < 3 or held.count(suit + "9") < 3:  # quick: the three 1s and 9s
        return None
    counts = [held.count(f"{suit}{n}") for n in range(1, 10)]
    if any(c < need for c, need in zip(counts, NINE_GATES, strict=True)):
        return None
    win = hand.winning_tile
    if win is None or win[0] != suit:
        return "impure"
    before = list(counts)
    before[int(win[1]) - 1] -= 1
    return "pure" if tuple(before) == NINE_GATES else "impure"


def hand_limit_items(hand: Hand, facts: Facts, v: Values) -> list[Item]:
    """Limit hands that hold in every reading of the hand."""
    items: list[Item] = []
    if not facts.suits and v.counts("all_honours"):
        items.append(v.item("all_honours", "All Honours"))
    if not facts.honours and not facts.simples and facts.terminals and v.counts("pure_terminals"):
        items.append(v.item("pure_terminals", "Pure Terminals (ones and nines only)"))
    if len(hand.melds) == 4 and all(m.kind == "kong" for m in hand.melds) and v.counts("four_kongs"):
        items.append(v.item("four_kongs", "Four Kongs"))
    if len(facts.suits) == 1 and not facts.declared and not facts.honours and v.counts("nine_gates"):
        kind = nine_gates_kind(hand, facts)
        if kind == "pure" or (
            kind == "impure"
            and (hand.win == "self_draw" or not v.flags.get("nine_gates_pure_only_on_discard"))
        ):
            items.append(v.item("nine_gates", "Nine Gates"))
    ev = hand.events
    if ev:
        if "heavenly" in ev and hand.seat_wind == "E" and v.counts("heavenly"):
            items.append(v.item("heavenly", "Heavenly Hand"))
        if "earthly" in ev and hand.seat_wind != "E" and v.counts("earthly"):
            items.append(v.item("earthly", "Earthly Hand"))
    return items


def is_thirteen_wonders(hand: Hand, facts: Facts) -> bool:
    """Every terminal and honour once, one of them twice, nothing else, no meld."""
    return not facts.declared and len(hand.concealed) == 14 and set(hand.concealed) == THIRTEEN


def hidden_treasure(hand: Hand, reading: Reading, v: Values) -> bool:
    """Four concealed pongs and an eye, won self-drawn (001 rule 24c; 004; 002)."""
    if reading.special is not None or len(reading.sets) != 4:
        return False
    kongs_ok = v.flags.get("hidden_treasure_concealed_kongs", True)
    for m in reading.sets:
        if m.kind == "chow" or not m.concealed:
            return False
        if m.declared and not kongs_ok:
            return False
    if hand.win == "self_draw":
        return True
    # a house rule of 002 (Note 2): a discard that only completes the eye keeps the pongs concealed
    return not v.flags.get("hidden_treasure_self_drawn", True) and reading.wait == "single"


def reading_limit_items(hand: Hand, facts: Facts, reading: Reading, v: Values) -> list[Item]:
    """Limit hands and special shapes that depend on the reading."""
    special = reading.special
    if special == "thirteen_wonders" or (
        special is None and not reading.sets and is_thirteen_wonders(hand, facts)
    ):
        item = v.item("thirteen_wonders", "13 Wonders")
        return [item] if item is not None else []
    if special == "seven_pairs":
        item = v.item("seven_pairs", "Seven Pairs")
        return [item] if item is not None else []
    if v.counts("hidden_treasure") and hidden_treasure(hand, reading, v):
        return [v.item("hidden_treasure", "Hidden Treasure (four concealed pongs)")]
    return []
