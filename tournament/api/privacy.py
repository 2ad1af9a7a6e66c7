"""People's data in the API (issue 51; ../shared/spec/league-api.md, "Registration and people's data").

- ``GET /api/v1/me/data/``: everything held about the person logged in (``privacy.selectors.person_data``),
  as the page's JSON download;
- ``POST /api/v1/players/{id}/erase/``: the door ``privacy.erase.person_erase`` (a superuser, or the
  organiser whose player this is): answers the pseudonym the name became; 409 ``already_erased`` the second
  time, nothing changed.
"""

from __future__ import annotations

import json

from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from tournament.access.request_meta import request_meta
from tournament.api.base import LeagueAPIMixin, error_response, errors, get_or_404, id_parameter, refused
from tournament.api.parsers import body_object
from tournament.models import Player
from tournament.notifications.people import person_key
from tournament.privacy.erase import ERASE_DENIED, PrivacyRefused, may_erase, person_erase
from tournament.privacy.exports import data_json
from tournament.privacy.selectors import person_data


class EraseRequestSerializer(serializers.Serializer):
    requested_on = serializers.DateField(
        required=False, help_text="The day the person asked (kept as proof); today when left out."
    )


ErasedSerializer = inline_serializer(
    "Erased",
    {
        "player": serializers.IntegerField(),
        "pseudonym": serializers.CharField(help_text="The name shown from now on, everywhere."),
        "requested_on": serializers.DateField(),
        "done_at": serializers.DateTimeField(),
    },
)


class MeDataView(LeagueAPIMixin, APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="me_data",
        summary="Everything the league holds about me",
        responses={
            200: OpenApiResponse(description="The person's data: person, preferences, consents, "
                                 "registrations, entries, replies, hands, messages, erasures."),
            **errors(401),
        },
    )  # fmt: skip
    def get(self, request):
        data = person_data(person_key(request.user))
        response = Response(json.loads(data_json(data)))
        response["Cache-Control"] = "private, no-store"
        return response


class PlayerEraseView(LeagueAPIMixin, APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="player_erase",
        summary="Erase a person's data on their request",
        parameters=[id_parameter("id", "player")],
        request=EraseRequestSerializer,
        responses={200: ErasedSerializer, **errors(400, 401, 403, 404, 409, conflicts=("already_erased",))},
    )
    def post(self, request, pk):
        player = get_or_404(Player.objects.all(), pk)
        if not may_erase(request.user, player):
            return error_response(
                [{"code": "permission_denied", "message": ERASE_DENIED}], 403)  # fmt: skip
        body = EraseRequestSerializer(data=body_object(request))
        if not body.is_valid():
            return error_response(
                [
                    {"code": "invalid", "message": str(m), "field": f}
                    for f, ms in body.errors.items()
                    for m in ms
                ],
                400,
            )
        try:
            record = person_erase(
                player, user=request.user, requested_on=body.validated_data.get("requested_on"),
                meta=request_meta(request),
            )  # fmt: skip
        except PrivacyRefused as exc:
            return refused(exc, exc.status)
        return Response(
            {
                "player": player.pk,
                "pseudonym": record.pseudonym,
                "requested_on": record.requested_on,
                "done_at": record.done_at,
            }  # fmt: skip
        )
