"""Rounds (sessions of play): their life, their seating, who sees their results, their printed sheets.

- ``lifecycle``: a round's life, one door per step: schedule, change, publish, start (or the first
  hand starts it), end a table, end, finish, reopen, hold and release;
- ``seating``: seat, plan and swap a round, the bridge to the pure generator ``tournament.seating``;
- ``held``: the one rule for who sees a held round's results; ``printing``: the seating plan and table
  cards as PDF; ``models``: rounds, tables and seats.

Each door checks the transition and the caller's right and writes the audit entry (issue 13); pages,
the API, the admin and commands call them, never save the fields themselves.
"""
