"""Team events in the API (issue 35; docs/api.md, "Teams (added)"), each write through its door in
``tournament.teams.services``.

- ``GET/POST /api/v1/competitions/{id}/teams/``: the teams with their rosters and captains (public);
  an organiser of the competition creates one.
- ``GET /api/v1/competitions/{id}/teams/standings/``: the teams ranked; a competition without teams
  answers its clubs (its teams are its clubs), ``source`` says which.
- ``GET /api/v1/rounds/{id}/lineups/``: each team's lineup for the round, its players only to whom may
  see them (``tournament.teams.selectors.may_see_lineup``); a hidden one says ``hidden: true``.
- ``PUT /api/v1/rounds/{id}/lineups/{team id}/``: ``{"players": [ids]}``, by the team's captain
  (until the deadline) or an organiser (until the round is seated).
"""

from __future__ import annotations

from django.http import Http404
from django.utils import timezone
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import generics, serializers, status
from rest_framework.response import Response

from tournament.access.request_meta import request_meta
from tournament.access.roles import can_manage_competition, require_organiser
from tournament.api.base import WRITE, LeagueAPIMixin, errors, get_or_404, id_parameter, refused
from tournament.api.fields import ClosedSerializer, DateTime, RowId, RowIds, Text
from tournament.api.parsers import body_object
from tournament.api.permissions import READ_OR_SIGNED_IN
from tournament.api.refusals import LINEUP_409, LINEUP_422, TEAM_CREATE_409, TEAM_CREATE_422
from tournament.api.standings import _stored_meta
from tournament.models import Competition, Player, Round, Team
from tournament.standings.clubs import club_standings
from tournament.standings.compute import scope_totals
from tournament.standings.store import COMPETITION_SCOPE, stored_lines
from tournament.teams.errors import TeamError
from tournament.teams.selectors import (
    competition_teams,
    lineup_deadline,
    lineup_revealed,
    round_lineups,
    standings_of_teams,
)
from tournament.teams.services import lineup_set, team_create


def team_error(exc: TeamError) -> Response:
    return refused(
        exc, status.HTTP_409_CONFLICT if exc.status == 409 else status.HTTP_422_UNPROCESSABLE_ENTITY
    )


class MemberSerializer(serializers.Serializer):
    player = serializers.IntegerField(source="player_id")
    name = serializers.CharField(source="player.name")
    substitute = serializers.BooleanField(help_text="From the team's pool (the substitute rule applies).")


class TeamSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    short_name = serializers.CharField()
    captain = serializers.IntegerField(source="captain_id", allow_null=True)
    captain_can_log_in = serializers.SerializerMethodField(
        help_text="False when the captain's player has no account: they cannot name the lineup (issue 49)."
    )
    members = MemberSerializer(source="roster", many=True)

    def get_captain_can_log_in(self, team) -> bool | None:
        return None if team.captain is None else team.captain.user_id is not None


class TeamListSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    results = TeamSerializer(many=True)


class TeamCreateSerializer(ClosedSerializer):
    name = Text(max_length=120)
    short_name = Text(required=False, allow_blank=True, max_length=20, default="")
    members = RowId(many=True, queryset=Player.objects.all(), required=False, help_text="Regulars' ids.")
    substitutes = RowId(many=True, queryset=Player.objects.all(), required=False, help_text="The pool.")
    captain = RowId(queryset=Player.objects.all(), required=False, allow_null=True)


