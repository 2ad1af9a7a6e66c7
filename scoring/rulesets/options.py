"""An organiser's options: whether a value may replace a setting, and the settings that follow the limit.

An option overrides one setting with a value of the same shape (a bool for a
bool, a whole number >= 0 for a number, one of the listed choices for a
choice, a list of the same shape for a table, a mapping with known keys for a
mapping). The shape of a setting a rule set leaves empty is the shape another
preset gives it (``shape_of``). ``RuleSet.with_options`` applies them.

Settings that depend on each other stay consistent (issue 16). A rule set
that doubles the price per double (``prices_follow_limit``: 004, 002, 000)
derives ``price_table``, ``limit_price`` and ``bao_limit_doubles`` from
``limit_doubles`` unless the options set them (``_follow_the_limit``); a
rule set with a printed table (001 rule 21) keeps it, and a limit beyond its
rows is refused (``price_table_too_short``) naming the rows that are missing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.errors import Error
from scoring.rulesets.descriptions import CHOICES
from scoring.rulesets.presets import PRESETS

MAX_SETTING = 10**9  # every count and price of a rule set: amounts, doubles, caps (no table needs more)

# Settings whose value is a [full, half] pair, and those that may be null.
_PAIRS = frozenset({"ping_hu_price", "limit_price"})
_NULLABLE = frozenset({"ping_hu_price"})
_HAND_LISTS = frozenset(
    {"limit_hands", "min_doubles_exempt", "instant_wins", "all_pay_full_hands"}
)  # scoring.hand_values.CODE_LISTS

# Settings that a rule set pricing by doubling (prices_follow_limit) derives from limit_doubles
# when the options leave them out.
FOLLOW_THE_LIMIT = ("price_table", "limit_price", "bao_limit_doubles")


def shape_of(key: str, settings: Mapping[str, Any]) -> Any:
    """The shape an option for ``key`` must have: its value in ``settings``, or another preset's if empty."""
    value = settings[key]
    if value is None:  # take the shape another rule set gives this key
        for preset in PRESETS.values():
            if preset.settings.get(key) is not None:
                return preset.settings[key]
    return value


def _follow_the_limit(merged: dict, options: Mapping[str, Any]) -> None:
    """A rule set that doubles the price per double keeps its prices at its limit (002 "five (or six)").

    The price table gets one row per double up to ``limit_doubles`` (each new
    row doubling the last, rows past the limit dropped), the limit price is
    the limit's row and the Bao limit (002 Point Limit Scenario, 004 "wins
    with 5 or more tai", 000 Double Limit Scenario) is the limit, each unless
    the options set it.
    """
    if not merged.get("prices_follow_limit"):
        return
    limit = merged["limit_doubles"]
    if "price_table" not in options:
        table = [list(row) for row in merged["price_table"][: limit + 1]]
        while len(table) <= limit and 2 * max(table[-1]) <= MAX_SETTING:
            table.append([2 * n for n in table[-1]])
        merged["price_table"] = table
    if "limit_price" not in options and len(merged["price_table"]) > limit:
        merged["limit_price"] = list(merged["price_table"][limit])
    if "bao_limit_doubles" not in options:
        merged["bao_limit_doubles"] = limit


def _limit_problems(merged: Mapping, options: Mapping[str, Any], citations: Mapping) -> list[Error]:
    """A limit the price table cannot pay (001 rule 21's table stops at TEN): what is missing."""
    limit, table = merged["limit_doubles"], merged["price_table"]
    if len(table) > limit:
        return []
    first = len(table)
    missing = str(first) if first == limit else f"{first} to {limit}"
    source = citations.get("price_table", ("", ""))[0]
    where = "options.price_table" if "price_table" in options else "options.limit_doubles"
    return [
        Error(
            "price_table_too_short",
            f"A limit of {limit} doubles needs a price for every double up to it, but the price table"
            f"{' (' + source + ')' if source else ''} stops at {first - 1}: add a [full, half] row to "
            f"price_table for each of {missing} doubles, or set limit_doubles to {first - 1} or less.",
            where,
        )
    ]


def _check_value(key: str, value: Any, shape: Any) -> str | None:
    """Why ``value`` cannot replace a setting shaped like ``shape`` (None if it can)."""
    if key in CHOICES and isinstance(shape, str):
        if not isinstance(value, str) or value not in CHOICES[key]:
            return "must be one of " + ", ".join(CHOICES[key])
        return None
    if shape is None:
        return (
            None
            if value is None or _is_count(value)
            else f"must be a whole number up to {MAX_SETTING} or null"
        )
    if isinstance(shape, bool):
        return None if isinstance(value, bool) else "must be true or false"
    if isinstance(shape, int):
        return _count_problem(value, "must be a whole number, 0 or more")
    if isinstance(shape, str):
        return None if isinstance(value, str) else "must be text"
    if isinstance(shape, Mapping):
        if not isinstance(value, Mapping):
            return "must be an object"
        for k, v in value.items():
            if k not in shape:
                return f"has no entry {k!r}"
            problem = _check_value(f"{key}.{k}", v, shape[k])
            if problem:
                return f"{k}: {problem}"
        return None
    if isinstance(shape, tuple | list):
        if value is None and key in _NULLABLE:
            return None
        if not isinstance(value, list | tuple):
            return "must be a list"
        if key in CHOICES:
            bad = [v for v in value if v not in CHOICES[key]]
            return f"unknown entries {bad}; choose from " + ", ".join(CHOICES[key]) if bad else None
        if not shape or (not value and key in _HAND_LISTS):
            return None  # a list of hands may be empty: none is exempt, none is a limit, none wins at once
        if not value:
            return "must not be empty"
        for i, v in enumerate(value):
            problem = _check_value(f"{key}[{i}]", v, shape[0])
            if problem:
                return f"entry {i}: {problem}"
        if isinstance(shape[0], tuple | list) and any(len(v) != len(shape[0]) for v in value):
            return f"every row must have {len(shape[0])} numbers"
        if not isinstance(shape[0], tuple | list) and len(value) != len(shape) and key in _PAIRS:
            return f"must have {len(shape)} numbers"
        return None
    return None


def _nullable(key: str) -> bool:
    """A setting may be null (empty) when some preset leaves it empty ("not counted", "no such price")."""
    return key in _NULLABLE or any(key in p.settings and p.settings[key] is None for p in PRESETS.values())


def _merge(old: Any, new: Any) -> Any:
    """A mapping option replaces only the entries it names; anything else replaces the whole value."""
    if isinstance(old, dict) and isinstance(new, dict):
        return {**old, **{k: _merge(old.get(k), v) for k, v in new.items()}}
    return new


def _count_problem(value: Any, wrong: str) -> str | None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        return wrong
    return None if value <= MAX_SETTING else f"must be at most {MAX_SETTING}"


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_SETTING
