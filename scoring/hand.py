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
there are any, else all illegal ones (the field readers are
``scoring.hand_malformed``, the legality checks ``scoring.hand_illegal``). Each has the field it concerns
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

from scoring.errors import Error, IllegalHand, InvalidInput
from scoring.hand_illegal import illegal_errors, legal_counts
from scoring.hand_malformed import (
    NO_EVENTS,
    RULES_CACHE,
    WINS,
    choice,
    events_of,
    melds_of,
    missing,
    ruleset_of,
    wind,
)
from scoring.model import Hand
from scoring.tiles import INDEX, SEATS, TILES, canonical, read_tiles, sorted_codes

_SEAT_SET = frozenset(SEATS)
_WIN_SET = frozenset(WINS)
_WINNING = {code: code for code in TILES}


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
        rules = RULES_CACHE.get(rid) if options is None and (rid is None or rid.__class__ is str) else None
        if rules is None:
            rules = ruleset_of(get("rules"), options, errors)

    # each field: a fast path for the usual spelling, the slow path reports what is wrong
    prevailing = get("prevailing_wind")
    if prevailing.__class__ is not str or prevailing not in _SEAT_SET:
        prevailing = wind(data, "prevailing_wind", errors)
    seat = get("seat_wind")
    if seat.__class__ is not str or seat not in _SEAT_SET:
        seat = wind(data, "seat_wind", errors)

    raw = raw_concealed = get("concealed")
    concealed = sorted_codes(raw)  # in canonical order
    if concealed is None:
        concealed = ()
        if raw is None:
            errors.append(missing("concealed", "the tiles still in the hand, including the winning tile"))
        else:
            concealed, bad = read_tiles(raw, "concealed")
            if bad:
                errors.extend(bad)
            concealed = tuple(sorted(concealed, key=INDEX.__getitem__))

    melds = melds_of(get("melds"), errors)

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
        win = choice(data, "win", WINS, errors, required=True)
    raw = get("events")
    events = events_of(raw, errors) if raw else NO_EVENTS
    if raw is not None and not raw and not isinstance(raw, list | tuple):
        errors.append(Error("wrong_type", "events must be a list of event names.", "events"))

    if errors:
        raise InvalidInput(errors)

    counts = legal_counts(concealed, melds, bonus, winning)
    if counts is None:
        # the errors name positions in the input
        concealed = read_tiles(raw_concealed, "concealed")[0]
        bonus = read_tiles(raw_bonus, "bonus")[0] if bonus else ()
        raise IllegalHand(illegal_errors(concealed, melds, bonus, winning))

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
