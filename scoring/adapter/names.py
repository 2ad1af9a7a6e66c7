"""The rule sets' names as people read them, translated (issue 32): one name for each rule set on every page,
form and calculator option. The rules core (``scoring.rulesets``) keeps the documents' own titles, in
English, as data; the league's choices (``tournament.league.models.RULESET_CHOICES``) are these."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

RULESET_NAMES = {
    "spgg-2023": _("SPGG 2023 (default)"),
    "sg-tai-card": _("Singapore tai card"),
    "sg-classic": _("Singapore classic"),
    "sgmj-2002": _("Singapore Mahjong 2002"),
}


def ruleset_name(ruleset_id: str) -> str:
    """A rule set's name in the reader's language (its id when it has none)."""
    return str(RULESET_NAMES.get(ruleset_id, ruleset_id))
