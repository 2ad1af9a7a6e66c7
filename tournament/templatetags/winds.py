"""``{{ seat.wind|wind_letter }}``: a seat's wind (E, S, W, N) as one letter in the reader's language."""

from django import template

from tournament.views.table.display import WIND_LETTERS

register = template.Library()


@register.filter
def wind_letter(wind: str) -> str:
    return str(WIND_LETTERS.get(wind, wind))
