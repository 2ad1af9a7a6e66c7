"""The type of a rule set, and the four shipped ones: ``RuleSet``, ``RULESETS``, ``get_ruleset``.

A **rule set** is a named, versioned mapping of settings. The engine never
branches on a rule set's *id*; it reads settings (``rules["min_doubles"]``).
An organiser's copy is the same rule set with ``options`` applied
(``RuleSet.with_options`` / ``get_ruleset(id, options)``, checked by
``scoring.rulesets.options``); a stored result keeps the exact settings it
was scored with (``RuleSet.as_dict`` / ``RuleSet.from_dict``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from scoring.errors import Error, InvalidInput
from scoring.rulesets.descriptions import SCORING_SETTINGS, SETTINGS_DOC
from scoring.rulesets.options import (
    FOLLOW_THE_LIMIT,
    _check_value,
    _follow_the_limit,
    _limit_problems,
    _merge,
    _nullable,
    shape_of,
)
from scoring.rulesets.presets import PRESETS

DEFAULT_RULESET = next(iter(PRESETS))  # spgg-2023
SCORING_KEYS = frozenset(SCORING_SETTINGS)  # the scoring section; every other setting is a payment


def _freeze(value: Any) -> Any:
    if isinstance(value, Mapping):
        return MappingProxyType({k: _freeze(v) for k, v in value.items()})
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _thaw(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_thaw(v) for v in value]
    return value


@dataclass(frozen=True)
class RuleSet:
    """One rule set: an id, its version, the document it implements, its settings.

    ``settings`` is read-only (nested mappings and lists too). Read a setting
    with ``rules["min_doubles"]`` or ``rules.get("x", default)``.
    """

    id: str
    version: str
    title: str
    source: str
    settings: Mapping[str, Any]
    scoring_keys: frozenset[str] = field(default=frozenset(), compare=False, repr=False)
    citations: Mapping[str, tuple[str, str]] = field(
        default_factory=lambda: MappingProxyType({}), compare=False, repr=False
    )

    def __post_init__(self) -> None:
        if not isinstance(self.settings, MappingProxyType):
            object.__setattr__(self, "settings", _freeze(self.settings))

    def __getitem__(self, key: str) -> Any:
        return self.settings[key]

    def __contains__(self, key: object) -> bool:
        return key in self.settings

    def __hash__(self) -> int:
        return hash((self.id, self.version, json.dumps(_thaw(self.settings), sort_keys=True)))

    def get(self, key: str, default: Any = None) -> Any:
        return self.settings.get(key, default)

    def with_options(self, options: Mapping[str, Any] | None) -> RuleSet:
        """This rule set with an organiser's overrides applied (validated)."""
        if not options:
            return self
        if not isinstance(options, Mapping):
            raise InvalidInput(
                Error("invalid_options", "Options must be an object of setting: value.", "options")
            )
        errors: list[Error] = []
        merged = _thaw(self.settings)
        for key, value in options.items():
            where = f"options.{key}"
            if key not in self.settings:
                errors.append(
                    Error(
                        "unknown_option",
                        f"The rule set {self.id} has no setting called {key!r}.",
                        where,
                    )
                )
                continue
            problem = None
            if value is not None or not _nullable(key):
                problem = _check_value(key, value, self._shape_of(key))
            if problem:
                errors.append(Error("invalid_option", f"Option {key!r}: {problem}.", where))
                continue
            merged[key] = _merge(merged[key], _thaw(value))
        if errors:
            raise InvalidInput(errors)
        _follow_the_limit(merged, options)
        errors = _limit_problems(merged, options, self.citations)
        if errors:
            raise InvalidInput(errors)
        return RuleSet(
            self.id, self.version, self.title, self.source, merged, self.scoring_keys, self.citations
        )

    def _shape_of(self, key: str) -> Any:
        return shape_of(key, self.settings)

    def as_options(self) -> dict:
        """Every setting as plain ``options``: ``get_ruleset(self.id, self.as_options())`` equals ``self``.

        This is how a stored rule set (``RuleSet.from_dict``) is handed to
        ``score_hand`` / ``settle``, which take an id and options, so a result
        is re-scored under exactly the settings it was entered with.
        """
        return _thaw(self.settings)

    def as_json(self) -> str:
        """``as_dict`` as JSON text, made once per rule set: every recorded hand keeps a copy (issue 20)."""
        text = self.__dict__.get("_as_json")
        if text is None:
            text = json.dumps(self.as_dict())
            object.__setattr__(self, "_as_json", text)
        return text

    def as_dict(self) -> dict:
        """Plain JSON-able data; ``RuleSet.from_dict`` gives the same rule set back."""
        return {
            "id": self.id,
            "version": self.version,
            "title": self.title,
            "source": self.source,
            "settings": _thaw(self.settings),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RuleSet:
        """Rebuild a stored rule set exactly as it was (version and settings).

        Settings the code knows today but the stored copy lacks (added after
        it was stored) take today's default of that rule set, so an old result
        can still be re-scored; stored settings are kept as they are.
        """
        if not isinstance(data, Mapping):
            raise InvalidInput(Error("invalid_rules", "A stored rule set must be an object.", "rules"))
        try:
            rules_id = data["id"]
            settings = data["settings"]
        except KeyError as exc:
            raise InvalidInput(
                Error("invalid_rules", f"A stored rule set lacks {exc.args[0]!r}.", "rules")
            ) from None
        if not isinstance(settings, Mapping):
            raise InvalidInput(Error("invalid_rules", "Stored settings must be an object.", "rules"))
        base = PRESETS.get(rules_id)
        merged = _thaw(base.settings) if base else {}
        merged.update(_thaw(settings))
        return cls(
            id=str(rules_id),
            version=str(data.get("version", base.version if base else "")),
            title=str(data.get("title", base.title if base else rules_id)),
            source=str(data.get("source", base.source if base else "")),
            settings=merged,
            scoring_keys=SCORING_KEYS if base else frozenset(),
            citations=MappingProxyType(dict(base.citations)) if base else MappingProxyType({}),
        )


def following_settings(rules: RuleSet) -> frozenset[str]:
    """The settings of ``rules`` that follow ``limit_doubles`` unless an option sets them."""
    return frozenset(FOLLOW_THE_LIMIT) if rules.get("prices_follow_limit") else frozenset()


RULESETS: dict[str, RuleSet] = {
    p.id: RuleSet(
        id=p.id,
        version=p.version,
        title=p.title,
        source=p.source,
        settings=p.settings,
        scoring_keys=SCORING_KEYS,
        citations=MappingProxyType(dict(p.citations)),
    )
    for p in PRESETS.values()
}


def get_ruleset(rules_id: str = DEFAULT_RULESET, options: Mapping[str, Any] | None = None) -> RuleSet:
    """The rule set called ``rules_id`` with ``options`` applied.

    Raises ``InvalidInput`` (field ``rules``) for an unknown id and (field
    ``options.<key>``) for an unknown setting or a value of the wrong shape.
    """
    if rules_id is None:
        rules_id = DEFAULT_RULESET
    if not isinstance(rules_id, str) or rules_id.lower() not in RULESETS:
        raise InvalidInput(
            Error(
                "unknown_rules",
                f"Unknown rule set {rules_id!r}; choose one of {', '.join(RULESETS)}.",
                "rules",
            )
        )
    base = RULESETS[rules_id.lower()]
    if not options:
        return base
    try:
        key = (base.id, json.dumps(options, sort_keys=True))
    except (TypeError, ValueError):  # not JSON: ``with_options`` says what is wrong with it
        return base.with_options(options)
    found = _WITH_OPTIONS.get(key)
    if found is None:  # a rule set is immutable: the one made for these options serves every caller
        found = base.with_options(options)
        if len(_WITH_OPTIONS) >= 256:
            _WITH_OPTIONS.clear()
        _WITH_OPTIONS[key] = found
    return found


# Rule sets made with options, by rule set and options as JSON: a competition's settings were checked
# again three times for every hand recorded (issue 20).
_WITH_OPTIONS: dict[tuple[str, str], RuleSet] = {}


def describe_settings(rules: RuleSet) -> list[dict]:
    """Every setting of ``rules`` for a page: key, section, value, description, source, wording."""
    out = []
    for key, value in rules.settings.items():
        source, wording = rules.citations.get(key, ("", ""))
        out.append(
            {
                "key": key,
                "section": "scoring" if key in rules.scoring_keys else "payments",
                "value": _thaw(value),
                "description": SETTINGS_DOC.get(key, ""),
                "source": source,
                "wording": wording,
            }
        )
    return out
