"""Rule sets as data: the four Singapore rule sets of ../shared/spec/rulesets.md.

A **rule set** is a named, versioned mapping of settings. The engine never
branches on a rule set's *id*; it reads settings (``rules["min_doubles"]``).
An organiser's copy is the same rule set with ``options`` applied
(``RuleSet.with_options`` / ``get_ruleset(id, options)``); a stored result
keeps the exact settings it was scored with (``RuleSet.as_dict`` /
``RuleSet.from_dict``).

Where each part lives:

- ``descriptions``: every setting, in order and section (scoring or
  payments), with what it means (``SETTINGS_DOC``) and the values a setting
  of words takes (``CHOICES``);
- ``presets``: the four shipped rule sets, written as a base (what all four
  documents agree on) plus each document's differences, each value with its
  rule and the document's words beside it (``RuleSet.citations``);
- ``options``: which values an organiser's option may take, and the
  settings that follow the limit (issue 16);
- ``ruleset``: the ``RuleSet`` type, ``RULESETS``, ``get_ruleset`` and
  ``describe_settings`` (a setting's description and citation joined, for
  the Django layer).

Words used for payments (see ``scoring.payments``): the **price** of a hand
is what one payer pays, at **full** price (the discarder, or everyone on a
self-drawn win) or at **half** price (the other players on a win on a
discard); the **limit** is the most a hand can be worth; the **liable**
player (Bao, pay-for-all) pays what every payer would have paid.

Where a document is ambiguous the setting records the choice made and why,
in a comment beside it (and in docs/rules-matrix/payments.md).
"""

from scoring.rulesets.descriptions import CHOICES, SETTINGS_DOC
from scoring.rulesets.options import _HAND_LISTS, _NULLABLE, _PAIRS, FOLLOW_THE_LIMIT, MAX_SETTING, _nullable
from scoring.rulesets.ruleset import (
    DEFAULT_RULESET,
    RULESETS,
    RuleSet,
    describe_settings,
    following_settings,
    get_ruleset,
)

__all__ = [
    "CHOICES",
    "DEFAULT_RULESET",
    "FOLLOW_THE_LIMIT",
    "MAX_SETTING",
    "RULESETS",
    "SETTINGS_DOC",
    "_HAND_LISTS",
    "_NULLABLE",
    "_PAIRS",
    "RuleSet",
    "_nullable",
    "describe_settings",
    "following_settings",
    "get_ruleset",
]
