"""The permission matrix: every write endpoint against every role (league-api.md "Roles"; issue 7).

Read it like a table: one row per write endpoint, one column per member of
the cast (``tests/api/conftest.py``): an anonymous visitor, a player, the
scorekeeper of another table, this table's scorekeeper, the organiser of
another competition, this competition's organiser. A cell is the status the
API must answer. 401 means "no credentials", 403 "not your role here".
"""

import itertools

import pytest

from tests.api.conftest import client_for
from tests.factories import ClubFactory, EntryFactory, PlayerFactory
from tournament.models import Hand, Round
from tournament.tables.ledger.record import hand_record

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "player", "other_scorekeeper", "table_scorekeeper", "other_organiser", "organiser")


def _a_hand(league):
    return hand_record(table=league.table, entry={"outcome": "draw"})


def _entered(*competitions):
    """A player entered in these competitions (issue 31: a person belongs to each of them)."""

    def make(league):
        player = PlayerFactory(contact="someone@example.org")
        for competition in competitions:
            EntryFactory(competition=getattr(league, competition), player=player)
        return player

    return make


def _club_of(*competitions):
    def make(league):
        player = _entered(*competitions)(league)
        player.club = ClubFactory()
        player.save()
        return player.club

    return make


def _seating_round(league):
    return Round.objects.create(competition=league.competition, number=2)


# name: (method, url(league, setup), body(league), expected statuses in ROLES order, setup)
MATRIX = {
    "add a club": (
        "post", lambda lg, _: "/api/v1/clubs/", lambda lg: {"name": "Tiger Club", "short_name": "TC"},
        (401, 403, 403, 403, 201, 201), None,
    ),
    "change a club": (
        "patch", lambda lg, club: f"/api/v1/clubs/{club.pk}/", lambda lg: {"short_name": "X"},
        (401, 403, 403, 403, 200, 200), lambda lg: ClubFactory(),
    ),
    "register a player": (
        "post", lambda lg, _: "/api/v1/players/",
        lambda lg: {"name": "Ah Hock", "registration_no": "NEW-1", "club": None},
        (401, 403, 403, 403, 201, 201), None,
    ),
    "change a player": (
        "patch", lambda lg, p: f"/api/v1/players/{p.pk}/", lambda lg: {"name": "Renamed"},
        (401, 403, 403, 403, 200, 200), lambda lg: PlayerFactory(),
    ),
    # Players are league-wide, but a person belongs to the competitions they play in (issue 31).
    "change a player of this competition": (
        "patch", lambda lg, p: f"/api/v1/players/{p.pk}/", lambda lg: {"name": "Renamed"},
        (401, 403, 403, 403, 403, 200), _entered("competition"),
    ),
    "change a player both competitions share": (
        "patch", lambda lg, p: f"/api/v1/players/{p.pk}/", lambda lg: {"name": "Renamed"},
        (401, 403, 403, 403, 403, 403), _entered("competition", "other_competition"),
    ),
    "rename a club of this competition's player": (
        "patch", lambda lg, club: f"/api/v1/clubs/{club.pk}/", lambda lg: {"name": "Renamed Club"},
        (401, 403, 403, 403, 403, 200), _club_of("competition"),
    ),
    "rename a club of a shared player": (
        "patch", lambda lg, club: f"/api/v1/clubs/{club.pk}/", lambda lg: {"name": "Renamed Club"},
        (401, 403, 403, 403, 403, 403), _club_of("competition", "other_competition"),
    ),
    "create a competition": (
        "post", lambda lg, _: "/api/v1/competitions/", lambda lg: {"name": "Open", "rules": "spgg-2023"},
        (401, 403, 403, 403, 201, 201), None,
    ),
    "change a competition": (
        "patch", lambda lg, _: f"/api/v1/competitions/{lg.competition.pk}/", lambda lg: {"capital": 500},
        (401, 403, 403, 403, 403, 200), None,
    ),
    "schedule a round": (
        "post", lambda lg, _: f"/api/v1/competitions/{lg.competition.pk}/rounds/",
        lambda lg: {"venue": "Hall"},
        (401, 403, 403, 403, 403, 201), None,
    ),
    "change a round": (
        "patch", lambda lg, _: f"/api/v1/competitions/{lg.competition.pk}/rounds/{lg.round.pk}/",
        lambda lg: {"venue": "Hall 2"}, (401, 403, 403, 403, 403, 200), None,
    ),
    "assign a table's scorekeeper": (
        "patch", lambda lg, _: f"/api/v1/tables/{lg.table.pk}/", lambda lg: {"scorekeeper": None},
        (401, 403, 403, 403, 403, 200), None,
    ),
    "seat a round": (
        "post", lambda lg, rnd: f"/api/v1/rounds/{rnd.pk}/seating/", lambda lg: {"seed": 1},
        (401, 403, 403, 403, 403, 201), _seating_round,
    ),
    "plan every scheduled round": (
        "post", lambda lg, _: f"/api/v1/competitions/{lg.competition.pk}/seating/", lambda lg: {"seed": 1},
        (401, 403, 403, 403, 403, 201), _seating_round,
    ),
    "record a hand": (
        "post", lambda lg, _: f"/api/v1/tables/{lg.table.pk}/hands/", lambda lg: {"outcome": "draw"},
        (401, 403, 403, 201, 403, 201), None,
    ),
    "void a hand": (
        "post", lambda lg, hand: f"/api/v1/hands/{hand.pk}/void/", lambda lg: {"reason": "wrong"},
        (401, 403, 403, 200, 403, 200), _a_hand,
    ),
    "retire a player's season link": (
        "post",
        lambda lg, _: f"/api/v1/competitions/{lg.competition.pk}/season/links/{lg.seats()[0]}/retire/",
        lambda lg: {}, (401, 403, 403, 403, 403, 200), None,
    ),
    "revoke one's token": (
        "delete", lambda lg, _: "/api/v1/auth/token/", lambda lg: None,
        (401, 204, 204, 204, 204, 204), None,
    ),
}  # fmt: skip


