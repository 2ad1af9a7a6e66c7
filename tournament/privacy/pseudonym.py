"""The pseudonym an erased person's name becomes (issue 51): stable, derived from the player's id alone.

"Player 7F3A": the label in the site's language (``LANGUAGE_CODE``: a name is data, kept once for every
reader, as a club's name is) and four hexadecimal digits of a digest of the player's id. The same player
always gets the same code; two players whose codes would collide get a longer one (the next four digits), so
that two pseudonyms never read alike. The pseudonym is then stored as the player's name, so every page,
export, PDF and API answer that shows the name shows it.
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext, gettext_noop

LABEL = gettext_noop("Player %(code)s")


def code_for(player_id: int, length: int = 4) -> str:
    digest = hashlib.sha256(f"tournament.privacy.pseudonym:{player_id}".encode()).hexdigest().upper()
    return digest[:length]


def label(code: str, language: str | None = None) -> str:
    """``LABEL`` with ``code``, in ``language`` (the site's when not given)."""
    with translation.override(language or settings.LANGUAGE_CODE):
        return gettext(LABEL) % {"code": code}


def pseudonym_for(player_id: int, taken: set[str] = frozenset()) -> str:
    """The player's pseudonym: ``label(code)``, the code lengthened while the name is ``taken``."""
    for length in (4, 8, 12, 16):
        name = label(code_for(player_id, length))
        if name not in taken:
            return name
    return label(code_for(player_id, 64))
