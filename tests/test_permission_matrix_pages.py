"""The permission matrix of the pages (issue 7): every page that changes something, and every page
that shows what only staff may see, against the whole cast of ``tests/api/conftest.py``.

One row per page, one column per role: an anonymous visitor, a player, the
scorekeeper of another table, this table's scorekeeper, the organiser of
another competition, this competition's organiser. A cell says what must
happen: ``LOGIN`` (sent to the login page), ``DENY`` (403), ``OK`` (the page
does its work or answers the form's errors; never 401/403/404 and never the
login page). A refused request must leave every table of the league as it was.
The API has its own matrix (tests/api/test_permissions.py).
"""

import itertools

import pytest
from django.contrib.auth import get_user_model
from django.urls import get_resolver, reverse

from tests.api.conftest import cast_league
from tests.conftest import built_for_the_module
from tournament.access.invitations import invitation_create
from tournament.league.consent import entry_ask
from tournament.models import (
    Attendance,
    AuditEntry,
    ChipCount,
    ChipTransfer,
    Competition,
    Entry,
    EntryCategory,
    EntryRequest,
    Hand,
    HandAnswer,
    HandCheck,
    HandVoid,
    Invitation,
    Lineup,
    Player,
    Qualifier,
    Registration,
    Round,
    Screen,
    Seat,
    Stage,
    StageRound,
    StandingRow,
    Table,
    Team,
    TeamMember,
)
from tournament.season.links import check_in_code
from tournament.stages.services import stage_create
from tournament.tables.ledger.record import hand_record

pytestmark = pytest.mark.django_db
User = get_user_model()

ROLES = ("anonymous", "player", "other_scorekeeper", "table_scorekeeper", "other_organiser", "organiser")
LOGIN, DENY, OK, MISSING = "login", "deny", "ok", "missing"  # MISSING: 404, nothing of theirs here
ORGANISER_ONLY = (LOGIN, DENY, DENY, DENY, DENY, OK)
TABLE_KEEPERS = (DENY, DENY, DENY, OK, DENY, OK)


@pytest.fixture(scope="module")
def built_league(django_db_setup, django_db_blocker):
    """The cast's league (tests/api/conftest.py), built once for the module's 400 requests."""
    yield from built_for_the_module(django_db_blocker, cast_league)


@pytest.fixture
def league(built_league, db):
    """The module's league, read anew for each test (in the test's savepoint, rolled back after it)."""
    return built_league.afresh()


def _hand(lg):
    return hand_record(table=lg.table, entry={"outcome": "draw"})


def _differing_count(lg):
    """A count that differs from the ledger, waiting for the organiser (set up directly: the fixture's table
    has not played)."""
    east, south, west, north = lg.seats()
    chips = {str(east): 390, str(south): 410, str(west): 400, str(north): 400}
    ledger = dict.fromkeys(chips, 400)
    return ChipCount.objects.create(
        table=lg.table, status=ChipCount.Status.DIFFERS, chips=chips, ledger=ledger
    )


def _entry(lg):
    return Entry.objects.filter(competition=lg.competition).first()


def _newcomer(lg):
    """A player entered in the competition, with no account yet."""
    return Entry.objects.filter(competition=lg.competition, player__user=None).first().player


def _other_keeper(lg):
    return lg.users["other_scorekeeper"]


def _stage(lg):
    return stage_create(lg.competition, name="Preliminaries")


def _asked(lg):
    """The other competition's organiser asks to enter one of the competition's players (league.consent)."""
    return entry_ask(lg.other_competition, _newcomer(lg), user=lg.users["other_organiser"])


def _invitation(lg):
    return invitation_create(lg.competition, role="scorekeeper")[0]


