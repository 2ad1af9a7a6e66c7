"""Standings: each player's totals from the ledger, ranked, stored, kept current by tasks, checked, exported.

- ``rank``: the pure ranking and the reference aggregation; ``compute``: totals from the ledger in SQL;
- ``store``/``incremental``: stored standings, refreshed in full or for one table's four players;
- ``queue``/``tasks``: work queued after a hand and the Celery tasks; ``check``: the periodic reconciliation;
- ``cache``: the public API's answers kept between changes; ``exports``: CSV and PDF; ``models``: stored rows.
"""
