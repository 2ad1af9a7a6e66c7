"""The words of the scoring engine, as plain frozen dataclasses.

Vocabulary (used the same way in every module of ``scoring``):

- **tile**: a canonical upper-case code of the contract (``"B1"``, ``"EW"``,
  ``"RD"``, ``"F2"``, ``"CAT"``); see ``scoring.tiles``.
- **set**: three tiles forming a *chow* (a run of three in one suit), a
  *pong* (three alike) or a *kong* (four alike).
- **eye**: the pair that completes a standard hand of four sets and an eye.
- **meld**: a set; ``declared`` when the player showed it during play
  (exposed, or a concealed kong declared on the table), otherwise formed by
  the engine from the concealed tiles when it reads the hand.
- **bonus tile**: a flower, season or animal; never part of a set.
- **reading**: one way to split a winning hand into sets and an eye (or a
  special shape such as 13 Wonders); a hand can have several readings and the
  engine scores the best.
- **wait**: the tiles a hand was one tile short of winning on, and the shape
  of the wait the winning tile completed in a reading: ``two_sided``
  (e.g. 4-5 waiting on 3 or 6), ``edge`` (1-2 waiting on 3, 8-9 on 7),
  ``closed`` (4-6 waiting on 5), ``single`` (a lone tile waiting for its
  pair), ``pong`` (two pairs waiting, the winning tile makes a pong),
  ``special`` (13 Wonders and the like).
- **double** (fan, tai, point): the unit of a hand's value; an ``Item`` is
  one named double with the rule that grants it.

This module imports nothing from Django, and nothing outside the standard
library.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from scoring.tiles import INDEX, N_PLAYING

SEATS = ("E", "S", "W", "N")


def _counts34(concealed: tuple[str, ...]) -> bytes:
    """The 34-count of concealed playing tiles, for a ``Hand`` built without one."""
    counts = [0] * N_PLAYING
    for t in concealed:
        counts[INDEX[t]] += 1
    return bytes(counts)


@dataclass(frozen=True, slots=True)
class Meld:
    kind: str  # "chow" | "pong" | "kong"
    tiles: tuple[str, ...]  # sorted canonical codes; a kong has four
    concealed: bool  # formed from concealed tiles, or a kong declared concealed
    declared: bool = False  # shown on the table during play


@dataclass(frozen=True, slots=True)
class Item:
    """One double (or limit) counted for a hand, with the rule that grants it."""

    code: str  # snake_case, stable: "dragon_pong", "seat_flower", "ping_hu"
    name: str  # what the scorekeeper reads: "Pong of Red Dragons"
    doubles: int
    rule: str  # the source: "001 rule 23a", "004 tai table", "002 Flowers"
    limit: bool = False

    def as_dict(self) -> dict:
        return {"code": self.code, "name": self.name, "doubles": self.doubles, "rule": self.rule}


@dataclass(frozen=True, slots=True)
class Hand:
    """A validated winning claim: the input of ``score_hand`` after parsing.

    ``concealed`` includes the winning tile (contract). ``rules`` is the
    ``scoring.rulesets.RuleSet`` in force, options already applied.
    ``counts`` is the 34-count of ``concealed`` as bytes (tile index order,
    ``scoring.tiles``): counted once, when the hand is parsed, and read by
    ``scoring.decompose`` and ``scoring.doubles`` instead of the tiles.
    """

    rules: object  # scoring.rulesets.RuleSet (kept loose to avoid an import cycle)
    prevailing_wind: str  # "E" | "S" | "W" | "N"
    seat_wind: str
    concealed: tuple[str, ...]
    melds: tuple[Meld, ...]  # declared melds, in input order
    bonus: tuple[str, ...]
    winning_tile: str | None  # None only for an instant win (eight flowers...)
    win: str  # "discard" | "self_draw"
    events: frozenset[str]
    counts: bytes = field(init=False, repr=False, compare=False)  # derived from ``concealed``

    def __init__(
        self,
        rules: object,
        prevailing_wind: str,
        seat_wind: str,
        concealed: tuple[str, ...],
        melds: tuple[Meld, ...],
        bonus: tuple[str, ...],
        winning_tile: str | None,
        win: str,
        events: frozenset[str],
        counts: bytes | None = None,
    ) -> None:
        # the generated __init__ of a frozen dataclass sets each field through object.__setattr__;
        # setting the slots directly is twice as fast (one Hand per scoring)
        _set_hand_rules(self, rules)
        _set_hand_prevailing_wind(self, prevailing_wind)
        _set_hand_seat_wind(self, seat_wind)
        _set_hand_concealed(self, concealed)
        _set_hand_melds(self, melds)
        _set_hand_bonus(self, bonus)
        _set_hand_winning_tile(self, winning_tile)
        _set_hand_win(self, win)
        _set_hand_events(self, events)
        _set_hand_counts(self, _counts34(concealed) if counts is None else counts)

    @property
    def self_drawn(self) -> bool:
        return self.win == "self_draw"

    @property
    def fully_concealed(self) -> bool:
        """No exposed meld (a concealed kong keeps the hand concealed)."""
        return all(m.concealed for m in self.melds)


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to read a complete hand.

    For a standard hand: ``sets`` holds four sets (declared melds first, in
    input order, then the sets formed from the concealed tiles, sorted) and
    ``eye`` the pair. For a special shape (``special`` = "thirteen_wonders",
    "nine_gates", "seven_pairs") ``sets`` may be empty and ``eye`` None.
    ``wait`` is the shape the winning tile completed in this reading
    ("two_sided", "edge", "closed", "single", "pong", "special");
    ``waits`` is every tile the hand was waiting on before it won (the same
    for every reading of one hand).
    """

    sets: tuple[Meld, ...]
    eye: tuple[str, str] | None
    wait: str | None
    waits: frozenset[str]
    special: str | None = None

    def __init__(
        self,
        sets: tuple[Meld, ...],
        eye: tuple[str, str] | None,
        wait: str | None,
        waits: frozenset[str],
        special: str | None = None,
    ) -> None:
        # as Hand.__init__: the slots set directly (one Reading per reading of every hand)
        _set_reading_sets(self, sets)
        _set_reading_eye(self, eye)
        _set_reading_wait(self, wait)
        _set_reading_waits(self, waits)
        _set_reading_special(self, special)


# The slot setters behind Hand.__init__ and Reading.__init__ (bound once the classes exist).
(
    _set_hand_rules,
    _set_hand_prevailing_wind,
    _set_hand_seat_wind,
    _set_hand_concealed,
    _set_hand_melds,
    _set_hand_bonus,
    _set_hand_winning_tile,
    _set_hand_win,
    _set_hand_events,
    _set_hand_counts,
) = (Hand.__dict__[f.name].__set__ for f in fields(Hand))
_set_reading_sets, _set_reading_eye, _set_reading_wait, _set_reading_waits, _set_reading_special = (
    Reading.__dict__[f.name].__set__ for f in fields(Reading)
)
