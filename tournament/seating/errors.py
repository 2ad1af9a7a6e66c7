"""Errors the seating generator raises before it does any work.

Every one is a ``ValueError`` (through :class:`SeatingError`) whose message names
the offending player, round or option, so a view can show it to the organiser
as it is.
"""

from __future__ import annotations


class SeatingError(ValueError):
    """The input cannot be seated; the message says why."""


class DuplicatePlayerError(SeatingError):
    """A player is entered twice, or sits twice in one round of the history."""


class TooFewPlayersError(SeatingError):
    """Fewer than four players: no table can be formed."""


class UnknownPlayerError(SeatingError):
    """The history, the clubs or the chip totals name a player who is not entered (or withdrawn)."""


class InvalidHistoryError(SeatingError):
    """A table in the history does not have exactly four seats."""


class InvalidOptionError(SeatingError):
    """An option is out of range, or the options contradict each other."""
