"""The scoring engine over HTTP: ``POST /api/v1/score/``, ``POST /api/v1/settle/``, ``GET /api/v1/rulesets/``.

The contract is ../shared/spec/scoring-api.md. Each door (Python, command
line, HTTP) gives the same JSON; this module also holds the one translation
the command line shares (``read_json``, ``answer``):

- **result**: the engine returned a result: exit 0, HTTP 200;
- **illegal**: well formed but not a legal win, ``{"win": false, "errors"}``:
  exit 1, HTTP 422;
- **malformed**: ``scoring.InvalidInput`` (or JSON that does not parse, an
  empty body): ``{"errors": [...]}``, exit 2, HTTP 400.

The endpoints are open to anyone and change nothing: they are pure functions
of the request body. They therefore authenticate no one
(``authentication_classes = []``): DRF enforces CSRF only inside
``SessionAuthentication``, so a browser holding a session cookie and a script
with none get the same answer, and a forged cross-site request can achieve
nothing a direct one could not. They are rate limited per client address
with the ``scoring`` scope (``SCORING_RATE_LIMIT``); a throttled call answers
429 in the error shape (``tournament.api.errors``).

The body is parsed here, not by DRF's parser, so that every malformed body
(bad JSON, NaN, nesting too deep for the parser, bad UTF-8, empty) is a 400
in the contract's error shape, never a 500.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass

from django.core.exceptions import RequestDataTooBig
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.parsers import JSONParser
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

import scoring
from scoring.errors import Error, InvalidInput
from scoring.jsontext import json_problem
from scoring.options_schema import options_schema
from scoring.rulesets import RULESETS, describe_settings
from scoring.tiles import TILES

logger = logging.getLogger(__name__)

RESULT, ILLEGAL, MALFORMED = "result", "illegal", "malformed"
EXIT_CODES = {RESULT: 0, ILLEGAL: 1, MALFORMED: 2}
HTTP_STATUS = {RESULT: 200, ILLEGAL: 422, MALFORMED: 400}


@dataclass(frozen=True)
class Answer:
    """What one call of a door gives: its kind (result, illegal, malformed) and the JSON body."""

    kind: str
    body: dict

    @property
    def exit_code(self) -> int:
        return EXIT_CODES[self.kind]

    @property
    def http_status(self) -> int:
        return HTTP_STATUS[self.kind]


def _no_constant(name: str):
    raise ValueError(f"{name} is not valid JSON")


def read_json(text: str | bytes) -> object:
    """The JSON value of ``text``; ``InvalidInput`` (code ``invalid_json``) if it is not JSON."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise InvalidInput(Error("invalid_json", "The input is not UTF-8 text.")) from None
    if not text.strip():
        raise InvalidInput(Error("invalid_json", "The input is empty: send one JSON object."))
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise InvalidInput(Error("invalid_json", "The JSON is nested too deeply.")) from None
    except ValueError as exc:  # json.JSONDecodeError is a ValueError
        raise InvalidInput(Error("invalid_json", f"The input is not valid JSON: {exc}.")) from None
    problem = json_problem(data)  # lone surrogates, NUL, nesting no step after can take
    if problem is not None:
        code, message, args = problem
        raise InvalidInput(Error(code, message % args))
    return data


def answer(door: Callable[[dict], dict], data: object) -> Answer:
    """Call ``door`` (``scoring.score_hand`` or ``scoring.settle``) and classify what it gives.

    Anything but ``InvalidInput`` escaping the engine is a bug in the engine:
    it is logged, and the caller still gets the error shape (never a
    traceback, never a 500).
    """
    try:
        body = door(data)
    except InvalidInput as exc:
        return Answer(MALFORMED, {"errors": exc.as_dicts()})
    except Exception:
        logger.exception("scoring engine failed on %r", data)
        return Answer(
            MALFORMED,
            {
                "errors": [
                    {
                        "code": "unscorable_input",
                        "message": "The scoring engine could not process this input; the problem was logged.",
                    }
                ]
            },
        )
    if isinstance(body, dict) and body.get("win") is False:
        return Answer(ILLEGAL, body)
    return Answer(RESULT, body)


def answer_text(door: Callable[[dict], dict], text: str | bytes) -> Answer:
    """``answer`` for JSON text (a command's stdin, a request's body)."""
    try:
        data = read_json(text)
    except InvalidInput as exc:
        return Answer(MALFORMED, {"errors": exc.as_dicts()})
    return answer(door, data)


# ------------------------------------------------------------------ HTTP


