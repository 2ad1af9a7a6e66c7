"""Forms of the organiser's pages: they translate posted text into the values the services take.

One module per page group: ``competitions`` (set-up, rule-set settings, staff),
``players`` (one player, the CSV upload, entries), ``rounds`` (schedule,
seating options, swap, scorekeepers).
"""

ID_MAX = 2**63 - 1  # past a 64-bit key an id names nothing (the page answers as for no such row, never a 500)