class CompetitionTeamsView(LeagueAPIMixin, generics.GenericAPIView):
    permission_classes = [READ_OR_SIGNED_IN]
    serializer_class = TeamListSerializer

    @extend_schema(
        summary="A competition's teams",
        description="Each team with its captain and roster (regulars and substitutes), by name.",
        parameters=[id_parameter("id", "competition")],
        responses={200: TeamListSerializer, **errors(404)},
    )
    def get(self, request, pk):
        competition = get_or_404(Competition.objects.all(), pk)
        teams = competition_teams(competition)
        return Response({"count": len(teams), "results": TeamSerializer(teams, many=True).data})

    @extend_schema(
        summary="Create a team",
        description="An organiser of the competition, before any hand is recorded in it. Members are "
        "playing entries in no other team of the competition; the captain is one of them.",
        parameters=[id_parameter("id", "competition")],
        request=TeamCreateSerializer,
        responses={
            201: TeamSerializer,
            **errors(*WRITE, 409, 422, conflicts=TEAM_CREATE_409, refusals=TEAM_CREATE_422),
        },
    )
    def post(self, request, pk):
        competition = get_or_404(Competition.objects.all(), pk)
        require_organiser(request.user, competition)  # the door's own right, first: 403 before any 400
        body = TeamCreateSerializer(data=body_object(request))
        body.is_valid(raise_exception=True)
        data = body.validated_data
        try:
            team = team_create(
                competition,
                name=data["name"],
                short_name=data.get("short_name", ""),
                members=data.get("members", []),
                substitutes=data.get("substitutes", []),
                captain=data.get("captain"),
                user=request.user,
                meta=request_meta(request),
            )
        except TeamError as exc:
            return team_error(exc)
        made = next(t for t in competition_teams(competition) if t.pk == team.pk)
        return Response(TeamSerializer(made).data, status=status.HTTP_201_CREATED)


class TeamRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField(
        allow_null=True, help_text="Null: the team has not played yet (listed after those who have)."
    )
    shared = serializers.BooleanField(help_text="Another team holds the same rank.")
    team = serializers.IntegerField(help_text="The team's id (the club's, when the teams are the clubs).")
    name = serializers.CharField()
    chips = serializers.IntegerField(help_text="Its counted players' net chips, added up.")
    points = serializers.FloatField(
        allow_null=True,
        help_text="Placing points (shared places share evenly); null when the teams are clubs.",
    )
    players = serializers.IntegerField(help_text="Its counted players who played a session.")
    sessions = serializers.IntegerField(help_text="Its counted players' sessions, added up.")


class TeamStandingsSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    competition = serializers.IntegerField()
    source = serializers.ChoiceField(choices=["teams", "clubs"], help_text="clubs: no team is defined.")
    scoring = serializers.ChoiceField(choices=["chips", "placings"], help_text="What ranks the teams.")
    computed_at = DateTime()
    results = TeamRowSerializer(many=True)


class CompetitionTeamStandingsView(LeagueAPIMixin, generics.GenericAPIView):
    permission_classes = [READ_OR_SIGNED_IN]
    serializer_class = TeamStandingsSerializer

    @extend_schema(
        summary="Team standings of a competition",
        description=(
            "The teams ranked by chips or by placing points (the competition's `team_scoring`), from "
            "its finished rounds (the organisers see held ones counted). Without teams, its clubs' "
            "standings (`source: clubs`)."
        ),
        parameters=[id_parameter("id", "competition")],
        responses={200: TeamStandingsSerializer, **errors(404)},
    )
    def get(self, request, pk):
        competition = get_or_404(Competition.objects.all(), pk)
        include_held = can_manage_competition(request.user, competition)
        ranked = standings_of_teams(competition, include_held=include_held)
        source = "teams"
        if ranked:
            rows = [
                {"rank": t.rank, "shared": t.shared, "team": t.line.team_id, "name": t.line.name,
                 "chips": t.line.chips, "points": float(t.line.points), "players": t.line.players,
                 "sessions": t.line.sessions}
                for t in ranked
            ]  # fmt: skip
        else:
            source = "clubs"
            meta = _stored_meta(competition, None)
            lines = (
                stored_lines(competition, COMPETITION_SCOPE)
                if meta is not None
                else scope_totals(competition, include_held=include_held)
            )
            rows = [
                {"rank": c.rank, "shared": c.shared, "team": c.line.club_id, "name": c.line.name,
                 "chips": c.line.chips, "points": None, "players": c.line.players,
                 "sessions": c.line.sessions}
                for c in club_standings(competition, lines)
            ]  # fmt: skip
        return Response(
            {
                "count": len(rows),
                "competition": competition.pk,
                "source": source,
                "scoring": competition.team_scoring if source == "teams" else "chips",
                "computed_at": timezone.now(),
                "results": TeamRowSerializer(rows, many=True).data,
            }
        )