# name: (method, url name, args(league, target), body(league), expected in ROLES order, target(league))
C = lambda lg, _: [lg.competition.pk]  # noqa: E731
R = lambda lg, _: [lg.round.pk]  # noqa: E731
T = lambda lg, _: [lg.table.pk]  # noqa: E731
E = lambda lg, entry: [entry.pk]  # noqa: E731
NOTHING = lambda lg: {}  # noqa: E731
MATRIX = {
    # The player's own organiser answers; the organiser who asked does not (issue 48).
    "answer a request to enter a player": ("post", "organiser:entry_requests", lambda lg, _: [],
                                           lambda lg: {"request": EntryRequest.objects.get().pk,
                                                       "answer": "accept"},
                                           (LOGIN, DENY, DENY, DENY, DENY, OK), _asked),
    "create a competition": ("post", "organiser:competition_create", lambda lg, _: [],
                             lambda lg: {"name": "Cup", "kind": "league", "rules": "spgg-2023",
                                         "capital": 400},
                             (LOGIN, DENY, DENY, DENY, OK, OK), None),
    "change a competition": ("post", "organiser:competition_edit", C,
                             lambda lg: {"name": "Renamed", "kind": "league", "rules": "spgg-2023",
                                         "capital": 300},
                             ORGANISER_ONLY, None),
    "change rule-set settings": ("post", "organiser:rules", C, NOTHING, ORGANISER_ONLY, None),
    "change standings settings": ("post", "organiser:standings_settings", C,
                                  lambda lg: {"tiebreak_1": "hands_won", "withdrawn_standing": "exclude",
                                              "substitute_results": "own"},
                                  ORGANISER_ONLY, None),
    "change the staff": ("post", "organiser:staff", C,
                         lambda lg: {"organisers": lg.users["organiser"].username, "scorekeepers": ""},
                         ORGANISER_ONLY, None),
    "add a player": ("post", "organiser:player_add", C,
                     lambda lg: {"name": "Ah Seng", "registration_no": "MATRIX-1"}, ORGANISER_ONLY, None),
    "enter players": ("post", "organiser:players_enter", C, NOTHING, ORGANISER_ONLY, None),
    "upload players": ("post", "organiser:players_import", C, NOTHING, ORGANISER_ONLY, None),
    "import players": ("post", "organiser:players_import_confirm", C, NOTHING, ORGANISER_ONLY, None),
    "withdraw a player": ("post", "organiser:entry_withdraw", E, NOTHING, ORGANISER_ONLY, _entry),
    "substitute a player": ("post", "organiser:entry_substitute", E, NOTHING, ORGANISER_ONLY, _entry),
    "reinstate a player": ("post", "organiser:entry_reinstate", E, NOTHING, ORGANISER_ONLY, _entry),
    "read what needs the organiser": ("get", "organiser:alerts", C, NOTHING, ORGANISER_ONLY, None),
    "read what needs the organiser in a round": ("get", "organiser:round_alerts", R, NOTHING, ORGANISER_ONLY,
                                                 None),
    "schedule a round": ("post", "organiser:rounds", C, lambda lg: {"venue": "Hall"}, ORGANISER_ONLY, None),
    "plan every round": ("post", "organiser:rounds_plan", C, lambda lg: {"seed": 1}, ORGANISER_ONLY, None),
    "change a round": ("post", "organiser:round_edit", R, lambda lg: {"venue": "Annex"}, ORGANISER_ONLY,
                       None),
    "seat a round": ("post", "organiser:round_seat", R, lambda lg: {"seed": 1}, ORGANISER_ONLY, None),
    "swap two players": ("post", "organiser:round_swap", R, NOTHING, ORGANISER_ONLY, None),
    "assign scorekeepers": ("post", "organiser:round_scorekeepers", R, NOTHING, ORGANISER_ONLY, None),
    "start, hold or end a round": ("post", "organiser:round_status", R, lambda lg: {"action": "hold"},
                                   ORGANISER_ONLY, None),
    "make a scorekeeper's account or invitation": ("post", "organiser:staff_accounts", C,
                                                   lambda lg: {"action": "invite"}, ORGANISER_ONLY, None),
    "open a player's account": ("get", "organiser:player_account", lambda lg, p: [lg.competition.pk, p.pk],
                                NOTHING, ORGANISER_ONLY, _newcomer),
    "invite a player": ("post", "organiser:player_account", lambda lg, p: [lg.competition.pk, p.pk],
                        lambda lg: {"action": "invite"}, ORGANISER_ONLY, _newcomer),
    "deactivate an account": ("post", "organiser:account_active", lambda lg, u: [lg.competition.pk, u.pk],
                              lambda lg: {"active": "0"}, ORGANISER_ONLY, _other_keeper),
    "withdraw an invitation": ("post", "organiser:invitation_withdraw", lambda lg, inv: [inv.pk], NOTHING,
                               ORGANISER_ONLY, _invitation),
    "read an invitation's slip": ("get", "organiser:invitation", lambda lg, inv: [inv.pk], NOTHING,
                                  ORGANISER_ONLY, _invitation),
    "read the audit log": ("get", "organiser:audit", C, NOTHING, ORGANISER_ONLY, None),
    "print the seating plan": ("get", "organiser:seating_pdf", R, NOTHING, ORGANISER_ONLY, None),
    "print the table cards": ("get", "organiser:cards_pdf", R, NOTHING, ORGANISER_ONLY, None),
    "print the player slips": ("get", "organiser:slips_pdf", R, NOTHING, ORGANISER_ONLY, None),
    "preview a hand": ("post", "table:preview", T, lambda lg: {"outcome": "draw"}, TABLE_KEEPERS, None),
    "record a hand": ("post", "table:record", T, lambda lg: {"outcome": "draw", "expected_number": 1},
                      TABLE_KEEPERS, None),
    "send a hand kept offline": ("post", "table:queued", T,
                                 lambda lg: {"outcome": "draw", "expected_number": 1, "idempotency_key": "k"},
                                 TABLE_KEEPERS, None),
    "void a hand": ("post", "table:void", lambda lg, hand: [lg.table.pk, hand.pk],
                    lambda lg: {"reason": "entered at the wrong table"}, TABLE_KEEPERS, _hand),
    "set what makes a hand count": ("post", "organiser:confirmations", C,
                                    lambda lg: {"confirmation": "players", "confirmations_needed": 2,
                                                "confirmation_minutes": 10}, ORGANISER_ONLY, None),
    "rule on a hand": ("post", "organiser:rule", lambda lg, hand: [hand.pk],
                       lambda lg: {"ruling": "keep", "reason": "seen"}, ORGANISER_ONLY, _hand),
    # Only a player seated at the table has a seat there (nobody of the cast is): 404 to the others.
    "open one's seat": ("get", "table:my_seat", T, NOTHING, (LOGIN, *[MISSING] * 5), None),
    "discard a refused offline hand": ("post", "table:queued_resolve", T,
                                       lambda lg: {"idempotency_key": "k"}, TABLE_KEEPERS, None),
    "agree to all shown for one's seat": ("post", "table:agree_all", T, lambda lg: {"hand": [1]},
                                          (LOGIN, *[MISSING] * 5), None),
    "answer for one's seat": ("post", "table:answer", lambda lg, hand: [lg.table.pk, hand.pk],
                              lambda lg: {"verdict": "agree"}, (LOGIN, *[MISSING] * 5), _hand),
    "retire a seat's link": ("post", "organiser:seat_link_retire", lambda lg, seat: [seat.pk], NOTHING,
                             ORGANISER_ONLY, lambda lg: lg.table.seats.first()),
    "read the integrity page": ("get", "organiser:integrity", C, NOTHING, ORGANISER_ONLY, None),
    "give a round extra time": ("post", "organiser:round_extra_time", R, lambda lg: {"minutes": "5"},
                                ORGANISER_ONLY, None),
    "set the big screen's message": ("post", "organiser:screen", C, lambda lg: {"message": "Final at 9"},
                                     ORGANISER_ONLY, None),
    # Issue 35: a team event's teams, members, captains and settings
    "read the teams page": ("get", "organiser:teams", C, NOTHING, ORGANISER_ONLY, None),
    "create a team": ("post", "organiser:teams", C, lambda lg: {"action": "create", "name": "Owls"},
                      ORGANISER_ONLY, None),
    "add a stage": ("post", "organiser:stages", C,
                    lambda lg: {"name": "Preliminaries", "seating": "draw", "carry_over": "zero"},
                    ORGANISER_ONLY, None),
    "read a stage and its cut": ("get", "organiser:stage", lambda lg, st: [st.pk], NOTHING, ORGANISER_ONLY,
                                 _stage),
    "change a stage": ("post", "organiser:stage_action", lambda lg, st: [st.pk],
                       lambda lg: {"action": "add_round", "round": lg.round.pk}, ORGANISER_ONLY, _stage),
    # Issue 49: a stage edited or deleted, and categories of entries
    "edit a stage": ("post", "organiser:stage_edit", lambda lg, st: [st.pk],
                     lambda lg: {"name": "Heats", "seating": "draw", "carry_over": "zero"},
                     ORGANISER_ONLY, _stage),
    "delete a stage": ("post", "organiser:stage_delete", lambda lg, st: [st.pk], NOTHING,
                       ORGANISER_ONLY, _stage),
    "put players in a category": ("post", "organiser:stage_categories", C,
                                  lambda lg: {"name": "newcomer", "players": [_entry(lg).player_id]},
                                  ORGANISER_ONLY, None),
    # Issue 51: the sign-ups' queue
    "read the sign-ups": ("get", "organiser:registrations", C, NOTHING, ORGANISER_ONLY, None),
    # Issue 34: each message's state, and a message to everyone (limited, audited).
    "read the competition's messages": ("get", "organiser:messages", C, NOTHING, ORGANISER_ONLY, None),
    "write to the players": ("post", "organiser:messages", C,
                             lambda lg: {"action": "broadcast", "audience": "everyone", "text": "hi"},
                             ORGANISER_ONLY, None),
    "read a table's chip counts": ("get", "table:counts", T, NOTHING, (LOGIN, *TABLE_KEEPERS[1:]), None),
    "enter a chip count": ("post", "table:count_enter", T, NOTHING, (LOGIN, *TABLE_KEEPERS[1:]), None),
    "ask for a chip count": ("post", "table:count_request", T, NOTHING, ORGANISER_ONLY, None),
    "accept a chip count": ("post", "table:count_accept", lambda lg, count: [lg.table.pk, count.pk],
                            lambda lg: {"reason": "counted twice"}, ORGANISER_ONLY, _differing_count),
    "compare a chip count again": ("post", "table:count_compare", lambda lg, count: [lg.table.pk, count.pk],
                                   NOTHING, ORGANISER_ONLY, _differing_count),
    # A season's nights (issue 33)
    "schedule a season": ("post", "organiser:season", C,
                          lambda lg: {"weekday": "1", "starts": "19:30", "ends": "23:00",
                                      "first_night": "2027-01-05", "nights": "2", "every_weeks": "1"},
                          ORGANISER_ONLY, None),
    "read a night's replies": ("get", "organiser:night", R, NOTHING, (LOGIN, DENY, OK, OK, DENY, OK), None),
    "check a player in at the door": ("post", "organiser:night_answer", R,
                                      lambda lg: {"entry": _entry(lg).pk, "action": "in"},
                                      (LOGIN, DENY, OK, OK, DENY, OK), None),
    "seat the night from who is here": ("post", "organiser:night_seat", R, NOTHING, ORGANISER_ONLY, None),
    "check a player in from their code": ("post", "organiser:check_in_code",
                                          lambda lg, _: [lg.round.pk, check_in_code(_entry(lg))], NOTHING,
                                          (LOGIN, DENY, OK, OK, DENY, OK), None),
    "retire a player's season link": ("post", "organiser:season_link_retire", lambda lg, _: [_entry(lg).pk],
                                      NOTHING, ORGANISER_ONLY, None),
}  # fmt: skip

