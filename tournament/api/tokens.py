"""API tokens (issue 7; issue 13): get, list, revoke; all revoked when the password changes.

- ``POST auth/token/`` gives a user's key, ``DELETE auth/token/`` revokes the
  one the request was sent with;
- ``GET tokens/`` lists the caller's own tokens without their keys (an ``id``,
  the key's first characters, when it was made) and ``DELETE tokens/{id}/``
  revokes one of them (a lost device).

A key is ``rest_framework.authtoken``'s: one per user, sent as
``Authorization: Token <key>``. Logging in goes through Django's
``authenticate`` with the real request, so django-axes counts failures and
locks out repeated guessing as it does for the login page. A new password
revokes every token of the user (``revoke_tokens_on_password_change``).
"""

from __future__ import annotations

import hashlib

from django.contrib.auth import authenticate
from django.http import Http404
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.authtoken.models import Token
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from tournament.api.base import LeagueAPIMixin, error_response, errors
from tournament.api.serializers import (
    TokenListItemSerializer,
    TokenPageSerializer,
    TokenRequestSerializer,
    TokenSerializer,
)

PREFIX = 6  # characters of a key shown in the list


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


def public_id(token: Token) -> str:
    """A token's public name: a digest of its key, which tells nothing of the key."""
    return hashlib.sha256(token.key.encode()).hexdigest()[:16]


def _item(token: Token, request) -> dict:
    current = isinstance(request.auth, Token) and request.auth.key == token.key
    return {
        "id": public_id(token),
        "key_prefix": token.key[:PREFIX],
        "created": token.created,
        "current": current,
    }


class TokenListView(LeagueAPIMixin, APIView):
    """Your own API tokens, without their keys."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="List your API tokens",
        description="The caller's own tokens: an id, the key's first characters, when it was made. "
        "Never the key itself.",
        responses={200: TokenPageSerializer, **errors(401)},
    )
    def get(self, request):
        items = [_item(token, request) for token in Token.objects.filter(user=request.user)]
        data = TokenListItemSerializer(items, many=True).data
        return Response({"count": len(data), "next": None, "previous": None, "results": data})


class TokenDetailView(LeagueAPIMixin, APIView):
    """Revoke one of your own API tokens by its id."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Revoke one of your API tokens",
        parameters=[
            OpenApiParameter("token_id", str, OpenApiParameter.PATH, description="The id from the list.")
        ],
        request=None,
        responses={204: OpenApiResponse(description="The token no longer works."), **errors(401, 404)},
    )
    def delete(self, request, token_id: str):
        for token in Token.objects.filter(user=request.user):
            if public_id(token) == token_id:
                token.delete()
                return Response(status=status.HTTP_204_NO_CONTENT)
        raise Http404


def revoke_tokens_on_password_change(sender, instance, created: bool = False, **kwargs) -> None:
    """``post_save`` of the user model: a new password (``set_password``) revokes every API token.

    Django keeps the new raw password in ``_password`` until the save is done, and clears it for a
    mere upgrade of the hash at login, which therefore revokes nothing.
    """
    if not created and getattr(instance, "_password", None) is not None:
        Token.objects.filter(user=instance).delete()
