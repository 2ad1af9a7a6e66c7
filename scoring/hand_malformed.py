"""Malformed input of a Hand: the readers of its fields, each naming what is wrong and where.

The contract's "malformed" answer (``InvalidInput``, HTTP 400;
../shared/spec/scoring-api.md): a missing required field, a wrong type, an
unknown tile code, meld type, win, wind, event, rule set or option,
``"concealed": true`` on a meld that is not a kong. ``scoring.hand.parse_hand``
reads the usual spelling of a field itself and calls these for the rest; each
appends its errors to the list it is given, so every error is reported. A
meld that is not a set is illegal, not malformed (``scoring.hand_illegal``).
"""

from __future__ import annotations

import json

from scoring.errors import Error, InvalidInput
from scoring.hand_illegal import MELD_SIZE, meld_error, one_copy
from scoring.model import Meld
from scoring.rulesets import DEFAULT_RULESET, get_ruleset
from scoring.tiles import INDEX, SEATS, read_tiles

WINS = ("discard", "self_draw")
EVENTS = (
    "flower_replacement",
    "kong_replacement",
    "double_kong_replacement",
    "last_tile",
    "robbing_kong",
    "heavenly",
    "earthly",
    "robbing_eighth_flower",
)
MELD_TYPES = ("chow", "pong", "kong")

_EVENT_SET = frozenset(EVENTS)
NO_EVENTS: frozenset[str] = frozenset()
RULES_CACHE: dict = {}  # rule-set id, or (id, options as JSON) -> RuleSet


def missing(field: str, what: str) -> Error:
    return Error("missing_field", f"{field} is required: {what}.", field)


def ruleset_of(rules_id: object, options: object, errors: list[Error]) -> object:
    """The rule set named in the input, options applied (cached: a RuleSet is immutable)."""
    if rules_id is None:
        rules_id = DEFAULT_RULESET
    if options is not None and not isinstance(options, dict):
        errors.append(Error("wrong_type", "options must be an object of rule-set settings.", "options"))
        options = None
    if not isinstance(rules_id, str):
        errors.append(Error("wrong_type", "rules must be a rule-set id such as 'spgg-2023'.", "rules"))
        return None
    try:
        key = (rules_id, json.dumps(options, sort_keys=True)) if options else rules_id
    except (TypeError, ValueError):
        key = None
    cached = RULES_CACHE.get(key) if key is not None else None
    if cached is not None:
        return cached
    try:
        found = get_ruleset(rules_id, options or None)
    except InvalidInput as exc:
        errors.extend(exc.errors)
        return None
    if key is not None and len(RULES_CACHE) < 256:
        RULES_CACHE[key] = found
        if not options and rules_id == DEFAULT_RULESET:
            RULES_CACHE[None] = found  # "rules" left out
    return found


def wind(data: dict, field: str, errors: list[Error]) -> str:
    value = data.get(field)
    if value is None:
        errors.append(missing(field, 'one of "E", "S", "W", "N"'))
        return ""
    if isinstance(value, str):
        wind = value.strip().upper()
        if wind in SEATS:
            return wind
        errors.append(
            Error("unknown_wind", f'{field} must be one of "E", "S", "W", "N", not {value!r}.', field)
        )
    else:
        errors.append(Error("wrong_type", f'{field} must be one of "E", "S", "W", "N".', field))
    return ""


def choice(data: dict, field: str, choices: tuple[str, ...], errors: list[Error], required: bool) -> str:
    value = data.get(field)
    if value is None:
        if required:
            errors.append(missing(field, " or ".join(f'"{c}"' for c in choices)))
        return ""
    if not isinstance(value, str):
        errors.append(Error("wrong_type", f"{field} must be one of {', '.join(choices)}.", field))
        return ""
    lowered = value.strip().lower()
    if lowered not in choices:
        errors.append(
            Error(f"unknown_{field}", f"{field} must be one of {', '.join(choices)}, not {value!r}.", field)
        )
        return ""
    return lowered


