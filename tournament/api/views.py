"""The league's resources: clubs, players, competitions, rounds, seating and tables (league-api.md).

Views only translate: organiser changes are plain serializer saves, seating
is ``tournament.rounds.round_seat``, a table's state is
``tournament.tables.selectors.table_fold``. Nothing is deleted through the API (entries
are withdrawn, hands voided), so there are no DELETE methods here.
"""

from __future__ import annotations

import re
from dataclasses import asdict, is_dataclass

from django.db.models import Prefetch
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import generics, mixins, status, viewsets
from rest_framework.exceptions import APIException, ValidationError
from rest_framework.response import Response

from tournament.access.request_meta import request_meta
from tournament.api.base import WRITE, LeagueAPIMixin, error_response, errors, get_or_404, id_parameter
from tournament.api.parsers import body_object
from tournament.api.permissions import COMPETITION_ORGANISER, LEAGUE_ORGANISER
from tournament.api.serializers import MAX_ID, ClubSerializer, CompetitionSerializer, PlayerSerializer
from tournament.api.serializers_rounds import (
    PlanRequestSerializer,
    PlanResultSerializer,
    RoundSerializer,
    SeatingRequestSerializer,
    SeatingResultSerializer,
)
from tournament.api.serializers_tables import TableSerializer
from tournament.league.competitions import CompetitionError, table_set_scorekeeper
from tournament.league.people import club_change, player_change
from tournament.models import Club, Competition, Entry, EntryRequest, Player, Round, Table
from tournament.rounds.held import hide_drafts
from tournament.rounds.lifecycle import round_change, round_publish, round_schedule
from tournament.rounds.seating import RoundError, RoundLocked, competition_plan, round_seat

NO_DELETE = ["get", "post", "put", "patch", "head", "options"]


def _crud_schema(noun: str, serializer, *, change_errors=WRITE) -> dict:
    one = [id_parameter("id", noun)]  # an integer (the route takes any text, to answer it 404)
    changed = {200: serializer, **errors(*change_errors, transition=True)}
    return {
        "list": extend_schema(summary=f"List {noun}s", responses={200: serializer, **errors(400, 404)}),
        "retrieve": extend_schema(
            summary=f"One {noun}", parameters=one, responses={200: serializer, **errors(404)}
        ),
        "create": extend_schema(summary=f"Add a {noun}", responses={201: serializer, **errors(*WRITE)}),
        "update": extend_schema(summary=f"Change a {noun}", parameters=one, responses=changed),
        "partial_update": extend_schema(
            summary=f"Change some fields of a {noun}", parameters=one, responses=changed
        ),
    }


class _NoDeleteViewSet(
    LeagueAPIMixin,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    mixins.UpdateModelMixin,
    viewsets.GenericViewSet,
):
    http_method_names = NO_DELETE
    lookup_value_regex = "[^/]+"  # any id reaches the view, which answers 404 in the API's shape


@extend_schema_view(**_crud_schema("club", ClubSerializer))
class ClubViewSet(_NoDeleteViewSet):
    """Clubs: everyone reads; league organisers add and change them."""

    queryset = Club.objects.all()
    serializer_class = ClubSerializer
    permission_classes = LEAGUE_ORGANISER

    def perform_update(self, serializer):
        """``tournament.league.people.club_change``: only the club's players' organisers (issue 31)."""
        serializer.instance = club_change(
            serializer.instance,
            user=self.request.user,
            meta=request_meta(self.request),
            **serializer.validated_data,
        )


@extend_schema_view(
    **{
        **_crud_schema("player", PlayerSerializer),
        "list": extend_schema(
            summary="List players",
            parameters=[
                OpenApiParameter(
                    "club",
                    {"type": "integer", "minimum": 1, "maximum": MAX_ID},
                    description="Only the players of this club (id).",
                ),
                OpenApiParameter("search", str, description="Only players whose name contains this."),
            ],
            responses={200: PlayerSerializer, **errors(400, 404)},
        ),
    }
)
class PlayerViewSet(_NoDeleteViewSet):
    """Players: everyone reads; league organisers register and change them."""

    serializer_class = PlayerSerializer
    permission_classes = LEAGUE_ORGANISER

    def get_queryset(self):
        players = Player.objects.all()
        if self.action != "list":
            return players
        club = self.request.query_params.get("club")
        if club is not None:
            # ASCII digits only (str.isdigit takes "²", which int() refuses), and an id a key can hold.
            if not re.fullmatch(r"[0-9]+", club) or not 1 <= int(club) <= MAX_ID:
                raise ValidationError({"club": [_("Give the club's id (a whole number).")]})
            players = players.filter(club_id=int(club))
        search = self.request.query_params.get("search", "").strip()
        if "\x00" in search:
            raise ValidationError({"search": [_("Text may not contain NUL characters.")]})
        if search:
            players = players.filter(name__icontains=search)
        return players

    def perform_update(self, serializer):
        """``tournament.league.people.player_change``: only the player's organisers (issue 31)."""
        serializer.instance = player_change(
            serializer.instance,
            user=self.request.user,
            meta=request_meta(self.request),
            **serializer.validated_data,
        )


