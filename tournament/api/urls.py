"""The league REST API (../shared/spec/league-api.md) under /api/v1/."""

from django.urls import path, re_path
from drf_spectacular.views import SpectacularAPIView
from rest_framework.routers import SimpleRouter

from tournament.api.club_standings import CompetitionClubStandingsView
from tournament.api.confirmations import (
    CompetitionDisputesView,
    HandConfirmationsView,
    HandRulingView,
    SeatAnswerView,
    SeatView,
)
from tournament.api.counts import (
    CompetitionIntegrityView,
    CountAcceptView,
    CountCompareView,
    CountRequestView,
    TableCountsView,
)
from tournament.api.docs import redoc, swagger_ui
from tournament.api.errors import not_found
from tournament.api.hands import HandView, HandVoidView, TableHandsView
from tournament.api.lifecycle import ROUND_ACTIONS, HandCorrectView, TableEndView
from tournament.api.notices import ReminderView
from tournament.api.privacy import MeDataView, PlayerEraseView
from tournament.api.ratings import PlayerRatingsView, RatingsView
from tournament.api.registration import (
    RegistrationDecideView,
    RegistrationLinkView,
    RegistrationSettingsView,
    RegistrationsView,
)
from tournament.api.screen import CompetitionScreenMessageView, CompetitionScreenView
from tournament.api.season import (
    AttendanceOneView,
    AttendanceView,
    CompetitionCalendarView,
    LateArrivalView,
    SeasonLinkRetireView,
    SeasonScheduleView,
)
from tournament.api.stages import (
    CompetitionStagesView,
    StageCutView,
    StageDetailView,
    StagePublishView,
    StageReplaceView,
    StageRoundsView,
    StageSeatView,
    StageStandingsView,
)
from tournament.api.standings import CompetitionStandingsView, RoundStandingsView
from tournament.api.teams import (
    CompetitionTeamStandingsView,
    CompetitionTeamsView,
    RoundLineupsView,
    RoundLineupView,
)
from tournament.api.tokens import TokenDetailView, TokenListView, TokenView
from tournament.api.views import (
    ClubViewSet,
    CompetitionPlanView,
    CompetitionViewSet,
    PlayerViewSet,
    RoundTablesView,
    RoundViewSet,
    SeatingView,
    TableView,
)

router = SimpleRouter()
router.register("clubs", ClubViewSet, basename="api-club")
router.register("players", PlayerViewSet, basename="api-player")
router.register("competitions", CompetitionViewSet, basename="api-competition")

# Ids in paths are matched loosely and checked by the views, so that a malformed id is a JSON 404.
ID = r"(?P<pk>[^/]+)"
rounds = RoundViewSet.as_view({"get": "list", "post": "create"})
round_detail = RoundViewSet.as_view({"get": "retrieve", "put": "update", "patch": "partial_update"})