# Pages that change nothing and show nothing held back from the public: anyone may open them (or,
# for the organiser's own pages, the organiser role is checked by the pages above on every action).
READ_ONLY = {
    "organiser:dashboard", "organiser:competition", "organiser:players", "organiser:round",
    "table:mine", "table:scoresheet", "table:live", "table:live_mine", "table:marks",
}  # fmt: skip


def _snapshot(lg) -> tuple:
    """Everything a page could change, as plain values."""
    return (
        list(Competition.objects.order_by("pk").values_list(
            "name", "capital", "options", "standings_order", "withdrawn_standing", "confirmation")),
        list(Entry.objects.order_by("pk").values_list("status", "substitute_for", "link_nonce")),
        list(Round.objects.order_by("pk").values_list("number", "status", "results_held", "venue")),
        list(Table.objects.order_by("pk").values_list("scorekeeper", "ended_at")),
        list(Seat.objects.order_by("pk").values_list("table", "player", "wind", "link_nonce")),
        Player.objects.count(), Hand.objects.count(), HandVoid.objects.count(), ChipTransfer.objects.count(),
        AuditEntry.objects.count(), StandingRow.objects.count(), HandAnswer.objects.count(),
        list(HandCheck.objects.order_by("pk").values_list("state", "ruling")),
        list(ChipCount.objects.order_by("pk").values_list("status", "chips", "ledger")),
        list(lg.competition.organisers.values_list("pk", flat=True)),
        list(User.objects.order_by("pk").values_list("username", "is_active")),
        list(Player.objects.order_by("pk").values_list("user", flat=True)),
        Invitation.objects.filter(withdrawn_at=None).count(),
        list(Attendance.objects.order_by("pk").values_list("reply", "checked_in", "no_show", "reserve")),
        list(Round.objects.order_by("pk").values_list("extra_minutes", flat=True)),
        list(Screen.objects.values_list("message", flat=True)), Stage.objects.count(),
        StageRound.objects.count(), Qualifier.objects.count(),
        list(Stage.objects.order_by("pk").values_list("name", "seating", "carry_over")),
        EntryCategory.objects.count(), Registration.objects.count(),
        Team.objects.count(), TeamMember.objects.count(), Lineup.objects.count(),
        list(EntryRequest.objects.values_list("state", flat=True)),
    )  # fmt: skip


