"""Tiles: the codes of the scoring contract, their order, and what a tile is.

Vocabulary (../shared/spec/scoring-api.md, "Tiles"):

- **suit tile**: bamboo ``B1``-``B9``, dots (circles) ``D1``-``D9``,
  characters (numbers, craks) ``C1``-``C9``. Its **suit** is the letter, its
  **number** the digit.
- **terminal**: a suit tile numbered 1 or 9.
- **honour**: a wind (``EW`` ``SW`` ``WW`` ``NW``) or a dragon (``RD`` ``GD``
  ``WD``).
- **playing tile**: a suit tile or an honour; 34 kinds, four of each.
- **bonus tile**: a flower (``F1``-``F4``: plum, orchid, chrysanthemum,
  bamboo), a season (``S1``-``S4``: spring, summer, autumn, winter) or an
  animal (``CAT`` ``RAT`` ``ROOSTER`` ``CENTIPEDE``); one of each, never part
  of a set. Flower and season number n belong to seat n: 1 East, 2 South,
  3 West, 4 North (001 rule 23a, "Own Flower or Season per your seating
  number").

Every tile also has a compact **index**: 0-8 bamboo, 9-17 dots, 18-26
characters, 27-30 winds (E S W N), 31-33 dragons (R G W), 34-37 flowers,
38-41 seasons, 42-45 animals. The engine counts a hand as a 34-long vector of
counts over the playing tiles (a "34-count"); the canonical order of tiles
is the order of their index.

Input is case-insensitive and a list may be one string separated by spaces
or commas; output is always the upper-case code. This module does not know
about hands or melds (``scoring.hand``) nor rule sets.
"""

from __future__ import annotations

from scoring.errors import Error, InvalidInput

SUITS = ("B", "D", "C")
WINDS = ("EW", "SW", "WW", "NW")
DRAGONS = ("RD", "GD", "WD")
FLOWERS = ("F1", "F2", "F3", "F4")
SEASONS = ("S1", "S2", "S3", "S4")
ANIMALS = ("CAT", "RAT", "ROOSTER", "CENTIPEDE")

#: Every tile code, in index order.
TILES: tuple[str, ...] = (
    tuple(f"{s}{n}" for s in SUITS for n in range(1, 10)) + WINDS + DRAGONS + FLOWERS + SEASONS + ANIMALS
)
PLAYING_TILES: tuple[str, ...] = TILES[:34]
BONUS_TILES: tuple[str, ...] = TILES[34:]
HONOURS: tuple[str, ...] = WINDS + DRAGONS
TERMINALS: tuple[str, ...] = tuple(f"{s}{n}" for s in SUITS for n in (1, 9))
#: The thirteen terminals and honours of 13 Wonders (001 rule 24j).
TERMINALS_AND_HONOURS: tuple[str, ...] = TERMINALS + HONOURS

#: code -> index; also accepts any capitalisation seen so far (filled lazily).
INDEX: dict[str, int] = {code: i for i, code in enumerate(TILES)}
_LOOKUP: dict[str, int] = dict(INDEX)
# any spelling seen so far -> canonical code (the fast path of read_tiles)
_CANON: dict[str, str] = {code: code for code in TILES}

N_PLAYING = 34
FIRST_HONOUR = 27
FIRST_BONUS = 34

SEATS = ("E", "S", "W", "N")
#: seat ("E") -> its wind tile ("EW")
WIND_OF_SEAT = {"E": "EW", "S": "SW", "W": "WW", "N": "NW"}


_SORTED_SUITS = {"B": 0, "D": 1, "C": 2}


def index(tile: str) -> int:
    """The compact index of a tile code in any case; KeyError if it is not a tile code."""
    i = _LOOKUP.get(tile) if isinstance(tile, str) else None
    if i is None:
        code = canonical(tile)
        if code is None:
            raise KeyError(tile)
        i = INDEX[code]
    return i


def canonical(tile: object) -> str | None:
    """The upper-case code of ``tile`` (any case), or None if it is not a tile code."""
    if not isinstance(tile, str):
        return None
    i = _LOOKUP.get(tile)
    if i is None:
        i = INDEX.get(tile.strip().upper())
        if i is None:
            return None
        if len(_LOOKUP) < 4096:  # remember capitalisations actually used, bounded
            _LOOKUP[tile] = i
            _CANON[tile] = TILES[i]
    return TILES[i]


def parse_tiles(value: object, field: str = "tiles") -> tuple[str, ...]:
    """A list of tile codes (or one string separated by spaces/commas) as canonical codes.

    The order of the input is kept. Raises ``InvalidInput`` listing every bad
    entry (field ``"<field>[i]"``) or the wrong type (field ``field``).
    """
    tiles, errors = read_tiles(value, field)
    if errors:
        raise InvalidInput(errors)
    return tiles


