"""``{{ user|person_name }}``: a person's name, not their username (``tournament.access.names``)."""

from django import template

from tournament.access.names import person_name as _person_name

register = template.Library()


@register.filter
def person_name(user) -> str:
    return _person_name(user)