@extend_schema_view(**_crud_schema("competition", CompetitionSerializer))
class CompetitionViewSet(_NoDeleteViewSet):
    """Competitions: league organisers create them; each one's organisers change it."""

    serializer_class = CompetitionSerializer
    queryset = Competition.objects.prefetch_related(
        Prefetch("entries", queryset=Entry.objects.only("competition_id", "player_id", "status")),
        "organisers",
        "scorekeepers",
        Prefetch("entry_requests", queryset=EntryRequest.objects.filter(state=EntryRequest.State.WAITING)),
    )

    def get_permissions(self):
        if self.action == "create":
            return [p() for p in LEAGUE_ORGANISER]
        return [p() for p in COMPETITION_ORGANISER]

    def perform_create(self, serializer):
        serializer.save()  # tournament.league.competitions.competition_create: the creator runs it


@extend_schema_view(
    **_crud_schema("round", RoundSerializer, change_errors=(*WRITE, 409)),  # 409: a seated round's number
)
@extend_schema(parameters=[id_parameter("competition_pk", "competition")])
class RoundViewSet(_NoDeleteViewSet):
    """The rounds (sessions of play) of one competition: its organisers schedule and change them."""

    serializer_class = RoundSerializer
    permission_classes = COMPETITION_ORGANISER

    def competition(self) -> Competition:
        if not hasattr(self, "_competition"):
            self._competition = get_or_404(Competition.objects.all(), self.kwargs["competition_pk"])
        return self._competition

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # the schema generator asks without a competition
            return Round.objects.none()
        return Round.objects.filter(competition=self.competition()).select_related("competition")

    def get_serializer_context(self):
        context = super().get_serializer_context()
        if "competition_pk" in self.kwargs:  # absent only while the schema is generated
            context["competition"] = self.competition()
        return context

    def create(self, request, *args, **kwargs):
        self.check_object_permissions(request, self.competition())
        return super().create(request, *args, **kwargs)

    def perform_create(self, serializer):
        """``tournament.rounds.round_schedule``: the next number unless one is given; audited."""
        try:
            serializer.instance = round_schedule(
                self.competition(),
                user=self.request.user,
                meta=request_meta(self.request),
                **serializer.validated_data,
            )
        except RoundError as exc:
            raise ValidationError({"number": [str(exc)]}) from None

    def perform_update(self, serializer):
        """``tournament.rounds.round_change``: number, times, venue; status and held results have actions."""
        try:
            serializer.instance = round_change(
                serializer.instance,
                user=self.request.user,
                meta=request_meta(self.request),
                **serializer.validated_data,
            )
        except RoundLocked as exc:
            raise RoundConflict(str(exc)) from None
        except RoundError as exc:
            raise ValidationError({"number": [str(exc)]}) from None


class RoundConflict(APIException):
    """409 ``round_transition``: the change is well formed, the round's state refuses it now."""

    status_code = status.HTTP_409_CONFLICT
    default_code = "round_transition"


def _reserves(data: dict) -> tuple[int, ...] | None:
    """The body's reserves; None when it names none (the night keeps the reserves it was seated with)."""
    return tuple(data["reserves"]) if "reserves" in data else None


class SeatingView(LeagueAPIMixin, generics.GenericAPIView):
    """Seat a round: ``tournament.rounds.round_seat`` draws the tables and reports their quality."""

    permission_classes = COMPETITION_ORGANISER
    serializer_class = SeatingRequestSerializer

    @extend_schema(
        summary="Generate the tables of a round",
        description=(
            "Seats the competition's entered players at tables of four for this round, taking the rounds "
            "already played and the competition's other scheduled rounds into account. Answers the tables "
            "and a quality report (repeat_pairs, max_meetings, seat-wind balance). The seating is a draft: "
            "the round stays scheduled and only its organisers see the tables until "
            "POST /api/v1/rounds/{id}/publish/."
        ),
        parameters=[id_parameter("id", "round")],
        request=SeatingRequestSerializer,
        responses={201: SeatingResultSerializer, **errors(*WRITE, 422, refusals=("cannot_seat",))},
    )
    def post(self, request, pk):
        rnd = get_or_404(Round.objects.select_related("competition"), pk)
        self.check_object_permissions(request, rnd)
        serializer = SeatingRequestSerializer(data=body_object(request))
        serializer.is_valid(raise_exception=True)
        try:
            result = round_seat(
                rnd,
                user=request.user,
                seed=serializer.validated_data.get("seed"),
                swiss=serializer.validated_data.get("swiss", False),
                reserves=_reserves(serializer.validated_data),
                seat_regulars=serializer.validated_data.get("seat_regulars", False),
                meta=request_meta(request),
            )
            if serializer.validated_data.get("publish"):
                round_publish(rnd, user=request.user, meta=request_meta(request))
        except RoundError as exc:  # started, hands recorded, too few players, ...
            return error_response(
                [{"code": "cannot_seat", "message": str(exc)}], status.HTTP_422_UNPROCESSABLE_ENTITY
            )
        tables = (
            Table.objects.filter(round=rnd).select_related("round__competition").prefetch_related("seats")
        )
        data = {
            "round": rnd.pk,
            "tables": TableSerializer(tables, many=True, context={"request": request}).data,
            "report": _plain(getattr(result, "report", None)),
            "byes": list(result.byes),
            "seated_from": result.seated_from,
        }
        return Response(data, status=status.HTTP_201_CREATED)


