"""The four shipped rule sets, each the base plus its document's rules, resolved to plain settings.

One module per rule document (``spgg_2023``, ``sg_tai_card``, ``sg_classic``,
``sgmj_2002``) states what that document changes from ``base.BASE``, each
value with its citation beside it. ``PRESETS`` holds them resolved: every
setting of ``scoring.rulesets.descriptions`` in its order, and the
citations. ``scoring.rulesets`` makes them ``RuleSet`` objects.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scoring.rulesets.descriptions import SETTINGS_DOC
from scoring.rulesets.presets.base import AS_BASE, BASE, Preset
from scoring.rulesets.presets.sg_classic import SG_CLASSIC
from scoring.rulesets.presets.sg_tai_card import SG_TAI_CARD
from scoring.rulesets.presets.sgmj_2002 import SGMJ_2002
from scoring.rulesets.presets.spgg_2023 import SPGG_2023


@dataclass(frozen=True)
class ResolvedPreset:
    """A preset as plain data: every setting's value, and each cited one's (source, wording)."""

    id: str
    version: str
    title: str
    source: str
    settings: dict[str, Any]
    citations: dict[str, tuple[str, str]]


def resolve(preset: Preset) -> ResolvedPreset:
    """The base with ``preset``'s rules applied; a setting no one gives, or an unknown name, is an error."""
    unknown = [key for key in preset.rules if key not in SETTINGS_DOC and not key.startswith("bao.")]
    if unknown:
        raise ValueError(f"{preset.id}: no setting is called {', '.join(unknown)}")
    settings = {}
    for key in SETTINGS_DOC:
        rule = preset.rules.get(key)
        if rule is not None and rule.value is not AS_BASE:
            settings[key] = rule.value
        elif key in BASE:
            settings[key] = BASE[key]
        else:
            raise ValueError(f"{preset.id}: {key} is not in the base, so the preset must give it")
    citations = {key: (rule.source, rule.wording) for key, rule in preset.rules.items() if rule.source}
    return ResolvedPreset(preset.id, preset.version, preset.title, preset.source, settings, citations)


# In the order the API lists them; the first is the default (scoring.rulesets.DEFAULT_RULESET).
PRESETS: dict[str, ResolvedPreset] = {
    p.id: resolve(p) for p in (SPGG_2023, SG_TAI_CARD, SG_CLASSIC, SGMJ_2002)
}
