"""An attacker's pass over the lineup and team doors (issue 49): whoever is not the team's captain or an
organiser of the competition is refused on the page and the API; a lineup of the wrong size, a player named
twice, a player of another team, a lineup after the deadline or a replay of the same lineup changes nothing;
broken input is a clear 4xx. The cast: ``tests/teams/conftest.py`` (four teams of four and a substitute; Pat
captains the Dragons, Bea the Tigers, Amy plays for the Dragons; the lineup size is four)."""

from __future__ import annotations

import html

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from tests.api.conftest import client_for
from tests.factories import CompetitionFactory, UserFactory
from tests.teams.conftest import past_deadline
from tournament.models import AuditEntry, Lineup, Team, TeamMember
from tournament.teams.errors import TeamError
from tournament.teams.services import team_create, team_update

pytestmark = pytest.mark.django_db


def state() -> tuple:
    return (
        sorted(
            (lu.team_id, lu.round_id, tuple(sorted(lu.players.values_list("pk", flat=True))))
            for lu in Lineup.objects.all()
        ),
        sorted(Team.objects.values_list("pk", "name", "short_name", "captain_id")),
        TeamMember.objects.count(),
        AuditEntry.objects.count(),
    )


def put(client, event, team, players):
    return client.put(
        f"/api/v1/rounds/{event.round.pk}/lineups/{team.pk}/", {"players": players}, format="json"
    )


@pytest.fixture
def rival():
    user = UserFactory(username="rory_rival_organiser", is_staff=True)
    user.groups.add(Group.objects.get(name="organiser"))
    CompetitionFactory(name="Rival League").organisers.add(user)
    return user


@pytest.mark.parametrize("who", ["rival", "scorekeeper", "member", "other_captain", "stranger"])
def test_nobody_but_the_captain_or_an_organiser_names_a_lineup(event, who, request, client):
    user = {"member": event.member_a, "other_captain": event.captain_b}.get(who) or request.getfixturevalue(
        who
    )
    dragons = event.teams[0]
    before = state()
    assert put(client_for(user), event, dragons, event.ids(event.regulars(0))).status_code == 403
    client.force_login(user)
    url = reverse("public:lineup", args=[dragons.pk])
    assert client.get(url).status_code == 403
    assert client.post(url, {"players": event.ids(event.regulars(0))}).status_code == 403
    assert state() == before


@pytest.mark.parametrize(
    ("pick", "code"),
    [
        (lambda e: e.regulars(0)[:3], "wrong_size"),
        (lambda e: e.regulars(0) + [e.substitute(0)], "wrong_size"),
        (lambda e: e.regulars(0)[:3] + [e.regulars(1)[0]], "not_on_roster"),  # a Tiger in the Dragons
        (lambda e: e.regulars(0)[:3] + [e.substitute(1)], "not_on_roster"),  # the Tigers' substitute
        (lambda e: e.regulars(0)[:3] + [e.regulars(0)[0]], "named_twice"),
        (lambda e: e.regulars(0) + [e.regulars(0)[0]], "named_twice"),  # four distinct, one twice: not four
    ],
)
def test_a_lineup_of_the_wrong_players_is_refused_with_words_on_the_api_and_the_page(
    event, as_pat, client, player_user, pick, code
):
    players = event.ids(pick(event))
    before = state()
    r = put(as_pat, event, event.teams[0], players)
    assert r.status_code == 422, r.content
    assert [e["code"] for e in r.json()["errors"]] == [code] and r.json()["errors"][0]["message"]
    client.force_login(player_user)
    page = client.post(reverse("public:lineup", args=[event.teams[0].pk]), {"players": players})
    assert page.status_code == 400 and r.json()["errors"][0]["message"] in html.unescape(page.text)
    assert state() == before


def test_a_replayed_lineup_changes_nothing_and_writes_no_second_entry(event, as_pat):
    four = event.ids(event.regulars(0))
    assert put(as_pat, event, event.teams[0], four).status_code == 200
    named_at = Lineup.objects.get().named_at
    before = state()
    r = put(as_pat, event, event.teams[0], list(reversed(four)))  # the same four, sent again
    assert r.status_code == 200 and r.json()["players"] == sorted(four)
    assert state() == before and Lineup.objects.get().named_at == named_at


