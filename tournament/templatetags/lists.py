"""``{{ names|word_list }}``: a list of words joined as the reader's language joins them
(``tournament.words``: ", " in English, "、" in 简体中文)."""

from django import template

from tournament.words import word_list as _word_list

register = template.Library()


@register.filter
def word_list(items) -> str:
    return _word_list(items or ())
