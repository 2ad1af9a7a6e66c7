"""A season's nights in the API (league-api.md, "Season nights"; issue 33), each write through its door
in ``tournament.season``.

- ``GET /api/v1/rounds/{id}/attendance/``: one row per active entry: ``player``, ``name``, ``reply``,
  ``checked_in``, ``checked_in_at`` (and ``no_show``, ``reserve``); the competition's organisers and
  scorekeepers only (who comes is not public).
- ``PUT /api/v1/rounds/{id}/attendance/{player id}/``: ``reply`` and/or ``checked_in``; an organiser sets
  either for anyone (a scorekeeper checks in), a player sets their own ``reply`` until the night is
  seated (then 409), nobody else writes (403).
- ``POST /api/v1/rounds/{id}/attendance/{player id}/late/``: a late arrival seated into a free seat or
  kept for the next table of four.
- ``POST /api/v1/competitions/{id}/season/``: schedule the season's nights in one go.
- ``POST /api/v1/competitions/{id}/season/links/{player id}/retire/``: retire a player's private season
  link and check-in code (the competition's organisers); answers the new link, to pass on.
- ``GET /api/v1/competitions/{id}/calendar.ics``: the public calendar feed.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import generics, serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from tournament.access.request_meta import request_meta
from tournament.api.base import WRITE, LeagueAPIMixin, errors, get_or_404, id_parameter, refused
from tournament.api.fields import Boolean, ClosedSerializer, DateTime, Integer, Text
from tournament.api.parsers import body_object
from tournament.api.permissions import COMPETITION_ORGANISER, READ_OR_SIGNED_IN
from tournament.api.refusals import ATTENDANCE_409, ATTENDANCE_422, SEASON_422
from tournament.models import Competition, Entry, Round
from tournament.notifications.links import absolute
from tournament.season.attendance import attendance_check_in, attendance_reply, may_see_attendance
from tournament.season.calendar import competition_calendar
from tournament.season.errors import FarFromDate, RepliesClosed, SeasonError
from tournament.season.late import night_seat_late
from tournament.season.links import season_link_retire
from tournament.season.models import Reply
from tournament.season.schedule import MAX_NIGHTS, SeasonPlan, season_schedule
from tournament.season.selectors import attendance_rows


class AttendanceRowSerializer(serializers.Serializer):
    player = serializers.IntegerField(source="player_id")
    name = serializers.CharField()
    reply = serializers.ChoiceField(choices=Reply.choices, allow_null=True, help_text="null: not answered")
    checked_in = serializers.BooleanField()
    checked_in_at = DateTime(allow_null=True)
    no_show = serializers.BooleanField(help_text="Replied yes and was not here when the night was seated.")
    reserve = serializers.BooleanField(help_text="Seated to fill a table.")


class AttendancePageSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = AttendanceRowSerializer(many=True)


class AttendanceChangeSerializer(ClosedSerializer):
    reply = serializers.ChoiceField(choices=Reply.choices, required=False)
    checked_in = Boolean(required=False)
    confirm_date = Boolean(
        required=False,
        help_text="Check in although the night is more than 12 hours from its start (without it: 409 "
        "`far_from_date`, naming the date).",
    )
    min_fields = 1  # an empty body changes nothing: refused (400), and the schema says so

    def validate(self, attrs):
        if not {"reply", "checked_in"} & set(attrs):
            raise serializers.ValidationError(_("Send reply, checked_in or both."))
        return attrs


def _season_error(exc: SeasonError) -> Response:
    return refused(
        exc,
        status.HTTP_409_CONFLICT
        if isinstance(exc, RepliesClosed | FarFromDate)
        else status.HTTP_422_UNPROCESSABLE_ENTITY,
    )


def _entry_by_player(rnd: Round, player_pk) -> Entry:
    """The player's entry in the night's competition; any other player (or id) is a 404."""
    try:
        return Entry.objects.select_related("player", "competition").get(
            competition=rnd.competition_id, player_id=int(player_pk)
        )
    except (Entry.DoesNotExist, TypeError, ValueError, OverflowError):
        raise Http404 from None


class AttendanceView(LeagueAPIMixin, generics.GenericAPIView):
    permission_classes = [READ_OR_SIGNED_IN]
    serializer_class = AttendancePageSerializer

    @extend_schema(
        summary="A night's attendance",
        description="One row per active entry: the reply, the check-in. The competition's staff only.",
        parameters=[id_parameter("id", "round")],
        responses={200: AttendancePageSerializer, **errors(401, 403, 404)},
    )
    def get(self, request, pk):
        rnd = get_or_404(Round.objects.select_related("competition"), pk)
        if not may_see_attendance(request.user, rnd):
            raise PermissionDenied(_("Only the competition's organisers and scorekeepers see who is coming."))
        rows = attendance_rows(rnd)
        return Response(
            {
                "count": len(rows),
                "next": None,
                "previous": None,
                "results": AttendanceRowSerializer(rows, many=True).data,
            }
        )


class AttendanceOneView(LeagueAPIMixin, generics.GenericAPIView):
    permission_classes = [READ_OR_SIGNED_IN]
    serializer_class = AttendanceChangeSerializer

    @extend_schema(
        summary="Set one player's reply or check-in for a night",
        description=(
            "An organiser sets either for anyone, a scorekeeper checks in; a player sets their own reply "
            "until the night is seated (then 409 replies_closed). A player of another competition is a 404."
        ),
        parameters=[id_parameter("id", "round"), id_parameter("player_pk", "player")],
        request=AttendanceChangeSerializer,
        responses={
            200: AttendanceRowSerializer,
            **errors(*WRITE, 409, 422, conflicts=ATTENDANCE_409, refusals=ATTENDANCE_422),
        },
    )
    def put(self, request, pk, player_pk):
        rnd = get_or_404(Round.objects.select_related("competition"), pk)
        entry = _entry_by_player(rnd, player_pk)
        body = AttendanceChangeSerializer(data=body_object(request))
        body.is_valid(raise_exception=True)
        meta = request_meta(request)
        try:
            if "reply" in body.validated_data:
                attendance_reply(rnd, entry, body.validated_data["reply"], user=request.user, meta=meta)
            if "checked_in" in body.validated_data:
                attendance_check_in(
                    rnd,
                    entry,
                    body.validated_data["checked_in"],
                    user=request.user,
                    meta=meta,
                    date_confirmed=body.validated_data.get("confirm_date", False),
                )
        except SeasonError as exc:
            return _season_error(exc)
        row = next(r for r in attendance_rows(rnd) if r.entry_id == entry.pk)
        return Response(AttendanceRowSerializer(row).data)


class LateArrivalSerializer(serializers.Serializer):
    table = serializers.IntegerField(allow_null=True, help_text="Table number; null while waiting.")
    wind = serializers.CharField(allow_null=True)
    replaced = serializers.IntegerField(allow_null=True, help_text="The player whose free seat was taken.")
    replaced_name = serializers.CharField(
        allow_null=True, help_text="Their name: whose seat it was (null when no seat was taken)."
    )
    waiting = serializers.IntegerField(help_text="Players still waiting for a table of four.")


class EmptySerializer(ClosedSerializer):
    """No field: a body, when sent, is ``{}``."""


class LateArrivalView(LeagueAPIMixin, generics.GenericAPIView):
    permission_classes = COMPETITION_ORGANISER
    serializer_class = LateArrivalSerializer

    @extend_schema(
        summary="Seat a late arrival",
        description="Checks the player in, then a free seat (a seated player not checked in and not a "
        "reserve, on a night with check-ins, no hand yet; ``replaced_name`` says whose), else waiting; four "
        "waiting make a new table. On a published night both players are told (their messages).",
        parameters=[id_parameter("id", "round"), id_parameter("player_pk", "player")],
        request=EmptySerializer,
        responses={200: LateArrivalSerializer, **errors(*WRITE, 422, refusals=ATTENDANCE_422)},
    )
    def post(self, request, pk, player_pk):
        rnd = get_or_404(Round.objects.select_related("competition"), pk)
        self.check_object_permissions(request, rnd)
        entry = _entry_by_player(rnd, player_pk)
        EmptySerializer(data=body_object(request)).is_valid(raise_exception=True)
        try:
            seated = night_seat_late(rnd, entry, user=request.user, meta=request_meta(request))
        except SeasonError as exc:
            return _season_error(exc)
        return Response(LateArrivalSerializer(seated).data)


class SeasonScheduleSerializer(ClosedSerializer):
    weekday = Integer(min_value=0, max_value=6, help_text="0 Monday … 6 Sunday.")
    starts = serializers.TimeField(help_text="Each night starts, local time (HH:MM).")
    ends = serializers.TimeField(help_text="Each night ends, local time.")
    first_night = serializers.DateField()
    nights = Integer(min_value=1, max_value=MAX_NIGHTS)
    venue = Text(required=False, allow_blank=True, max_length=200, default="")
    every_weeks = Integer(required=False, min_value=1, max_value=2, default=1)
    skip = serializers.ListField(
        child=serializers.DateField(), required=False, default=list, max_length=MAX_NIGHTS
    )
    moved = serializers.DictField(
        child=serializers.DateField(), required=False, default=dict, help_text='{"2027-02-10": "2027-02-12"}'
    )

    def validate_moved(self, value):
        out = {}
        for key, target in value.items():
            try:
                out[serializers.DateField().to_internal_value(key)] = target
            except serializers.ValidationError:
                raise serializers.ValidationError(
                    _("Name each moved night by its date (YYYY-MM-DD).")
                ) from None
        return out


class SeasonScheduledSerializer(serializers.Serializer):
    rounds = serializers.ListField(
        child=serializers.DictField(), help_text="id, number, starts_at, ends_at, venue"
    )


class SeasonScheduleView(LeagueAPIMixin, generics.GenericAPIView):
    permission_classes = COMPETITION_ORGANISER
    serializer_class = SeasonScheduleSerializer

    @extend_schema(
        summary="Schedule a season's nights in one go",
        description=f"From 1 to {MAX_NIGHTS} nights, each a round, after the competition's rounds.",
        parameters=[id_parameter("id", "competition")],
        request=SeasonScheduleSerializer,
        responses={201: SeasonScheduledSerializer, **errors(*WRITE, 422, refusals=SEASON_422)},
    )
    def post(self, request, pk):
        competition = get_or_404(Competition.objects.all(), pk)
        self.check_object_permissions(request, competition)
        body = SeasonScheduleSerializer(data=body_object(request))
        body.is_valid(raise_exception=True)
        data = body.validated_data
        plan = SeasonPlan(**{**data, "skip": tuple(data["skip"]), "moved": dict(data["moved"])})
        try:
            rounds = season_schedule(competition, plan, user=request.user, meta=request_meta(request))
        except SeasonError as exc:
            return _season_error(exc)
        out = [
            {"id": r.pk, "number": r.number, "starts_at": r.starts_at, "ends_at": r.ends_at, "venue": r.venue}
            for r in rounds
        ]
        return Response(
            {"rounds": serializers.ListField().to_representation(out)}, status=status.HTTP_201_CREATED
        )


class CompetitionCalendarView(LeagueAPIMixin, generics.GenericAPIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="The competition's calendar (RFC 5545)",
        operation_id="competitions_calendar_retrieve",  # no dot (".ics"): a name every client generator keeps
        description="Public. One VEVENT per round with a UID that never changes.",
        parameters=[id_parameter("id", "competition")],
        responses={(200, "text/calendar"): OpenApiResponse(str), **errors(404)},
    )
    def get(self, request, pk):
        competition = get_or_404(Competition.objects.all(), pk)
        body = competition_calendar(competition)
        response = HttpResponse(body, content_type="text/calendar; charset=utf-8")
        response["Content-Disposition"] = f'inline; filename="competition-{competition.pk}.ics"'
        return response


class SeasonLinkSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    link = serializers.URLField(help_text="The player's new private season link: pass it on to them.")
    calendar = serializers.URLField(help_text="The player's new private calendar feed.")


class SeasonLinkRetireView(LeagueAPIMixin, generics.GenericAPIView):
    permission_classes = COMPETITION_ORGANISER
    serializer_class = SeasonLinkSerializer

    @extend_schema(
        summary="Retire a player's private season link",
        description=(
            "The player's season link, its calendar feed and their check-in code stop working at once; "
            "answers the new link, to pass on to the player, who is sent it too. The competition's "
            "organisers; a player not entered in the competition is a 404."
        ),
        parameters=[id_parameter("id", "competition"), id_parameter("player_pk", "player")],
        request=EmptySerializer,
        responses={200: SeasonLinkSerializer, **errors(*WRITE)},
    )
    def post(self, request, pk, player_pk):
        competition = get_or_404(Competition.objects.all(), pk)
        self.check_object_permissions(request, competition)
        try:
            entry = Entry.objects.select_related("player", "competition").get(
                competition=competition, player_id=int(player_pk)
            )
        except (Entry.DoesNotExist, TypeError, ValueError, OverflowError):
            raise Http404 from None
        EmptySerializer(data=body_object(request)).is_valid(raise_exception=True)
        token = season_link_retire(entry, user=request.user, meta=request_meta(request))
        return Response(
            {
                "player": entry.player_id,
                "link": absolute(reverse("public:season_link", args=[token])),
                "calendar": absolute(reverse("public:season_calendar", args=[token])),
            }
        )
