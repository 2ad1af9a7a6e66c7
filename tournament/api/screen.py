"""``GET /api/v1/competitions/{id}/screen/``: the big screen's one read (issue 36).

Every screen in the room polls it; the answer is the same for everybody (nothing private:
``tournament.screen.selectors``), so it is shared by caches in front (``shared(DATA)``: nginx asks the app
about once a second whatever the number of screens) and kept in the app's memory between changes of the
standings version (``tournament.standings.cache``), as the standings API is.
"""

from __future__ import annotations

import json

from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpResponse
from django.utils.decorators import method_decorator
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import generics, serializers
from rest_framework.response import Response

from tournament.access.request_meta import request_meta
from tournament.api.base import WRITE, LeagueAPIMixin, error_response, errors, get_or_404, id_parameter
from tournament.api.fields import DateTime
from tournament.api.parsers import body_object
from tournament.api.permissions import COMPETITION_ORGANISER
from tournament.models import Competition, Hand, Screen
from tournament.project.http_cache import DATA, poll
from tournament.screen.message import ScreenError, screen_message_set
from tournament.screen.models import MAX_MESSAGE
from tournament.screen.selectors import screen_data
from tournament.standings import cache as standings_cache


class ScreenPlayerSerializer(serializers.Serializer):
    name = serializers.CharField()
    seat = serializers.CharField(help_text="E, S, W or N as first seated.")
    wind = serializers.CharField(help_text="The seat wind now.")
    chips = serializers.IntegerField(help_text="Chips at the table now.")
    dealer = serializers.BooleanField()


class ScreenLastHandSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    outcome = serializers.ChoiceField(Hand.Outcome.choices)
    winner = serializers.CharField(allow_null=True)
    self_drawn = serializers.BooleanField()
    discarder = serializers.CharField(allow_null=True)
    offender = serializers.CharField(allow_null=True, help_text="A false win's (Za Hu).")
    doubles = serializers.IntegerField(allow_null=True)
    limit = serializers.BooleanField()


class ScreenTableSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    hands = serializers.IntegerField()
    prevailing_wind = serializers.CharField()
    players = ScreenPlayerSerializer(many=True)
    last_hand = ScreenLastHandSerializer(allow_null=True)


class ScreenRoundSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    status = serializers.CharField()
    venue = serializers.CharField()
    held = serializers.BooleanField(help_text="Results held back: no tables are shown.")
    starts_at = DateTime(allow_null=True)
    ends_at = DateTime(allow_null=True, help_text="The scheduled end.")
    extra_minutes = serializers.IntegerField()
    clock_ends = DateTime(
        allow_null=True, help_text="`ends_at` plus the extra time: what the clock counts down to."
    )


class ScreenStandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField(allow_null=True)
    shared = serializers.BooleanField()
    name = serializers.CharField()
    club = serializers.CharField(help_text="The player's club, or empty.")
    team = serializers.CharField(
        help_text="The player's team in a team event (shown in place of the club), or empty (issue 49)."
    )
    chips = serializers.IntegerField()
    sessions = serializers.IntegerField()


class ScreenTeamSerializer(serializers.Serializer):
    rank = serializers.IntegerField(allow_null=True, help_text="Null: the team has not played yet.")
    shared = serializers.BooleanField()
    name = serializers.CharField()
    chips = serializers.IntegerField()
    points = serializers.FloatField(help_text="Placing points (a competition scored by placings).")
    sessions = serializers.IntegerField()


class ScreenSerializer(serializers.Serializer):
    competition = inline_serializer(
        "ScreenCompetition", {"id": serializers.IntegerField(), "name": serializers.CharField()}
    )
    made_at = DateTime(help_text="When this answer was made (kept answers are re-served).")
    message = serializers.CharField(help_text="The organiser's message line (may be empty).")
    round = ScreenRoundSerializer(allow_null=True)
    stage = inline_serializer(
        "ScreenStage",
        {
            "id": serializers.IntegerField(),
            "name": serializers.CharField(),
            "cut_size": serializers.IntegerField(allow_null=True, help_text="Its cut: the top N (issue 49)."),
            "cut_from": serializers.CharField(allow_null=True, help_text="The stage the cut is made from."),
            "category": serializers.CharField(help_text="The one category of entries cut, or empty."),
        },
        allow_null=True,
    )
    tables = ScreenTableSerializer(many=True, help_text="The tables still playing.")
    standings = ScreenStandingSerializer(many=True, help_text="The competition's, or the round's stage's.")
    teams = ScreenTeamSerializer(many=True, help_text="A team event's team standings (empty without teams).")


