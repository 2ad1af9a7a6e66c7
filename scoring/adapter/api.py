"""The scoring engine over HTTP: ``POST /api/v1/score/``, ``POST /api/v1/settle/``, ``GET /api/v1/rulesets/``.

The contract is ../shared/spec/scoring-api.md. Each door (Python, command
line, HTTP) gives the same JSON, sorted into result (200), illegal (422) and
malformed (400) by ``scoring.answers``; the shapes the views declare are in
``scoring.adapter.openapi``.

The endpoints are open to anyone and change nothing: they are pure functions
of the request body. They therefore authenticate no one
(``authentication_classes = []``): DRF enforces CSRF only inside
``SessionAuthentication``, so a browser holding a session cookie and a script
with none get the same answer, and a forged cross-site request can achieve
nothing a direct one could not. They are rate limited per client address
with the ``scoring`` scope (``SCORING_RATE_LIMIT``); a throttled call answers
429 in the error shape (``tournament.api.errors``).

The body is parsed by ``scoring.answers.read_json``, not by DRF's parser, so
that every malformed body (bad JSON, NaN, nesting too deep for the parser,
bad UTF-8, empty) is a 400 in the contract's error shape, never a 500.
"""

from __future__ import annotations

from collections.abc import Callable

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
from scoring.adapter.openapi import (
    ERRORS_SCHEMA,
    EXAMPLE_HAND,
    EXAMPLE_OUTCOME,
    EXAMPLE_SCORE,
    EXAMPLE_SETTLEMENT,
    HAND_SCHEMA,
    OUTCOME_SCHEMA,
    RULESET_SCHEMA,
    SCORE_SCHEMA,
    SETTLE_REFUSALS,
    SETTLE_SCHEMA,
    error_responses,
)
from scoring.answers import MALFORMED, Answer, answer_text
from scoring.rulesets import RULESETS, describe_settings


class ScoringThrottle(ScopedRateThrottle):
    """``ScopedRateThrottle`` reading its rates when asked, not at import (so tests can change them).

    The client is told apart as DRF's ``get_ident`` does, by ``NUM_PROXIES`` (the settings'
    ``TRUSTED_PROXIES``): the same address ``access.request_meta.client_ip`` gives axes and the audit log.
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
            **error_responses(
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
            **error_responses(
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
                },
                SETTLE_REFUSALS,
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
