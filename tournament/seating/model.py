"""The plain records of seating: options in, tables and a quality report out.

Vocabulary (used throughout ``tournament.seating``):

- **player id**: any hashable, sortable value naming an entered player (the
  database id in practice).
- **table**: an ordered 4-tuple of player ids, the seats East, South, West,
  North as first seated. The order is the seed 001 one: "Player obtaining the
  East wind will pick first followed by South, West and North" (001, Basic
  Rules of Play, picking of seats); own wind counts from the banker, East
  (001 rule 20), so the starting seat decides a player's wind doubles.
- **round**: one session of play; a tuple of tables. Players of the field not at
  a table in a round had a **bye** in that round.
- **history**: the rounds already seated, oldest first.
- **meeting**: two players at the same table in one round. A **repeat** is a
  meeting of two players who had met before; ``repeat_meetings`` counts them,
  so a pair that meets three times contributes two.
- **seat-wind spread**: for one player, the most minus the fewest times they
  started in any one of the four seats.
- **design**: a known combinatorial construction (affine geometry, difference
  family, transversal design) that seats a field with no repeat for many rounds.

All records are frozen dataclasses; nothing here touches the database.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

PlayerId = Hashable
Table = tuple[PlayerId, PlayerId, PlayerId, PlayerId]
Round = tuple[Table, ...]

WINDS = ("E", "S", "W", "N")


@dataclass(frozen=True)
class SeatingOptions:
    """How to seat.

    ``rounds`` is how many rounds to generate in one call (1 = the next round;
    more = plan the event ahead). ``time_budget`` is a hard cap in seconds for
    the whole call: the result is deterministic for a seed as long as the cap is
    not reached (the search stops on its own, iteration-bounded criteria first;
    ``Seating.stopped_by_time`` says when the cap cut a search short).
    ``use_designs`` lets the generator continue a known design when the field
    admits one (switch it off only to compare with plain search).
    """

    seed: int = 0
    rounds: int = 1
    swiss: bool = False
    avoid_same_club: bool = True
    time_budget: float = 10.0
    use_designs: bool = True


DEFAULT_OPTIONS = SeatingOptions()


@dataclass(frozen=True)
class RepeatPair:
    """Two players who meet more than once, and how often they meet in all."""

    a: PlayerId
    b: PlayerId
    meetings: int


@dataclass(frozen=True)
class WindCount:
    """How often a player has started in each seat (history and the rounds judged)."""

    player: PlayerId
    east: int
    south: int
    west: int
    north: int

    @property
    def spread(self) -> int:
        counts = (self.east, self.south, self.west, self.north)
        return max(counts) - min(counts)


@dataclass(frozen=True)
class SameClubTable:
    """A table at which two or more players of one club sit."""

    round: int
    table: int
    club: str
    players: tuple[PlayerId, ...]


@dataclass(frozen=True)
class SeatingReport:
    """The quality of one round, or of several, judged against the history.

    ``repeat_pairs``: the pairs that meet in the judged rounds and have met more
    than once in all (history included), most meetings first.
    ``repeat_meetings``: how many of the judged rounds' meetings are repeats.
    ``max_meetings``: the most times any pair has met, history included.
    ``winds``: seat counts for every player seated so far; ``max_wind_spread``
    the largest spread among them. ``same_club_tables``: tables of the judged
    rounds with club-mates (round and table numbers count from 1).
    ``byes``: the players sitting out (for a single round).
    """

    repeat_pairs: tuple[RepeatPair, ...]
    repeat_meetings: int
    max_meetings: int
    winds: tuple[WindCount, ...]
    max_wind_spread: int
    same_club_tables: tuple[SameClubTable, ...]
    byes: tuple[PlayerId, ...] = ()


@dataclass(frozen=True)
class SeatedRound:
    """One generated round: its number (history length + 1 for the first), tables, byes and report.

    ``method`` says how the tables were found, e.g. ``"design: affine plane AG(2,4), class 2 of 5"``
    or ``"search"``.
    """

    number: int
    tables: Round
    byes: tuple[PlayerId, ...]
    report: SeatingReport
    method: str


@dataclass(frozen=True)
class Seating:
    """What :func:`tournament.seating.seat` answers: the rounds and a report over all of them."""

    rounds: tuple[SeatedRound, ...]
    report: SeatingReport
    seconds: float
    stopped_by_time: bool


@dataclass(frozen=True)
class SeatingPreview:
    """What will happen, told before generation.

    ``tables`` and ``byes_per_round`` for the field; ``due_for_bye``: the players
    with the fewest byes so far (when byes are needed), from whom the next byes are
    drawn; ``sitting_out``: exactly who will sit out next round with these options;
    ``bye_counts``: byes so far per player; ``design``: the construction the
    generator will follow (or ``None`` for search), and ``design_rounds`` how many
    rounds it seats with no repeat; ``best_rounds``: the most rounds this field
    plays here with nobody meeting twice (0 when no design is known for it), for
    the organiser choosing the number of rounds.
    """

    players: int
    tables: int
    byes_per_round: int
    due_for_bye: tuple[PlayerId, ...]
    sitting_out: tuple[PlayerId, ...]
    bye_counts: tuple[tuple[PlayerId, int], ...]
    design: str | None
    design_rounds: int
    best_rounds: int = 0


def sort_key(player: PlayerId) -> tuple[str, PlayerId]:
    """The canonical order of player ids (ids of one type compare naturally; mixed types by type name)."""
    return (type(player).__name__, player)
