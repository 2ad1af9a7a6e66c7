"""Rating players from their sessions, in order: openskill's Plackett-Luce (issue 35).

Vocabulary

- **session**: one table of one round: the players seated there and each
  one's **net chips** at that table (the ledger's transfers that count).
- **place**: 1 to 4 at the table by net chips, most chips first; equal
  chips share a place and the next place skips ("1, 2, 2, 4").
- **skill**: a player's ``mu`` (the estimate) and ``sigma`` (how unsure it
  is), openskill's defaults for a newcomer (25 and 25/3).
- **rating**: the value shown and ranked, the conservative estimate
  ``mu - 3 sigma`` (openskill's ``ordinal()``): 0 for a newcomer, higher is
  better. A rating is **provisional** until the player has ``MIN_SESSIONS``
  rated sessions (sigma is still large: one good night moves it far).
- **order**: sessions are rated one after another in the order of their
  ``key`` (the round's end time, the round's id, the table's id), so the
  same sessions give the same ratings, whatever order they were read in.

Each session is a free-for-all of four one-player teams ranked by place
(as alexeydergunov/mahjong-skill rates Riichi tables). Places are given to
the library as ranks, never as scores: openskill.py's score margins were
inverted (openskill.py issue #181) and its scores-to-ranks step breaks ties
by earlier ratings (#168); ranks keep equal chips an equal place. A
session's players are passed in player-id order: the update does not
depend on it (ties included), the floating-point sums stay the same.

What this module does not do: read the ledger, decide which sessions are
rated (a finished round whose results are not held: ``tournament.ratings.sessions``),
or store anything. It imports the standard library and openskill only
(pure Python, no I/O: the same input gives the same output).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, datetime

from openskill.models import PlackettLuce

MIN_SESSIONS = 5  # a rating is provisional below this many rated sessions
_MODEL = PlackettLuce()  # mu 25, sigma 25/3, beta 25/6, tau 25/300: the library's defaults
START_MU = _MODEL.mu
START_SIGMA = _MODEL.sigma


@dataclass(frozen=True)
class Skill:
    mu: float = START_MU
    sigma: float = START_SIGMA
    sessions: int = 0  # rated sessions so far

    @property
    def rating(self) -> float:
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        return self.sessions < MIN_SESSIONS


NEWCOMER = Skill()

SessionKey = tuple[datetime, int, int]  # the round's end time, the round's id, the table's id


@dataclass(frozen=True)
class Session:
    key: SessionKey
    competition_id: int
    day: date | None
    nets: tuple[tuple[int, int], ...]  # (player id, net chips at the table)

    @property
    def round_id(self) -> int:
        return self.key[1]

    @property
    def table_id(self) -> int:
        return self.key[2]


@dataclass(frozen=True)
class Change:
    """What one session did to one player's skill."""

    player_id: int
    session: Session
    place: int
    before: Skill
    after: Skill


def places(nets: Iterable[tuple[int, int]]) -> dict[int, int]:
    """Each player's place by net chips, most first; equal chips share a place and the next skips."""
    ordered = sorted(nets, key=lambda pn: (-pn[1], pn[0]))
    out: dict[int, int] = {}
    for position, (player, net) in enumerate(ordered, start=1):
        previous = ordered[position - 2] if position > 1 else None
        out[player] = out[previous[0]] if previous is not None and previous[1] == net else position
    return out


def rate_session(session: Session, skills: Mapping[int, Skill]) -> list[Change]:
    """The changes one session makes to its players' skills (``skills``: before it; a newcomer if absent)."""
    players = sorted(player for player, _net in session.nets)
    if len(players) != len(set(players)):
        raise ValueError(f"a player sits twice at table {session.table_id}")
    if len(players) < 2:
        return []
    place = places(session.nets)
    before = [skills.get(p, NEWCOMER) for p in players]
    teams = [[_MODEL.create_rating([s.mu, s.sigma])] for s in before]
    rated = _MODEL.rate(teams, ranks=[float(place[p]) for p in players])
    return [
        Change(p, session, place[p], s, Skill(team[0].mu, team[0].sigma, s.sessions + 1))
        for p, s, team in zip(players, before, rated, strict=True)
    ]


def rate(sessions: Iterable[Session], start: Mapping[int, Skill]) -> tuple[list[Change], dict[int, Skill]]:
    """Rate ``sessions`` in key order from the skills in ``start``: every change, and the skills after.

    The skills after hold every player of ``start`` and of the sessions.
    """
    skills = dict(start)
    changes: list[Change] = []
    for session in sorted(sessions, key=lambda s: s.key):
        made = rate_session(session, skills)
        for change in made:
            skills[change.player_id] = change.after
        changes.extend(made)
    return changes, skills
