"""The three answers of a door of the scoring engine, and the JSON text it reads.

The contract (../shared/spec/scoring-api.md) gives every door (Python, command
line, HTTP) the same JSON and sorts what the engine says into three kinds:

- **result**: the engine returned a result: exit 0, HTTP 200;
- **illegal**: well formed but not a legal win, ``{"win": false, "errors"}``:
  exit 1, HTTP 422;
- **malformed**: ``scoring.InvalidInput`` (or JSON that does not parse, an
  empty body): ``{"errors": [...]}``, exit 2, HTTP 400.

``read_json`` reads a command's stdin or a request's body so that every
malformed text (bad JSON, NaN, nesting too deep for the parser, bad UTF-8,
empty, a key twice in one object) is a malformed answer, never a traceback. Plain Python: the command
line and the HTTP views (``scoring.adapter``) only pass text in and write the
answer out.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass

from scoring.errors import Error, InvalidInput
from scoring.jsontext import DuplicateKey, json_problem, unique_keys

logger = logging.getLogger(__name__)

RESULT, ILLEGAL, MALFORMED = "result", "illegal", "malformed"
EXIT_CODES = {RESULT: 0, ILLEGAL: 1, MALFORMED: 2}
HTTP_STATUS = {RESULT: 200, ILLEGAL: 422, MALFORMED: 400}


@dataclass(frozen=True)
class Answer:
    """What one call of a door gives: its kind (result, illegal, malformed) and the JSON body."""

    kind: str
    body: dict

    @property
    def exit_code(self) -> int:
        return EXIT_CODES[self.kind]

    @property
    def http_status(self) -> int:
        return HTTP_STATUS[self.kind]


def _no_constant(name: str):
    raise ValueError(f"{name} is not valid JSON")


def read_json(text: str | bytes) -> object:
    """The JSON value of ``text``; ``InvalidInput`` (code ``invalid_json``) if it is not JSON."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise InvalidInput(Error("invalid_json", "The input is not UTF-8 text.")) from None
    if not text.strip():
        raise InvalidInput(Error("invalid_json", "The input is empty: send one JSON object."))
    try:
        data = json.loads(text, parse_constant=_no_constant, object_pairs_hook=unique_keys)
    except RecursionError:
        raise InvalidInput(Error("invalid_json", "The JSON is nested too deeply.")) from None
    except DuplicateKey as exc:  # a key twice in one object: which one the engine read would be a guess
        code, message, args = exc.problem()
        raise InvalidInput(Error(code, message % args)) from None
    except ValueError as exc:  # json.JSONDecodeError is a ValueError
        raise InvalidInput(Error("invalid_json", f"The input is not valid JSON: {exc}.")) from None
    problem = json_problem(data)  # lone surrogates, NUL, nesting no step after can take
    if problem is not None:
        code, message, args = problem
        raise InvalidInput(Error(code, message % args))
    return data


def answer(door: Callable[[dict], dict], data: object) -> Answer:
    """Call ``door`` (``scoring.score_hand`` or ``scoring.settle``) and classify what it gives.

    Anything but ``InvalidInput`` escaping the engine is a bug in the engine:
    it is logged, and the caller still gets the error shape (never a
    traceback, never a 500).
    """
    try:
        body = door(data)
    except InvalidInput as exc:
        return Answer(MALFORMED, {"errors": exc.as_dicts()})
    except Exception:
        logger.exception("scoring engine failed on %r", data)
        return Answer(
            MALFORMED,
            {
                "errors": [
                    {
                        "code": "unscorable_input",
                        "message": "The scoring engine could not process this input; the problem was logged.",
                    }
                ]
            },
        )
    if isinstance(body, dict) and body.get("win") is False:
        return Answer(ILLEGAL, body)
    return Answer(RESULT, body)


def answer_text(door: Callable[[dict], dict], text: str | bytes) -> Answer:
    """``answer`` for JSON text (a command's stdin, a request's body)."""
    try:
        data = read_json(text)
    except InvalidInput as exc:
        return Answer(MALFORMED, {"errors": exc.as_dicts()})
    return answer(door, data)
