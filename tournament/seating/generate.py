"""Seating rounds: validate, choose byes, follow a design or search, order seats, report.

``seat`` generates ``options.rounds`` rounds after the history; it is a fold of
one-round steps, each step seeing the rounds before it, so planning an event
all at once and seating it one round at a time give the same rounds (for the
same seed, field and history) and therefore the same quality.

A step first follows the **plan** (``plan.py``): when swiss seating is off
and the field admits a design (``choose.design_for``; with byes, a design on
the tables' players with stand-ins, ``substitutes.py``), the plan is that
design with players mapped to points by a seeded shuffle and its classes in a
seeded order; it depends only on the seed, the field and the clubs. If the
history so far is exactly the plan's first rounds (tables compared as sets of
players), the step plays the plan's next round and its byes. Otherwise
(another history, swiss, or the design is used up) it draws the byes
(``byes.py``) and searches (``search.py``) for the round that costs least
given all earlier meetings.
Seats are then ordered by blocks of four rounds (``winds.py``): the groups
of the block's rounds ahead are found too (groups never depend on seats, so
a later call finds the same ones), the block is seated so that every player
starts in each wind once, and the round takes its part of that seating.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from .best import best_rounds
from .byes import bye_counts, choose_byes, due_for_bye
from .errors import (
    DuplicatePlayerError,
    InvalidHistoryError,
    InvalidOptionError,
    SeatingError,
    TooFewPlayersError,
    UnknownPlayerError,
)
from .model import (
    DEFAULT_OPTIONS,
    PlayerId,
    Round,
    SeatedRound,
    Seating,
    SeatingOptions,
    SeatingPreview,
    Table,
    sort_key,
)
from .next_round import RETRY_PLAYERS, keep, remembered
from .next_round import forget as forget_searches
from .plan import Plan
from .report import judge, meetings
from .winds import BLOCK, colour_block, order_round, seat_counts, used_winds


def seat(
    players: Iterable[PlayerId],
    history: Iterable[Iterable[Sequence[PlayerId]]] = (),
    options: SeatingOptions = DEFAULT_OPTIONS,
    *,
    clubs: Mapping[PlayerId, str | None] | None = None,
    chips: Mapping[PlayerId, float] | None = None,
    withdrawn: Iterable[PlayerId] = (),
) -> Seating:
    """Seat the next ``options.rounds`` rounds of ``players`` after ``history``.

    ``history``: earlier rounds, oldest first, each a sequence of 4-seat tables
    (E, S, W, N); may name ``withdrawn`` players, who are not seated again.
    ``clubs``: player -> club name (or None). ``chips``: player -> chip total,
    required for swiss seating. Raises a :class:`SeatingError` (a ``ValueError``)
    with a message before doing any work when the input is wrong.
    """
    started = time.monotonic()
    field, past, clubs_n, ranks = _validate(players, history, options, clubs, chips, withdrawn)
    plan = Plan(field, options, clubs_n)
    # the groups of the rounds asked for and, to seat winds by blocks of four, of the rest of the last block
    ahead = 0 if ranks is not None else -(len(past) + options.rounds) % BLOCK + (len(field) % 4 > 0)
    grouper = _Grouper(field, past, options, plan, clubs_n, ranks, started + options.time_budget, ahead)
    rounds: list[SeatedRound] = []
    so_far = list(past)
    met, counts = meetings(past), seat_counts(past)  # kept up to date round by round
    for k in range(len(past), len(past) + options.rounds):
        groups, byes, method = grouper.get(k)
        start = k - k % BLOCK
        future = [] if ranks is not None else [grouper.get(i)[0] for i in range(k + 1, start + BLOCK)]
        # with byes, the round after the block decides which wind a player sitting out goes without
        after = grouper.get(start + BLOCK)[0] if ranks is None and len(field) % 4 else ()
        later = plan.firsts_ahead(so_far[:start], start + 2 * BLOCK) if after else None
        tables = _order(so_far[start:k], groups, future, counts, after, later)
        rep = judge([tables], met, counts, k, clubs=clubs_n, byes=byes)
        seated = SeatedRound(k + 1, tables, byes, rep, method)
        rounds.append(seated)
        so_far.append(tables)
        met.update(meetings([tables]))
        for table in tables:
            for s, player in enumerate(table):
                counts.setdefault(player, [0, 0, 0, 0])[s] += 1
    whole = judge([r.tables for r in rounds], meetings(past), seat_counts(past), len(past), clubs=clubs_n)
    return Seating(tuple(rounds), whole, time.monotonic() - started, grouper.timed_out)


def seat_round(
    players: Iterable[PlayerId],
    history: Iterable[Iterable[Sequence[PlayerId]]] = (),
    options: SeatingOptions = DEFAULT_OPTIONS,
    **kwargs,
) -> SeatedRound:
    """Seat only the next round (``options.rounds`` is ignored); see :func:`seat`."""
    return seat(players, history, replace(options, rounds=1), **kwargs).rounds[0]


def preview(
    players: Iterable[PlayerId],
    history: Iterable[Iterable[Sequence[PlayerId]]] = (),
    options: SeatingOptions = DEFAULT_OPTIONS,
    *,
    clubs: Mapping[PlayerId, str | None] | None = None,
    withdrawn: Iterable[PlayerId] = (),
) -> SeatingPreview:
    """Tell the organiser, before generating, what the next round will be (see :class:`SeatingPreview`)."""
    field, past, clubs_n, _ = _validate(
        players, history, replace(options, swiss=False), clubs, None, withdrawn
    )
    plan = Plan(field, options, clubs_n)
    counts = bye_counts(field, past)
    following = plan.design if plan.follows(past) and not plan.design.repeats else None  # type: ignore[union-attr]
    return SeatingPreview(
        players=len(field),
        tables=len(field) // 4,
        byes_per_round=len(field) % 4,
        due_for_bye=due_for_bye(field, past),
        sitting_out=plan.byes(len(past)) if plan.follows(past) else _next_byes(field, past, options, clubs_n),
        bye_counts=tuple((p, counts[p]) for p in field),
        design=following.name if following else None,
        design_rounds=(following.length - len(past)) if following else 0,
        best_rounds=best_rounds(len(field)),
    )


def _next_byes(field, past, options, clubs) -> tuple[PlayerId, ...]:
    """Who sits out the round after ``past`` when no plan is followed: as ``searched`` will draw them."""
    if not (len(field) % 4 and len(field) <= RETRY_PLAYERS):
        return choose_byes(field, past, options.seed)
    clubs = clubs if options.avoid_same_club else None
    deadline = time.monotonic() + options.time_budget
    return remembered(field, past, meetings(past), options, deadline, clubs, None)[0]


# --- one step ---------------------------------------------------------------------------------------------


class _Grouper:
    """Who sits together in each round (byes, design or search), before any seat is ordered.

    Groups depend only on who met whom, never on seats, so the rounds ahead in
    a block can be grouped now and grouped again, identically, by a later call
    seating round by round.
    """

    def __init__(self, field, past, options, plan, clubs, ranks, deadline: float, ahead: int):
        self.field, self.options, self.plan, self.clubs, self.ranks = field, options, plan, clubs, ranks
        self.rounds: list[Round] = list(past)
        self.done: list[tuple[list[tuple[PlayerId, ...]], tuple[PlayerId, ...], str]] = []
        self.met = meetings(past)
        self.deadline, self.left = deadline, options.rounds + ahead
        self.timed_out = False

    def get(self, k: int) -> tuple[list[tuple[PlayerId, ...]], tuple[PlayerId, ...], str]:
        first = len(self.rounds) - len(self.done)
        while len(self.rounds) <= k:
            now = time.monotonic()
            step_deadline = now + max(0.0, self.deadline - now) / max(1, self.left)
            self.left -= 1
            groups, byes, method = self._group(step_deadline)
            self.done.append((groups, byes, method))
            self.rounds.append(tuple(groups))  # type: ignore[arg-type]
            self.met.update(meetings([groups]))
        return self.done[k - first]

    def _group(self, deadline: float) -> tuple[list[tuple[PlayerId, ...]], tuple[PlayerId, ...], str]:
        so_far, plan, options, ranks = self.rounds, self.plan, self.options, self.ranks
        following = plan.follows(so_far)
        if following:
            byes = plan.byes(len(so_far))
            assert plan.design is not None
            k = len(so_far)
            groups = plan.groups(k)
            method = f"design: {plan.design.name}, class {k + 1} of {plan.design.length}"
        else:
            clubs = self.clubs if options.avoid_same_club else None
            byes, found, timed_out = remembered(self.field, so_far, self.met, options, deadline, clubs, ranks)
            self.timed_out |= timed_out
            groups = [tuple(g) for g in found]
            method = "search" + (" (stopped by the time budget)" if timed_out else "")
        if ranks is not None:  # swiss: top table first
            groups.sort(key=lambda g: min(ranks[p] for p in g))
        else:
            groups.sort(key=lambda g: min(sort_key(p) for p in g))
        return [tuple(sorted(g, key=sort_key)) for g in groups], byes, method


def forget() -> None:
    """Drop the answers kept in the process (the benchmark measures each case from nothing)."""
    _SEATED.clear()
    forget_searches()


# Seating one round seats its whole block (``winds.colour_block``), and seating the block's next round, one
# request later, seats the block again from the same input: the last few seatings are kept in the process.
_SEATED: dict[tuple, list | None] = {}
SEATED = 8
_NOT_KEPT: list = []


def _order(
    block: Sequence[Round],
    groups: Sequence[Sequence[PlayerId]],
    future: Sequence[Sequence[Sequence[PlayerId]]],
    counts: Mapping[PlayerId, Sequence[int]],
    after: Sequence[Sequence[PlayerId]] = (),
    later: Sequence[Sequence[Sequence[PlayerId]]] | None = None,
) -> Round:
    """Seat the winds of one round: the block's seating (``winds.colour_block``) that continues ``block``.

    ``block``: the block's rounds so far (seated); ``future``: the groups of its
    rounds ahead, where known. The block is seated again with its first ``i``
    rounds kept as they are, ``i = 0, 1, ...``; the first seating that agrees with
    the rounds so far gives this round, so a call for one round and a call
    planning the whole block answer the same. Failing that, each table on its own.
    Seatings are kept by their input (``_SEATED``), so a block is seated once.
    """
    before = {p: list(c) for p, c in counts.items()}
    for rnd in block:
        for table in rnd:
            for s, p in enumerate(table):
                before[p][s] -= 1
    for i in range(len(block) + 1):
        again = [[tuple(sorted(t, key=sort_key)) for t in rnd] for rnd in block[i:]]
        rounds, used = [*again, groups, *future], used_winds(block[:i])
        key = _block_key(rounds, used, before, after, later)
        seated = _SEATED.get(key, _NOT_KEPT)  # read once: another thread may drop it at any time
        if seated is _NOT_KEPT:
            seated = colour_block(rounds, used, before, after=after, later=later)
            keep(_SEATED, key, seated, SEATED)
        if seated is not None and all(tuple(seated[r]) == tuple(block[i + r]) for r in range(len(again))):
            return seated[len(again)]
    return order_round(groups, counts, used_winds(block))


def _block_key(rounds, used, before, after, later) -> tuple:
    """Everything ``colour_block`` is given, as a key (its answer depends on nothing else; a player's
    counts of zero and no counts are one to it, so the first round's call and the second's agree)."""
    return (
        tuple(tuple(map(tuple, rnd)) for rnd in rounds),
        frozenset((p, frozenset(ws)) for p, ws in used.items()),
        frozenset((p, tuple(c)) for p, c in before.items() if any(c)),
        tuple(map(tuple, after)),
        None if later is None else tuple(tuple(map(tuple, rnd)) for rnd in later),
    )


# --- validation -------------------------------------------------------------------------------------------


def _validate(
    players: Iterable[PlayerId],
    history: Iterable[Iterable[Sequence[PlayerId]]],
    options: SeatingOptions,
    clubs: Mapping[PlayerId, str | None] | None,
    chips: Mapping[PlayerId, float] | None,
    withdrawn: Iterable[PlayerId],
) -> tuple[tuple[PlayerId, ...], tuple[Round, ...], dict[PlayerId, str | None], dict[PlayerId, int] | None]:
    if not isinstance(options.rounds, int) or options.rounds < 1:
        raise InvalidOptionError(f"rounds must be a whole number of at least 1, not {options.rounds!r}")
    if not options.time_budget > 0:
        raise InvalidOptionError(
            f"time_budget must be a positive number of seconds, not {options.time_budget!r}"
        )
    listed = list(players)
    seen: set[PlayerId] = set()
    for p in listed:
        if p in seen:
            raise DuplicatePlayerError(f"player {p!r} is entered twice")
        seen.add(p)
    if len(listed) < 4:
        raise TooFewPlayersError(f"{len(listed)} players entered; a table needs 4")
    try:
        field = tuple(sorted(listed, key=sort_key))
    except TypeError as exc:
        raise SeatingError("player ids must be comparable (all numbers or all strings)") from exc
    gone = set(withdrawn)
    both = gone & seen
    if both:
        raise DuplicatePlayerError(f"player {next(iter(both))!r} is both entered and withdrawn")
    known = seen | gone
    past: list[Round] = []
    for r, rnd in enumerate(history, start=1):
        tables: list[Table] = []
        in_round: set[PlayerId] = set()
        for t, table in enumerate(rnd, start=1):
            table = tuple(table)
            if len(table) != 4:
                raise InvalidHistoryError(f"round {r}, table {t} has {len(table)} seats, not 4")
            for p in table:
                if p not in known:
                    raise UnknownPlayerError(f"round {r}, table {t}: player {p!r} is not entered")
                if p in in_round:
                    raise DuplicatePlayerError(f"round {r}: player {p!r} sits twice")
                in_round.add(p)
            tables.append(table)  # type: ignore[arg-type]
        past.append(tuple(tables))
    clubs_n: dict[PlayerId, str | None] = {}
    for p, club in (clubs or {}).items():
        if p not in known:
            raise UnknownPlayerError(f"a club is given for player {p!r}, who is not entered")
        clubs_n[p] = club or None
    ranks: dict[PlayerId, int] | None = None
    if options.swiss:
        if options.rounds > 1:
            raise InvalidOptionError(
                "swiss seating needs chip totals before each round: seat one round at a time"
            )
        if chips is None:
            raise InvalidOptionError("swiss seating needs the players' chip totals")
        for p in chips:
            if p not in known:
                raise UnknownPlayerError(f"chips are given for player {p!r}, who is not entered")
        missing = [p for p in field if p not in chips]
        if missing:
            raise InvalidOptionError(f"swiss seating needs a chip total for player {missing[0]!r}")
        standing = sorted(field, key=lambda p: (-chips[p], sort_key(p)))
        ranks = {p: i for i, p in enumerate(standing)}
    return field, tuple(past), clubs_n, ranks
