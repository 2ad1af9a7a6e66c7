"""The table pages (/tables/): the scoresheet, its live partial, hand entry, my tables."""

from tournament.views.table.mine import my_tables
from tournament.views.table.scoresheet import live, preview, record, scoresheet, void

__all__ = ["live", "my_tables", "preview", "record", "scoresheet", "void"]
