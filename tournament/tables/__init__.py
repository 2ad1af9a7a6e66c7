"""A table and its ledger: the hands played there, their chip transfers, voids and corrections, and the
table's state.

- ``state``: the pure fold over a table's hands (who deals, winds, balances, when the session is over);
- ``selectors``: a table's hands read from the database and folded;
- ``ledger``: the one door for hands (preview, record, void, correct);
- ``bao``: the scoresheet's Bao proposal; ``models``: hands, voids and chip transfers.
"""