def _is_login_redirect(response) -> bool:
    return response.status_code == 302 and response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize(("page", "role"), list(itertools.product(MATRIX, ROLES)))
def test_page_permission_matrix(client, league, page, role):
    method, name, args, body, expected, target = MATRIX[page]
    obj = target(league) if target else None
    user = league.users[role]
    if user is not None:
        client.force_login(user)
    url = reverse(name, args=args(league, obj))
    before = _snapshot(league)
    response = getattr(client, method)(url, body(league))
    want = expected[ROLES.index(role)]
    if want == LOGIN:
        assert _is_login_redirect(response), (response.status_code, response.get("Location"))
    elif want == DENY:
        assert response.status_code == 403, response.status_code
    elif want == MISSING:
        assert response.status_code == 404, response.status_code
    else:
        assert response.status_code not in (401, 403, 404) and response.status_code < 500, (
            response.status_code
        )
        assert not _is_login_redirect(response)
    if want != OK:
        assert _snapshot(league) == before  # a refused request changes nothing


def test_every_page_of_the_organiser_and_the_table_is_in_the_matrix():
    """A new page must get a row above (or be read-only): the matrix cannot silently fall behind."""
    resolver = get_resolver()
    names = {
        f"{namespace}:{name}"
        for namespace in ("organiser", "table")
        for name in resolver.namespace_dict[namespace][1].reverse_dict
        if isinstance(name, str)
    }
    covered = {row[1] for row in MATRIX.values()} | READ_ONLY
    assert names - covered == set()
    assert covered - names == set()  # no stale rows


