"""API tokens: ``POST auth/token/`` gives a user's key, ``DELETE auth/token/`` revokes it (issue 7).

A key is ``rest_framework.authtoken``'s: one per user, sent as
``Authorization: Token <key>``. Logging in goes through Django's
``authenticate`` with the real request, so django-axes counts failures and
locks out repeated guessing as it does for the login page.
"""

from __future__ import annotations

from django.contrib.auth import authenticate
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.authtoken.models import Token
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from tournament.api.base import LeagueAPIMixin, error_response, errors
from tournament.api.serializers import TokenRequestSerializer, TokenSerializer


class TokenView(LeagueAPIMixin, APIView):
    """Your API token: get it with your username and password, revoke it when a device is lost."""

    atomic_writes = False  # django-axes counts a failed login in this request: it must outlive the 400

    def get_permissions(self):
        return [IsAuthenticated()] if self.request.method == "DELETE" else [AllowAny()]

    @extend_schema(
        summary="Get an API token",
        description="Answers the user's key (the same one until it is revoked).",
        request=TokenRequestSerializer,
        responses={200: TokenSerializer, **errors(400, 429)},
        auth=[],
    )
    def post(self, request):
        body = TokenRequestSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        user = authenticate(
            request._request,
            username=body.validated_data["username"],
            password=body.validated_data["password"],
        )
        if user is None or not user.is_active:
            return error_response(
                [
                    {
                        "code": "invalid_credentials",
                        "message": "Unable to log in with this username and password.",
                    }
                ],
                status.HTTP_400_BAD_REQUEST,
            )
        token, _ = Token.objects.get_or_create(user=user)
        return Response({"token": token.key})

    @extend_schema(
        summary="Revoke your API token",
        request=None,
        responses={204: OpenApiResponse(description="The token no longer works."), **errors(401)},
    )
    def delete(self, request):
        Token.objects.filter(user=request.user).delete()
        return Response(status=status.HTTP_204_NO_CONTENT)
