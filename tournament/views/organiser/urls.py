"""The organiser's pages, mounted at /organise/ (see ``tournament.views.organiser``)."""

from django.urls import path

from tournament.views.organiser import (
    accounts,
    audit,
    competitions,
    confirmations,
    dashboard,
    integrity,
    messages,
    players,
    printing,
    rounds,
    seat_links,
)

app_name = "organiser"

urlpatterns = [
    path("", dashboard.dashboard, name="dashboard"),
    path("competitions/new/", competitions.competition_create, name="competition_create"),
    path("competitions/<int:pk>/", competitions.competition_detail, name="competition"),
    path("competitions/<int:pk>/edit/", competitions.competition_edit, name="competition_edit"),
    path("competitions/<int:pk>/rules/", competitions.competition_rules, name="rules"),
    path("competitions/<int:pk>/staff/", competitions.competition_staff, name="staff"),
    path(
        "competitions/<int:pk>/standings/",
        competitions.competition_standings,
        name="standings_settings",
    ),
    path("competitions/<int:pk>/staff/accounts/", accounts.staff_accounts, name="staff_accounts"),
    path(
        "competitions/<int:pk>/players/<int:player_pk>/account/",
        accounts.player_account,
        name="player_account",
    ),
    path(
        "competitions/<int:pk>/accounts/<int:user_pk>/active/", accounts.account_active, name="account_active"
    ),
    path("invitations/<int:pk>/", accounts.invitation, name="invitation"),
    path("invitations/<int:pk>/withdraw/", accounts.invitation_withdraw, name="invitation_withdraw"),
    path("competitions/<int:pk>/players/", players.players, name="players"),
    path("competitions/<int:pk>/players/add/", players.player_add, name="player_add"),
    path("competitions/<int:pk>/players/enter/", players.players_enter, name="players_enter"),
    path("competitions/<int:pk>/players/import/", players.players_import_upload, name="players_import"),
    path(
        "competitions/<int:pk>/players/import/confirm/",
        players.players_import_confirm,
        name="players_import_confirm",
    ),
    path("entries/<int:pk>/withdraw/", players.entry_withdraw_view, name="entry_withdraw"),
    path("entries/<int:pk>/substitute/", players.entry_substitute_view, name="entry_substitute"),
    path("competitions/<int:pk>/audit/", audit.audit_log, name="audit"),
    path("competitions/<int:pk>/confirmations/", confirmations.confirmations, name="confirmations"),
    path("hands/<int:hand_id>/rule/", confirmations.rule, name="rule"),
    path("competitions/<int:pk>/integrity/", integrity.integrity, name="integrity"),
    path("competitions/<int:pk>/messages/", messages.competition_messages_page, name="messages"),
    path("competitions/<int:pk>/rounds/", rounds.rounds, name="rounds"),
    path("competitions/<int:pk>/rounds/plan/", rounds.competition_plan_view, name="rounds_plan"),
    path("rounds/<int:pk>/", rounds.round_detail, name="round"),
    path("rounds/<int:pk>/edit/", rounds.round_edit, name="round_edit"),
    path("rounds/<int:pk>/seat/", rounds.round_seat_view, name="round_seat"),
    path("rounds/<int:pk>/swap/", rounds.round_swap_view, name="round_swap"),
    path("rounds/<int:pk>/scorekeepers/", rounds.round_scorekeepers, name="round_scorekeepers"),
    path("rounds/<int:pk>/status/", rounds.round_status, name="round_status"),
    path("rounds/<int:pk>/seating.pdf", printing.seating_plan_pdf, name="seating_pdf"),
    path("rounds/<int:pk>/table-cards.pdf", printing.table_cards_pdf, name="cards_pdf"),
    path("seats/<int:pk>/retire-link/", seat_links.seat_link_retire, name="seat_link_retire"),
]
