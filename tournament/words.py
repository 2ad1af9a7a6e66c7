"""A list of words as the reader's language writes it: "Net chips, Hands won, Biggest hand" in English,
"净筹码、和牌数、最大一手" in 简体中文. The separator is a translated string (context "list separator"), so
each language says its own; the template filter is ``{% load lists %}{{ names|word_list }}``.

For lists of words and names a person reads; not for numbers in a sentence nor for programs' keys.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import pgettext


def word_list(items: Iterable) -> str:
    """``items`` joined with the active language's list separator (", " in English, "、" in Chinese)."""
    return pgettext("list separator", ", ").join(str(item) for item in items)
