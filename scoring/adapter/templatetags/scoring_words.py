"""Template words for the calculator (issue 32): a rule's citation as the public reads it."""

from django import template
from django.utils.translation import gettext

from scoring.words import rule_source as _rule_source

register = template.Library()


@register.filter
def rule_source(citation: str) -> str:
    return _rule_source(citation, gettext)