class ScoringThrottle(ScopedRateThrottle):
    """``ScopedRateThrottle`` reading its rates when asked, not at import (so tests can change them).

    The client is told apart as DRF's ``get_ident`` does, by ``NUM_PROXIES`` (the settings'
    ``TRUSTED_PROXIES``): the same address ``tournament.access.request_meta.client_ip`` gives axes and the audit log.
    """

    @property
    def THROTTLE_RATES(self):  # noqa: N802 (DRF's attribute name)
        return api_settings.DEFAULT_THROTTLE_RATES


class _EngineView(APIView):
    authentication_classes: list = []
    permission_classes = [AllowAny]
    throttle_classes = [ScoringThrottle]
    throttle_scope = "scoring"
    parser_classes = [JSONParser]  # documents the media type; the body is read by read_json
    door: Callable[[dict], dict]

    def post(self, request, *args, **kwargs):
        try:
            body = request.body
        except RequestDataTooBig:
            result = Answer(
                MALFORMED, {"errors": [{"code": "too_large", "message": "The request body is too large."}]}
            )
        else:
            result = answer_text(type(self).door, body)
        return Response(result.body, status=result.http_status)


# --- OpenAPI: the contract's shapes as raw schemas, with its examples ---


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
                            "concealed": {"type": "boolean", "enum": [False, None], "nullable": True},
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
                "enum": [
                    "flower_replacement",
                    "kong_replacement",
                    "double_kong_replacement",
                    "last_tile",
                    "robbing_kong",
                    "heavenly",
                    "earthly",
                    "robbing_eighth_flower",
                ],
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
        "gives either doubles (quick entry, with ping_hu, limit, thirteen_wonders) or the hand; a false "
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
        "hand": HAND_SCHEMA,
        "liable": {**_SEAT, "nullable": True},
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
        "hand": SCORE_SCHEMA,
    },
}

EXAMPLE_HAND = {
    "rules": "spgg-2023",
    "prevailing_wind": "E",
    "seat_wind": "S",
    "concealed": ["B2", "B3", "B4", "D5", "D6", "D7", "C3", "C3"],
    "melds": [
        {"type": "chow", "tiles": ["C4", "C5", "C6"]},
        {"type": "kong", "tiles": ["RD", "RD", "RD", "RD"], "concealed": True},
    ],
    "bonus": ["F2", "CAT"],
    "winning_tile": "B4",
    "win": "discard",
    "events": [],
}
EXAMPLE_SCORE = {
    "rules": "spgg-2023",
    "win": True,
    "doubles": 3,
    "limit": False,
    "items": [
        {"code": "dragon_pong", "name": "Pong of Red Dragons", "doubles": 1, "rule": "001 rule 23g"},
        {"code": "seat_flower", "name": "Own flower F2", "doubles": 1, "rule": "001 rule 23a"},
        {"code": "animal", "name": "Animal: Cat", "doubles": 1, "rule": "001 rule 23c"},
    ],
    "sets": [
        ["B2", "B3", "B4"],
        ["D5", "D6", "D7"],
        ["C4", "C5", "C6"],
        ["RD", "RD", "RD", "RD"],
        ["C3", "C3"],
    ],
    "payment": {"full": 8, "half": 4},
    "ping_hu": False,
}
EXAMPLE_OUTCOME = {
    "rules": "spgg-2023",
    "outcome": "win",
    "winner": "S",
    "win": "discard",
    "discarder": "W",
    "doubles": 3,
    "liable": None,
    "instant": [{"type": "kong", "seat": "E", "concealed": True}],
}
EXAMPLE_SETTLEMENT = {
    "rules": "spgg-2023",
    "doubles": 3,
    "limit": False,
    "payment": {"full": 8, "half": 4},
    "transfers": [
        {"from": "W", "to": "S", "amount": 8, "reason": "win"},
        {"from": "E", "to": "S", "amount": 4, "reason": "win"},
        {"from": "N", "to": "S", "amount": 4, "reason": "win"},
        {"from": "S", "to": "E", "amount": 2, "reason": "kong"},
        {"from": "W", "to": "E", "amount": 2, "reason": "kong"},
        {"from": "N", "to": "E", "amount": 2, "reason": "kong"},
    ],
    "net": {"E": 2, "S": 14, "W": -10, "N": -6},
    "notes": [],
}


