"""Seating generator for a Singapore Mahjong league: who sits where, round by round.

Pure Python over plain data (no Django): it takes the entered players, the
rounds already played and options, and answers tables of four seats (E, S, W,
N), byes and a quality report. Words (table, round, bye, meeting, repeat,
seat-wind spread, design) are defined in :mod:`tournament.seating.model`.

Public interface::

    seat(players, history=(), options=SeatingOptions(), *, clubs=None, chips=None, withdrawn=()) -> Seating
    seat_round(players, history=(), options=SeatingOptions(), **same) -> SeatedRound
    preview(players, history=(), options=SeatingOptions(), *, clubs=None, withdrawn=()) -> SeatingPreview
    report(tables, history=(), *, clubs=None, byes=()) -> SeatingReport
    event_report(rounds, history=(), *, clubs=None) -> SeatingReport
    swap(tables, a, b) -> tables
    best_rounds(players) -> the most rounds the field plays here with nobody meeting twice
    forget() -> drops the seatings and searches kept in the process (answers stay the same, only slower)

What it does not do: load or save anything (the service ``round_seat`` does),
decide who is entered, or judge results. See docs/seating.md for the method
and the benchmark against the social golfer problem.
"""

from .best import best_rounds, fewest_same_club_tables
from .errors import (
    DuplicatePlayerError,
    InvalidHistoryError,
    InvalidOptionError,
    SeatingError,
    TooFewPlayersError,
    UnknownPlayerError,
)
from .generate import forget, preview, seat, seat_round
from .model import (
    WINDS,
    PlayerId,
    RepeatPair,
    Round,
    SameClubTable,
    SeatedRound,
    Seating,
    SeatingOptions,
    SeatingPreview,
    SeatingReport,
    Table,
    WindCount,
)
from .report import event_report, meetings, report, swap

__all__ = [
    "WINDS",
    "DuplicatePlayerError",
    "InvalidHistoryError",
    "InvalidOptionError",
    "PlayerId",
    "RepeatPair",
    "Round",
    "SameClubTable",
    "SeatedRound",
    "Seating",
    "SeatingError",
    "SeatingOptions",
    "SeatingPreview",
    "SeatingReport",
    "Table",
    "TooFewPlayersError",
    "UnknownPlayerError",
    "WindCount",
    "forget",
    "best_rounds",
    "fewest_same_club_tables",
    "event_report",
    "meetings",
    "preview",
    "report",
    "seat",
    "seat_round",
    "swap",
]
