"""Illegal hands: well-formed input that cannot be a legal win, and the count of a legal one.

Words as in ``scoring.model``; the contract's "illegal" answer
(``IllegalHand``, HTTP 422; ../shared/spec/scoring-api.md). A hand is
illegal when a tile is used more than four times across the concealed tiles
and melds, a bonus tile is listed twice, a bonus tile sits among the
concealed tiles or in a meld, ``bonus`` holds a tile that is not a bonus
tile, a meld is not a set, the number of tiles is wrong for the melds
declared (001 rule 28 "More or Shortage of tiles"), or the winning tile is
not among the concealed tiles. ``legal_counts`` checks all that fast and
gives ``Hand.counts``; only when it fails does ``illegal_errors`` say what
is wrong, field by field. Reading the fields is ``scoring.hand``.
"""

from __future__ import annotations

from operator import eq

from scoring.errors import Error
from scoring.model import Meld
from scoring.tiles import FIRST_BONUS, INDEX, N_PLAYING, TILES

MELD_SIZE = {"chow": 3, "pong": 3, "kong": 4}
HAND_TILES = 14  # concealed + 3 per meld (a kong counts 3), 001 rule 28

index_of = INDEX.__getitem__

# A 34-count as one integer, one byte per tile index (little-endian: ``to_bytes`` gives
# ``Hand.counts``), so counting tiles is a sum. A hand of the right size holds at most 18 tiles,
# so no byte overflows into the next, even with 3 added to each.
_ONE_COPY = {code: 1 << 8 * i for code, i in INDEX.items() if i < N_PLAYING}
one_copy = _ONE_COPY.__getitem__
_THREE_EACH = int.from_bytes(bytes([3]) * N_PLAYING, "little")
_EIGHT_OR_MORE = int.from_bytes(bytes([0xF8]) * N_PLAYING, "little")  # 3 more than a fifth copy


def illegal_errors(
    concealed: tuple[str, ...],
    melds: list,
    bonus: tuple[str, ...],
    winning: str | None,
) -> list[Error]:
    """Every reason the hand is illegal (the slow path, only run when ``legal_counts`` fails)."""
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


def legal_counts(
    concealed: tuple[str, ...], melds: list, bonus: tuple[str, ...], winning: str | None
) -> bytes | None:
    """The 34-count of the concealed tiles (``Hand.counts``) when nothing is illegal, else None
    (checked fast; ``illegal_errors`` then says what is wrong).

    ``concealed`` and ``bonus`` in canonical order.
    """
    if concealed and index_of(concealed[-1]) >= FIRST_BONUS:
        return None
    total = len(concealed) + 3 * len(melds)
    if winning is None:
        if total != HAND_TILES and total != HAND_TILES - 1:
            return None
    elif total != HAND_TILES or winning not in concealed:
        return None
    counts = sum(map(one_copy, concealed))  # no bonus tile among them (checked above)
    held = counts.to_bytes(N_PLAYING, "little")
    for _, shape_error, _, copies in melds:
        if shape_error is not None:
            return None
        counts += copies
    if (counts + _THREE_EACH) & _EIGHT_OR_MORE:  # a fifth copy of some tile
        return None
    # sorted: a bonus tile twice sits next to itself, and the first has the lowest index
    if bonus and (index_of(bonus[0]) < FIRST_BONUS or any(map(eq, bonus, bonus[1:]))):
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


def meld_error(meld: Meld) -> Error | None:
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