def read_tiles(value: object, field: str) -> tuple[tuple[str, ...], list[Error]]:
    """Like ``parse_tiles`` but returns ``(tiles, errors)`` so a caller can collect every error."""
    if isinstance(value, str):
        items: list | tuple = value.replace(",", " ").split()
    elif isinstance(value, list | tuple):
        items = value
    else:
        return (), [Error("wrong_type", f"{field} must be a list of tile codes or a string of them.", field)]
    try:  # fast path: every item a code already seen
        return tuple(map(_CANON.__getitem__, items)), _NO_ERRORS
    except (KeyError, TypeError):
        pass
    out = []
    errors = []
    for i, item in enumerate(items):
        code = canonical(item)
        if code is None:
            errors.append(
                Error(
                    "unknown_tile",
                    f"{_show(item)} is not a tile code (e.g. B1, D9, C5, EW, RD, F2, CAT).",
                    f"{field}[{i}]",
                )
            )
        else:
            out.append(code)
    return tuple(out), errors


_index_of = INDEX.__getitem__
_NO_ERRORS: list[Error] = []  # shared: callers only read it (extend from it)


def sorted_codes(value: object) -> tuple[str, ...] | None:
    """The codes of a list of tiles (or one string of them), canonical and in canonical order;
    None unless every item is a spelling seen before (``read_tiles`` then reads it, or says what
    is wrong). A fast path."""
    if value.__class__ is str:  # typed by hand, often in lower case: straight to the spellings
        value = value.replace(",", " ").split()
    elif value.__class__ is list or value.__class__ is tuple:
        try:  # every item a canonical code already
            return tuple(sorted(value, key=_index_of))
        except (KeyError, TypeError):
            pass
    else:
        return None
    try:
        return tuple(sorted(map(_CANON.__getitem__, value), key=_index_of))
    except (KeyError, TypeError):
        return None


def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def sort_tiles(tiles) -> tuple[str, ...]:
    """Tiles in canonical (index) order."""
    return tuple(sorted(tiles, key=INDEX.__getitem__))


def counts34(tiles) -> list[int]:
    """The 34-count of the playing tiles among ``tiles`` (bonus tiles are ignored)."""
    counts = [0] * N_PLAYING
    for t in tiles:
        i = INDEX[t]
        if i < N_PLAYING:
            counts[i] += 1
    return counts


def tiles_of_counts(counts) -> tuple[str, ...]:
    """The tiles of a 34-count, in canonical order."""
    return tuple(TILES[i] for i, c in enumerate(counts) for _ in range(c))


def is_suit(tile: str) -> bool:
    return INDEX[tile] < FIRST_HONOUR


def is_honour(tile: str) -> bool:
    return FIRST_HONOUR <= INDEX[tile] < FIRST_BONUS


def is_wind(tile: str) -> bool:
    return tile in WINDS


def is_dragon(tile: str) -> bool:
    return tile in DRAGONS


def is_terminal(tile: str) -> bool:
    """A suit tile numbered 1 or 9 (honours are not terminals)."""
    i = INDEX[tile]
    return i < FIRST_HONOUR and i % 9 in (0, 8)


def is_terminal_or_honour(tile: str) -> bool:
    i = INDEX[tile]
    return i < FIRST_BONUS and (i >= FIRST_HONOUR or i % 9 in (0, 8))


def is_bonus(tile: str) -> bool:
    return INDEX[tile] >= FIRST_BONUS


def is_flower(tile: str) -> bool:
    return tile in FLOWERS


def is_season(tile: str) -> bool:
    return tile in SEASONS


def is_animal(tile: str) -> bool:
    return tile in ANIMALS


def suit(tile: str) -> str | None:
    """ "B", "D" or "C" for a suit tile, None otherwise."""
    i = INDEX[tile]
    return SUITS[i // 9] if i < FIRST_HONOUR else None


def number(tile: str) -> int | None:
    """1-9 for a suit tile, None otherwise."""
    i = INDEX[tile]
    return i % 9 + 1 if i < FIRST_HONOUR else None


def bonus_seat(tile: str) -> str | None:
    """The seat a flower or season belongs to ("F2" -> "S"); None for animals and playing tiles."""
    i = INDEX[tile]
    if FIRST_BONUS <= i < 42:
        return SEATS[(i - FIRST_BONUS) % 4]
    return None


def bonus_seat_number(tile: str) -> int | None:
    """1-4 for a flower or season (the seat number it belongs to), None otherwise."""
    i = INDEX[tile]
    if FIRST_BONUS <= i < 42:
        return (i - FIRST_BONUS) % 4 + 1
    return None


def tile_at(suit_letter: str, n: int) -> str:
    """The suit tile of ``suit_letter`` numbered ``n`` (``tile_at("D", 5) == "D5"``)."""
    return TILES[_SORTED_SUITS[suit_letter] * 9 + n - 1]