def _error_responses(illegal_example: dict) -> dict:
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
            description="Well formed, but not a legal win under the rule set.",
            examples=[
                OpenApiExample(
                    "Not a legal win", value=illegal_example, status_codes=["422"], response_only=True
                )
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


class ScoreView(_EngineView):
    """What is this winning hand worth? (``scoring.score_hand``)"""

    door = staticmethod(scoring.score_hand)

    @extend_schema(
        operation_id="score_hand",
        tags=["scoring"],
        summary="Score a winning hand",
        description="The doubles item by item, the best decomposition and the price, under a rule set "
        "(scoring-api.md). Open to anyone, rate limited.",
        request={"application/json": HAND_SCHEMA},
        responses={
            200: OpenApiResponse(
                SCORE_SCHEMA,
                description="A legal win.",
                examples=[
                    OpenApiExample("Scored", value=EXAMPLE_SCORE, status_codes=["200"], response_only=True)
                ],
            ),
            **_error_responses(
                {
                    "rules": "spgg-2023",
                    "win": False,
                    "errors": [
                        {
                            "code": "incomplete_hand",
                            "message": "The tiles do not make a winning hand: four sets and an eye "
                            "(or a special hand).",
                            "field": "concealed",
                        }
                    ],
                }
            ),
        },
        examples=[OpenApiExample("The contract's hand", value=EXAMPLE_HAND, request_only=True)],
    )
    def post(self, request, *args, **kwargs):
        return super().post(request, *args, **kwargs)


class SettleView(_EngineView):
    """Who pays whom for this hand's outcome? (``scoring.settle``)"""

    door = staticmethod(scoring.settle)

    @extend_schema(
        operation_id="settle",
        tags=["scoring"],
        summary="Settle a hand's outcome",
        description="The chip transfers of a win (quick entry with doubles, or the whole hand), a draw or a "
        "false win, with instant payouts and pay-for-all (scoring-api.md). `net` sums to zero.",
        request={"application/json": OUTCOME_SCHEMA},
        responses={
            200: OpenApiResponse(
                SETTLE_SCHEMA,
                description="The settlement.",
                examples=[
                    OpenApiExample(
                        "Settled", value=EXAMPLE_SETTLEMENT, status_codes=["200"], response_only=True
                    )
                ],
            ),
            **_error_responses(
                {
                    "rules": "spgg-2023",
                    "win": False,
                    "errors": [
                        {
                            "code": "below_minimum_doubles",
                            "message": "A win needs at least 1 double(s) under spgg-2023; this hand has 0.",
                            "field": "doubles",
                        }
                    ],
                }
            ),
        },
        examples=[OpenApiExample("The contract's outcome", value=EXAMPLE_OUTCOME, request_only=True)],
    )
    def post(self, request, *args, **kwargs):
        return super().post(request, *args, **kwargs)


def ruleset_summary(rules_id: str) -> dict:
    """One rule set for the API and the calculator: id, version, title, source and its settings."""
    rules = RULESETS[rules_id]
    return {
        "id": rules.id,
        "version": rules.version,
        "title": rules.title,
        "source": rules.source,
        "settings": describe_settings(rules),
    }


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


class RuleSetListView(APIView):
    """The four rule sets and every setting an organiser's ``options`` can change."""

    authentication_classes: list = []
    permission_classes = [AllowAny]
    throttle_classes = [ScoringThrottle]
    throttle_scope = "scoring"

    @extend_schema(
        operation_id="rulesets_list",
        tags=["scoring"],
        summary="The rule sets and their settings",
        responses={
            200: {
                "type": "object",
                "properties": {
                    "count": {"type": "integer"},
                    "next": {"type": "string", "nullable": True},
                    "previous": {"type": "string", "nullable": True},
                    "results": {"type": "array", "items": RULESET_SCHEMA},
                },
            },
            429: OpenApiResponse(ERRORS_SCHEMA, description="Too many calls from this client."),
        },
    )
    def get(self, request, *args, **kwargs):
        results = [ruleset_summary(rid) for rid in RULESETS]
        return Response({"count": len(results), "next": None, "previous": None, "results": results})


class RuleSetDetailView(APIView):
    """One rule set by id."""

    authentication_classes: list = []
    permission_classes = [AllowAny]
    throttle_classes = [ScoringThrottle]
    throttle_scope = "scoring"

    @extend_schema(
        operation_id="rulesets_retrieve",
        tags=["scoring"],
        summary="One rule set and its settings",
        responses={
            200: RULESET_SCHEMA,
            404: OpenApiResponse(ERRORS_SCHEMA, description="No rule set has this id."),
            429: OpenApiResponse(ERRORS_SCHEMA, description="Too many calls from this client."),
        },
    )
    def get(self, request, rules_id: str, *args, **kwargs):
        if rules_id not in RULESETS:
            message = f"Unknown rule set {rules_id!r}; choose one of {', '.join(RULESETS)}."
            return Response(
                {"errors": [{"code": "unknown_rules", "message": message, "field": "rules"}]},
                status=status.HTTP_404_NOT_FOUND,
            )
        return Response(ruleset_summary(rules_id))
