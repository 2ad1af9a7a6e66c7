"""What a parsed JSON body may hold before anything reads it (issue 13): every door's first check.

Python's ``json`` parses things no later step can take:

- nesting thousands deep: the parser itself fails with ``RecursionError`` (a 500), and anything that
  walks the value recursively after it;
- lone surrogates (``"\\ud800"``), as values or as keys: valid JSON escapes, but not text: UTF-8
  cannot encode them and PostgreSQL's ``jsonb`` refuses them;
- NUL characters, which PostgreSQL's text and ``jsonb`` refuse.

Numbers are bounded where they are read, field by field (serializers, ``scoring.settle``, the rule
set's settings), so that the answer names the field.

``json_problem`` walks a value without recursion and names the first such thing; the league API's
parser (``tournament.api.parsers``) and the scoring API's ``read_json`` refuse the body with it (400).
Like the rest of the rules core it imports no Django: it answers the message as an English template
and its arguments, which the league API translates (the templates are marked for ``makemessages``).
"""

from __future__ import annotations

import re


def gettext_noop(message: str) -> str:
    """Marks ``message`` for ``makemessages`` (the keyword it looks for); the adapter translates it."""
    return message


TOO_DEEP = gettext_noop("The JSON is nested too deeply: at most %(max)s levels.")
BAD_TEXT = gettext_noop(
    "The body holds text that is not valid: a NUL character or a lone surrogate (\\ud800-\\udfff), "
    "in a value or a key."
)
MAX_DEPTH = 64  # arrays and objects inside one another; a hand or a rule set needs fewer than 10
_INVALID_CHARS = re.compile("[\x00\ud800-\udfff]")


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