def events_of(value: object, errors: list[Error]) -> frozenset[str]:
    if value is None:
        return NO_EVENTS
    if not isinstance(value, list | tuple):
        errors.append(Error("wrong_type", "events must be a list of event names.", "events"))
        return NO_EVENTS
    if not value:
        return NO_EVENTS
    found = []
    for i, item in enumerate(value):
        event = item.strip().lower() if isinstance(item, str) else None
        if event in _EVENT_SET:
            found.append(event)
        else:
            errors.append(
                Error(
                    "unknown_event",
                    f"{item!r} is not an event; events are {', '.join(EVENTS)}.",
                    f"events[{i}]",
                )
            )
    return frozenset(found)


_MELD_CACHE: dict[tuple, tuple[Meld, Error | None, int]] = {}


def melds_of(value: object, errors: list[Error]) -> list[tuple[Meld, Error | None, int, int]]:
    """Declared melds as ``(Meld, shape error or None, position, its tiles' count)`` (a count as
    ``legal_counts`` sums them, 0 for a meld that is not a set); a meld that is not a set
    is illegal, not malformed, so its error is only reported if the input is well formed."""
    if value is None:
        return []
    if not isinstance(value, list | tuple):
        errors.append(Error("wrong_type", "melds must be a list of melds.", "melds"))
        return []
    out = []
    for i, item in enumerate(value):
        if item.__class__ is dict:  # fast path: the same meld written the same way was read before
            raw_tiles = item.get("tiles")
            concealed = item.get("concealed", False)
            if (raw_tiles.__class__ is list or raw_tiles.__class__ is tuple) and (
                concealed is False or concealed is True
            ):
                try:
                    cached = _MELD_CACHE.get((item.get("type"), tuple(raw_tiles), concealed))
                except TypeError:  # an unhashable item: the slow path reports it
                    cached = None
                if cached is not None:
                    out.append((cached[0], cached[1], i, cached[2]))
                    continue
        if not isinstance(item, dict):
            field = f"melds[{i}]"
            errors.append(
                Error("wrong_type", f'{field} must be an object {{"type": ..., "tiles": [...]}}.', field)
            )
            continue
        kind = item.get("type")
        raw_tiles = item.get("tiles")
        concealed = item.get("concealed", False)
        n_errors = len(errors)
        if not isinstance(kind, str) or kind not in MELD_SIZE:
            kind = _meld_type(kind, i, errors)
        tiles: tuple[str, ...] = ()
        if raw_tiles is None:
            errors.append(missing(f"melds[{i}].tiles", "the tiles of the meld"))
        else:
            tiles, bad = read_tiles(raw_tiles, f"melds[{i}].tiles")
            errors.extend(bad)
        if concealed is None:
            concealed = False
        if concealed is not False and concealed is not True:
            field = f"melds[{i}].concealed"
            errors.append(Error("wrong_type", f"{field} must be true or false.", field))
        elif concealed and kind in ("chow", "pong"):
            field = f"melds[{i}].concealed"
            errors.append(
                Error("invalid_value", f"melds[{i}]: only a kong can be declared concealed.", field)
            )
        if len(errors) == n_errors:
            meld = Meld(kind, tuple(sorted(tiles, key=INDEX.__getitem__)), concealed=concealed, declared=True)
            error = meld_error(meld)
            cached = (meld, error, sum(map(one_copy, meld.tiles)) if error is None else 0)
            if len(_MELD_CACHE) < 8192 and isinstance(raw_tiles, list | tuple) and item.get("type") == kind:
                _MELD_CACHE[(kind, tuple(raw_tiles), item.get("concealed", False))] = cached
            out.append((cached[0], cached[1], i, cached[2]))
    return out


def _meld_type(kind: object, i: int, errors: list[Error]) -> str:
    field = f"melds[{i}].type"
    if kind is None:
        errors.append(missing(field, '"chow", "pong" or "kong"'))
    elif isinstance(kind, str) and kind.strip().lower() in MELD_SIZE:
        return kind.strip().lower()
    else:
        errors.append(
            Error("unknown_meld_type", f'{field} must be "chow", "pong" or "kong", not {kind!r}.', field)
        )
    return ""
