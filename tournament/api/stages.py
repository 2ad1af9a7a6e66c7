"""A competition's stages through the API (issue 36): each call is one door of ``tournament.stages.services``.

``GET/POST /api/v1/competitions/{id}/stages/``; ``GET /api/v1/stages/{id}/`` (with its rounds);
``POST /api/v1/stages/{id}/rounds/`` (``round``); ``GET /api/v1/stages/{id}/cut/`` (the preview while the
stage is a draft, for its organisers only; the published cut for everybody); ``POST .../publish/``;
``POST .../replace/`` (``player``: a qualifier who withdrew, replaced by the next in line);
``POST .../seat/`` (``round``, ``seed``); ``GET .../standings/``. A refusal is 409 ``stage`` with the
sentence for the organiser; bad input is 400.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers, status
from rest_framework.response import Response

from tournament.access.request_meta import request_meta
from tournament.access.roles import can_manage_competition
from tournament.api.base import WRITE, LeagueAPIMixin, error_response, errors, get_or_404, id_parameter
from tournament.api.fields import ClosedSerializer, Integer, Text
from tournament.api.parsers import body_object
from tournament.api.permissions import COMPETITION_ORGANISER
from tournament.api.refusals import STAGE_409
from tournament.models import Club, Competition, Round, Stage
from tournament.stages import services
from tournament.stages.selectors import (
    cut_preview,
    published_cut,
    stage_before,
    stage_rounds,
    stage_standings,
    tie_break_metrics,
)


class StageSerializer(serializers.ModelSerializer):
    rounds = serializers.SerializerMethodField()

    class Meta:
        model = Stage
        fields = [
            "id", "competition", "number", "name", "seating", "carry_over", "cut_size", "category_club",
            "advance", "status", "rounds", "source", "category", "cut_from",
        ]  # fmt: skip
        read_only_fields = fields

    cut_from = serializers.SerializerMethodField(
        help_text="The stage the cut is made from: `source` if given, else the stage before; null for a "
        "first stage (issue 49)."
    )

    def get_rounds(self, stage) -> list[int]:
        return [r.pk for r in stage_rounds(stage)]

    def get_cut_from(self, stage) -> int | None:
        before = stage_before(stage)
        return before.pk if before else None


class StageCreateSerializer(ClosedSerializer):
    """A stage's settings; another key (``status``, ``competition``) is a 400 ``unknown_field``."""

    name = Text(max_length=services.MAX_NAME)
    seating = serializers.ChoiceField(Stage.Seating.choices, default=Stage.Seating.DRAW)
    carry_over = serializers.ChoiceField(Stage.CarryOver.choices, default=Stage.CarryOver.ZERO)
    cut_size = Integer(min_value=1, max_value=services.MAX_CUT, required=False, allow_null=True)
    category_club = Integer(min_value=1, required=False, allow_null=True, help_text="A club's own cut.")
    advance = Integer(min_value=1, max_value=2, default=2, help_text="Knockout: how many of a table go on.")
    source = Integer(
        min_value=1, required=False, allow_null=True,
        help_text="The earlier stage the cut is made from (default: the stage before).",
    )  # fmt: skip
    category = Text(
        required=False, allow_blank=True, max_length=services.MAX_CATEGORY, default="",
        help_text="Cut only the entries of this category (newcomer, women, seniors, or a club's own word).",
    )  # fmt: skip


