"""The OpenAPI description of the scoring engine's endpoints: the contract's shapes as raw schemas.

The shapes and examples of ../shared/spec/scoring-api.md (Hand, Outcome, the
score and the settlement, the error shape) for drf-spectacular, which the
views of ``scoring.adapter.api`` name in their ``extend_schema``; and the
schema hook ``require_request_bodies`` (settings' ``SPECTACULAR_SETTINGS``).
Describes only: no view, no behaviour.
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, OpenApiResponse

from scoring.adapter.openapi_examples import (  # noqa: F401 (named here by the views and tests)
    EXAMPLE_HAND,
    EXAMPLE_OUTCOME,
    EXAMPLE_SCORE,
    EXAMPLE_SETTLEMENT,
)
from scoring.hand_malformed import EVENTS
from scoring.options_schema import options_schema
from scoring.rulesets import RULESETS
from scoring.tiles import TILES


def _any_case(code: str) -> str:
    return "".join(f"[{c}{c.lower()}]" if c.isalpha() else c for c in code)


# A tile code in any case, spaces around it allowed (scoring.tiles.canonical), as a pattern.
_CODE = "(?:" + "|".join(_any_case(code) for code in sorted(TILES, key=len, reverse=True)) + ")"
_TILE = {"type": "string", "pattern": rf"^\s*{_CODE}\s*$", "example": "B4",
         "description": "A tile code (case-insensitive): B1-B9, D1-D9, C1-C9, "
         "EW SW WW NW, RD GD WD, F1-F4, S1-S4, CAT RAT ROOSTER CENTIPEDE."}  # fmt: skip
_TILES = {
    "oneOf": [
        {"type": "array", "items": _TILE},
        {"type": "string", "pattern": rf"^[\s,]*(?:{_CODE}(?:[\s,]+|$))*$", "example": "B1 B2 B3"},
    ],
    "description": "A list of tile codes, or one string of them separated by spaces or commas.",
}
_SEAT = {"type": "string", "enum": ["E", "S", "W", "N"]}
_ERROR = {
    "type": "object",
    "required": ["code", "message"],
    "properties": {
        "code": {"type": "string", "example": "unknown_tile"},
        "message": {"type": "string"},
        "field": {"type": "string", "example": "concealed[3]"},
        "event": {"type": "string", "description": "An event the hand cannot have had (score it without)."},
    },
}
ERRORS_SCHEMA = {
    "type": "object",
    "required": ["errors"],
    "properties": {"errors": {"type": "array", "items": _ERROR}},
}
NOT_A_WIN_SCHEMA = {
    "type": "object",
    "required": ["win", "errors"],
    "properties": {
        "rules": {"type": "string"},
        "win": {"type": "boolean", "enum": [False]},
        "errors": {"type": "array", "items": _ERROR},
    },
}
_RULES = {
    # Optional fields take null for "not given" (the engine reads them so): nullable.
    "rules": {"type": "string", "enum": [*RULESETS, None], "default": "spgg-2023", "nullable": True},
    "options": {**options_schema(), "nullable": True},
}
HAND_SCHEMA = {
    "type": "object",
    "required": ["prevailing_wind", "seat_wind", "concealed", "win"],
    "properties": {
        **_RULES,
        "prevailing_wind": _SEAT,
        "seat_wind": _SEAT,
        "concealed": {**_TILES, "description": "Every tile still in the hand, including the winning tile."},
        "melds": {
            "type": "array",
            "nullable": True,
            "items": {
                # Only a kong is declared concealed: a chow or pong takes no "concealed" but false or null.
                "oneOf": [
                    {
                        "type": "object",
                        "required": ["type", "tiles"],
                        "properties": {
                            "type": {"type": "string", "enum": ["chow", "pong"]},
                            "tiles": _TILES,
                            # false or null, written as generators read it (issue 38)
                            "concealed": {"oneOf": [{"type": "boolean", "enum": [False]}], "nullable": True},
                        },
                    },
                    {
                        "type": "object",
                        "required": ["type", "tiles"],
                        "properties": {
                            "type": {"type": "string", "enum": ["kong"]},
                            "tiles": _TILES,
                            "concealed": {
                                "type": "boolean",
                                "nullable": True,
                                "description": "A concealed kong.",
                            },
                        },
                    },
                ],
            },
        },
        "bonus": {**_TILES, "nullable": True},
        "winning_tile": {**_TILE, "nullable": True},
        "win": {"type": "string", "enum": ["discard", "self_draw"]},
        "events": {
            "type": "array",
            "nullable": True,
            "items": {
                "type": "string",
                "enum": list(EVENTS),  # the events the engine takes (``hand_malformed``), one list
            },
        },
    },
}
_ITEM = {
    "type": "object",
    "properties": {
        "code": {"type": "string"},
        "name": {"type": "string"},
        "doubles": {"type": "integer"},
        "rule": {"type": "string", "description": "The rule it comes from, e.g. '001 rule 23g'."},
    },
}
_PAYMENT = {"type": "object", "properties": {"full": {"type": "integer"}, "half": {"type": "integer"}}}
SCORE_SCHEMA = {
    "type": "object",
    "properties": {
        "rules": {"type": "string"},
        "win": {"type": "boolean"},
        "doubles": {"type": "integer", "description": "The total after the rule set's cap."},
        "limit": {"type": "boolean"},
        "items": {"type": "array", "items": _ITEM},
        "sets": {"type": "array", "items": {"type": "array", "items": {"type": "string"}}},
        "payment": _PAYMENT,
        "ping_hu": {"type": "boolean"},
    },
}
_INSTANT = {
    "type": "object",
    "required": ["type", "seat"],
    "properties": {
        "type": {"type": "string", "enum": ["kong", "flower_pair", "animal_pair", "bonus_set"]},
        "seat": _SEAT,
        "concealed": {"type": "boolean"},
        "initial": {"type": "boolean"},
        "pair": {"type": "string", "enum": ["cat_rat", "rooster_centipede"]},
        "set": {"type": "string", "enum": ["flowers", "seasons", "animals"]},
        "liable": _SEAT,
        "discarder": _SEAT,
    },
}
OUTCOME_SCHEMA = {
    "type": "object",
    "required": ["outcome"],
    "description": (
        "The fields depend on the outcome, which a 400 naming the field says: a win names the winner and "
        "how (a discard names the discarder, who is not the winner; a self-drawn win has none), and "
        "gives either doubles (quick entry, with ping_hu, limit, thirteen_wonders, robbing_eighth_flower, "
        "kong_replacement) or the hand; a false "
        "win names the offender only; a draw names no player but in instant payouts."
    ),
    "properties": {
        **_RULES,
        "outcome": {"type": "string", "enum": ["win", "draw", "false_win"]},
        "winner": _SEAT,
        "win": {"type": "string", "enum": ["discard", "self_draw"]},
        "discarder": _SEAT,
        "doubles": {"type": "integer", "minimum": 0},
        "ping_hu": {"type": "boolean"},
        "limit": {"type": "boolean"},
        "thirteen_wonders": {"type": "boolean"},
        "robbing_eighth_flower": {
            "type": "boolean",
            "description": "A win by robbing the eighth flower; the discarder is the player who drew it.",
        },
        "kong_replacement": {
            "type": "boolean",
            "description": "A self-drawn win on a kong's replacement tile (for kong_discarder_pays_for_all).",
        },
        "hand": HAND_SCHEMA,
        "liable": {**_SEAT, "enum": [*_SEAT["enum"], None], "nullable": True},
        "offender": _SEAT,
        "instant": {"type": "array", "items": _INSTANT},
    },
}
_TRANSFER = {
    "type": "object",
    "properties": {
        "from": _SEAT,
        "to": _SEAT,
        "amount": {"type": "integer"},
        "reason": {"type": "string"},
        "for": _SEAT,
    },
}
SETTLE_SCHEMA = {
    "type": "object",
    "properties": {
        "rules": {"type": "string"},
        "doubles": {"type": "integer"},
        "limit": {"type": "boolean"},
        "payment": _PAYMENT,
        "transfers": {"type": "array", "items": _TRANSFER},
        "net": {"type": "object", "additionalProperties": {"type": "integer"}},
        "notes": {"type": "array", "items": {"type": "object"}},
        "decided_by": {
            "type": "array",
            "description": "Each setting that decided who pays: {setting, value, rule, code}.",
            "items": {"type": "object"},
        },
        "hand": SCORE_SCHEMA,
    },
}

# The engine's 422 codes (scoring.hand_illegal, scoring.score, scoring.settle): well-formed, not a legal win.
ENGINE_REFUSALS = {
    "incomplete_hand": "The tiles do not make a winning hand: four sets and an eye (or a special hand).",
    "winning_tile_required": "winning_tile is required: only an instant win (eight flowers...) needs none.",
    "below_minimum_doubles": "Fewer doubles than the rule set's minimum for a win.",
    "too_many_copies": "A tile is used more than four times.",
    "bonus_in_concealed": "A bonus tile is among the concealed tiles: it goes in bonus.",
    "bonus_in_meld": "A bonus tile is in a meld.",
    "duplicate_bonus": "A bonus tile is listed twice.",
    "not_a_bonus_tile": "bonus holds a tile that is not a flower, season or animal.",
    "invalid_meld": "A meld's tiles do not make its chow, pong or kong.",
    "wrong_tile_count": "The number of tiles is wrong for the melds declared (001 rule 28).",
    "winning_tile_not_in_hand": "winning_tile is not among the concealed tiles.",
    "event_not_possible": "An event cannot have happened in this hand (a heavenly hand that is not East's, "
    "a kong replacement without a kong...).",
    "event_needs_discard": "This event takes another player's tile: win must be discard.",
    "event_needs_self_draw": "This event means the winning tile was drawn: win must be self_draw.",
    "illegal_hand": "The hand given is not a legal win.",
}
SCORE_REFUSALS = tuple(code for code in ENGINE_REFUSALS if code != "illegal_hand")
SETTLE_REFUSALS = tuple(ENGINE_REFUSALS)


def _refusal_list(codes) -> str:
    return "\n".join(f"- `{code}`: {ENGINE_REFUSALS[code]}" for code in codes)


def error_responses(illegal_example: dict, codes: tuple[str, ...] = SCORE_REFUSALS) -> dict:
    return {
        400: OpenApiResponse(
            ERRORS_SCHEMA,
            description="Malformed: bad JSON, an unknown tile or rule set, a missing field, a wrong type.",
            examples=[
                OpenApiExample(
                    "Unknown tile code",
                    value={
                        "errors": [
                            {
                                "code": "unknown_tile",
                                "message": "'ZZ' is not a tile code (e.g. B1, D9, C5, EW, RD, F2, CAT).",
                                "field": "concealed[0]",
                            }
                        ]
                    },
                    status_codes=["400"],
                    response_only=True,
                )
            ],
        ),
        422: OpenApiResponse(
            NOT_A_WIN_SCHEMA,
            description="Well formed, but not a legal win under the rule set. `errors[].code` is one of:\n\n"
            + _refusal_list(codes),
            examples=[
                OpenApiExample(
                    "Not a legal win", value=illegal_example, status_codes=["422"], response_only=True
                ),
                *(
                    OpenApiExample(
                        code,
                        value={"win": False, "errors": [{"code": code, "message": ENGINE_REFUSALS[code]}]},
                        status_codes=["422"],
                        response_only=True,
                    )
                    for code in codes
                    if code != illegal_example["errors"][0]["code"]
                ),
            ],
        ),
        429: OpenApiResponse(
            ERRORS_SCHEMA,
            description="Too many calls from this client (SCORING_RATE_LIMIT); see Retry-After.",
            examples=[
                OpenApiExample(
                    "Throttled",
                    value={
                        "errors": [
                            {
                                "code": "throttled",
                                "message": "Request was throttled. Expected available in 30 seconds.",
                            }
                        ]
                    },
                    status_codes=["429"],
                    response_only=True,
                )
            ],
        ),
    }


def require_request_bodies(result, generator, request, public):
    """drf-spectacular hook: /score/ and /settle/ need a body (an empty one is 400), which a request
    given as a raw schema is not marked with."""
    for path in ("/api/v1/score/", "/api/v1/settle/"):
        body = result["paths"].get(path, {}).get("post", {}).get("requestBody")
        if body is not None:
            body["required"] = True
    return result


_SETTING = {
    "type": "object",
    "properties": {
        "key": {"type": "string"},
        "section": {"type": "string", "enum": ["scoring", "payments"]},
        "value": {},
        "description": {"type": "string"},
        "source": {"type": "string"},
        "wording": {"type": "string"},
    },
}
RULESET_SCHEMA = {
    "type": "object",
    "properties": {
        "id": {"type": "string"},
        "version": {"type": "string"},
        "title": {"type": "string"},
        "source": {"type": "string"},
        "settings": {"type": "array", "items": _SETTING},
    },
}
