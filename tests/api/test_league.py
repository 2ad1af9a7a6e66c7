"""Clubs, players, competitions, rounds, seating and tables through the API (league-api.md; issue 4)."""

import pytest

from tests.api.conftest import client_for
from tests.factories import ClubFactory, EntryFactory, PlayerFactory
from tournament.models import AuditEntry, Entry, Round, Table

pytestmark = pytest.mark.django_db


def test_clubs_carry_their_contract_fields(as_organiser, anonymous):
    created = as_organiser.post("/api/v1/clubs/", {"name": "Tiger Club", "short_name": "TC"}, format="json")
    assert created.status_code == 201
    listing = anonymous.get("/api/v1/clubs/").json()
    assert set(listing) == {"count", "next", "previous", "results"}
    assert listing["results"] == [{"id": created.json()["id"], "name": "Tiger Club", "short_name": "TC"}]


def test_a_duplicate_club_name_is_400_naming_the_field(as_organiser):
    ClubFactory(name="Tiger Club")
    response = as_organiser.post("/api/v1/clubs/", {"name": "Tiger Club"}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"] == [
        {"code": "unique", "message": "club with this name already exists.", "field": "name"}
    ]


def test_players_filter_by_club_and_search_by_name(anonymous):
    tigers, dragons = ClubFactory(), ClubFactory()
    PlayerFactory(name="Tan Ah Kow", club=tigers)
    PlayerFactory(name="Lim Bee Lian", club=tigers)
    PlayerFactory(name="Tan Mei Ling", club=dragons)

    def names(query):
        return sorted(p["name"] for p in anonymous.get(f"/api/v1/players/{query}").json()["results"])

    assert names(f"?club={tigers.pk}") == ["Lim Bee Lian", "Tan Ah Kow"]
    assert names("?search=tan") == ["Tan Ah Kow", "Tan Mei Ling"]
    assert names(f"?club={dragons.pk}&search=tan") == ["Tan Mei Ling"]
    bad = anonymous.get("/api/v1/players/?club=tigers")
    assert bad.status_code == 400 and bad.json()["errors"][0]["field"] == "club"


def test_a_player_carries_id_name_club_and_a_unique_registration_number(as_organiser):
    club = ClubFactory()
    body = {"name": "Ong", "club": club.pk, "registration_no": "SG-001"}
    created = as_organiser.post("/api/v1/players/", body, format="json")
    assert created.status_code == 201
    assert {k: created.json()[k] for k in ("name", "club", "registration_no")} == body
    again = as_organiser.post("/api/v1/players/", {**body, "name": "Other"}, format="json")
    assert again.status_code == 400 and again.json()["errors"][0]["field"] == "registration_no"
    unknown_club = as_organiser.post(
        "/api/v1/players/", {**body, "registration_no": "X", "club": 10**9}, format="json"
    )
    assert unknown_club.status_code == 400 and unknown_club.json()["errors"][0]["field"] == "club"


def test_a_competition_carries_rules_options_capital_and_players(as_organiser):
    players = [PlayerFactory() for _ in range(3)]
    body = {"name": "Open", "rules": "sg-classic", "options": {}, "players": [p.pk for p in players]}
    created = as_organiser.post("/api/v1/competitions/", body, format="json").json()
    assert created["rules"] == "sg-classic" and created["capital"] == 400  # SPGG rule 14's default
    assert created["players"] == sorted(p.pk for p in players) and created["withdrawn"] == []


