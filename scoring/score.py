"""``score_hand``: what a winning hand is worth, exactly as ../shared/spec/scoring-api.md says.

Vocabulary (``scoring.model``, ``scoring.doubles``): a hand is parsed
(``scoring.hand``), read every way it can be (``scoring.decompose``), each
reading is scored, and the best reading wins:

- **score of a reading**: its items (named doubles with their rule); the
  **uncapped** total is their sum; a reading with a limit hand counts the
  rule set's ``limit_doubles`` and shows only its limit items; any other is
  **capped** at ``limit_doubles``.
- **best reading**: the highest by (limit hand, capped doubles, uncapped
  doubles); among equals the first in ``scoring.decompose.reading_sort_key``
  order (standard readings before special shapes), so the result never
  depends on the order of the input.
- **minimum** (001 rule 16): a hand below ``min_doubles`` (or
  ``min_doubles_self_drawn`` on a self-drawn win, where set) is not a win:
  ``{"win": false, "errors": [{"code": "below_minimum_doubles"...}]}``.
  Limit hands, instant wins and the hands in ``min_doubles_exempt`` (000:
  13 Wonders, eight flowers) always pass.
- **instant win** (``scoring.instant_wins``): without a winning tile, or when the
  tiles make no complete hand, a hand may still win outright (eight flowers,
  robbing the eighth flower, three dragon or four wind pongs where the rule
  set says so).

Events the hand cannot have had are not a legal win (422): each error names
its ``event`` and says why (``scoring.events``: heavenly for a non-dealer, a
replacement tile or the last tile on a discard...).

The result adds to the contract's fields (never renaming): each item has
its ``rule``, and ``ping_hu`` says whether the hand is a Ping Hu (001 rule
21 prices it apart). ``payment`` comes from ``scoring.payments.price``.
"""

from __future__ import annotations

from operator import attrgetter

from scoring.decompose import readings as read_hand
from scoring.doubles import (
    bonus_items,
    colour_items,
    combine,
    honour_items,
    mixed_terminals_item,
    situation_items,
)
from scoring.errors import Error, IllegalHand
from scoring.events import EVENT_WHY, event_errors  # noqa: F401 (score.event_errors, as the matrix names it)
from scoring.hand import parse_hand
from scoring.hand_facts import Facts, hand_facts
from scoring.hand_values import Values, values_of
from scoring.instant_wins import instant_items
from scoring.limits import hand_limit_items, reading_limit_items
from scoring.model import Hand, Item, Reading
from scoring.payments import price
from scoring.ping_hu import ping_hu_items
from scoring.rulesets import DEFAULT_RULESET
from scoring.tiles import INDEX, TILES

_PING_HU_CODES = frozenset({"ping_hu", "full_flush_ping_hu"})
_tiles_of = attrgetter("tiles")


def score_hand(data: dict) -> dict:
    """The value of the winning hand ``data`` (contract "Hand"), or why it is not a win.

    Raises ``InvalidInput`` for malformed input; returns ``{"win": false,
    "errors": [...]}`` for a well-formed hand that is not a legal win.
    """
    try:
        hand = parse_hand(data)
    except IllegalHand as exc:
        rules = data.get("rules", DEFAULT_RULESET) if isinstance(data, dict) else None
        return _not_a_win(rules.strip().lower() if isinstance(rules, str) else None, exc.errors)
    return score_parsed(hand)