class LineupSerializer(serializers.Serializer):
    team = serializers.IntegerField()
    name = serializers.CharField()
    named = serializers.BooleanField(help_text="The team has named its players for this round.")
    hidden = serializers.BooleanField(help_text="Named, but not shown to you before the deadline.")
    players = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    named_at = DateTime(allow_null=True)


class LineupsSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    deadline = DateTime(allow_null=True, help_text="null: the round has no start time.")
    revealed = serializers.BooleanField(help_text="Every lineup is public now.")
    results = LineupSerializer(many=True)


def _lineup_row(team: Team, lineup, visible: bool) -> dict:
    shown = lineup is not None and visible
    return {
        "team": team.pk,
        "name": team.name,
        "named": lineup is not None,
        "hidden": lineup is not None and not visible,
        "players": sorted(p.pk for p in lineup.players.all()) if shown else None,
        "named_at": lineup.named_at if shown else None,
    }


class RoundLineupsView(LeagueAPIMixin, generics.GenericAPIView):
    permission_classes = [READ_OR_SIGNED_IN]
    serializer_class = LineupsSerializer

    @extend_schema(
        summary="A round's lineups",
        description="Each team's players for the round. Before the deadline a lineup is shown only to the "
        "competition's organisers and the team's own captain and members; to others it is `hidden`.",
        parameters=[id_parameter("id", "round")],
        responses={200: LineupsSerializer, **errors(404)},
    )
    def get(self, request, pk):
        rnd = get_or_404(Round.objects.select_related("competition"), pk)
        rows = [_lineup_row(t, lu, seen) for t, lu, seen in round_lineups(rnd, request.user)]
        return Response(
            {
                "round": rnd.pk,
                "deadline": lineup_deadline(rnd),
                "revealed": lineup_revealed(rnd),
                "results": rows,
            }
        )


@extend_schema_field({"type": "array", "items": {"type": "integer"}, "minItems": 1})
class LineupIds(RowIds):
    """The players named: at least one, as the schema says. An empty list goes on to the door, which refuses
    it with its own code and words (422 ``empty_lineup``), as it does the lineup page's."""


class LineupSetSerializer(ClosedSerializer):
    players = LineupIds(
        child_relation=RowId(queryset=Player.objects.all()),
        help_text="The players named, from the roster: exactly the lineup size (the fewest regulars of any "
        "team).",
    )


class RoundLineupView(LeagueAPIMixin, generics.GenericAPIView):
    permission_classes = [READ_OR_SIGNED_IN]
    serializer_class = LineupSetSerializer

    @extend_schema(
        summary="Name a team's players for a round",
        description="The team's captain until the deadline; an organiser until the round is seated. Every "
        "player is on the team's roster; exactly the lineup size (the fewest regulars of any team: 422 "
        "``wrong_size`` otherwise). A team of another competition is a 404.",
        parameters=[id_parameter("id", "round"), id_parameter("team_pk", "team")],
        request=LineupSetSerializer,
        responses={
            200: LineupSerializer,
            **errors(*WRITE, 409, 422, conflicts=LINEUP_409, refusals=LINEUP_422),
        },
    )
    def put(self, request, pk, team_pk):
        rnd = get_or_404(Round.objects.select_related("competition"), pk)
        team = get_or_404(Team.objects.select_related("competition", "captain"), team_pk)
        if team.competition_id != rnd.competition_id:
            raise Http404
        body = LineupSetSerializer(data=body_object(request))
        body.is_valid(raise_exception=True)
        try:
            lineup = lineup_set(
                rnd, team, body.validated_data["players"], user=request.user, meta=request_meta(request)
            )
        except TeamError as exc:
            return team_error(exc)
        return Response(_lineup_row(team, lineup, True))