urlpatterns = [
    # First: every scorekeeper's phone posts here all evening; the patterns are tried in order (issue 20).
    re_path(rf"^tables/{ID}/hands/$", TableHandsView.as_view(), name="api-table-hands"),
    path("auth/token/", TokenView.as_view(), name="api-token"),
    path("tokens/", TokenListView.as_view(), name="api-token-list"),
    path("tokens/<str:token_id>/", TokenDetailView.as_view(), name="api-token-detail"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", swagger_ui, name="api-docs"),
    path("redoc/", redoc, name="api-redoc"),
    *router.urls,
    re_path(r"^competitions/(?P<competition_pk>[^/]+)/rounds/$", rounds, name="api-round-list"),
    re_path(rf"^competitions/(?P<competition_pk>[^/]+)/rounds/{ID}/$", round_detail, name="api-round-detail"),
    re_path(
        rf"^competitions/{ID}/standings/$",
        CompetitionStandingsView.as_view(),
        name="api-competition-standings",
    ),
    re_path(
        rf"^competitions/{ID}/clubs/standings/$",
        CompetitionClubStandingsView.as_view(),
        name="api-competition-club-standings",
    ),
    # Team events (issue 35)
    re_path(rf"^competitions/{ID}/teams/$", CompetitionTeamsView.as_view(), name="api-competition-teams"),
    re_path(
        rf"^competitions/{ID}/teams/standings/$",
        CompetitionTeamStandingsView.as_view(),
        name="api-competition-team-standings",
    ),
    re_path(rf"^rounds/{ID}/lineups/$", RoundLineupsView.as_view(), name="api-round-lineups"),
    re_path(
        rf"^rounds/{ID}/lineups/(?P<team_pk>[^/]+)/$", RoundLineupView.as_view(), name="api-round-lineup"
    ),
    path("ratings/", RatingsView.as_view(), name="api-ratings"),
    re_path(rf"^players/{ID}/ratings/$", PlayerRatingsView.as_view(), name="api-player-ratings"),
    re_path(rf"^players/{ID}/erase/$", PlayerEraseView.as_view(), name="api-player-erase"),
    path("me/data/", MeDataView.as_view(), name="api-me-data"),
    re_path(rf"^competitions/{ID}/seating/$", CompetitionPlanView.as_view(), name="api-competition-seating"),
    re_path(rf"^rounds/{ID}/seating/$", SeatingView.as_view(), name="api-round-seating"),
    # Registration (issue 51)
    re_path(
        rf"^competitions/{ID}/registration/$", RegistrationSettingsView.as_view(), name="api-registration"
    ),
    re_path(rf"^competitions/{ID}/registrations/$", RegistrationsView.as_view(), name="api-registrations"),
    re_path(
        r"^registrations/link/(?P<token>[^/]+)/accept/$",
        RegistrationLinkView.as_view(action_name="accept"),
        name="api-registration-link-accept",
    ),
    re_path(
        r"^registrations/link/(?P<token>[^/]+)/withdraw/$",
        RegistrationLinkView.as_view(action_name="withdraw"),
        name="api-registration-link-withdraw",
    ),
    *[
        re_path(
            rf"^registrations/{ID}/{name}/$",
            RegistrationDecideView.as_view(action_name=name),
            name=f"api-registration-{name}",
        )
        for name in ("approve", "refuse", "wait", "paid", "withdraw")
    ],
    # A season's nights (issue 33)
    re_path(rf"^rounds/{ID}/attendance/$", AttendanceView.as_view(), name="api-round-attendance"),
    re_path(
        rf"^rounds/{ID}/attendance/(?P<player_pk>[^/]+)/$",
        AttendanceOneView.as_view(),
        name="api-round-attendance-one",
    ),
    re_path(
        rf"^rounds/{ID}/attendance/(?P<player_pk>[^/]+)/late/$",
        LateArrivalView.as_view(),
        name="api-round-late",
    ),
    re_path(rf"^competitions/{ID}/season/$", SeasonScheduleView.as_view(), name="api-competition-season"),
    # The reminder before a round, in hours, and when the next goes (issue 47)
    re_path(rf"^competitions/{ID}/reminder/$", ReminderView.as_view(), name="api-competition-reminder"),
    re_path(
        rf"^competitions/{ID}/season/links/(?P<player_pk>[^/]+)/retire/$",
        SeasonLinkRetireView.as_view(),
        name="api-competition-season-link-retire",
    ),
    re_path(
        rf"^competitions/{ID}/calendar\.ics$",
        CompetitionCalendarView.as_view(),
        name="api-competition-calendar",
    ),
    re_path(rf"^rounds/{ID}/tables/$", RoundTablesView.as_view(), name="api-round-tables"),
    re_path(rf"^rounds/{ID}/standings/$", RoundStandingsView.as_view(), name="api-round-standings"),
    re_path(rf"^tables/{ID}/$", TableView.as_view(), name="api-table-detail"),
    re_path(rf"^hands/{ID}/$", HandView.as_view(), name="api-hand-detail"),
    re_path(rf"^hands/{ID}/void/$", HandVoidView.as_view(), name="api-hand-void"),
    re_path(rf"^hands/{ID}/correct/$", HandCorrectView.as_view(), name="api-hand-correct"),
    re_path(rf"^tables/{ID}/end/$", TableEndView.as_view(), name="api-table-end"),
    # Players confirm hands (issue 19)
    re_path(rf"^hands/{ID}/confirmations/$", HandConfirmationsView.as_view(), name="api-hand-confirmations"),
    re_path(rf"^hands/{ID}/ruling/$", HandRulingView.as_view(), name="api-hand-ruling"),
    re_path(
        rf"^competitions/{ID}/disputes/$", CompetitionDisputesView.as_view(), name="api-competition-disputes"
    ),
    re_path(r"^seats/(?P<token>[^/]+)/$", SeatView.as_view(), name="api-seat"),
    re_path(
        r"^seats/(?P<token>[^/]+)/hands/(?P<hand_id>[^/]+)/confirmation/$",
        SeatAnswerView.as_view(),
        name="api-seat-answer",
    ),
    re_path(rf"^tables/{ID}/counts/$", TableCountsView.as_view(), name="api-table-counts"),
    re_path(rf"^tables/{ID}/counts/request/$", CountRequestView.as_view(), name="api-table-count-request"),
    re_path(rf"^counts/{ID}/accept/$", CountAcceptView.as_view(), name="api-count-accept"),
    re_path(rf"^counts/{ID}/compare/$", CountCompareView.as_view(), name="api-count-compare"),
    re_path(rf"^competitions/{ID}/stages/$", CompetitionStagesView.as_view(), name="api-competition-stages"),
    re_path(rf"^stages/{ID}/$", StageDetailView.as_view(), name="api-stage"),
    re_path(rf"^stages/{ID}/rounds/$", StageRoundsView.as_view(), name="api-stage-rounds"),
    re_path(rf"^stages/{ID}/cut/$", StageCutView.as_view(), name="api-stage-cut"),
    re_path(rf"^stages/{ID}/publish/$", StagePublishView.as_view(), name="api-stage-publish"),
    re_path(rf"^stages/{ID}/replace/$", StageReplaceView.as_view(), name="api-stage-replace"),
    re_path(rf"^stages/{ID}/seat/$", StageSeatView.as_view(), name="api-stage-seat"),
    re_path(rf"^stages/{ID}/standings/$", StageStandingsView.as_view(), name="api-stage-standings"),
    re_path(rf"^competitions/{ID}/screen/$", CompetitionScreenView.as_view(), name="api-competition-screen"),
    re_path(
        rf"^competitions/{ID}/screen/message/$",
        CompetitionScreenMessageView.as_view(),
        name="api-competition-screen-message",
    ),
    re_path(
        rf"^competitions/{ID}/integrity/$",
        CompetitionIntegrityView.as_view(),
        name="api-competition-integrity",
    ),
    *(
        re_path(rf"^rounds/{ID}/{name}/$", view.as_view(), name=f"api-round-{name}")
        for name, view in ROUND_ACTIONS.items()
    ),
    # Anything else under the league's resources is a 404 in the API's error shape, not an HTML page.
    # (Only these prefixes: the scoring engine's API shares /api/v1/.)
    re_path(
        r"^(?:auth|tokens|clubs|players|competitions|rounds|tables|hands|seats|counts|ratings|stages)(?:/.*)?$",
        not_found,
        name="api-404",
    ),
]