def test_after_the_deadline_the_captains_page_and_api_change_nothing(event, as_pat, client, player_user):
    put(as_pat, event, event.teams[0], event.ids(event.regulars(0)))
    past_deadline(event)
    before = state()
    changed = event.ids(event.regulars(0)[:3] + [event.substitute(0)])
    r = put(as_pat, event, event.teams[0], changed)
    assert r.status_code == 409 and r.json()["errors"][0]["code"] == "lineup_closed"
    client.force_login(player_user)
    page = client.post(reverse("public:lineup", args=[event.teams[0].pk]), {"players": changed})
    assert page.status_code == 409 and "deadline" in page.text
    assert state() == before


@pytest.mark.parametrize(
    "body",
    [
        {"players": "1,2,3,4"},
        {"players": [True, False, True, True]},
        {"players": [1.5, 2, 3, 4]},
        {"players": ["1", "2", "3", "4"]},
        {"players": None},
        {"players": {"1": 1}},
        {"players": [[1], [2], [3], [4]]},
        {"players": [10**30, 1, 2, 3]},
        {"players": list(range(1, 10_001))},
        {"players": [1, 2, 3, 4], "team": 9},  # another key
        {},
    ],
)
def test_broken_lineup_bodies_are_a_4xx_and_nothing_changes(event, as_pat, body):
    before = state()
    r = as_pat.put(f"/api/v1/rounds/{event.round.pk}/lineups/{event.teams[0].pk}/", body, format="json")
    assert r.status_code in (400, 422), r.content
    assert r.json()["errors"][0]["message"]
    assert state() == before


def test_a_team_of_another_competition_or_no_round_is_a_404(event, as_organiser):
    other = CompetitionFactory(name="Elsewhere")
    theirs = Team.objects.create(competition=other, name="Owls")
    before = state()
    assert put(as_organiser, event, theirs, event.ids(event.regulars(0))).status_code == 404
    r = as_organiser.put(
        f"/api/v1/rounds/{10**12}/lineups/{event.teams[0].pk}/", {"players": [1]}, format="json"
    )
    assert r.status_code == 404
    r = as_organiser.put(
        f"/api/v1/rounds/{event.round.pk}/lineups/{'9' * 40}/", {"players": [1]}, format="json"
    )
    assert r.status_code == 404
    assert state() == before


@pytest.mark.parametrize("name", ["Dra\x00gons", "Dra\ud800gons", "D" * 10_000, "   "])
def test_a_team_name_no_database_can_store_is_refused_by_the_doors(event, organiser, name):
    before = state()
    with pytest.raises(TeamError):
        team_create(event.competition, name=name, user=organiser)
    with pytest.raises(TeamError):
        team_update(event.teams[0], name=name, user=organiser)
    assert state() == before


@pytest.mark.parametrize("short_name", ["D\x00", "D\udfff", "D" * 21])
def test_a_short_name_no_database_can_store_is_refused_by_the_door(event, organiser, short_name):
    before = state()
    with pytest.raises(TeamError):
        team_update(event.teams[0], short_name=short_name, user=organiser)
    assert state() == before


def test_broken_team_bodies_on_the_api_are_a_400(event, as_organiser):
    url = f"/api/v1/competitions/{event.competition.pk}/teams/"
    before = state()
    for body in ({"name": "Owls\x00"}, {"name": "O" * 10_000}, {"name": 5}, {"name": "Owls", "members": "1"},
                 {"name": "Owls", "captain": "x"}, {"name": "Owls", "members": [10**30]}):  # fmt: skip
        r = as_organiser.post(url, body, format="json")
        assert r.status_code == 400, (body, r.content)
    r = as_organiser.post(url, '{"name": "\\udfff"}', content_type="application/json")
    assert r.status_code == 400
    assert state() == before
