"""``{% offline_price_card table %}``: the competition's prices as JSON, to price hands offline (issue 18)."""

from django import template
from django.utils.html import json_script

from tournament.views.offline import price_card

register = template.Library()


@register.simple_tag
def offline_price_card(table):
    return json_script(price_card(table), "price-card")