def score_parsed(hand: Hand) -> dict:
    """``score_hand`` for a hand already parsed."""
    rules = hand.rules
    v = values_of(rules)
    facts = hand_facts(hand)
    if hand.events:
        errors = event_errors(hand, facts)
        if errors:
            return _not_a_win(rules.id, errors)

    best: tuple | None = None
    all_readings: tuple[Reading, ...] = read_hand(hand) if hand.winning_tile is not None else ()
    if all_readings:
        common = (
            hand_limit_items(hand, facts, v) + _situation_items(hand, facts, v) + _bonus_items(hand, facts, v)
        )
        colour = colour_items(hand, facts, v)
        honours = _honour_items(hand, facts, v) if facts.honours else []
        terminals = mixed_terminals_item(hand, facts, v)
        for reading in all_readings:
            scored = _score_reading(hand, facts, v, reading, common, colour, honours, terminals)
            if best is None or scored[0] > best[0]:
                best = scored
        key, items, reading = best
        sets = _sets_of(hand, reading)
        instant = False
    else:
        items = instant_items(hand, facts, v)
        if items is None:
            if hand.winning_tile is None:
                error = Error(
                    "winning_tile_required",
                    "winning_tile is required: only an instant win (eight flowers, robbing the eighth "
                    "flower, and where the rule set allows it three dragon or four wind pongs) needs none.",
                    "winning_tile",
                )
            else:
                error = Error(
                    "incomplete_hand",
                    "The tiles do not make a winning hand: four sets and an eye (or a special hand).",
                    "concealed",
                )
            return _not_a_win(rules.id, [error])
        key = _key(items, v.limit_doubles)
        sets = [list(m.tiles) for m in sorted(hand.melds, key=_set_order)]
        instant = True

    is_limit, doubles, _uncapped = key
    shown = [i for i in items if i.limit] if is_limit else items
    ping_hu = False
    for i in items:
        if i.code in _PING_HU_CODES:
            ping_hu = True
            break
    if doubles < v.highest_minimum and not (is_limit or instant) and not _exempt(items, v):
        minimum = v.min_doubles
        if hand.win == "self_draw" and v.flags.get("min_doubles_self_drawn") is not None:
            minimum = v.flags["min_doubles_self_drawn"]
        if doubles < minimum:
            return {
                **_not_a_win(
                    rules.id,
                    [
                        Error(
                            "below_minimum_doubles",
                            f"The hand has {doubles} double{'s' if doubles != 1 else ''}; "
                            f"{rules.id} needs at least {minimum} to win.",
                            None,
                        )
                    ],
                ),
                "doubles": doubles,
                "items": [i.as_dict() for i in shown],
            }
    return {
        "rules": rules.id,
        "win": True,
        "doubles": doubles,
        "limit": is_limit,
        "items": [i.as_dict() for i in shown],
        "sets": sets,
        "payment": _price(v, rules, doubles, is_limit, ping_hu),
        "ping_hu": ping_hu,
    }


# ------------------------------------------------------------ items of the whole hand
# Remembered per rule set (``Values.memo``) under the few properties of the hand each depends on:
# a seat and a set of bonus tiles, the events and how the hand was won, the honour pongs and pairs.
# The lists are shared: callers concatenate them, never change them.

_MEMO_LIMIT = 50_000


def _remember(v: Values, key: tuple, compute, hand: Hand, facts: Facts) -> list[Item]:
    """Compute and remember the list ``v.memo`` does not have under ``key``."""
    hit = compute(hand, facts, v)
    if len(v.memo) < _MEMO_LIMIT:
        v.memo[key] = hit
    return hit


def _bonus_items(hand: Hand, facts: Facts, v: Values) -> list[Item]:
    """``doubles.bonus_items``: a function of the seat, the bonus tiles and robbing the eighth flower."""
    key = ("bonus", hand.seat_wind, hand.bonus, "robbing_eighth_flower" in hand.events)
    hit = v.memo.get(key)
    return hit if hit is not None else _remember(v, key, bonus_items, hand, facts)


def _situation_items(hand: Hand, facts: Facts, v: Values) -> list[Item]:
    """``doubles.situation_items``: a function of the events, the win and the declared melds' kinds."""
    key = ("situation", hand.events, hand.win, facts.declared, facts.concealed_kongs_only)
    hit = v.memo.get(key)
    return hit if hit is not None else _remember(v, key, situation_items, hand, facts)


def _honour_items(hand: Hand, facts: Facts, v: Values) -> list[Item]:
    """``doubles.honour_items``: a function of the honour pongs and pairs and the two valued winds."""
    # the pongs and pairs are tuples (scoring.hand_facts)
    key = (
        "honours",
        facts.dragon_pongs,
        facts.dragon_pairs,
        facts.wind_pongs,
        facts.wind_pairs,
        hand.prevailing_wind,
        hand.seat_wind,
    )
    hit = v.memo.get(key)
    return hit if hit is not None else _remember(v, key, honour_items, hand, facts)


