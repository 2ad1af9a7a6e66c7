"""What the ledger (``tournament.tables.ledger``) answers when it records nothing: problems, refusals,
conflicts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tournament.tables.state import TableState


@dataclass(frozen=True)
class Problem:
    code: str
    message: str
    field: str | None = None
    event: str | None = None  # an event the hand cannot have had (scoring.events): which one

    def as_dict(self) -> dict:
        out = {"code": self.code, "message": self.message}
        if self.field:
            out["field"] = self.field
        if self.event:
            out["event"] = self.event
        return out


class HandRejected(Exception):
    """The entry cannot be recorded; ``status`` is 400 (malformed) or 422 (not a legal hand)."""

    def __init__(self, problems: list[Problem], status: int = 422):
        self.problems = problems
        self.status = status
        super().__init__("; ".join(p.message for p in problems))


class HandConflict(Exception):
    """Somebody else recorded this hand first (409)."""

    def __init__(self, message: str, state: TableState):
        self.message = message
        self.state = state
        super().__init__(message)


REASON_MAX = 300  # HandVoid.reason, HandAnswer.reason, HandCheck.ruling_reason


def checked_reason(reason: str | None, *, required: str | None = None) -> str:
    """A reason as given, stripped: refused when too long for its column (never cut), or missing when
    ``required`` (the message to give)."""
    from django.utils.translation import gettext as _

    reason = (reason or "").strip()
    if required and not reason:
        raise HandRejected([Problem("reason_required", required, "reason")], status=400)
    if len(reason) > REASON_MAX:
        message = _("Keep the reason to %(max)s characters (this one has %(n)s).") % {
            "max": REASON_MAX,
            "n": len(reason),
        }
        raise HandRejected([Problem("reason_too_long", message, "reason")], status=400)
    return reason
