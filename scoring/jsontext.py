"""What a parsed JSON body may hold before anything reads it (issue 13): every door's first check.

Python's ``json`` parses things no later step can take:

- nesting thousands deep: the parser itself fails with ``RecursionError`` (a 500), and anything that
  walks the value recursively after it;
- lone surrogates (``"\\ud800"``), as values or as keys: valid JSON escapes, but not text: UTF-8
  cannot encode them and PostgreSQL's ``jsonb`` refuses them;
- NUL characters, which PostgreSQL's text and ``jsonb`` refuse;
- a key given twice in one object (``{"chips": {...}, "chips": {...}}``): ``json`` keeps the last one
  without a word, so two readers of the same text (a proxy, a log, the client's own check) could see
  different values. ``unique_keys``, the parsers' ``object_pairs_hook``, refuses it while parsing.

Numbers are bounded where they are read, field by field (serializers, ``scoring.settle``, the rule
set's settings), so that the answer names the field.

``json_problem`` walks a value without recursion and names the first such thing; the league API's
parser (``tournament.api.parsers``) and the scoring API's ``read_json`` refuse the body with it (400).
Like the rest of the rules core it imports no Django: it answers the message as an English template
and its arguments, which the league API translates (the templates are marked for ``makemessages``).
"""

from __future__ import annotations

import json
import re


def gettext_noop(message: str) -> str:
    """Marks ``message`` for ``makemessages`` (the keyword it looks for); the adapter translates it."""
    return message


TOO_DEEP = gettext_noop("The JSON is nested too deeply: at most %(max)s levels.")
BAD_TEXT = gettext_noop(
    "The body holds text that is not valid: a NUL character or a lone surrogate (\\ud800-\\udfff), "
    "in a value or a key."
)
DUPLICATE_KEY = gettext_noop("The JSON gives the key %(key)s twice in one object: send each key once.")
MAX_DEPTH = 64  # arrays and objects inside one another; a hand or a rule set needs fewer than 10
_INVALID_CHARS = re.compile("[\x00\ud800-\udfff]")
_KEY_SHOWN = 40  # characters of a repeated key the message quotes


class DuplicateKey(ValueError):
    """A key given twice in one JSON object (raised by ``unique_keys`` while ``json`` parses)."""

    def __init__(self, key: str):
        super().__init__(f"duplicate key {key!r}")
        self.key = key

    def problem(self) -> tuple[str, str, dict]:
        """``(code, message template, its arguments)``, as ``json_problem`` gives them. The key is quoted as
        JSON with only ASCII (a lone surrogate or NUL in it cannot break the answer) and cut short."""
        shown = self.key if len(self.key) <= _KEY_SHOWN else self.key[:_KEY_SHOWN] + "..."
        return "duplicate_key", DUPLICATE_KEY, {"key": json.dumps(shown)}


def unique_keys(pairs: list[tuple[str, object]]) -> dict:
    """``object_pairs_hook`` for ``json.loads``: the object as a dict, ``DuplicateKey`` if a key repeats."""
    data: dict = {}
    for key, value in pairs:
        if key in data:
            raise DuplicateKey(key)
        data[key] = value
    return data


def json_problem(value: object) -> tuple[str, str, dict] | None:
    """``(code, message template, its arguments)`` for the first thing no later step can take, or None."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if _INVALID_CHARS.search(item):
                return "invalid_text", BAD_TEXT, {}
        elif isinstance(item, dict | list):
            if depth > MAX_DEPTH:
                return "invalid_json", TOO_DEEP, {"max": MAX_DEPTH}
            if isinstance(item, dict):
                if any(not isinstance(k, str) or _INVALID_CHARS.search(k) for k in item):
                    return "invalid_text", BAD_TEXT, {}
                stack.extend((v, depth + 1) for v in item.values())
            else:
                stack.extend((v, depth + 1) for v in item)
    return None
