"""The base of the four rule sets, and how a preset is written.

``BASE`` holds the settings all four documents agree on (37 of the 83). A
**preset** (one module per rule document beside this one) is the base plus
that document's ``rules``, each on one line:

- ``Rule(value, source, wording)``: the value the document gives, with the
  rule it comes from and the document's own words (``RuleSet.citations``);
  ``Rule(value)`` where the document says nothing and the value is a
  choice (the comment beside it says why);
- ``cite(source, wording)``: the document gives the base's value, in these
  words;
- a name that is not a setting (``"bao.same_suit"``) cites one Bao scenario
  (``scoring.bao``).

The base has no citation of its own: each document words its rules its own
way, and the API shows each rule set's words (``describe_settings``).
``scoring.rulesets.presets`` resolves the presets to plain settings.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple


class _AsBase:
    def __repr__(self) -> str:
        return "AS_BASE"


AS_BASE: Any = _AsBase()  # the value of a ``cite``: the base's value


class Rule(NamedTuple):
    """One setting as a document gives it: its value and where the document says so."""

    value: Any
    source: str = ""
    wording: str = ""


def cite(source: str, wording: str) -> Rule:
    """The document gives the base's value; ``source`` and ``wording`` say where and how."""
    return Rule(AS_BASE, source, wording)


@dataclass(frozen=True)
class Preset:
    """A shipped rule set as written: its id, version, title, document and its ``rules`` over the base."""

    id: str
    version: str
    title: str
    source: str
    rules: dict[str, Rule]


def doubling_table(limit: int, half_of_one: int = 1) -> list[list[int]]:
    """[full, half] for 0..limit doubles when each double doubles the price.

    Row 0 (no doubles) costs the same as one double unless a document says
    otherwise (sgmj-2002 does: "1 point from each player").
    """
    rows = []
    for d in range(limit + 1):
        half = half_of_one * 2 ** max(d - 1, 0)
        rows.append([2 * half, half])
    return rows


# What all four documents agree on, in the order of the settings (scoring.rulesets.descriptions).
BASE: dict[str, Any] = {
    "min_doubles": 1,
    "min_doubles_self_drawn": None,
    "seven_pairs": None,
    "seven_pairs_four_alike": False,
    "seat_flower": 1,
    "flower_set": 2,
    "animal": 1,
    "dragon_pong": 1,
    "wind_pong": 1,
    "double_wind_pong": 2,
    "little_dragons": 3,
    "little_winds": 4,
    "all_pongs": 2,
    "half_flush": 2,
    "full_flush": 4,
    "mixed_terminals_needs_ones_and_nines": False,
    "ping_hu": 4,
    "little_ping_hu": 1,
    "fully_concealed_allows_concealed_kong": False,
    "hidden_treasure": None,
    "hidden_treasure_self_drawn": True,
    "hidden_treasure_concealed_kongs": True,
    "four_kongs": None,
    "nine_gates": None,
    "heavenly": None,
    "earthly": None,
    "flower_replacement": 1,
    "kong_replacement": 1,
    "last_tile": 1,
    "last_tile_with_replacement": False,
    "ping_hu_doubles": 4,
    "shooter_pays_all": False,
    "bao_self_draw": True,
    "bao_on_other_discard": False,
    "bao_limit_doubles": 5,
    "false_win_doubles": 5,
    "exposed_kong_paid_by": "each_other",
}
