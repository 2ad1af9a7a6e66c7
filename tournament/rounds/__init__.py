"""Rounds (sessions of play): their seating (``seating``) and their life, schedule to finish (``lifecycle``).

Each function here is a door of the one-door rule (issue 13): it checks the
transition and the caller's right and writes the audit entry; pages, the
API, the admin and commands call these, never save the fields themselves.
"""

from tournament.rounds.lifecycle import (
    next_round_number,
    round_change,
    round_end,
    round_finish,
    round_hold,
    round_publish,
    round_reopen,
    round_schedule,
    round_start,
    started_by_first_hand,
    table_end,
    table_finished,
)
from tournament.rounds.seating import (
    RoundError,
    RoundLocked,
    RoundSeating,
    competition_plan,
    round_preview,
    round_report,
    round_seat,
    round_swap,
    round_tables,
)

__all__ = [
    "RoundError",
    "RoundLocked",
    "RoundSeating",
    "competition_plan",
    "next_round_number",
    "round_change",
    "round_end",
    "round_finish",
    "round_hold",
    "round_preview",
    "round_publish",
    "round_reopen",
    "round_report",
    "round_schedule",
    "round_seat",
    "round_start",
    "round_swap",
    "round_tables",
    "started_by_first_hand",
    "table_end",
    "table_finished",
]
