"""A short league played through the generated Python client against a live server (issue 38).

What another program's developer does with the schema: generate a client, get a token, then a
competition, players, a round seated and published, four hands, a void, the standings, and the scoring
engine's own endpoints, each call through the client's functions and models, each answer parsed
into the client's models. The refusals it meets are the ones the schema lists for that operation.
"""

from __future__ import annotations

import importlib

import pytest

from scoring.adapter.openapi import EXAMPLE_HAND, EXAMPLE_OUTCOME
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "pw-for-tests-only"  # tests.factories.UserFactory's


class Api:
    """``api.<tag>.<operation>(...)``: the generated operation's ``sync_detailed``, its answer checked."""

    def __init__(self, package, client):
        self.package, self.client = package, client

    def call(self, operation: str, *args, status: int = 200, **kwargs):
        tag = operation.split("_")[0] if not operation.startswith(("score", "settle")) else "scoring"
        module = importlib.import_module(f"{self.package.__name__}.api.{tag}.{operation}")
        response = module.sync_detailed(*args, client=self.client, **kwargs)
        assert response.status_code == status, (operation, response.status_code, response.content)
        return response.parsed

    def model(self, name: str):
        return getattr(importlib.import_module(f"{self.package.__name__}.models"), name)


@pytest.fixture
def organiser(db):
    from django.contrib.auth.models import Group

    user = UserFactory(username="olivia_client")
    user.groups.add(Group.objects.get_or_create(name="organiser")[0])
    return user


def test_a_short_league_through_the_generated_python_client(python_client, live_server, organiser):
    anonymous = Api(python_client, python_client.Client(base_url=live_server.url))
    token = anonymous.call(
        "auth_token_create",
        body=anonymous.model("TokenRequest")(username=organiser.username, password=PASSWORD),
    ).token
    api = Api(
        python_client,
        python_client.AuthenticatedClient(base_url=live_server.url, token=token, prefix="Token"),
    )
    m = api.model

    players = [
        api.call(
            "players_create",
            body=m("PlayerRequest")(name=f"Player {i}", registration_no=f"C-{i}"),
            status=201,
        )
        for i in range(4)
    ]
    ids = [p.id for p in players]
    competition = api.call(
        "competitions_create",
        body=m("CompetitionRequest")(name="Client League", rules=m("RulesEnum")("spgg-2023"), players=ids),
        status=201,
    )
    assert sorted(competition.players) == sorted(ids)
    round_ = api.call("competitions_rounds_create", competition.id, body=m("RoundRequest")(), status=201)
    seating = api.call("rounds_seating_create", round_.id, body=m("SeatingRequest")(seed=1), status=201)
    (table,) = seating.tables
    assert api.call("rounds_publish_create", round_.id).status.value == "seated"

    east, south, west, north = table.seats.e, table.seats.s, table.seats.w, table.seats.n
    win, discard, draw = m("OutcomeEnum")("win"), m("WinEnum")("discard"), m("OutcomeEnum")("draw")
    entry = m("HandEntry")
    self_draw = m("WinEnum")("self_draw")
    entries = [
        entry(outcome=win, winner=south, win=discard, discarder=west, doubles=2),
        entry(outcome=draw),
        entry(outcome=win, winner=east, win=self_draw, doubles=1),
        entry(outcome=win, winner=north, win=discard, discarder=east, doubles=3),
    ]
    hands = [api.call("tables_hands_create", table.id, body=body, status=201) for body in entries]
    assert [h.sequence for h in hands] == [1, 2, 3, 4] and hands[3].state.hands_played == 4
    assert {t.to for t in hands[0].transfers} == {south} and {t.from_ for t in hands[1].transfers} == set()

    voided = api.call("hands_void_create", hands[0].id, body=m("HandVoidRequest")(reason="misread the tiles"))
    assert voided.hand.voided
    # Voided once: a second void is a refusal the schema lists for this operation, parsed as its Error.
    again = api.call("hands_void_create", hands[0].id, body=m("HandVoidRequest")(reason="twice"), status=422)
    assert again.errors[0].code == "already_void"

    state = api.call("tables_retrieve", table.id).state
    balances = {int(pid): chips for pid, chips in state.balances.additional_properties.items()}
    assert sum(balances.values()) == 4 * competition.capital
    standings = api.call("competitions_standings_retrieve", competition.id)
    chips = {row.player: row.chips for row in standings.results}
    assert chips == {pid: balances[pid] - competition.capital for pid in ids}
    assert sum(chips.values()) == 0 and chips[south] < 0  # South's win voided; paid two

    scored = api.call("score_hand", body=m("ScoreHandBody").from_dict(EXAMPLE_HAND))
    assert (scored.doubles, scored.payment.full) == (3, 8)
    settled = api.call("settle", body=m("SettleBody").from_dict(EXAMPLE_OUTCOME))
    assert settled.net.additional_properties == {"E": 2, "S": 14, "W": -10, "N": -6}
    # The open engine needs no token: the anonymous client scores too.
    assert anonymous.call("score_hand", body=m("ScoreHandBody").from_dict(EXAMPLE_HAND)).doubles == 3
