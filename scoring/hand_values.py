"""What each named hand is worth under a rule set: ``Values``, read once per rule set.

Each named hand has a setting of the same name as its ``Item`` code in
``scoring.rulesets`` (``HAND_CODES``): the doubles it counts, or ``None``
when the rule set does not count it; a code listed in ``limit_hands`` is a
limit hand and counts ``limit_doubles``. ``values_of(rules)`` looks them up
once per rule set (with the rule each comes from) and checks an organiser's
lists of hands (``CODE_LISTS``: ``limit_hands``, ``min_doubles_exempt``,
``instant_wins``, ``all_pay_full_hands``) name known hands. Counting them is ``scoring.doubles``,
``scoring.ping_hu``, ``scoring.limits`` and ``scoring.score``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scoring.errors import Error, InvalidInput
from scoring.model import Item


@dataclass(frozen=True, slots=True)
class Values:
    """A rule set's scoring settings, looked up once per rule set.

    ``hands`` maps an Item code to ``(doubles, limit, rule)``, or to None when
    the rule set does not count that hand. ``flags`` is the rest of the
    settings (booleans and lists), read as they are.
    """

    hands: dict[str, tuple[int, bool, str] | None]
    flags: Any  # the rule set's settings mapping
    limit_doubles: int
    min_doubles: int
    made: dict[tuple[str, str], Item]  # Items already built: an Item is immutable, so it is reused
    highest_minimum: int  # no hand with at least this many doubles can be below a minimum
    prices: dict[tuple[int, bool, bool], dict[str, int]]  # payments.price answers, remembered
    memo: dict[tuple, list[Item]]  # item lists of a few hand properties, remembered (scoring.score)
    # three dragon pongs won at once (``instant_big_dragons``; 002 line 574): None, as ``big_dragons``
    instant_big_dragons: Item | None = None

    def item(self, code: str, name: str) -> Item | None:
        """The Item for ``code`` under this rule set (None: not counted); Items are shared."""
        key = (code, name)
        hit = self.made.get(key)
        if hit is None:
            v = self.hands.get(code)
            if v is None:
                return None
            hit = self.made[key] = Item(code, name, v[0], v[2], v[1])
        return hit

    def counts(self, code: str) -> bool:
        return self.hands.get(code) is not None


HAND_CODES = (
    "seven_pairs",
    "seat_flower",
    "flower_set",
    "animal",
    "animal_set",
    "seven_flowers",
    "eight_flowers",
    "robbing_eighth_flower",
    "dragon_pong",
    "wind_pong",
    "double_wind_pong",
    "little_dragons",
    "big_dragons",
    "little_winds",
    "big_winds",
    "all_pongs",
    "half_flush",
    "full_flush",
    "all_green",
    "all_honours",
    "mixed_terminals",
    "pure_terminals",
    "ping_hu",
    "little_ping_hu",
    "full_flush_ping_hu",
    "fully_concealed",
    "hidden_treasure",
    "four_kongs",
    "nine_gates",
    "thirteen_wonders",
    "heavenly",
    "earthly",
    "flower_replacement",
    "kong_replacement",
    "double_kong_replacement",
    "last_tile",
    "robbing_kong",
)

_VALUES_CACHE: dict[int, tuple[object, Values]] = {}

# the settings that list hands, and the hands each may list
CODE_LISTS = {
    "limit_hands": frozenset(HAND_CODES),
    "min_doubles_exempt": frozenset(HAND_CODES),
    # a circle's special hands (002 line 193): any hand may be one (issue 37)
    "all_pay_full_hands": frozenset(HAND_CODES),
    "instant_wins": frozenset(
        {"eight_flowers", "robbing_eighth_flower", "big_dragons", "big_winds", "four_kongs"}
    ),
}


def _check_code_lists(settings) -> None:
    """An organiser's list of hands must name known hands (``InvalidInput`` otherwise)."""
    errors = []
    for key, known in CODE_LISTS.items():
        unknown = [c for c in settings.get(key) or () if c not in known]
        if unknown:
            errors.append(
                Error(
                    "invalid_option",
                    f"Option {key!r}: unknown hands {unknown}; choose from {', '.join(sorted(known))}.",
                    f"options.{key}",
                )
            )
    if errors:
        raise InvalidInput(errors)


def values_of(rules: Any) -> Values:
    """The ``Values`` of a rule set (cached per rule-set object)."""
    hit = _VALUES_CACHE.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    s = rules.settings
    _check_code_lists(s)
    citations = getattr(rules, "citations", {}) or {}
    limit_doubles = s.get("limit_doubles", 5)
    limit_hands = frozenset(s.get("limit_hands") or ())
    hands: dict[str, tuple[int, bool, str] | None] = {}
    for code in HAND_CODES:
        cite = citations.get(code, (rules.id,))[0]
        if code in limit_hands:
            hands[code] = (limit_doubles, True, cite)
        else:
            v = s.get(code)
            hands[code] = None if v is None or v is False else (int(v), False, cite)
    min_doubles = s.get("min_doubles", 1)
    highest_minimum = max(min_doubles, s.get("min_doubles_self_drawn") or 0)
    auto = s.get("instant_big_dragons")
    instant_big_dragons = None
    if auto is not None and hands.get("big_dragons") is not None:
        rule = citations.get("instant_big_dragons", (rules.id,))[0]
        instant_big_dragons = Item("big_dragons", "Big Three Dragons", int(auto), rule, False)
    values = Values(hands, s, limit_doubles, min_doubles, {}, highest_minimum, {}, {}, instant_big_dragons)
    if len(_VALUES_CACHE) > 64:  # organisers' copies come and go; keep the cache small
        _VALUES_CACHE.clear()
    _VALUES_CACHE[id(rules)] = (rules, values)
    return values
