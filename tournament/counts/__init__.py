"""Chips counted at the table against the ledger (issue 19), and what looks wrong across a competition.

- ``services``: the one door for counts (ask, enter, accept the difference as an adjustment, compare again);
- ``compare``: a count against the ledger (pure); ``integrity``/``integrity_stats``: facts for the organiser;
- ``models``: chip counts.
"""
