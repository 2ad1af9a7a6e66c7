"""The Outcome of the contract (the input of ``settle``): its fields, and how each is read.

../shared/spec/scoring-api.md, "Outcome: the input of settle". The readers
here raise ``InvalidInput`` naming the field (``winner``, ``instant[2].seat``)
for a missing field, a wrong type, an unknown seat or choice; what the values
mean together is ``scoring.settle``'s.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.errors import Error, InvalidInput
from scoring.model import SEATS

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
    "robbing_eighth_flower",
    "kong_replacement",
    "hand",
    "liable",
    "offender",
    "instant",
}
MAX_DOUBLES = 1000  # far past any rule set's cap (001 rule 21 stops at ten); a bound, not a rule
MAX_INSTANT = 64  # instant payouts in one hand: eight bonus tiles and four kongs are a handful
_INSTANT_FIELDS = {
    "type",
    "seat",
    "concealed",
    "initial",
    "pair",
    "set",
    "liable",
    "discarder",
    "kong_replacement",  # a bite drawn on a kong's replacement tile (002 line 481)
}
BITES = ("flower_pair", "animal_pair")  # 002: a "Bite" (咬到), own flower and season or an animal pair


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


def check_doubles(doubles: Any) -> None:
    if not isinstance(doubles, int) or isinstance(doubles, bool) or doubles < 0:
        raise _bad("invalid_doubles", "Doubles must be a whole number, 0 or more.", "doubles")
    if doubles > MAX_DOUBLES:
        raise _bad("invalid_doubles", f"Doubles must be at most {MAX_DOUBLES}.", "doubles")
