"""Every number is checked against what will hold it before anything is written (issue 13).

PostgreSQL's ``integer`` holds up to 2**31 - 1; with server-side binding a larger value was stored
wrapped (4294967301 as 5), and a round numbered 2**31 - 1 made every later new round a 500. SQLite
holds 64 bits, so these tests check the refusals themselves: the same on every database.
"""

import json

import pytest

import scoring.settle
from scoring.rulesets import get_ruleset
from tests.api.test_hands import hands_url, south_wins_on_west
from tournament.tables.ledger import HandRejected, hand_record
from tournament.tables.ledger.guard import INT_MAX, check_columns
from tournament.models import Competition, Hand, Round

pytestmark = pytest.mark.django_db


def rounds_url(competition):
    return f"/api/v1/competitions/{competition.pk}/rounds/"


def test_a_new_round_after_the_last_possible_number_is_refused_cleanly(league, as_organiser):
    url = rounds_url(league.competition)
    last = as_organiser.post(url, {"number": INT_MAX}, format="json")
    assert last.status_code == 201, last.json()
    response = as_organiser.post(url, {}, format="json")
    assert response.status_code == 400, response.content
    assert response.json()["errors"][0]["field"] == "number"
    assert Round.objects.filter(competition=league.competition).count() == 2
    assert as_organiser.post(url, {"number": INT_MAX + 1}, format="json").status_code == 400
    assert (
        as_organiser.post(url, {"number": 7}, format="json").status_code == 201
    )  # a free number still works


def test_the_next_round_number_is_still_the_default(league, as_organiser):
    response = as_organiser.post(rounds_url(league.competition), {}, format="json")
    assert response.status_code == 201 and response.json()["number"] == league.round.number + 1


@pytest.mark.parametrize(
    "options",
    [
        {"false_win_doubles": 4294967301},
        {"min_doubles": 2**31},
        {"limit_price": [10**12, 5]},
        {"limit_doubles": 10**30},
    ],
)
def test_rule_set_settings_past_their_bound_are_refused(league, as_organiser, options):
    url = f"/api/v1/competitions/{league.competition.pk}/"
    response = as_organiser.patch(url, {"options": options}, format="json")
    assert response.status_code == 400, response.json()
    assert response.json()["errors"][0]["field"] == "options"
    assert Competition.objects.get(pk=league.competition.pk).options in ({}, None)


def test_a_capital_past_its_bound_is_refused(league, as_organiser):
    url = f"/api/v1/competitions/{league.competition.pk}/"
    response = as_organiser.patch(url, {"capital": 2**31}, format="json")
    assert response.status_code == 400 and response.json()["errors"][0]["field"] == "capital"


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({"doubles": 1001}, "doubles"),
        ({"doubles": 2**40}, "doubles"),
        ({"hand_number": 2**31}, "hand_number"),
        ({"liable": 2**63}, "liable"),
    ],
)
def test_hand_numbers_past_their_bound_are_refused(league, as_scorekeeper, extra, field):
    response = as_scorekeeper.post(
        hands_url(league.table), south_wins_on_west(league, **extra), format="json"
    )
    assert response.status_code == 400, response.json()
    assert response.json()["errors"][0]["field"] == field and not Hand.objects.exists()


def test_too_many_instant_payouts_are_refused(league, as_scorekeeper):
    east, south, west, north = league.seats()
    body = {"outcome": "draw", "instant": [{"type": "kong", "player": north, "concealed": True}] * 65}
    response = as_scorekeeper.post(hands_url(league.table), body, format="json")
    assert response.status_code == 400 and not Hand.objects.exists()


def test_the_ledger_refuses_an_amount_its_column_cannot_hold(league, monkeypatch):
    # Whatever the engine answers, the ledger writes no number past its column (a hand post is a 422).
    real = scoring.settle

    def huge(outcome):
        result = real(outcome)
        result["transfers"] = [{**t, "amount": INT_MAX + 1} for t in result["transfers"]]
        return result

    monkeypatch.setattr("tournament.tables.ledger.preview.scoring.settle", huge)
    east, south, west, north = league.seats()
    league.competition.rules = "sg-classic"  # pays what is owed, not capped to balances
    league.competition.save()
    entry = {"outcome": "win", "winner": south, "win": "self_draw", "doubles": 3}
    with pytest.raises(HandRejected) as err:
        hand_record(table=league.table, entry=entry)
    if err.value.problems[0].code != "number_out_of_range":  # a policy that caps to balances: no overflow
        pytest.fail(f"refused for another reason: {err.value.problems}")
    assert err.value.status == 422 and not Hand.objects.exists()


def test_check_columns_names_what_does_not_fit():
    check_columns(transfers=[{"amount": INT_MAX}], doubles=1000, number=INT_MAX, sequence=1)
    for kwargs in (
        {"transfers": [{"amount": INT_MAX + 1}], "doubles": 1, "number": 1, "sequence": 1},
        {"transfers": [], "doubles": 4294967301, "number": 1, "sequence": 1},
        {"transfers": [], "doubles": None, "number": INT_MAX + 1, "sequence": 1},
    ):
        with pytest.raises(HandRejected) as err:
            check_columns(**kwargs)
        assert err.value.problems[0].code == "number_out_of_range"


# --- the open scoring API --------------------------------------------------------------------------


OUTCOME = {"rules": "spgg-2023", "outcome": "win", "winner": "S", "win": "discard", "discarder": "W"}


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("settle", {**OUTCOME, "doubles": 10**30}),
        ("settle", {**OUTCOME, "doubles": 1001}),
        ("settle", {**OUTCOME, "doubles": 3, "options": {"min_doubles": 10**30}}),
        ("settle", {**OUTCOME, "doubles": 3, "options": {"price_table": [[10**40, 1]]}}),
        ("settle", {"outcome": "false_win", "offender": "E", "doubles": 10**20}),
        ("settle", {"outcome": "draw", "instant": [{"type": "kong", "seat": "E", "concealed": True}] * 65}),
        ("score", {"rules": "spgg-2023", "options": {"limit_doubles": 10**30}, "concealed": []}),
    ],
)
def test_the_scoring_api_answers_absurd_numbers_with_a_400(client, path, body):
    response = client.post(f"/api/v1/{path}/", json.dumps(body), content_type="application/json")
    assert response.status_code == 400, (response.status_code, response.content[:300])
    assert response.json()["errors"][0]["code"] != "unscorable_input"  # refused, not an engine failure


def test_the_api_gets_the_same_limit_rules_as_the_page(league, as_organiser):
    """001 rule 21 stops at TEN doubles: the same refusal through the API; a doubling rule set follows."""
    url = f"/api/v1/competitions/{league.competition.pk}/"
    refused = as_organiser.patch(url, {"options": {"limit_doubles": 12}}, format="json")
    assert refused.status_code == 400
    assert "for each of 11 to 12 doubles" in refused.json()["errors"][0]["message"]
    changed = as_organiser.patch(url, {"rules": "sg-classic", "options": {"limit_doubles": 6}}, format="json")
    assert changed.status_code == 200, changed.json()
    competition = Competition.objects.get(pk=league.competition.pk)
    assert competition.options == {"limit_doubles": 6}
    assert list(get_ruleset(competition.rules, competition.options)["limit_price"]) == [64, 32]
