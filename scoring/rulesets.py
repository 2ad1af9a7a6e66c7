"""Rule sets as data: the four Singapore rule sets of ../shared/spec/rulesets.md.

A **rule set** is a named, versioned mapping of settings. The engine never
branches on a rule set's *id*; it reads settings (``rules["min_doubles"]``).
An organiser's copy is the same rule set with ``options`` applied
(``RuleSet.with_options``); a stored result keeps the exact settings it was
scored with (``RuleSet.as_dict`` / ``RuleSet.from_dict``).

Settings are grouped in two sections in each rule set below:

- scoring settings (minimum doubles, limit, which hands count and for how
  many doubles, seven pairs allowed...): read by ``scoring.doubles`` and
  ``scoring.score``;
- payment settings (price table, who pays a win, instant payouts, Bao,
  Za Hu, what a payer short of chips pays): read by ``scoring.payments``
  and ``scoring.settle``.

Where a document is ambiguous the setting records the choice made and why,
in a comment beside it (and in docs/rules.md).
"""

from __future__ import annotations

# (to be completed: RuleSet dataclass, RULESETS, get_ruleset(id, options))
