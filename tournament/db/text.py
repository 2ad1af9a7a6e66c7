"""What a text field can hold: the one check of text a person gives before a door stores it.

PostgreSQL's text holds no NUL character, and UTF-8 (the database's encoding) has no form for a lone
surrogate (``"\\ud800"``, which JSON's ``\\ud800`` escape and a form's odd bytes can carry): either one
makes the save fail, a 500 where the person should be told. SQLite (tests, the demo) takes both, so a
door checks with ``storable`` rather than trusting the database to refuse.
"""

from __future__ import annotations


def storable(text: str) -> bool:
    """True when ``text`` holds no NUL character and no lone surrogate, so any database stores it."""
    return "\x00" not in text and not any("\ud800" <= c <= "\udfff" for c in text)
