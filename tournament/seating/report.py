"""The quality report, and the organiser's swap of two players before a round starts.

Both are pure: ``report(tables, history)`` judges a round against the rounds
before it, ``event_report(rounds, history)`` judges several rounds at once, and
``swap(tables, a, b)`` answers new tables, whose report is simply computed
again. Words are defined in ``tournament.seating.model``.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping, Sequence

from .errors import SeatingError, UnknownPlayerError
from .model import PlayerId, RepeatPair, Round, SameClubTable, SeatingReport, Table, WindCount, sort_key
from .winds import seat_counts


def _pair(a: PlayerId, b: PlayerId) -> tuple[PlayerId, PlayerId]:
    try:
        return (a, b) if a <= b else (b, a)  # type: ignore[operator]
    except TypeError:  # ids of different types
        return (a, b) if sort_key(a) <= sort_key(b) else (b, a)


def meetings(rounds: Sequence[Sequence[Table]]) -> Counter[tuple[PlayerId, PlayerId]]:
    """How often each pair of players has shared a table."""
    met: Counter[tuple[PlayerId, PlayerId]] = Counter()
    for rnd in rounds:
        for table in rnd:
            for a, b in itertools.combinations(table, 2):
                met[_pair(a, b)] += 1
    return met


def event_report(
    rounds: Sequence[Sequence[Table]],
    history: Sequence[Sequence[Table]] = (),
    *,
    clubs: Mapping[PlayerId, str | None] | None = None,
    byes: Sequence[PlayerId] = (),
) -> SeatingReport:
    """Judge ``rounds`` (played after ``history``) as a whole; see :class:`SeatingReport`."""
    return judge(rounds, meetings(history), seat_counts(history), len(history), clubs=clubs, byes=byes)


def judge(
    rounds: Sequence[Sequence[Table]],
    before: Mapping[tuple[PlayerId, PlayerId], int],
    counts_before: Mapping[PlayerId, Sequence[int]],
    rounds_before: int,
    *,
    clubs: Mapping[PlayerId, str | None] | None = None,
    byes: Sequence[PlayerId] = (),
) -> SeatingReport:
    """:func:`event_report` from the history's meetings and seat counts, for callers that keep them."""
    new = meetings(rounds)
    repeat_meetings = 0
    repeats = []
    for pair, n in new.items():
        h = before.get(pair, 0)
        repeat_meetings += max(0, h + n - 1) - max(0, h - 1)
        if h + n > 1:
            repeats.append(RepeatPair(pair[0], pair[1], h + n))
    repeats.sort(key=lambda r: (-r.meetings, sort_key(r.a), sort_key(r.b)))
    max_meetings = max(
        max((before.get(pair, 0) + n for pair, n in new.items()), default=0),
        max(before.values(), default=0),
    )
    counts = {p: list(c) for p, c in counts_before.items()}
    for rnd in rounds:
        for table in rnd:
            for seat, player in enumerate(table):
                counts.setdefault(player, [0, 0, 0, 0])[seat] += 1
    winds = tuple(WindCount(p, *counts[p]) for p in sorted(counts, key=sort_key))
    same_club = []
    clubs = clubs or {}
    for r, rnd in enumerate(rounds, start=rounds_before + 1):
        for t, table in enumerate(rnd, start=1):
            by_club: dict[str, list[PlayerId]] = {}
            for p in table:
                club = clubs.get(p)
                if club is not None:
                    by_club.setdefault(club, []).append(p)
            for club, members in sorted(by_club.items()):
                if len(members) > 1:
                    same_club.append(SameClubTable(r, t, club, tuple(members)))
    return SeatingReport(
        repeat_pairs=tuple(repeats),
        repeat_meetings=repeat_meetings,
        max_meetings=max_meetings,
        winds=winds,
        max_wind_spread=max((w.spread for w in winds), default=0),
        same_club_tables=tuple(same_club),
        byes=tuple(byes),
    )


def report(
    tables: Sequence[Table],
    history: Sequence[Sequence[Table]] = (),
    *,
    clubs: Mapping[PlayerId, str | None] | None = None,
    byes: Sequence[PlayerId] = (),
) -> SeatingReport:
    """Judge one round's tables against the history."""
    return event_report([tables], history, clubs=clubs, byes=byes)


def swap(tables: Sequence[Table], a: PlayerId, b: PlayerId) -> Round:
    """The tables with players ``a`` and ``b`` exchanged, each taking the other's seat.

    Both must be seated (a player on a bye is not at a table; seat the round
    again to change byes). Swapping two players of one table exchanges their seats.
    """
    if a == b:
        raise SeatingError(f"cannot swap player {a!r} with themselves")
    seated = {p for table in tables for p in table}
    for p in (a, b):
        if p not in seated:
            raise UnknownPlayerError(f"player {p!r} is not seated at any table of this round")
    swapped = {a: b, b: a}
    out = tuple(tuple(swapped.get(p, p) for p in table) for table in tables)
    return out  # type: ignore[return-value]