class CompetitionPlanView(LeagueAPIMixin, generics.GenericAPIView):
    """Plan the event ahead: ``tournament.rounds.competition_plan`` seats every scheduled round at once."""

    permission_classes = COMPETITION_ORGANISER
    serializer_class = PlanRequestSerializer

    @extend_schema(
        summary="Seat every scheduled round of a competition at once",
        description=(
            "Plans the whole event: every scheduled round that has no tables yet is seated in one call of "
            "the generator, after the rounds already seated. Answers each round's tables and report."
        ),
        parameters=[id_parameter("id", "competition")],
        request=PlanRequestSerializer,
        responses={201: PlanResultSerializer, **errors(*WRITE, 422, refusals=("cannot_seat",))},
    )
    def post(self, request, pk):
        competition = get_or_404(Competition.objects.all(), pk)
        self.check_object_permissions(request, competition)
        serializer = PlanRequestSerializer(data=body_object(request))
        serializer.is_valid(raise_exception=True)
        try:
            planned = competition_plan(
                competition, user=request.user, seed=serializer.validated_data.get("seed")
            )
        except RoundError as exc:
            return error_response(
                [{"code": "cannot_seat", "message": str(exc)}], status.HTTP_422_UNPROCESSABLE_ENTITY
            )
        rounds = []
        for seated in planned:
            tables = _tables().filter(round=seated.round)
            rounds.append(
                {
                    "round": seated.round.pk,
                    "tables": TableSerializer(tables, many=True, context={"request": request}).data,
                    "report": _plain(seated.report),
                }
            )
        return Response({"rounds": rounds}, status=status.HTTP_201_CREATED)


def _plain(value):
    """A report (frozen dataclasses, tuples, mappings) as JSON-ready data."""
    if is_dataclass(value) and not isinstance(value, type):
        return _plain(asdict(value))
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return str(value)


def _tables():
    return Table.objects.select_related("round__competition").prefetch_related("seats")


@extend_schema(parameters=[id_parameter("id", "round")])
class RoundTablesView(LeagueAPIMixin, generics.ListAPIView):
    """The tables of a round with their seats and state."""

    serializer_class = TableSerializer
    permission_classes = COMPETITION_ORGANISER

    @extend_schema(summary="List the tables of a round", responses={200: TableSerializer, **errors(404)})
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        if "pk" not in self.kwargs:  # the schema generator asks without a round
            return Table.objects.none()
        rnd = get_or_404(Round.objects.all(), self.kwargs["pk"])
        return hide_drafts(_tables().filter(round=rnd), self.request.user)


@extend_schema_view(
    get=extend_schema(
        summary="One table with its seats and state", responses={200: TableSerializer, **errors(404)}
    ),
    put=extend_schema(
        summary="Assign the table's scorekeeper", responses={200: TableSerializer, **errors(*WRITE)}
    ),
    patch=extend_schema(
        summary="Assign the table's scorekeeper", responses={200: TableSerializer, **errors(*WRITE)}
    ),
)
@extend_schema(parameters=[id_parameter("id", "table")])
class TableView(LeagueAPIMixin, generics.RetrieveUpdateAPIView):
    """A table: everyone reads; the competition's organisers assign its scorekeeper."""

    serializer_class = TableSerializer
    permission_classes = COMPETITION_ORGANISER
    queryset = _tables()

    def get_object(self):
        table = get_or_404(hide_drafts(self.get_queryset(), self.request.user), self.kwargs["pk"])
        self.check_object_permissions(self.request, table)
        return table

    def perform_update(self, serializer):
        """``league.competitions.table_set_scorekeeper``: staff of the competition only; audited."""
        keeper = serializer.validated_data.get("scorekeeper", serializer.instance.scorekeeper)
        try:
            table_set_scorekeeper(
                serializer.instance, keeper, user=self.request.user, meta=request_meta(self.request)
            )
        except CompetitionError as exc:
            raise ValidationError({k or "non_field_errors": v for k, v in exc.problems.items()}) from None
        serializer.instance = get_or_404(self.get_queryset(), serializer.instance.pk)
