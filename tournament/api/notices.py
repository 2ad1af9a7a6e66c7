"""A competition's reminder before a night in the API (league-api.md, "Reminders"; issue 47).

- ``GET /api/v1/competitions/{id}/reminder/``: ``reminder_minutes`` (as kept), ``reminder_hours`` (the
  same in hours, a whole number when it is one), and when the next reminder goes: ``next_reminder_at``,
  ``next_reminder_round`` (null: none is set or no round with a date is coming). Its organisers only.
- ``PUT``: ``reminder_hours`` (0 to 336; 0: none), through ``notice_settings_change`` (audited).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers
from rest_framework.response import Response

from tournament.access.request_meta import request_meta
from tournament.access.roles import can_manage_competition
from tournament.api.base import WRITE, LeagueAPIMixin, error_response, errors, get_or_404, id_parameter
from tournament.api.fields import ClosedSerializer, DateTime, Integer
from tournament.api.parsers import body_object
from tournament.api.permissions import COMPETITION_ORGANISER
from tournament.models import Competition
from tournament.notifications.preferences import (
    MAX_REMINDER_MINUTES,
    PreferenceRefused,
    notice_settings_change,
)
from tournament.notifications.reminders import next_reminder, reminder_minutes


class ReminderSerializer(serializers.Serializer):
    reminder_minutes = serializers.IntegerField(
        help_text="How long before a round its reminder goes; 0: none."
    )
    reminder_hours = serializers.FloatField(help_text="The same, in hours.")
    next_reminder_at = DateTime(allow_null=True, help_text="When the next reminder goes (past: due now).")
    next_reminder_round = serializers.IntegerField(
        allow_null=True, help_text="The round it is for (its number)."
    )


class ReminderChangeSerializer(ClosedSerializer):
    reminder_hours = Integer(min_value=0, max_value=MAX_REMINDER_MINUTES // 60, help_text="0: no reminder.")


def _state(competition: Competition) -> dict:
    minutes, found = reminder_minutes(competition.pk), next_reminder(competition.pk)
    return {
        "reminder_minutes": minutes,
        "reminder_hours": minutes // 60 if minutes % 60 == 0 else round(minutes / 60, 2),
        "next_reminder_at": found.at if found else None,
        "next_reminder_round": found.round.number if found else None,
    }


class ReminderView(LeagueAPIMixin, generics.GenericAPIView):
    permission_classes = COMPETITION_ORGANISER
    serializer_class = ReminderSerializer

    def _competition(self, request, pk) -> Competition:
        competition = get_or_404(Competition.objects.all(), pk)
        self.check_object_permissions(request, competition)
        if not can_manage_competition(request.user, competition):
            self.permission_denied(request, message=_("Only the competition's organisers read its reminder."))
        return competition

    @extend_schema(
        summary="The reminder before a round, and when the next one goes",
        parameters=[id_parameter("id", "competition")],
        responses={200: ReminderSerializer, **errors(401, 403, 404)},
    )
    def get(self, request, pk):
        return Response(ReminderSerializer(_state(self._competition(request, pk))).data)

    @extend_schema(
        summary="Set how long before a round its reminder goes, in hours",
        parameters=[id_parameter("id", "competition")],
        request=ReminderChangeSerializer,
        responses={200: ReminderSerializer, **errors(*WRITE)},
    )
    def put(self, request, pk):
        competition = self._competition(request, pk)
        body = ReminderChangeSerializer(data=body_object(request))
        body.is_valid(raise_exception=True)
        minutes = body.validated_data["reminder_hours"] * 60
        try:
            notice_settings_change(
                competition, reminder_minutes=minutes, user=request.user, meta=request_meta(request)
            )
        except PreferenceRefused as exc:
            return error_response([{"code": "invalid", "message": str(exc), "field": exc.field}], 400)
        return Response(ReminderSerializer(_state(competition)).data)
