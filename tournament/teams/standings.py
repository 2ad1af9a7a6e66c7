"""Team standings from per-session results, pure (issue 35): no database, plain data in and out.

Vocabulary

- **session**: one table of one round, each seated player's **net chips** there
  (``tournament.ratings.rate.Session``, as the ratings read them).
- **place**: a player's place at the table by net chips, most first; equal chips share a place and the
  next skips ("1, 2, 2, 4"): ``tournament.ratings.rate.places``, the ratings' own function.
- **placing points**: the competition's points for 1st, 2nd, 3rd and 4th (default 4, 2, 1, 0). Players
  who share a place **share the points of the places they cover, evenly**: two players equal in 2nd
  cover 2nd and 3rd and get (2 + 1) / 2 = 1.5 each, so a table always gives out 4 + 2 + 1 + 0 points.
- **counted**: a regular's result counts for their team; a substitute's (a member from the team's pool)
  counts under the competition's **substitute rule**: ``counts`` (as a regular's) or ``not_counted``
  (they play, their chips stay in the players' standings, the team gets nothing from that seat). A
  player in no team counts for nobody.
- **team line**: ``chips`` (the counted net chips added up), ``points`` (the counted placing points,
  an exact ``Fraction``), ``players`` (counted members who played), ``sessions`` (counted sessions,
  added up: two of a team at one table are two).
- **rank**: by chips, or by points then chips, best first; equal teams share a place when the
  competition shares places, else they go by name, then id (``tournament.standings.rank.shared_ranks``).
  A team that has not played a session has no place: it is listed after every team that has, by name.

What this module does not do: read the ledger, decide which rounds count, or store anything.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from tournament.ratings.rate import places
from tournament.standings.rank import shared_ranks

CHIPS, PLACINGS = "chips", "placings"
COUNTS, NOT_COUNTED = "counts", "not_counted"


@dataclass(frozen=True)
class TeamLine:
    team_id: int
    name: str
    chips: int = 0
    points: Fraction = Fraction(0)
    players: int = 0
    sessions: int = 0


@dataclass(frozen=True)
class RankedTeam:
    rank: int | None  # None: the team has not played yet (listed after those who have, issue 49)
    shared: bool
    line: TeamLine


def check_placing_points(value) -> list[int]:
    """Four whole numbers, 0 or more, none more than the one before; else ValueError saying why."""
    if not isinstance(value, list | tuple) or len(value) != 4:
        raise ValueError("four numbers: the points for 1st, 2nd, 3rd and 4th")
    if any(isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 1000 for v in value):
        raise ValueError("each is a whole number from 0 to 1000")
    if any(b > a for a, b in zip(value, value[1:], strict=False)):
        raise ValueError("a place never earns more than the place above it")
    return list(value)


def table_points(nets: Iterable[tuple[int, int]], points: Sequence[int]) -> dict[int, Fraction]:
    """Each player's placing points at one table (module docstring: shared places share evenly)."""
    place = places(nets)
    covering: dict[int, int] = {}
    for p in place.values():
        covering[p] = covering.get(p, 0) + 1

    def worth(position: int) -> int:
        return points[position - 1] if 0 < position <= len(points) else 0

    return {
        player: Fraction(sum(worth(p + i) for i in range(covering[p])), covering[p])
        for player, p in place.items()
    }


def team_lines(
    sessions: Iterable,
    team_of: Mapping[int, int],
    names: Mapping[int, str],
    *,
    substitutes: frozenset[int] | set[int] = frozenset(),
    substitute_rule: str = COUNTS,
    placing_points: Sequence[int] = (4, 2, 1, 0),
) -> list[TeamLine]:
    """One line per team of ``names`` (those without a counted session get zeros).

    ``sessions``: objects with ``nets`` ((player id, net chips) pairs); ``team_of``: a player's team;
    ``substitutes``: the players who are their team's substitutes.
    """
    if substitute_rule not in (COUNTS, NOT_COUNTED):
        raise ValueError(f"unknown substitute rule {substitute_rule!r}")
    chips = dict.fromkeys(names, 0)
    points = dict.fromkeys(names, Fraction(0))
    played: dict[int, set[int]] = {team: set() for team in names}
    count = dict.fromkeys(names, 0)
    for session in sessions:
        earned = table_points(session.nets, placing_points)
        for player, net in session.nets:
            team = team_of.get(player)
            if team is None or team not in names:
                continue
            if player in substitutes and substitute_rule == NOT_COUNTED:
                continue
            chips[team] += net
            points[team] += earned[player]
            played[team].add(player)
            count[team] += 1
    return [
        TeamLine(team, names[team], chips[team], points[team], len(played[team]), count[team])
        for team in names
    ]


def team_rank(
    lines: Iterable[TeamLine], *, scoring: str = CHIPS, shared_places: bool = True
) -> list[RankedTeam]:
    """The teams best first: by chips, or by points then chips (module docstring)."""
    if scoring not in (CHIPS, PLACINGS):
        raise ValueError(f"unknown team scoring {scoring!r}")

    def key(line: TeamLine) -> tuple:
        return (-line.points, -line.chips) if scoring == PLACINGS else (-line.chips,)

    def by_name(t: TeamLine) -> tuple:
        return (t.name.casefold(), t.name, t.team_id)

    lines = list(lines)
    ordered = sorted((t for t in lines if t.sessions), key=lambda t: (key(t), *by_name(t)))
    ranks = shared_ranks([key(t) for t in ordered], shared_places)
    idle = sorted((t for t in lines if not t.sessions), key=by_name)  # never played: after, no place
    return [RankedTeam(r, ranks.count(r) > 1, line) for r, line in zip(ranks, ordered, strict=True)] + [
        RankedTeam(None, False, line) for line in idle
    ]


def team_standings(
    sessions: Iterable,
    team_of: Mapping[int, int],
    names: Mapping[int, str],
    *,
    substitutes: frozenset[int] | set[int] = frozenset(),
    substitute_rule: str = COUNTS,
    scoring: str = CHIPS,
    placing_points: Sequence[int] = (4, 2, 1, 0),
    shared_places: bool = True,
) -> list[RankedTeam]:
    """``team_lines`` ranked by ``team_rank``: the one call the selectors make."""
    lines = team_lines(
        sessions,
        team_of,
        names,
        substitutes=substitutes,
        substitute_rule=substitute_rule,
        placing_points=placing_points,
    )
    return team_rank(lines, scoring=scoring, shared_places=shared_places)


def points_text(points: Fraction) -> str:
    """Points as shown: a whole number, else a decimal to two places ("1.5", "2.33")."""
    if points.denominator == 1:
        return str(points.numerator)
    return f"{float(points):.2f}".rstrip("0")
