"""``python manage.py settle < outcome.json``: ``scoring.settle`` on the command line.

JSON in (stdin, or a file named as the argument), JSON out on stdout, exit 0
for a settlement, 1 for a win that is not legal (``{"win": false, ...}``), 2
for malformed input (``{"errors": [...]}``), as ../shared/spec/scoring-api.md
says. The work is ``DoorCommand`` (``score_hand.py``).
"""

from __future__ import annotations

import scoring
from scoring.adapter.management.commands.score_hand import DoorCommand


class Command(DoorCommand):
    help = (
        "Settle a hand's outcome: an Outcome as JSON on stdin; "
        "the transfers as JSON on stdout (exit 0, 1 or 2)."
    )
    door = staticmethod(scoring.settle)
