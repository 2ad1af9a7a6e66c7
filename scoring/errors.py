"""Errors of the scoring contract (../shared/spec/scoring-api.md).

Two kinds, and only two, ever leave the engine:

- ``InvalidInput``: the input is malformed (an unknown tile code, an unknown
  rule set, a missing field, a wrong type). Raised; the command line exits 2
  and HTTP answers 400.
- a hand that is well formed but not a legal win (incomplete, below the
  minimum doubles, a tile used five times...): ``score_hand`` *returns*
  ``{"win": false, "errors": [...]}``; the command line exits 1 and HTTP
  answers 422. ``IllegalHand`` carries those errors inside the engine.

Every error is an ``Error``: a snake_case ``code``, a ``message`` a
scorekeeper understands, and the ``field`` it concerns where one applies
(``"concealed[3]"``, ``"melds[1].tiles"``); an error about an event the hand cannot
have had also names the ``event`` (added to the contract's three keys, never renaming them).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Error:
    code: str
    message: str
    field: str | None = None
    event: str | None = None  # an event the hand cannot have had (``score.event_errors``): which one

    def as_dict(self) -> dict:
        out = {"code": self.code, "message": self.message}
        if self.field is not None:
            out["field"] = self.field
        if self.event is not None:
            out["event"] = self.event
        return out


class _ErrorsException(Exception):
    def __init__(self, errors: list[Error] | Error):
        self.errors: list[Error] = [errors] if isinstance(errors, Error) else list(errors)
        super().__init__("; ".join(e.message for e in self.errors))

    def as_dicts(self) -> list[dict]:
        return [e.as_dict() for e in self.errors]


class InvalidInput(_ErrorsException):
    """Malformed input: 400 over HTTP, exit code 2 on the command line."""


class IllegalHand(_ErrorsException):
    """Well-formed but not a legal win: 422 over HTTP, exit code 1."""
