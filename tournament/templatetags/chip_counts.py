"""``{% chip_count_link table %}``: the scoresheet's way to the table's chip count (issue 19).

A link only for those who see the counts: "count the chips" when one is due
for the scorekeeper, otherwise a plain link for the organisers and players.
"""

from django import template

from tournament.counts import services as counts

from tournament.roles import may_record
from tournament.rounds import table_finished

register = template.Library()


@register.inclusion_tag("counts/_link.html", takes_context=True)
def chip_count_link(context, table, state=None):
    user = context["request"].user
    if not counts.may_see_counts(user, table):
        return {"show": False}
    due = may_record(user, table) and counts.count_due(table, table_finished(table, state))
    return {"show": True, "table": table, "due": due, "asked": counts.open_count(table)}


@register.simple_tag
def latest_chip_count(table):
    """The table's latest count that stands (not counted again), for the organiser's round page."""
    return table.chip_counts.exclude(status="superseded").order_by("-pk").first()