# ------------------------------------------------------------ one reading


def _score_reading(
    hand: Hand,
    facts: Facts,
    v: Values,
    reading: Reading,
    common: list[Item],
    colour: list[Item],
    honours: list[Item],
    terminals: Item | None,
) -> tuple[tuple, list[Item], Reading]:
    # items in the order a scorekeeper reads them: special hands, the sets, the colour, how the
    # hand was won, then the bonus tiles (``common`` = limits + situations + bonus tiles)
    special = reading.special
    if special is None:
        has_chow = False
        for m in reading.sets:
            if m.kind == "chow":
                has_chow = True
                break
        if has_chow:
            items = honours + ping_hu_items(hand, facts, reading, v, colour) if not honours else list(honours)
        else:
            items = reading_limit_items(hand, facts, reading, v) + honours
            item = v.item("all_pongs", "All Pongs (Pong Pong Hu)")
            if item is not None:
                items.append(item)
        if terminals is not None:
            items.append(terminals)
    else:
        items = reading_limit_items(hand, facts, reading, v)
        if terminals is not None and special != "thirteen_wonders":
            items.append(terminals)
    items += colour
    items += common
    items = combine(items, v)
    return _key(items, v.limit_doubles), items, reading


def _key(items: list[Item], limit_doubles: int) -> tuple[bool, int, int]:
    """(limit hand, doubles after the cap, uncapped doubles) of a list of items."""
    uncapped = 0
    limit_total = 0
    limit = False
    for i in items:
        uncapped += i.doubles
        if i.limit:
            limit_total += i.doubles
            limit = True
    if limit:
        return True, limit_doubles, limit_total
    return False, min(uncapped, limit_doubles), uncapped


def _price(v: Values, rules, doubles: int, limit: bool, ping_hu: bool) -> dict[str, int]:
    """``payments.price``, remembered per rule set (a fresh dict each time: the caller owns it)."""
    key = (doubles, limit, ping_hu)
    hit = v.prices.get(key)
    if hit is None:
        hit = v.prices[key] = price(rules, doubles, limit=limit, ping_hu=ping_hu)
    return hit.copy()


def _exempt(items: list[Item], v: Values) -> bool:
    exempt = v.flags.get("min_doubles_exempt") or ()
    return any(i.code in exempt for i in items)


class _SetOrder(dict):
    """A set's tiles -> their indices: its place in canonical order (every legal set from import)."""

    def __missing__(self, tiles: tuple[str, ...]) -> tuple[int, ...]:
        key = self[tiles] = tuple(INDEX[t] for t in tiles)
        return key


_SET_ORDER = _SetOrder()
for _i in range(34):
    _SET_ORDER[(TILES[_i],) * 3]
    _SET_ORDER[(TILES[_i],) * 4]
    if _i < 27 and _i % 9 < 7:
        _SET_ORDER[TILES[_i : _i + 3]]
_order_of_tiles = _SET_ORDER.__getitem__


def _set_order(meld) -> tuple[int, ...]:
    return _order_of_tiles(meld.tiles)


def _sets_of(hand: Hand, reading: Reading) -> list[list[str]]:
    """The sets of the best reading as the contract shows them: sets, then the eye."""
    if reading.sets:
        # sets in canonical tile order (declared or not: the input's order never shows), eye last
        # concealed sets come sorted from decompose: only declared melds need placing
        if hand.melds:
            out = [[*t] for t in sorted(map(_tiles_of, reading.sets), key=_order_of_tiles)]
        else:
            out = [[*m.tiles] for m in reading.sets]
        if reading.eye is not None:
            out.append([*reading.eye])
        return out
    tiles = hand.concealed
    if reading.special == "seven_pairs":
        return [list(tiles[i : i + 2]) for i in range(0, len(tiles), 2)]
    return [list(tiles)]


def _not_a_win(rules_id: str | None, errors: list[Error]) -> dict:
    out: dict = {"win": False, "errors": [e.as_dict() for e in errors]}
    if rules_id is not None:
        out = {"rules": rules_id, **out}
    return out
