"""Club standings: a competition's clubs ranked by their players' chips (issue 35).

Vocabulary

- **club line**: one club of the competition: its **chips** (the plain sum of
  its players' net chips in the scope, so the club lines add up to what the
  players with a club hold: no chip is created or lost), its **players** (how
  many of its players played a session), its **sessions** (the sessions its
  players played, added up: two players of a club at one table are two).
- A player counts for the club he belongs to now (``Player.club``, as the
  players' table shows it); a player without a club is in no club line.
- **rank**: by chips, best first; equal clubs share a place ("1, 2, 2, 4")
  when the competition's ``shared_places`` is on, else they are ordered by
  name, then id, as the players' standings are (``tournament.standings.rank``).

The lines are made from the players' lines (``PlayerTotals``) that the
players' standings read (stored, or computed on read), so the clubs are live
exactly as the players are. Every player line counts, withdrawn or not: a
withdrawn player's chips were won and lost at the club's tables.

What this module does not do: read the ledger (the players' lines carry it)
or store anything.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from tournament.models import Player
from tournament.standings.rank import PlayerTotals, shared_ranks


@dataclass(frozen=True)
class ClubLine:
    club_id: int
    name: str
    chips: int = 0
    players: int = 0
    sessions: int = 0


@dataclass(frozen=True)
class RankedClub:
    rank: int
    shared: bool
    line: ClubLine


def club_lines(
    totals: Iterable[PlayerTotals], club_of: Mapping[int, int | None], names: Mapping[int, str]
) -> list[ClubLine]:
    """One line per club with a player among ``totals`` (pure: ``club_of`` maps a player id to his club's
    id or None, ``names`` a club's id to its name)."""
    chips: dict[int, int] = {}
    played: dict[int, int] = {}
    sessions: dict[int, int] = {}
    for line in totals:
        club = club_of.get(line.player_id)
        if club is None:
            continue
        chips[club] = chips.get(club, 0) + line.net_chips
        played[club] = played.get(club, 0) + (1 if line.sessions > 0 else 0)
        sessions[club] = sessions.get(club, 0) + line.sessions
    return [ClubLine(club, names[club], chips[club], played[club], sessions[club]) for club in chips]


def club_rank(lines: Iterable[ClubLine], *, shared_places: bool = True) -> list[RankedClub]:
    """The clubs by chips, best first (module docstring: shared places, ties by name then id)."""
    ordered = sorted(lines, key=lambda c: (-c.chips, c.name.casefold(), c.name, c.club_id))
    places = shared_ranks([line.chips for line in ordered], shared_places)
    return [
        RankedClub(place, places.count(place) > 1, line) for place, line in zip(places, ordered, strict=True)
    ]


def club_standings(competition, totals: Iterable[PlayerTotals]) -> list[RankedClub]:
    """The competition's clubs ranked from these players' lines (one query for the players' clubs)."""
    totals = list(totals)
    rows = Player.objects.filter(pk__in=[t.player_id for t in totals]).values_list(
        "pk", "club_id", "club__name"
    )
    club_of = {pk: club for pk, club, _ in rows}
    names = {club: name for _, club, name in rows if club is not None}
    return club_rank(club_lines(totals, club_of, names), shared_places=competition.shared_places)