def _kept_key(pk) -> str | None:
    """Where the answer is kept: the competition's id as a number, so every spelling of it in the URL
    ("7", "07", "+7") shares one kept answer; ``None`` for a text that names no row (a 404)."""
    try:
        return f"screen:{int(pk)}"
    except (TypeError, ValueError):
        return None


@method_decorator(poll(DATA), name="dispatch")  # everybody's, logged in or not (issue 50)
class CompetitionScreenView(LeagueAPIMixin, generics.GenericAPIView):
    """The big screen's data: the round's clock, the tables still playing, the standings, the message."""

    serializer_class = None
    queryset = Competition.objects.none()

    def dispatch(self, request, *args, **kwargs):
        # The answer is everybody's: a kept one is served before DRF's request handling (as the standings).
        key = _kept_key(kwargs.get("pk"))
        if request.method == "GET" and "format" not in request.GET and key is not None:
            body = standings_cache.kept(key, standings_cache.version())
            if body is not None:
                return HttpResponse(body, content_type="application/json")
        return super().dispatch(request, *args, **kwargs)

    @extend_schema(
        summary="The big screen of a competition",
        description=(
            "Public, the same for everybody: the current round's clock (`clock_ends` = `ends_at` plus the "
            "extra time), the tables still playing with their last hand, the standings (at most 400 lines), "
            "the organiser's message. Poll it every few seconds: caches in front share it."
        ),
        parameters=[id_parameter("id", "competition")],
        responses={200: ScreenSerializer, **errors(404)},
    )
    def get(self, request, pk):
        at = standings_cache.version()
        competition = get_or_404(Competition.objects.all(), pk)
        body = json.dumps(screen_data(competition), cls=DjangoJSONEncoder).encode()
        standings_cache.keep(_kept_key(pk), at, body)
        return HttpResponse(body, content_type="application/json")


class ScreenMessageSerializer(serializers.Serializer):
    message = serializers.CharField(
        max_length=MAX_MESSAGE,
        allow_blank=True,
        trim_whitespace=True,
        help_text='One line along the bottom of the big screen ("Final table at 9 pm"); empty clears it.',
    )

    def to_internal_value(self, data):
        if isinstance(data, dict) and "message" in data and not isinstance(data["message"], str):
            raise serializers.ValidationError({"message": ["Not a valid string."]}, code="invalid")
        return super().to_internal_value(data)


class CompetitionScreenMessageView(LeagueAPIMixin, generics.GenericAPIView):
    """The organiser sets the big screen's message line (``tournament.screen.message``, audited)."""

    permission_classes = COMPETITION_ORGANISER
    serializer_class = ScreenMessageSerializer
    queryset = Competition.objects.none()

    @extend_schema(
        summary="The big screen's message",
        parameters=[id_parameter("id", "competition")],
        responses={200: ScreenMessageSerializer, **errors(404)},
    )
    def get(self, request, pk):
        competition = get_or_404(Competition.objects.all(), pk)
        message = Screen.objects.filter(competition=competition).values_list("message", flat=True).first()
        return Response({"message": message or ""})

    @extend_schema(
        summary="Set the big screen's message",
        description="An organiser of the competition; audited. An empty message clears the line.",
        parameters=[id_parameter("id", "competition")],
        request=ScreenMessageSerializer,
        responses={200: ScreenMessageSerializer, **errors(*WRITE)},
    )
    def put(self, request, pk):
        competition = get_or_404(Competition.objects.all(), pk)
        self.check_object_permissions(request, competition)
        body = ScreenMessageSerializer(data=body_object(request))
        body.is_valid(raise_exception=True)
        try:
            screen = screen_message_set(
                competition,
                message=body.validated_data["message"],
                user=request.user,
                meta=request_meta(request),
            )
        except ScreenError as exc:
            return error_response([{"code": "invalid", "message": str(exc), "field": "message"}], 400)
        return Response({"message": screen.message})