@pytest.mark.parametrize(
    ("endpoint", "role"),
    list(itertools.product(MATRIX, ROLES)),
)
def test_permission_matrix(league, endpoint, role):
    method, url, body, expected, setup = MATRIX[endpoint]
    target = setup(league) if setup else None
    client = client_for(league.users[role])
    hands_before = Hand.objects.count()
    response = getattr(client, method)(url(league, target), body(league), format="json")
    assert response.status_code == expected[ROLES.index(role)], response.content
    if response.status_code in (401, 403):
        error = response.json()["errors"][0]
        assert error["code"] in ("not_authenticated", "permission_denied") and error["message"]
        assert Hand.objects.count() == hands_before  # a refused write leaves nothing behind


@pytest.mark.parametrize(
    ("entered_in", "sees"),
    [(("competition",), (False, False, False, False, False, True)),
     (("competition", "other_competition"), (False,) * 6),
     ((), (False, False, False, False, True, True))],
)  # fmt: skip
def test_a_players_contact_is_read_only_by_the_organisers_of_all_their_competitions(league, entered_in, sees):
    player = _entered(*entered_in)(league)
    for role, expected in zip(ROLES, sees, strict=True):
        shown = client_for(league.users[role]).get(f"/api/v1/players/{player.pk}/").json()
        assert ("contact" in shown) == expected, role


def test_anonymous_writes_are_asked_for_a_token(league):
    response = client_for(None).post("/api/v1/clubs/", {"name": "X"}, format="json")
    assert response.status_code == 401 and response["WWW-Authenticate"] == "Token"


def _reads(league) -> tuple[str, ...]:
    comp, rnd, table = league.competition, league.round, league.table
    hand = _a_hand(league)
    return (
        "/api/v1/clubs/", "/api/v1/players/", "/api/v1/competitions/", f"/api/v1/competitions/{comp.pk}/",
        f"/api/v1/competitions/{comp.pk}/rounds/", f"/api/v1/competitions/{comp.pk}/rounds/{rnd.pk}/",
        f"/api/v1/rounds/{rnd.pk}/tables/", f"/api/v1/tables/{table.pk}/",
        f"/api/v1/tables/{table.pk}/hands/",
        f"/api/v1/hands/{hand.pk}/", f"/api/v1/competitions/{comp.pk}/standings/",
        f"/api/v1/rounds/{rnd.pk}/standings/",
    )  # fmt: skip


@pytest.mark.parametrize("role", ROLES)
def test_everyone_reads_everything(league, role):
    client = client_for(league.users[role])
    for url in _reads(league):
        assert client.get(url).status_code == 200, url


@pytest.mark.parametrize("role", ("anonymous", "organiser"))
def test_a_browser_opening_any_api_url_gets_the_browsable_page(league, role):
    client = client_for(league.users[role])
    for url in _reads(league):
        page = client.get(url, HTTP_ACCEPT="text/html,application/xhtml+xml")
        assert page.status_code == 200 and page["Content-Type"].startswith("text/html"), url


def test_the_creator_of_a_competition_becomes_its_organiser(league):
    other = league.users["other_organiser"]
    created = client_for(other).post("/api/v1/competitions/", {"name": "Mine"}, format="json").json()
    assert created["organisers"] == [other.pk]
    change = client_for(other).patch(
        f"/api/v1/competitions/{created['id']}/", {"capital": 300}, format="json"
    )
    assert change.status_code == 200 and change.json()["capital"] == 300
