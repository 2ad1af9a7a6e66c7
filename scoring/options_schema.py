"""The JSON schema of a rule set's ``options``: every setting an organiser may change, and its shape.

Built from the presets (``scoring.rulesets``) by the rules ``_check_value`` applies to an option, so
that the API's schema names exactly the options the engine takes: a setting no rule set has, or a
value of the wrong shape, is refused by both (issue 13): a client that follows the schema is never refused.
Plain data, no Django.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.hand_values import CODE_LISTS
from scoring.rulesets import _NULLABLE, _PAIRS, CHOICES, MAX_SETTING, RULESETS

COUNT = {"type": "integer", "minimum": 0, "maximum": MAX_SETTING}


def _shape_schema(key: str, shape: Any, nullable: bool) -> dict:
    if key in CHOICES and isinstance(shape, str):
        schema: dict = {"type": "string", "enum": list(CHOICES[key])}
    elif shape is None:
        schema = dict(COUNT)
        nullable = True
    elif isinstance(shape, bool):
        schema = {"type": "boolean"}
    elif isinstance(shape, int):
        schema = dict(COUNT)
    elif isinstance(shape, str):
        schema = {"type": "string"}
    elif isinstance(shape, Mapping):
        schema = {
            "type": "object",
            "additionalProperties": False,
            "properties": {k: _shape_schema(f"{key}.{k}", v, False) for k, v in shape.items()},
        }
    elif key in CHOICES:
        schema = {"type": "array", "items": {"type": "string", "enum": list(CHOICES[key])}}
    elif key in CODE_LISTS:  # hands, by code; the list may be empty
        schema = {"type": "array", "items": {"type": "string", "enum": sorted(CODE_LISTS[key])}}
    elif not shape:
        schema = {"type": "array"}
    else:
        first = shape[0]
        if isinstance(first, tuple | list):
            row = {"type": "array", "items": COUNT, "minItems": len(first), "maxItems": len(first)}
            schema = {"type": "array", "items": row, "minItems": 1}
        else:
            schema = {"type": "array", "items": _shape_schema(f"{key}[]", first, False), "minItems": 1}
            if key in _PAIRS:
                schema["minItems"] = schema["maxItems"] = len(shape)
        nullable = nullable or key in _NULLABLE
    if nullable:
        schema["nullable"] = True
    return schema


def options_schema() -> dict:
    """``{"type": "object", "properties": {setting: its schema}}``, closed to other names."""
    properties = {}
    for key in RULESETS[next(iter(RULESETS))].settings:
        shapes = [rules.settings[key] for rules in RULESETS.values() if key in rules.settings]
        shape = next((s for s in shapes if s is not None), None)
        properties[key] = _shape_schema(key, shape, nullable=any(s is None for s in shapes))
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": properties,
        "description": "The organiser's changes to the rule set's settings (GET /api/v1/rulesets/).",
    }
