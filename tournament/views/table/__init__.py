"""The table pages (/tables/): the scoresheet, its live partial, hand entry, my tables, chip counts."""

from tournament.views.table.counts import (
    count_accept,
    count_compare,
    count_enter,
    count_request,
    table_counts,
)
from tournament.views.table.live import live, live_mine
from tournament.views.table.mine import my_tables
from tournament.views.table.scoresheet import preview, record, scoresheet, void

__all__ = [
    "count_accept",
    "count_compare",
    "count_enter",
    "count_request",
    "live",
    "live_mine",
    "my_tables",
    "preview",
    "record",
    "scoresheet",
    "table_counts",
    "void",
]
