"""Reading a ``score_hand`` input into a ``Hand``: the contract's JSON, checked.

Words as in ``scoring.model``. The input is the "Hand" object of
../shared/spec/scoring-api.md. Two kinds of wrong input, kept apart as the
contract asks (``scoring.errors``):

- **malformed** (``InvalidInput``, HTTP 400): not an object, a missing
  required field (``prevailing_wind``, ``seat_wind``, ``concealed``,
  ``win``), a wrong type, an unknown tile code, meld type, win, wind, event,
  rule set or option, ``"concealed": true`` on a meld that is not a kong;
- **illegal** (``IllegalHand``, HTTP 422 ``{"win": false, "errors": [...]}``):
  well formed, but no legal win: a tile used more than four times across the
  concealed tiles and melds, a bonus tile twice, a bonus tile among the
  concealed tiles or in a meld, a tile that is not a bonus tile in
  ``bonus``, a meld that is not a set (B1 B3 B4 as a chow, a pong of mixed
  tiles), the wrong number of tiles for the melds declared (concealed + 3 per
  meld, a kong counting 3, must be 14: 001 rule 28 "More or Shortage of
  tiles": such a player cannot game), a winning tile not among the concealed
  tiles.

Every error found is reported, not just the first: all malformed errors if
there are any, else all illegal ones. Each has the field it concerns
(``"concealed[3]"``, ``"melds[1].tiles"``).

``winning_tile`` may be left out only for a win that needs no complete hand
(eight flowers, robbing the eighth flower, and where the rule set allows it
the all-dragon or all-wind pongs, 001 rules 23h, 24a, 24g): the Hand then has
``winning_tile`` None and 13 or 14 tiles, and ``scoring.score`` decides
whether such a win stands.

The parsed Hand keeps tiles in canonical order (``scoring.tiles``): the order
of the input never matters. This module does not judge completeness or
doubles (``scoring.decompose``, ``scoring.doubles``); it counts the concealed
tiles once (``Hand.counts``), for them and for its own check of a fifth copy.
"""

from __future__ import annotations

import json
from operator import eq

from scoring.errors import Error, IllegalHand, InvalidInput
from scoring.model import Hand, Meld
from scoring.tiles import FIRST_BONUS, INDEX, N_PLAYING, SEATS, TILES, canonical, read_tiles, sorted_codes

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
MELD_SIZE = {"chow": 3, "pong": 3, "kong": 4}
HAND_TILES = 14  # concealed + 3 per meld (a kong counts 3), 001 rule 28

_EVENT_SET = frozenset(EVENTS)
_NO_EVENTS: frozenset[str] = frozenset()
_RULES_CACHE: dict = {}  # rule-set id, or (id, options as JSON) -> RuleSet
_SEAT_SET = frozenset(SEATS)
_WIN_SET = frozenset(WINS)
_WINNING = {code: code for code in TILES}
_index_of = INDEX.__getitem__

# A 34-count as one integer, one byte per tile index (little-endian: ``to_bytes`` gives
# ``Hand.counts``), so counting tiles is a sum. A hand of the right size holds at most 18 tiles,
# so no byte overflows into the next, even with 3 added to each.
_ONE_COPY = {code: 1 << 8 * i for code, i in INDEX.items() if i < N_PLAYING}
_one_copy = _ONE_COPY.__getitem__
_THREE_EACH = int.from_bytes(bytes([3]) * N_PLAYING, "little")
_EIGHT_OR_MORE = int.from_bytes(bytes([0xF8]) * N_PLAYING, "little")  # 3 more than a fifth copy