# --- two competitions with different organisers sharing a player (issue 31) ---------------------------
# Each organiser acts through their own competition, where the shared player is entered: every door that
# acts on the person refuses both (the person plays in the other's competition too); a superuser may
# (tests/accounts/test_people_ownership.py).
SHARED = {
    "unlink the account": ("organiser:player_account", lambda p: [p.pk], {"action": "unlink"}),
    "invite the player": ("organiser:player_account", lambda p: [p.pk], {"action": "invite"}),
    "make the player's account": ("organiser:player_account", lambda p: [p.pk],
                                  {"action": "create", "account-username": "taken_over",
                                   "account-password1": "a-long-passphrase-42",
                                   "account-password2": "a-long-passphrase-42"}),
    "link an account": ("organiser:player_account", lambda p: [p.pk],
                        {"action": "link", "link-username": "charlie_stranger"}),
    "deactivate the account": ("organiser:account_active", lambda p: [p.user_id], {"active": "0"}),
}  # fmt: skip


def _shared_player(lg, *, linked: bool) -> Player:
    player = Entry.objects.filter(competition=lg.competition).first().player
    Entry.objects.create(competition=lg.other_competition, player=player)
    account = User.objects.create_user(username=f"shared_{player.pk}") if linked else None
    Player.objects.filter(pk=player.pk).update(user=account)
    return Player.objects.get(pk=player.pk)


@pytest.mark.parametrize(("door", "role"), list(itertools.product(SHARED, ("organiser", "other_organiser"))))
def test_a_shared_player_is_neither_organisers_to_take_over(client, league, stranger, door, role):
    name, args, body = SHARED[door]
    player = _shared_player(league, linked=door in ("unlink the account", "deactivate the account"))
    competition = league.competition if role == "organiser" else league.other_competition
    client.force_login(league.users[role])
    before = _snapshot(league)
    response = client.post(reverse(name, args=[competition.pk, *args(player)]), body)
    assert response.status_code == 403, response.status_code
    assert _snapshot(league) == before
