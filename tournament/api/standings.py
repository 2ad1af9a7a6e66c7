"""Standings of a competition or of one round.

Read from the stored standings (``tournament.standings.store``, kept current
by Celery) when they include every ledger row of the scope; computed on read
from the ledger (``tournament.standings.compute``) when they do not, or when a round
is held back (the stored competition scope cannot tell who may see it).

The organisers of the competition also see rounds whose results are held
back (``Round.results_held``); everybody else sees them left out.
"""

from __future__ import annotations

from django.conf import settings
from django.db.models import Max
from django.http import HttpResponse
from django.utils.decorators import method_decorator
from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers
from rest_framework.response import Response

from tournament.access.roles import can_manage_competition
from tournament.api.base import LeagueAPIMixin, errors, get_or_404, id_parameter
from tournament.api.fields import DateTime
from tournament.models import ChipTransfer, Competition, Round, StandingsMeta
from tournament.project.http_cache import DATA, shared
from tournament.standings import cache as standings_cache
from tournament.standings.compute import standings_compute
from tournament.standings.store import COMPETITION_SCOPE, ledger_mark, stored_standings


class StandingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField(allow_null=True)
    shared = serializers.BooleanField(help_text="Another player holds the same rank.")
    player = serializers.IntegerField(source="totals.player_id")
    name = serializers.CharField(source="totals.name")
    club = serializers.CharField(source="totals.club", allow_null=True)
    chips = serializers.IntegerField(source="totals.net_chips", help_text="Net chips, all tables.")
    hands_won = serializers.IntegerField(source="totals.hands_won")
    sessions = serializers.IntegerField(source="totals.sessions")
    self_drawn_wins = serializers.IntegerField(source="totals.self_drawn_wins")
    za_hu = serializers.IntegerField(source="totals.za_hu")
    biggest_hand = serializers.IntegerField(source="totals.biggest_hand")
    withdrawn = serializers.BooleanField(source="totals.withdrawn")
    chips_per_session = serializers.SerializerMethodField(
        help_text="chips over counted_sessions, one decimal."
    )
    counted_sessions = serializers.SerializerMethodField(
        help_text="Sessions counted in chips: all, or the best N (the competition's best_sessions)."
    )

    def get_chips_per_session(self, row) -> float:
        return round(float(row.totals.chips_per_session), 1)

    def get_counted_sessions(self, row) -> int:
        totals = row.totals
        return totals.sessions if totals.counted_sessions is None else totals.counted_sessions


class StandingsSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    competition = serializers.IntegerField()
    round = serializers.IntegerField(allow_null=True)
    computed_at = DateTime()
    held = serializers.BooleanField(help_text="The round's results are held back until released.")
    results = StandingRowSerializer(many=True)


def _stored_meta(competition, rnd) -> StandingsMeta | None:
    """The stored scope's meta when its rows can be served as they are, else None."""
    if Round.objects.filter(competition=competition, results_held=True).exists():
        return None  # held rounds: who sees what is decided on read
    scope = COMPETITION_SCOPE if rnd is None else rnd.pk
    meta = StandingsMeta.objects.filter(competition=competition, scope=scope).first()
    if meta is None:
        return None
    if rnd is None:
        mark = ledger_mark(competition)
    else:
        mark = ChipTransfer.objects.filter(table__round=rnd).aggregate(m=Max("pk"))["m"]
    return meta if meta.ledger_mark >= (mark or 0) else None


def _plainly_anonymous_json(request) -> bool:
    """No credentials (no token, no session cookie), a GET, and JSON what DRF would answer with."""
    return (
        request.method == "GET"
        and "HTTP_AUTHORIZATION" not in request.META
        and settings.SESSION_COOKIE_NAME not in request.COOKIES
        and "format" not in request.GET
        and request.META.get("HTTP_ACCEPT", "*/*") in ("*/*", "application/json", "")
    )


@method_decorator(shared(DATA), name="dispatch")
class _StandingsView(LeagueAPIMixin, generics.GenericAPIView):
    """Standings: the stored rows when current, else computed on read from the ledger.

    An anonymous JSON answer is kept in memory until the standings version
    changes (``tournament.standings.cache``): viewers polling between two hands
    are answered without a query.
    """

    serializer_class = StandingsSerializer
    # Not read by these views; DRF's browsable page asks for one when a browser opens the URL.
    queryset = StandingsMeta.objects.none()

    def dispatch(self, request, *args, **kwargs):
        # A kept answer for a reader who is plainly anonymous and wants JSON is served before DRF's
        # request handling (authentication, negotiation), which cost as much as the rest (issue 7).
        if _plainly_anonymous_json(request):
            body = standings_cache.kept(request.get_full_path(), standings_cache.version())
            if body is not None:
                return HttpResponse(body, content_type="application/json")
        return super().dispatch(request, *args, **kwargs)

    def kept_or(self, request, make) -> HttpResponse:
        if request.user.is_authenticated or request.accepted_renderer.format != "json":
            return make()
        at = standings_cache.version()
        path = request.get_full_path()
        body = standings_cache.kept(path, at)
        if body is not None:
            return HttpResponse(body, content_type="application/json")
        request.standings_keep = (path, at)
        return make()

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        keep = getattr(request, "standings_keep", None)
        if keep is not None and isinstance(response, Response) and response.status_code == 200:
            response.render()
            standings_cache.keep(*keep, response.content)
        return response

    def answer(self, request, competition, rnd=None) -> Response:
        include_held = can_manage_competition(request.user, competition)
        meta = _stored_meta(competition, rnd)
        if meta is not None:
            stored = stored_standings(competition, meta.scope)
            page = self.paginator.paginate_queryset(stored, request, view=self)
            computed_at, held = meta.computed_at, False
        else:
            standings = standings_compute(competition, rnd, include_held=include_held)
            page = self.paginator.paginate_queryset(standings.rows, request, view=self)
            computed_at, held = standings.computed_at, standings.held
        return Response(
            {
                "count": self.paginator.page.paginator.count,
                "next": self.paginator.get_next_link(),
                "previous": self.paginator.get_previous_link(),
                "competition": competition.pk,
                "round": rnd.pk if rnd is not None else None,
                "computed_at": computed_at,
                "held": held,
                "results": StandingRowSerializer(page, many=True).data,
            }
        )


class CompetitionStandingsView(_StandingsView):
    """Every player entered, ranked on net chips across all the competition's tables."""

    @extend_schema(
        summary="Standings of a competition",
        description="Ranked by net chips, then hands won, then the biggest hand; equals share a place.",
        parameters=[id_parameter("id", "competition")],
        responses={200: StandingsSerializer, **errors(404)},
    )
    def get(self, request, pk):
        return self.kept_or(request, lambda: self.answer(request, get_or_404(Competition.objects.all(), pk)))


class RoundStandingsView(_StandingsView):
    """The players of one round, ranked on their net chips in it."""

    @extend_schema(
        summary="Standings of one round",
        description="The players seated in the round, ranked as the competition's standings.",
        parameters=[id_parameter("id", "round")],
        responses={200: StandingsSerializer, **errors(404)},
    )
    def get(self, request, pk):
        def make():
            rnd = get_or_404(Round.objects.select_related("competition"), pk)
            return self.answer(request, rnd.competition, rnd)

        return self.kept_or(request, make)