class StageChangeSerializer(StageCreateSerializer):
    """Every field optional: only those given change."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for field in self.fields.values():
            field.required = False
            field.default = serializers.empty


class RoundRefSerializer(serializers.Serializer):
    round = Integer(min_value=1)
    seed = Integer(required=False, allow_null=True, min_value=0, max_value=2**63 - 1)


class PlayerRefSerializer(serializers.Serializer):
    player = Integer(min_value=1, help_text="The qualifier who withdrew.")


class CutLineSerializer(serializers.Serializer):
    seed = serializers.IntegerField()
    player = serializers.IntegerField()
    name = serializers.CharField()
    rank = serializers.IntegerField(allow_null=True)
    status = serializers.ChoiceField(["in", "out", "withdrawn"])
    tied_at_cut = serializers.BooleanField(help_text="Shares the place at the cut line with a player out.")
    values = serializers.DictField(help_text="The tie-break metrics' values, in the competition's order.")
    replaced_by = serializers.IntegerField(allow_null=True)


class StageStandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField(allow_null=True)
    shared = serializers.BooleanField()
    player = serializers.IntegerField()
    name = serializers.CharField()
    chips = serializers.IntegerField(help_text="Net chips in the stage, with the carried chips.")
    sessions = serializers.IntegerField()
    hands_won = serializers.IntegerField()
    withdrawn = serializers.BooleanField()


class CutSerializer(serializers.Serializer):
    stage = serializers.IntegerField()
    published = serializers.BooleanField()
    tie_break = serializers.ListField(child=serializers.CharField())
    lines = CutLineSerializer(many=True)


def _body(serializer_class, request):
    body = serializer_class(data=body_object(request))
    body.is_valid(raise_exception=True)
    return body.validated_data


def _refused(exc) -> Response:
    return error_response([{"code": "stage", "message": str(exc)}], status.HTTP_409_CONFLICT)


class _StageView(LeagueAPIMixin, generics.GenericAPIView):
    permission_classes = COMPETITION_ORGANISER
    serializer_class = StageSerializer
    queryset = Stage.objects.none()
    pagination_class = None  # a competition has a handful of stages

    def stage(self, request, pk) -> Stage:
        stage = get_or_404(Stage.objects.select_related("competition", "category_club"), pk)
        self.check_object_permissions(request, stage.competition)
        return stage


class CompetitionStagesView(_StageView):
    @extend_schema(summary="A competition's stages", parameters=[id_parameter("id", "competition")],
                   responses={200: StageSerializer(many=True), **errors(404)})  # fmt: skip
    def get(self, request, pk):
        competition = get_or_404(Competition.objects.all(), pk)
        return Response(StageSerializer(competition.stages.all(), many=True).data)

    @extend_schema(
        summary="Add a stage",
        description="The next number. The first stage takes every entrant (no cut); a later one cuts to "
        "`cut_size` of the stage before's standings, or of one club's players (`category_club`).",
        parameters=[id_parameter("id", "competition")],
        request=StageCreateSerializer,
        responses={201: StageSerializer, **errors(*WRITE, 409, conflicts=STAGE_409)},
    )
    def post(self, request, pk):
        competition = get_or_404(Competition.objects.all(), pk)
        self.check_object_permissions(request, competition)
        data = _rows(dict(_body(StageCreateSerializer, request)), competition)
        if isinstance(data, Response):
            return data
        try:
            stage = services.stage_create(competition, user=request.user, meta=request_meta(request), **data)
        except services.StageError as exc:
            return _refused(exc)
        return Response(StageSerializer(stage).data, status=status.HTTP_201_CREATED)


def _rows(data: dict, competition) -> dict | Response:
    """The club and the source stage named by id, as rows (a 400 naming the field when there is none)."""
    for field, rows in (("category_club", Club.objects.all()), ("source", competition.stages.all())):
        if data.get(field) is not None:
            data[field] = rows.filter(pk=data[field]).first()
            if data[field] is None:
                message = _("No club or earlier stage of this competition has this id.")
                return error_response([{"code": "does_not_exist", "message": message, "field": field}], 400)
    return data


class StageDetailView(_StageView):
    @extend_schema(summary="One stage", parameters=[id_parameter("id", "stage")],
                   responses={200: StageSerializer, **errors(404)})  # fmt: skip
    def get(self, request, pk):
        return Response(StageSerializer(self.stage(request, pk)).data)

    @extend_schema(
        summary="Change a stage",
        description="While nothing of it is played and its cut is not published (issue 49): 409 `stage` "
        "with the reason otherwise. Only the fields given change.",
        parameters=[id_parameter("id", "stage")],
        request=StageChangeSerializer,
        responses={200: StageSerializer, **errors(*WRITE, 409, conflicts=STAGE_409)},
    )
    def patch(self, request, pk):
        stage = self.stage(request, pk)
        data = _rows(dict(_body(StageChangeSerializer, request)), stage.competition)
        if isinstance(data, Response):
            return data
        try:
            stage = services.stage_update(stage, user=request.user, meta=request_meta(request), **data)
        except services.StageError as exc:
            return _refused(exc)
        return Response(StageSerializer(stage).data)

    @extend_schema(
        summary="Delete a stage",
        description="While nothing of it is played, its cut is not published and no later stage cuts "
        "from it; its rounds stay, in no stage.",
        parameters=[id_parameter("id", "stage")],
        responses={204: None, **errors(*WRITE, 409, conflicts=STAGE_409)},
    )
    def delete(self, request, pk):
        stage = self.stage(request, pk)
        try:
            services.stage_delete(stage, user=request.user, meta=request_meta(request))
        except services.StageError as exc:
            return _refused(exc)
        return Response(status=status.HTTP_204_NO_CONTENT)


class StageRoundsView(_StageView):
    @extend_schema(
        summary="Put a round in a stage",
        parameters=[id_parameter("id", "stage")],
        request=RoundRefSerializer,
        responses={200: StageSerializer, **errors(*WRITE, 409, conflicts=STAGE_409)},
    )
    def post(self, request, pk):
        stage = self.stage(request, pk)
        data = _body(RoundRefSerializer, request)
        round_ = get_or_404(Round.objects.all(), data["round"])
        try:
            services.stage_add_round(stage, round_, user=request.user, meta=request_meta(request))
        except services.StageError as exc:
            return _refused(exc)
        return Response(StageSerializer(stage).data)


def cut_answer(stage: Stage) -> dict:
    metrics = tie_break_metrics(stage)
    before = stage_before(stage)
    if before is None:  # a first stage: every entrant, no cut
        lines = []
    elif stage.status == Stage.Status.PUBLISHED:
        standings = {r.totals.player_id: r.totals for r in stage_standings(before)}
        lines = [
            {
                "seed": q.seed, "player": q.player_id, "name": q.player.name, "rank": q.rank,
                "status": q.status, "tied_at_cut": q.tied_at_cut,
                "values": {m: _metric(standings.get(q.player_id), m) for m in metrics},
                "replaced_by": q.replaced_by.player_id if q.replaced_by else None,
            }
            for q in published_cut(stage)
        ]  # fmt: skip
    else:
        lines = [
            {
                "seed": line.seed, "player": line.candidate.player_id, "name": line.candidate.name,
                "rank": line.candidate.rank,
                "status": "in" if line.qualified else ("withdrawn" if line.candidate.withdrawn else "out"),
                "tied_at_cut": line.tied_at_cut, "values": line.candidate.values, "replaced_by": None,
            }
            for line in cut_preview(stage)
        ]  # fmt: skip
    return {
        "stage": stage.pk,
        "published": stage.status == Stage.Status.PUBLISHED,
        "tie_break": metrics,
        "lines": lines,
    }


def _metric(totals, metric: str):
    if totals is None:
        return None
    value = getattr(totals, metric)
    return float(value) if metric == "chips_per_session" else value


class StageCutView(_StageView):
    @extend_schema(
        summary="A stage's cut: who is in, who is out",
        description="While the stage is a draft, the preview (organisers only); then the published cut.",
        parameters=[id_parameter("id", "stage")],
        responses={200: CutSerializer, **errors(403, 404)},
    )
    def get(self, request, pk):
        stage = self.stage(request, pk)
        if stage.status != Stage.Status.PUBLISHED and not can_manage_competition(
            request.user, stage.competition
        ):
            raise PermissionDenied(_("Only the competition's organisers see a cut before it is published."))
        return Response(cut_answer(stage))


class StagePublishView(_StageView):
    @extend_schema(summary="Publish a stage's cut", parameters=[id_parameter("id", "stage")], request=None,
                   responses={200: CutSerializer, **errors(*WRITE, 409, conflicts=STAGE_409)})  # fmt: skip
    def post(self, request, pk):
        stage = self.stage(request, pk)
        body_object(request)  # a malformed body, or one not an object, is a 400 before anything changes
        try:
            services.stage_publish(stage, user=request.user, meta=request_meta(request))
        except services.StageError as exc:
            return _refused(exc)
        stage.refresh_from_db()
        return Response(cut_answer(stage))


class StageReplaceView(_StageView):
    @extend_schema(summary="Replace a qualifier who withdrew with the next in line",
                   parameters=[id_parameter("id", "stage")], request=PlayerRefSerializer,
                   responses={200: CutSerializer, **errors(*WRITE, 409, conflicts=STAGE_409)})  # fmt: skip
    def post(self, request, pk):
        stage = self.stage(request, pk)
        data = _body(PlayerRefSerializer, request)
        try:
            services.qualifier_replace(stage, data["player"], user=request.user, meta=request_meta(request))
        except services.StageError as exc:
            return _refused(exc)
        return Response(cut_answer(stage))


class StageSeatView(_StageView):
    @extend_schema(summary="Seat one of the stage's rounds from its qualifiers (a draft)",
                   parameters=[id_parameter("id", "stage")], request=RoundRefSerializer,
                   responses={200: StageSerializer, **errors(*WRITE, 409, conflicts=STAGE_409)})  # fmt: skip
    def post(self, request, pk):
        stage = self.stage(request, pk)
        data = _body(RoundRefSerializer, request)
        round_ = get_or_404(Round.objects.select_related("competition"), data["round"])
        try:
            services.stage_seat_round(
                stage, round_, user=request.user, meta=request_meta(request), seed=data.get("seed")
            )
        except services.StageError as exc:
            return _refused(exc)
        return Response(StageSerializer(stage).data)


class StageStandingsView(_StageView):
    @extend_schema(
        summary="A stage's standings",
        description="Its rounds added up, plus the carried chips when the stage carries them over.",
        parameters=[id_parameter("id", "stage")],
        responses={200: StageStandingSerializer(many=True), **errors(404)},
    )
    def get(self, request, pk):
        stage = self.stage(request, pk)
        rows = stage_standings(stage)
        return Response(
            [
                {"rank": r.rank, "shared": r.shared, "player": r.totals.player_id, "name": r.totals.name,
                 "chips": r.totals.net_chips, "sessions": r.totals.sessions, "hands_won": r.totals.hands_won,
                 "withdrawn": r.totals.withdrawn}
                for r in rows
            ]
        )  # fmt: skip