def parse_hand(data: object, *, rules: object = None) -> Hand:
    """The ``Hand`` described by ``data`` (the contract's JSON object).

    ``rules``: a ``RuleSet`` to use instead of ``data["rules"]`` /
    ``data["options"]`` (tests, or a caller that already has one). Raises
    ``InvalidInput`` for malformed input and ``IllegalHand`` for a
    well-formed hand that cannot be a legal win; both carry every error found.
    """
    if not isinstance(data, dict):
        raise InvalidInput(Error("not_an_object", "A hand must be a JSON object.", None))
    errors: list[Error] = []
    get = data.get

    if rules is None:
        options = get("options")
        rid = get("rules")
        rules = _RULES_CACHE.get(rid) if options is None and (rid is None or rid.__class__ is str) else None
        if rules is None:
            rules = _ruleset(get("rules"), options, errors)

    # each field: a fast path for the usual spelling, the slow path reports what is wrong
    prevailing = get("prevailing_wind")
    if prevailing.__class__ is not str or prevailing not in _SEAT_SET:
        prevailing = _wind(data, "prevailing_wind", errors)
    seat = get("seat_wind")
    if seat.__class__ is not str or seat not in _SEAT_SET:
        seat = _wind(data, "seat_wind", errors)

    raw = raw_concealed = get("concealed")
    concealed = sorted_codes(raw)  # in canonical order
    if concealed is None:
        concealed = ()
        if raw is None:
            errors.append(_missing("concealed", "the tiles still in the hand, including the winning tile"))
        else:
            concealed, bad = read_tiles(raw, "concealed")
            if bad:
                errors.extend(bad)
            concealed = tuple(sorted(concealed, key=INDEX.__getitem__))

    melds = _melds(get("melds"), errors)

    bonus: tuple[str, ...] = ()
    raw = raw_bonus = get("bonus")
    if raw:
        bonus = sorted_codes(raw)  # in canonical order
        if bonus is None:
            bonus, bad = read_tiles(raw, "bonus")
            if bad:
                errors.extend(bad)
            bonus = tuple(sorted(bonus, key=INDEX.__getitem__))
    elif raw is not None and not isinstance(raw, list | tuple | str):
        errors.append(Error("wrong_type", "bonus must be a list of tile codes or a string of them.", "bonus"))

    raw = get("winning_tile")
    winning = _WINNING.get(raw) if raw.__class__ is str else None
    if winning is None and raw is not None:
        winning = canonical(raw)
        if not isinstance(raw, str):
            errors.append(Error("wrong_type", "winning_tile must be one tile code.", "winning_tile"))
        elif winning is None:
            errors.append(Error("unknown_tile", f"{raw!r} is not a tile code.", "winning_tile"))

    win = get("win")
    if win.__class__ is not str or win not in _WIN_SET:
        win = _choice(data, "win", WINS, errors, required=True)
    raw = get("events")
    events = _events(raw, errors) if raw else _NO_EVENTS
    if raw is not None and not raw and not isinstance(raw, list | tuple):
        errors.append(Error("wrong_type", "events must be a list of event names.", "events"))

    if errors:
        raise InvalidInput(errors)

    counts = _legal_counts(concealed, melds, bonus, winning)
    if counts is None:
        # the errors name positions in the input
        concealed = read_tiles(raw_concealed, "concealed")[0]
        bonus = read_tiles(raw_bonus, "bonus")[0] if bonus else ()
        raise IllegalHand(_illegal(concealed, melds, bonus, winning))

    return Hand(
        rules,
        prevailing,
        seat,
        concealed,
        tuple([m[0] for m in melds]) if melds else (),
        bonus,
        winning,
        win,
        events,
        counts,
    )  # positional: one Hand per scoring


# ------------------------------------------------------------ malformed input


def _missing(field: str, what: str) -> Error:
    return Error("missing_field", f"{field} is required: {what}.", field)


def _ruleset(rules_id: object, options: object, errors: list[Error]) -> object:
    """The rule set named in the input, options applied (cached: a RuleSet is immutable)."""
    from scoring.rulesets import DEFAULT_RULESET, get_ruleset  # imported late: no cycle at import

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
    cached = _RULES_CACHE.get(key) if key is not None else None
    if cached is not None:
        return cached
    try:
        found = get_ruleset(rules_id, options or None)
    except InvalidInput as exc:
        errors.extend(exc.errors)
        return None
    if key is not None and len(_RULES_CACHE) < 256:
        _RULES_CACHE[key] = found
        if not options and rules_id == DEFAULT_RULESET:
            _RULES_CACHE[None] = found  # "rules" left out
    return found


