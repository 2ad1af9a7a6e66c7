"""Bao advice: which discards would make the discarder liable (pay for all).

A player is **liable** (Bao, pay-for-all, 包) when he discards a
**dangerous** tile that another player, the **potential winner**, claims to
reach a big hand his exposed melds already show, or a **fresh** tile near the
end of the wall. This module reads what the table shows and lists the
dangerous discards with the reason and the rule, for each rule set's
scenarios (the setting ``bao_scenarios``):

========================  ==========================================  ===============================
code                      what the potential winner shows             dangerous discards
========================  ==========================================  ===============================
``same_suit``             3+ sets of one suit, no other set           any tile of that suit
                          (001 27a, 004, 002 Full Flush, 000 Full Color)
``terminal_pongs``        3+ pongs of 1s and 9s, no other set         any 1 or 9 (001 27b, 002)
``three_winds``           3 wind pongs                                the remaining wind (001 27c, 004,
                                                                      002, 000)
``honour_pongs``          3+ honour pongs, no suit set                any remaining honour (001 27d,
                                                                      004, 002 All Honours)
``two_dragons``           2 dragon pongs                              the remaining dragon (001 27e,
                                                                      004, 002, 000)
``limit_shown``           at least ``bao_min_shown`` doubles shown    a dragon or valued wind that can
                                                                      bring them to ``bao_limit_doubles``
                                                                      (001 27f-g, 004, 002, 000)
``fresh_tile_kong``       fewer than ``fresh_tile_kong_tiles`` left   any fresh tile: liable for a kong
                          in the wall                                 made on it (001 section A, 004, 002)
``fresh_tile_win``        fewer than ``fresh_tile_win_tiles`` left    any fresh tile: liable for a win
                                                                      on it (001 section A, 004, 002, 000)
========================  ==========================================  ===============================

"No other set" in ``same_suit``, ``terminal_pongs`` and ``honour_pongs``: the
consequence every document names is the full flush, pure terminals or all
honours hand, which a set of another kind already rules out. A **fresh**
tile is a playing tile not yet seen where the rule set's
``fresh_tile_seen_in`` says (001 section A and 004: the discards and every
exposed meld; 002: the discards and exposed pongs and kongs, not chows; 000:
the discards only). ``wall_tiles_left`` counts the playable tiles left in the
wall when the discard is made (the dead wall of 15 excluded; 001 section A:
the player who drew "the last 7th tile" leaves 6). A tile whose four copies
are all visible is never listed.

**Shown doubles** (for ``limit_shown``) are read from the bonus tiles and the
exposed honour pongs, at the values of the rule set's scoring settings when
it has them (``seat_flower``, ``flower_set``, ``animal``, ``animal_set``,
``dragon_pong``, ``wind_pong``, ``double_wind_pong``), else 001 rule 23.

Input (``bao_advice(data)``, plain JSON)::

    {"rules": "spgg-2023", "options": {},
     "prevailing_wind": "E", "seat": "S",
     "melds": [{"type": "pong", "tiles": ["RD", "RD", "RD"]}],
     "bonus": ["F2", "CAT"],
     "wall_tiles_left": 20,
     "discards": ["B1", "EW"],
     "table_melds": [{"type": "chow", "tiles": ["C1", "C2", "C3"]}]}

``seat`` and ``melds``/``bonus`` describe the potential winner;
``table_melds`` the other players' exposed melds (for the fresh-tile rule);
``wall_tiles_left``, ``discards``, ``table_melds``, ``bonus`` and
``options`` are optional. Output::

    {"rules": "spgg-2023", "seat": "S", "shown_doubles": 3,
     "dangerous": [{"tile": "GD", "reasons": [
         {"code": "two_dragons", "message": "...", "rule": "001 rule 27e", "liable_for": "win"}]}]}

``dangerous`` is in tile order; ``liable_for`` is ``win`` (every payer's
share of the win, ``scoring.settle``'s ``liable``), ``kong`` (that kong's
instant payout only) or ``kong_replacement`` (the win, if the potential
winner kongs the discard and wins on the kong's replacement tile: reason
``kong_tile``, where the rule set's ``kong_discarder_pays_for_all`` says so,
002 line 481, anywhere in the wall; ``scoring.settle`` then makes the kong's
discarder pay, read from the kong payout's ``discarder``). Malformed input
raises ``InvalidInput``. The advisor does not see concealed hands: it lists
what *could* make a discarder liable,
as the documents' "dangerous discard" tables do; whether a player really
became liable is settled at the table and entered as ``liable``, and
``scoring.bao.liability`` makes the liable player pay.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from scoring import tiles as T
from scoring.errors import Error, InvalidInput
from scoring.rulesets import DEFAULT_RULESET, RuleSet, get_ruleset

_FIELDS = {
    "rules",
    "options",
    "prevailing_wind",
    "seat",
    "melds",
    "bonus",
    "wall_tiles_left",
    "discards",
    "table_melds",
}
_MELD_TYPES = ("chow", "pong", "kong")

# 001 rule 23: the fallback values of the shown doubles.
_SHOWN_DEFAULTS = {
    "seat_flower": 1,
    "flower_set": 2,
    "animal": 1,
    "animal_set": 5,
    "dragon_pong": 1,
    "wind_pong": 1,
    "double_wind_pong": 2,
}

_DEFAULT_RULE = {
    "same_suit": "001 rule 27a",
    "terminal_pongs": "001 rule 27b",
    "three_winds": "001 rule 27c",
    "honour_pongs": "001 rule 27d",
    "two_dragons": "001 rule 27e",
    "limit_shown": "001 rule 27f-g",
    "fresh_tile_kong": "001 section A",
    "fresh_tile_win": "001 section A",
    "kong_tile": "002 line 481",
}


def _bad(code: str, message: str, where: str | None) -> InvalidInput:
    return InvalidInput(Error(code, message, where))


def _seat(data: Mapping, key: str) -> str:
    value = data.get(key)
    if value is None:
        raise _bad("missing_field", f"Give {key}: E, S, W or N.", key)
    if not isinstance(value, str) or value.strip().upper() not in T.SEATS:
        raise _bad("invalid_seat", f"{key} must be E, S, W or N.", key)
    return value.strip().upper()


def _melds(value: Any, field: str) -> list[tuple[str, tuple[str, ...]]]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise _bad("wrong_type", f"{field} must be a list of melds.", field)
    out = []
    for i, meld in enumerate(value):
        where = f"{field}[{i}]"
        if not isinstance(meld, Mapping):
            raise _bad("wrong_type", "A meld must be an object with type and tiles.", where)
        kind = meld.get("type")
        if not isinstance(kind, str) or kind.lower() not in _MELD_TYPES:
            raise _bad("invalid_meld", "A meld's type must be chow, pong or kong.", f"{where}.type")
        kind = kind.lower()
        tiles = T.parse_tiles(meld.get("tiles"), f"{where}.tiles")
        if not _is_meld(kind, tiles):
            raise _bad("invalid_meld", f"{' '.join(tiles) or 'Nothing'} is not a {kind}.", f"{where}.tiles")
        out.append((kind, tiles))
    return out


def _is_meld(kind: str, tiles: tuple[str, ...]) -> bool:
    if not tiles or any(not T.is_suit(t) and not T.is_honour(t) for t in tiles):
        return False
    if kind in ("pong", "kong"):
        return len(tiles) == (3 if kind == "pong" else 4) and len(set(tiles)) == 1
    if len(tiles) != 3 or any(not T.is_suit(t) for t in tiles) or len({T.suit(t) for t in tiles}) != 1:
        return False
    numbers = sorted(T.number(t) for t in tiles)
    return numbers == list(range(numbers[0], numbers[0] + 3))


def _setting_value(rules: RuleSet, key: str) -> int:
    value = rules.get(key, _SHOWN_DEFAULTS[key])
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def shown_doubles(rules: RuleSet, *, seat: str, prevailing: str, melds, bonus) -> int:
    """The doubles a player shows on the table: bonus tiles and exposed honour pongs."""
    total = 0
    bonus = set(bonus)
    seat_number = T.SEATS.index(seat) + 1
    for group in (T.FLOWERS, T.SEASONS):
        if set(group) <= bonus:
            total += _setting_value(rules, "flower_set")
        elif f"{group[0][0]}{seat_number}" in bonus:
            total += _setting_value(rules, "seat_flower")
    animals = [a for a in T.ANIMALS if a in bonus]
    if len(animals) == 4:
        total += _setting_value(rules, "animal_set")
    else:
        total += len(animals) * _setting_value(rules, "animal")
    for kind, tiles in melds:
        if kind == "chow":
            continue
        total += _honour_gain(rules, tiles[0], seat=seat, prevailing=prevailing)
    return total


def _honour_gain(rules: RuleSet, tile: str, *, seat: str, prevailing: str) -> int:
    """The doubles a pong of ``tile`` is worth to this player (0 for a tile without value)."""
    if T.is_dragon(tile):
        return _setting_value(rules, "dragon_pong")
    if T.is_wind(tile):
        own = tile == T.WIND_OF_SEAT[seat]
        round_ = tile == T.WIND_OF_SEAT[prevailing]
        if own and round_:
            return _setting_value(rules, "double_wind_pong")
        if own or round_:
            return _setting_value(rules, "wind_pong")
    return 0


def bao_advice(data: dict) -> dict:
    """The discards that would make the discarder liable, with reasons; see the module docstring."""
    if not isinstance(data, Mapping):
        raise _bad("not_an_object", "The table must be a JSON object.", None)
    unknown = sorted(str(k) for k in data if k not in _FIELDS)
    if unknown:
        raise _bad("unknown_field", f"Unknown field {unknown[0]!r}.", unknown[0])
    options = data.get("options")
    if options is not None and not isinstance(options, Mapping):
        raise _bad("wrong_type", "options must be an object of setting: value.", "options")
    rules_id = data.get("rules")
    rules = get_ruleset(DEFAULT_RULESET if rules_id is None else rules_id, options)
    seat = _seat(data, "seat")
    prevailing = _seat(data, "prevailing_wind")
    melds = _melds(data.get("melds"), "melds")
    table_melds = _melds(data.get("table_melds"), "table_melds")
    bonus = T.parse_tiles(data.get("bonus") or [], "bonus")
    for i, tile in enumerate(bonus):
        if not T.is_bonus(tile):
            raise _bad("not_bonus", f"{tile} is not a flower, season or animal.", f"bonus[{i}]")
    discards = T.parse_tiles(data.get("discards") or [], "discards")
    for i, tile in enumerate(discards):
        if T.is_bonus(tile):
            raise _bad("not_discardable", f"{tile} is a bonus tile; it is never discarded.", f"discards[{i}]")
    left = data.get("wall_tiles_left")
    if left is not None and (not isinstance(left, int) or isinstance(left, bool) or left < 0):
        raise _bad("invalid_value", "wall_tiles_left must be a whole number, 0 or more.", "wall_tiles_left")

    visible = Counter(discards)
    for _, meld_tiles in melds + table_melds:
        visible.update(meld_tiles)
    for tile, count in visible.items():
        if count > 4:
            raise _bad("too_many", f"{tile} is shown {count} times; there are four.", "discards")

    shown = shown_doubles(rules, seat=seat, prevailing=prevailing, melds=melds, bonus=bonus)
    reasons: dict[str, list[dict]] = {}
    enabled = set(rules["bao_scenarios"])

    def add(code: str, tile_list, message: str, liable_for: str = "win") -> None:
        for tile in tile_list:
            if visible[tile] >= 4:
                continue
            rule = rules.citations.get(f"bao.{code}", (_DEFAULT_RULE[code], ""))[0]
            reasons.setdefault(tile, []).append(
                {"code": code, "message": message.format(tile=tile), "rule": rule, "liable_for": liable_for}
            )

    ponged = {tiles[0] for kind, tiles in melds if kind != "chow"}
    suit_sets = Counter(T.suit(tiles[0]) for _, tiles in melds if T.is_suit(tiles[0]))
    honour_pongs = [tiles[0] for kind, tiles in melds if kind != "chow" and T.is_honour(tiles[0])]
    winds = [t for t in honour_pongs if T.is_wind(t)]
    dragons = [t for t in honour_pongs if T.is_dragon(t)]
    n = len(melds)

    if "same_suit" in enabled:
        for letter, count in suit_sets.items():
            if count >= 3 and count == n:
                add(
                    "same_suit",
                    [t for t in T.PLAYING_TILES if T.suit(t) == letter],
                    f"{seat} shows {count} sets of one suit: discarding {{tile}} may give the full flush.",
                )
    if "terminal_pongs" in enabled:
        terminal = [tiles[0] for kind, tiles in melds if kind != "chow" and T.is_terminal(tiles[0])]
        if len(terminal) >= 3 and len(terminal) == n:
            add(
                "terminal_pongs",
                [t for t in T.TERMINALS if t not in ponged],
                f"{seat} shows {len(terminal)} pongs of 1s and 9s: discarding {{tile}} may give the "
                "pure terminals hand.",
            )
    if "three_winds" in enabled and len(winds) >= 3:
        add(
            "three_winds",
            [t for t in T.WINDS if t not in ponged],
            f"{seat} shows three wind pongs: discarding {{tile}} may complete the four winds.",
        )
    if "honour_pongs" in enabled and len(honour_pongs) >= 3 and len(honour_pongs) == n:
        add(
            "honour_pongs",
            [t for t in T.HONOURS if t not in ponged],
            f"{seat} shows {len(honour_pongs)} honour pongs: discarding {{tile}} may give the all "
            "honours hand.",
        )
    if "two_dragons" in enabled and len(dragons) >= 2:
        add(
            "two_dragons",
            [t for t in T.DRAGONS if t not in ponged],
            f"{seat} shows two dragon pongs: discarding {{tile}} may complete the three dragons.",
        )
    if "limit_shown" in enabled and shown >= rules["bao_min_shown"]:
        target = rules["bao_limit_doubles"]
        tiles_up = [
            t
            for t in T.HONOURS
            if t not in ponged
            and _honour_gain(rules, t, seat=seat, prevailing=prevailing) > 0
            and shown + _honour_gain(rules, t, seat=seat, prevailing=prevailing) >= target
        ]
        add(
            "limit_shown",
            tiles_up,
            f"{seat} shows {shown} doubles: a pong of {{tile}} brings the hand to {target} or more.",
        )

    if left is not None:
        fresh = _fresh_tiles(rules, discards, melds + table_melds)
        if "fresh_tile_kong" in enabled and left < rules["fresh_tile_kong_tiles"]:
            add(
                "fresh_tile_kong",
                fresh,
                f"{left} tiles left in the wall: {{tile}} is fresh; the discarder pays all for a kong "
                "made on it (and for a win on its replacement tile).",
                "kong",
            )
        if "fresh_tile_win" in enabled and left < rules["fresh_tile_win_tiles"]:
            add(
                "fresh_tile_win",
                fresh,
                f"{left} tiles left in the wall: {{tile}} is fresh; the discarder pays all if someone "
                "wins on it.",
            )

    if rules.get("kong_discarder_pays_for_all"):
        # 002 line 481: a discard the potential winner kongs makes its discarder pay for all if he then
        # wins on the kong's replacement tile, wherever the wall stands. He needs three in hand: a tile
        # shown twice or more cannot be konged from a discard.
        rule = rules.citations.get("kong_discarder_pays_for_all", (_DEFAULT_RULE["kong_tile"], ""))[0]
        for tile in T.PLAYING_TILES:
            if visible[tile] <= 1:
                reasons.setdefault(tile, []).append(
                    {
                        "code": "kong_tile",
                        "message": f"If {seat} kongs {tile} on your discard and wins on the replacement "
                        "tile, you pay for all.",
                        "rule": rule,
                        "liable_for": "kong_replacement",
                    }
                )

    return {
        "rules": rules.id,
        "seat": seat,
        "shown_doubles": shown,
        "dangerous": [{"tile": t, "reasons": reasons[t]} for t in T.PLAYING_TILES if t in reasons],
    }


def _fresh_tiles(rules: RuleSet, discards, melds) -> list[str]:
    seen = set(discards)
    where = rules["fresh_tile_seen_in"]
    for kind, tiles in melds:
        if where == "discards_and_melds" or (where == "discards_and_pongs" and kind != "chow"):
            seen.update(tiles)
    return [t for t in T.PLAYING_TILES if t not in seen]
