"""``python manage.py score_hand < hand.json``: ``scoring.score_hand`` on the command line.

JSON in (stdin, or a file named as the argument), JSON out on stdout, and the
exit code of ../shared/spec/scoring-api.md: 0 a legal win, 1 well formed but
not a legal win (``{"win": false, "errors": [...]}``), 2 malformed
(``{"errors": [...]}``: bad JSON, an empty input, an unknown tile...).
Never a traceback: the engine's answer is classified by ``scoring.answers.answer``.

``DoorCommand`` is shared with ``manage.py settle``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable

from django.core.management.base import BaseCommand

import scoring
from scoring.answers import MALFORMED, Answer, answer_text


class DoorCommand(BaseCommand):
    """A command that feeds JSON to one door of the scoring engine and exits with the contract's code."""

    door: Callable[[dict], dict]
    # call_command(..., stdin=io.StringIO(...)) feeds the input in tests, as createsuperuser does
    stealth_options = ("stdin",)
    requires_system_checks: list = []  # a pure computation: no need to check the project first

    def add_arguments(self, parser):
        parser.add_argument("file", nargs="?", default="-", help="JSON file to read (default: stdin)")
        parser.add_argument("--indent", type=int, default=None, help="indent the JSON output")

    def handle(self, *args, **options):
        result = self._answer(options.get("file") or "-", options.get("stdin"))
        self.stdout.write(json.dumps(result.body, indent=options.get("indent")))
        if result.exit_code:
            self.stdout.flush()
            sys.exit(result.exit_code)

    def _answer(self, path: str, stdin) -> Answer:
        try:
            if path != "-":
                with open(path, "rb") as f:
                    text = f.read()
            elif stdin is not None:
                text = stdin.read()
            else:
                text = sys.stdin.buffer.read()
        except OSError as exc:
            return Answer(
                MALFORMED,
                {"errors": [{"code": "unreadable_input", "message": f"Cannot read {path}: {exc.strerror}."}]},
            )
        return answer_text(type(self).door, text)


class Command(DoorCommand):
    help = "Score a winning hand: a Hand as JSON on stdin; the result as JSON on stdout (exit 0, 1 or 2)."
    door = staticmethod(scoring.score_hand)
