"""Standings fair across unequal attendance (issue 33): a season's nights needed, and best nights counted.

Pure (the standard library and ``rank``). Two options of a competition:

- ``min_sessions``: a player with fewer sessions is listed after the ranked players, without a place
  (in the order the ranking would give them); a player who has not played at all is always so listed
  (issue 49: a player with no result is not ranked between the winners and the losers);
- ``best_sessions`` = N: only a player's N best sessions count: ``net_chips`` becomes the sum of their N
  best session results (a session played without a chip moved counts as 0), ``counted_sessions`` how
  many counted, and chips per session is over those.

Only the competition's scope: a round is one session. ``standings.compute.season_ranked`` reads the
sessions' results and calls these; the other totals (hands won, biggest hand, ...) stay over every
session.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from tournament.standings.rank import PlayerTotals, RankedRow, rank


def best_of(
    lines: Iterable[PlayerTotals], session_nets: Mapping[int, Sequence[int]], best: int
) -> list[PlayerTotals]:
    """Each line with only its ``best`` sessions counted (``session_nets``: player -> each session's net)."""
    out = []
    for line in lines:
        nets = sorted(session_nets.get(line.player_id, ()), reverse=True)
        nets += [0] * max(0, line.sessions - len(nets))  # sessions without a chip moved
        counted = nets[:best]
        out.append(replace(line, net_chips=sum(counted), counted_sessions=len(counted)))
    return out


def fair_rank(lines: Iterable[PlayerTotals], *, min_sessions: int = 0, **ranking) -> list[RankedRow]:
    """``rank`` over the players with at least ``min_sessions`` sessions (one at least: a player who has
    not played has no place, issue 49); the others after, unplaced."""
    lines = list(lines)
    min_sessions = max(min_sessions, 1)
    enough = [t for t in lines if t.sessions >= min_sessions]
    short = [t for t in lines if t.sessions < min_sessions]
    ranked = rank(enough, **ranking)
    after = [RankedRow(None, False, r.totals) for r in rank(short, **{**ranking, "shared_places": False})]
    # those who played too few sessions first, then those who never played (issue 49)
    return ranked + [r for r in after if r.totals.sessions] + [r for r in after if not r.totals.sessions]