def _wind(data: dict, field: str, errors: list[Error]) -> str:
    value = data.get(field)
    if value is None:
        errors.append(_missing(field, 'one of "E", "S", "W", "N"'))
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


def _choice(data: dict, field: str, choices: tuple[str, ...], errors: list[Error], required: bool) -> str:
    value = data.get(field)
    if value is None:
        if required:
            errors.append(_missing(field, " or ".join(f'"{c}"' for c in choices)))
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


def _events(value: object, errors: list[Error]) -> frozenset[str]:
    if value is None:
        return _NO_EVENTS
    if not isinstance(value, list | tuple):
        errors.append(Error("wrong_type", "events must be a list of event names.", "events"))
        return _NO_EVENTS
    if not value:
        return _NO_EVENTS
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


def _melds(value: object, errors: list[Error]) -> list[tuple[Meld, Error | None, int, int]]:
    """Declared melds as ``(Meld, shape error or None, position, its tiles' count)`` (a count as
    ``_legal_counts`` sums them, 0 for a meld that is not a set); a meld that is not a set
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
            errors.append(_missing(f"melds[{i}].tiles", "the tiles of the meld"))
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
            error = _meld_error(meld)
            cached = (meld, error, sum(map(_one_copy, meld.tiles)) if error is None else 0)
            if len(_MELD_CACHE) < 8192 and isinstance(raw_tiles, list | tuple) and item.get("type") == kind:
                _MELD_CACHE[(kind, tuple(raw_tiles), item.get("concealed", False))] = cached
            out.append((cached[0], cached[1], i, cached[2]))
    return out


def _meld_type(kind: object, i: int, errors: list[Error]) -> str:
    field = f"melds[{i}].type"
    if kind is None:
        errors.append(_missing(field, '"chow", "pong" or "kong"'))
    elif isinstance(kind, str) and kind.strip().lower() in MELD_SIZE:
        return kind.strip().lower()
    else:
        errors.append(
            Error("unknown_meld_type", f'{field} must be "chow", "pong" or "kong", not {kind!r}.', field)
        )
    return ""


# ------------------------------------------------------------ illegal hands


def _illegal(
    concealed: tuple[str, ...],
    melds: list,
    bonus: tuple[str, ...],
    winning: str | None,
) -> list[Error]:
    """Every reason the hand is illegal (the slow path, only run when ``_legal_counts`` fails)."""
    errors: list[Error] = []
    counts = [0] * len(TILES)
    index = INDEX
    for tile in concealed:
        counts[index[tile]] += 1
    for meld, shape_error, i, _ in melds:
        if shape_error is not None:
            errors.append(Error(shape_error.code, shape_error.message, f"melds[{i}].tiles"))
        for tile in meld.tiles:
            counts[index[tile]] += 1
    for tile in bonus:
        counts[index[tile]] += 1

    if max(counts[:FIRST_BONUS]) > 4:
        for t in range(FIRST_BONUS):
            if counts[t] > 4:
                errors.append(
                    Error(
                        "too_many_copies",
                        f"{TILES[t]} is used {counts[t]} times; there are only four of each tile.",
                        _fifth_copy(TILES[t], concealed, melds, bonus),
                    )
                )
    if any(counts[FIRST_BONUS:]):
        for i, tile in enumerate(concealed):
            if index[tile] >= FIRST_BONUS:
                errors.append(
                    Error(
                        "bonus_in_concealed",
                        f"{tile} is a bonus tile: put it in bonus, not among the concealed tiles.",
                        f"concealed[{i}]",
                    )
                )
        seen_bonus: set[str] = set()
        for i, tile in enumerate(bonus):
            if tile in seen_bonus:
                errors.append(
                    Error(
                        "duplicate_bonus",
                        f"{tile} appears twice; there is only one of each bonus tile.",
                        f"bonus[{i}]",
                    )
                )
            seen_bonus.add(tile)
    for i, tile in enumerate(bonus):
        if index[tile] < FIRST_BONUS:
            errors.append(
                Error("not_a_bonus_tile", f"{tile} is not a flower, season or animal.", f"bonus[{i}]")
            )

    total = len(concealed) + 3 * len(melds)
    if winning is None:
        if total not in (HAND_TILES - 1, HAND_TILES):
            errors.append(
                Error(
                    "wrong_tile_count",
                    f"The hand has {total} tiles counting 3 per meld; a hand holds 13 or 14 (001 rule 28).",
                    "concealed",
                )
            )
    elif total != HAND_TILES:
        errors.append(
            Error(
                "wrong_tile_count",
                f"The concealed tiles plus 3 per meld make {total}, not 14: "
                f"a player with {'more' if total > HAND_TILES else 'fewer'} tiles cannot win (001 rule 28).",
                "concealed",
            )
        )
    if winning is not None and winning not in concealed:
        errors.append(
            Error(
                "winning_tile_not_in_hand",
                f"The winning tile {winning} must be among the concealed tiles.",
                "winning_tile",
            )
        )
    return errors


def _legal_counts(
    concealed: tuple[str, ...], melds: list, bonus: tuple[str, ...], winning: str | None
) -> bytes | None:
    """The 34-count of the concealed tiles (``Hand.counts``) when nothing is illegal, else None
    (checked fast; ``_illegal`` then says what is wrong).

    ``concealed`` and ``bonus`` in canonical order.
    """
    if concealed and _index_of(concealed[-1]) >= FIRST_BONUS:
        return None
    total = len(concealed) + 3 * len(melds)
    if winning is None:
        if total != HAND_TILES and total != HAND_TILES - 1:
            return None
    elif total != HAND_TILES or winning not in concealed:
        return None
    counts = sum(map(_one_copy, concealed))  # no bonus tile among them (checked above)
    held = counts.to_bytes(N_PLAYING, "little")
    for _, shape_error, _, copies in melds:
        if shape_error is not None:
            return None
        counts += copies
    if (counts + _THREE_EACH) & _EIGHT_OR_MORE:  # a fifth copy of some tile
        return None
    # sorted: a bonus tile twice sits next to itself, and the first has the lowest index
    if bonus and (_index_of(bonus[0]) < FIRST_BONUS or any(map(eq, bonus, bonus[1:]))):
        return None
    return held


def _fifth_copy(tile: str, concealed, melds, bonus) -> str:
    """The field of the fifth copy of ``tile`` (concealed first, then melds, then bonus)."""
    seen = 0
    places = [(f"concealed[{i}]", t) for i, t in enumerate(concealed)]
    places += [(f"melds[{i}].tiles[{j}]", t) for meld, _, i, _ in melds for j, t in enumerate(meld.tiles)]
    places += [(f"bonus[{i}]", t) for i, t in enumerate(bonus)]
    for field, t in places:
        if t == tile:
            seen += 1
            if seen == 5:
                return field
    return "concealed"


def _meld_error(meld: Meld) -> Error | None:
    """Why ``meld`` is not a set (its field is filled in by the caller), or None."""
    tiles = meld.tiles
    where = None
    for tile in tiles:
        if INDEX[tile] >= FIRST_BONUS:
            return Error(
                "bonus_in_meld", f"{tile} is a bonus tile and cannot be part of a {meld.kind}.", where
            )
    size = MELD_SIZE[meld.kind]
    if len(tiles) != size:
        return Error("invalid_meld", f"A {meld.kind} has {size} tiles, not {len(tiles)}.", where)
    first = INDEX[tiles[0]]
    if meld.kind == "chow":
        ok = first < 27 and first % 9 <= 6 and INDEX[tiles[1]] == first + 1 and INDEX[tiles[2]] == first + 2
        if not ok:
            return Error(
                "invalid_meld",
                f"{' '.join(tiles)} is not a chow: a chow is three tiles in a row of one suit.",
                where,
            )
    elif any(t != tiles[0] for t in tiles):
        return Error(
            "invalid_meld", f"{' '.join(tiles)} is not a {meld.kind}: its tiles must all be alike.", where
        )
    return None