def test_leaving_a_player_out_withdraws_him_and_keeps_the_entry(league, as_organiser):
    comp = league.competition
    entered = sorted(Entry.objects.filter(competition=comp).values_list("player_id", flat=True))
    kept, gone = entered[1:], entered[0]
    response = as_organiser.patch(f"/api/v1/competitions/{comp.pk}/", {"players": kept}, format="json")
    assert response.status_code == 200
    assert response.json()["players"] == kept and response.json()["withdrawn"] == [gone]
    assert Entry.objects.get(competition=comp, player_id=gone).status == Entry.Status.WITHDRAWN
    back = as_organiser.patch(f"/api/v1/competitions/{comp.pk}/", {"players": entered}, format="json")
    assert back.json()["players"] == entered and back.json()["withdrawn"] == []
    # Each change went through the entries' doors (``tournament.league.entries``), with its audit entry.
    name = Entry.objects.get(competition=comp, player_id=gone).player.name
    said = [a.summary for a in AuditEntry.objects.filter(competition=comp).order_by("pk")]
    assert f"olivia_organiser withdrew {name} from {comp.name}" in said
    assert f"olivia_organiser reinstated {name} in {comp.name}" in said


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"rules": "mahjong-99"}, "rules"),
        ({"options": {"min_doubles": "many"}}, "options"),
        ({"options": ["min_doubles"]}, "options"),
        ({"capital": -5}, "capital"),
        ({"players": [10**9]}, "players"),
        ({"confirmations_needed": 4}, "confirmations_needed"),
        ({"confirmation_minutes": 0}, "confirmation_minutes"),
        ({"confirmation_minutes": "10"}, "confirmation_minutes"),
    ],
)
def test_bad_competition_settings_are_400(league, as_organiser, body, field):
    response = as_organiser.patch(f"/api/v1/competitions/{league.competition.pk}/", body, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"].startswith(field)


def test_rounds_are_nested_in_their_competition(league, as_organiser, anonymous):
    url = f"/api/v1/competitions/{league.competition.pk}/rounds/"
    created = as_organiser.post(
        url, {"starts_at": "2026-03-01T19:00:00+08:00", "venue": "Hall"}, format="json"
    )
    assert created.status_code == 201
    body = created.json()
    assert body["number"] == 2 and body["status"] == "scheduled"  # the next number, by default
    listing = anonymous.get(url).json()
    assert [r["number"] for r in listing["results"]] == [1, 2]
    clash = as_organiser.post(url, {"number": 2}, format="json")
    assert clash.status_code == 400 and clash.json()["errors"][0]["field"] == "number"
    backwards = as_organiser.post(
        url, {"starts_at": "2026-03-01T19:00:00Z", "ends_at": "2026-03-01T18:00:00Z"}, format="json"
    )
    assert backwards.status_code == 400 and backwards.json()["errors"][0]["field"] == "ends_at"
    other = f"/api/v1/competitions/{league.other_competition.pk}/rounds/{league.round.pk}/"
    assert anonymous.get(other).status_code == 404  # a round is only found under its own competition


def test_tables_of_a_round_show_seats_and_state(league, anonymous):
    listing = anonymous.get(f"/api/v1/rounds/{league.round.pk}/tables/").json()
    assert listing["count"] == 2
    first = listing["results"][0]
    east, south, west, north = league.seats()
    assert first["seats"] == {"E": east, "S": south, "W": west, "N": north}
    assert first["state"] == {
        "prevailing_wind": "E", "dealer": east,
        "seat_winds": {str(east): "E", str(south): "S", str(west): "W", str(north): "N"},
        "hand_number": 1, "balances": {str(p): 400 for p in (east, south, west, north)},
        "finished": False, "finish_reason": None, "hands_played": 0, "dealer_repeats": 0,
    }  # fmt: skip


def test_the_organiser_assigns_a_tables_scorekeeper(league, as_organiser):
    keeper = league.users["other_scorekeeper"]
    url = f"/api/v1/tables/{league.table.pk}/"
    response = as_organiser.patch(url, {"scorekeeper": keeper.pk}, format="json")
    assert response.status_code == 200 and response.json()["scorekeeper"] == keeper.pk
    assert Table.objects.get(pk=league.table.pk).scorekeeper == keeper


READ_ONLY_TABLE = [{"number": 9}, {"ended_at": "2026-11-24T20:00:00+08:00"}, {"round": 999}]


@pytest.mark.parametrize("body", READ_ONLY_TABLE, ids=str)
def test_a_tables_read_only_fields_are_refused_not_ignored(league, as_organiser, body):
    """Issue 14: a PATCH of a read-only field answered 200 and changed nothing, silently."""
    url = f"/api/v1/tables/{league.table.pk}/"
    before = as_organiser.get(url).json()
    response = as_organiser.patch(url, body, format="json")
    field = next(iter(body))
    assert response.status_code == 400 and response.json()["errors"][0]["field"] == field
    assert as_organiser.get(url).json() == before
    # the table as read, sent back whole, is fine: nothing read-only changes
    sent_back = {k: before[k] for k in ("round", "number", "ended_at", "scorekeeper")}
    assert as_organiser.put(url, sent_back, format="json").status_code == 200


def test_seating_a_round_answers_the_tables_and_the_quality_report(league, as_organiser):
    comp = league.competition
    for _ in range(8):
        EntryFactory(competition=comp)  # 16 entered players in all
    rnd = Round.objects.create(competition=comp, number=2)
    response = as_organiser.post(f"/api/v1/rounds/{rnd.pk}/seating/", {"seed": 7}, format="json")
    assert response.status_code == 201, response.json()
    body = response.json()
    assert len(body["tables"]) == 4
    seated = [pid for t in body["tables"] for pid in t["seats"].values()]
    assert sorted(seated) == sorted(
        Entry.objects.filter(competition=comp).values_list("player_id", flat=True)
    )
    assert {"repeat_pairs", "max_meetings", "max_wind_spread"} <= set(body["report"])
    assert Round.objects.get(pk=rnd.pk).status == "scheduled"  # a draft until published
    assert AuditEntry.objects.filter(action="round_seated").exists()


@pytest.mark.parametrize("body", ["null", "[]", "[{}]", "7", '"seed"', "true"])
def test_a_body_that_is_not_an_object_seats_nothing(league, as_organiser, body):
    """A ``null`` body was read as no body and seated the round; any body but an object is a 400 now."""
    comp = league.competition
    for _ in range(8):
        EntryFactory(competition=comp)
    rnd = Round.objects.create(competition=comp, number=2)
    for url in (f"/api/v1/rounds/{rnd.pk}/seating/", f"/api/v1/competitions/{comp.pk}/seating/"):
        response = as_organiser.post(url, body, content_type="application/json")
        assert response.status_code == 400, (url, response.content)
        assert response.json()["errors"][0]["code"] == "not_an_object"
    assert not Table.objects.filter(round=rnd).exists()
    assert not AuditEntry.objects.filter(action="round_seated").exists()
    assert as_organiser.post(f"/api/v1/rounds/{rnd.pk}/seating/").status_code == 201  # no body: the defaults


def test_a_round_with_hands_cannot_be_seated_again(league, as_organiser, as_scorekeeper):
    as_scorekeeper.post(f"/api/v1/tables/{league.table.pk}/hands/", {"outcome": "draw"}, format="json")
    response = as_organiser.post(f"/api/v1/rounds/{league.round.pk}/seating/", {}, format="json")
    assert response.status_code == 422 and response.json()["errors"][0]["code"] == "cannot_seat"


def test_a_players_contact_is_shown_to_league_organisers_only(league, as_organiser, anonymous):
    player = PlayerFactory(contact="ah.kow@example.org")
    assert as_organiser.get(f"/api/v1/players/{player.pk}/").json()["contact"] == "ah.kow@example.org"
    for client in (
        anonymous,
        client_for(league.users["player"]),
        client_for(league.users["table_scorekeeper"]),
    ):
        assert "contact" not in client.get(f"/api/v1/players/{player.pk}/").json()


def test_planning_every_scheduled_round_at_once(league, as_organiser, as_scorekeeper, anonymous):
    comp = league.competition
    for _ in range(8):
        EntryFactory(competition=comp)  # 16 entered players in all
    Round.objects.create(competition=comp, number=2)
    Round.objects.create(competition=comp, number=3)
    url = f"/api/v1/competitions/{comp.pk}/seating/"
    assert anonymous.post(url, {}, format="json").status_code == 401
    assert as_scorekeeper.post(url, {}, format="json").status_code == 403
    response = as_organiser.post(url, {"seed": 3}, format="json")
    assert response.status_code == 201, response.json()
    rounds = response.json()["rounds"]
    assert [Round.objects.get(pk=r["round"]).number for r in rounds] == [2, 3]
    assert all(len(r["tables"]) == 4 for r in rounds)
    again = as_organiser.post(url, {}, format="json")
    assert again.status_code == 422 and again.json()["errors"][0]["code"] == "cannot_seat"
