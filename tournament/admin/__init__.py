"""The Django admin, a module per part of the league (issue 53): a window on the league, never a side door.

Every change it allows goes through the same door as the pages and the API, with the same object-level
right; what changes only through its part's doors is shown read-only (``windows.ReadOnlyAdmin``).

- ``league``: competitions (details, rules, staff, whose results count in the ratings), rounds, tables,
  hands and the ledger;
- ``people``: clubs and players, through ``league.people``;
- ``teams``: team events, through the teams' doors;
- ``stages``: stages, qualifiers and the big screen's message, read only;
- ``messages``: the messages sent, read only;
- ``windows``: the read-only base, the competition-scoped base, and the windows on chip counts, a night's
  replies and the audit log.
"""

from tournament.admin import league, messages, people, stages, teams, windows  # noqa: F401 - each registers its models
