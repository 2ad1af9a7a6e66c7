"""Team events through the API (issue 35): lineups (deadline, rights, roster, privacy), teams, settings."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext

from tests.api.conftest import client_for
from tests.factories import PlayerFactory, UserFactory
from tests.teams.conftest import past_deadline
from tournament.models import AuditEntry, Entry, Lineup, Round, Table, Team, TeamMember


def put_lineup(client, event, team, players):
    return client.put(
        f"/api/v1/rounds/{event.round.pk}/lineups/{team.pk}/", {"players": players}, format="json"
    )


def codes(response) -> list[str]:
    return [e["code"] for e in response.json()["errors"]]


def test_the_captain_names_the_lineup_before_the_deadline_audited(event, as_pat):
    dragons = event.teams[0]
    four = event.regulars(0)[:3] + [event.substitute(0)]  # a substitute in a regular's place
    r = put_lineup(as_pat, event, dragons, event.ids(four))
    assert r.status_code == 200, r.json()
    assert r.json()["players"] == sorted(event.ids(four))
    lineup = Lineup.objects.get(round=event.round, team=dragons)
    assert lineup.players.count() == 4 and lineup.named_by.username == "pat_player"
    assert AuditEntry.objects.filter(action="lineup_set", object_id=dragons.pk).count() == 1


def test_after_the_deadline_the_captain_is_refused_and_the_organiser_is_not(event, as_pat, as_organiser):
    put_lineup(as_pat, event, event.teams[0], event.ids(event.regulars(0)[:3] + [event.substitute(0)]))
    past_deadline(event)
    r = put_lineup(as_pat, event, event.teams[0], event.ids(event.regulars(0)))
    assert r.status_code == 409 and codes(r) == ["lineup_closed"]
    assert event.substitute(0) in Lineup.objects.get(team=event.teams[0]).players.all()  # unchanged
    assert put_lineup(as_organiser, event, event.teams[0], event.ids(event.regulars(0))).status_code == 200


def test_a_seated_round_refuses_even_the_organiser(event, as_organiser):
    event.round.tables.create(number=1)
    r = put_lineup(as_organiser, event, event.teams[0], event.ids(event.regulars(0)))
    assert r.status_code == 409 and codes(r) == ["lineup_closed"]
    assert not Lineup.objects.exists()


def test_a_captain_may_not_name_another_teams_lineup(event, as_pat):
    r = put_lineup(as_pat, event, event.teams[1], event.ids(event.regulars(1)))
    assert r.status_code == 403
    member = client_for(event.member_a)  # a member who is not the captain names nothing either
    assert put_lineup(member, event, event.teams[0], event.ids(event.regulars(0))).status_code == 403
    assert not Lineup.objects.exists()


def test_a_player_off_the_roster_or_no_player_is_refused(event, as_pat):
    r = put_lineup(as_pat, event, event.teams[0], [event.regulars(0)[0].pk, event.regulars(1)[0].pk])
    assert r.status_code == 422 and codes(r) == ["not_on_roster"]
    r = put_lineup(as_pat, event, event.teams[0], [])
    assert r.status_code == 422 and codes(r) == ["empty_lineup"]
    for wrong in (event.regulars(0)[:3], event.regulars(0) + [event.substitute(0)]):  # 3 or 5 of 4
        r = put_lineup(as_pat, event, event.teams[0], event.ids(wrong))
        assert r.status_code == 422 and codes(r) == ["wrong_size"]
        assert f"Name exactly 4 players: {len(wrong)} named." in r.json()["errors"][0]["message"]
    assert put_lineup(as_pat, event, event.teams[0], [10**9]).status_code == 400  # no such player
    assert not Lineup.objects.exists()


def test_the_schema_says_a_lineup_names_at_least_one_player(client):
    """An empty lineup is refused (422 ``empty_lineup``): the schema says so (``minItems: 1``)."""
    schema = client.get("/api/v1/schema/?format=json").json()
    operation = schema["paths"]["/api/v1/rounds/{id}/lineups/{team_pk}/"]["put"]
    ref = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    players = schema["components"]["schemas"][ref.rsplit("/", 1)[-1]]["properties"]["players"]
    assert players["type"] == "array" and players["minItems"] == 1
    assert players["items"]["type"] == "integer"


def test_only_an_organiser_creates_a_team_asked_before_the_body_is_read(event, as_pat):
    """A signed-in player who is no organiser is answered 403 whatever the body (a bad one was a 400 first,
    telling a stranger what the body should be); without credentials, 401."""
    url = f"/api/v1/competitions/{event.competition.pk}/teams/"
    stranger = client_for(UserFactory(username="sid_stranger"))
    for body in ({}, {"name": ""}, {"name": "Owls", "colour": "red"}, {"name": "Owls", "members": ["x"]}):
        for client in (as_pat, stranger):
            r = client.post(url, body, format="json")
            assert r.status_code == 403, (body, r.json())
        assert client_for(None).post(url, body, format="json").status_code == 401
    assert as_pat.post(url, "null", content_type="application/json").status_code == 403
    assert not Team.objects.filter(name="Owls").exists()


def test_a_lineup_is_hidden_from_other_teams_until_the_deadline(event, as_pat, as_organiser, client):
    put_lineup(as_pat, event, event.teams[0], event.ids(event.regulars(0)))
    url = f"/api/v1/rounds/{event.round.pk}/lineups/"

    def dragons(c):
        body = c.get(url).json()
        return next(row for row in body["results"] if row["name"] == "Dragons")

    for outsider in (client_for(None), client_for(event.captain_b)):
        row = dragons(outsider)
        assert row["named"] and row["hidden"] and row["players"] is None
    for insider in (as_pat, as_organiser, client_for(event.member_a)):
        assert dragons(insider)["players"] == sorted(event.ids(event.regulars(0)))
    past_deadline(event)
    assert dragons(client_for(None))["players"] == sorted(event.ids(event.regulars(0)))


def test_creating_a_team_refuses_a_player_in_another_team_or_not_entered(event, as_organiser, as_pat):
    url = f"/api/v1/competitions/{event.competition.pk}/teams/"
    taken = event.regulars(1)[0]
    r = as_organiser.post(url, {"name": "Owls", "members": [taken.pk]}, format="json")
    assert r.status_code == 422 and codes(r) == ["in_another_team"]
    stranger = PlayerFactory()
    r = as_organiser.post(url, {"name": "Owls", "members": [stranger.pk]}, format="json")
    assert r.status_code == 422 and codes(r) == ["not_entered"]
    assert not Team.objects.filter(name="Owls").exists()  # nothing kept of a refused request
    assert as_pat.post(url, {"name": "Owls"}, format="json").status_code == 403
    Entry.objects.create(competition=event.competition, player=stranger)
    r = as_organiser.post(
        url, {"name": "Owls", "members": [stranger.pk], "captain": stranger.pk}, format="json"
    )
    assert r.status_code == 201 and r.json()["captain"] == stranger.pk
    listed = client_for(None).get(url).json()
    assert [t["name"] for t in listed["results"]] == ["Cranes", "Dragons", "Owls", "Pandas", "Tigers"]
    assert len(listed["results"][1]["members"]) == 5


def test_the_database_refuses_a_player_in_two_teams_of_a_competition(event):
    with transaction.atomic(), pytest.raises(IntegrityError):
        TeamMember.objects.create(
            team=event.teams[1], competition=event.competition, player=event.regulars(0)[0]
        )


def test_team_settings_go_through_the_competitions_door(event, as_organiser):
    url = f"/api/v1/competitions/{event.competition.pk}/"
    r = as_organiser.patch(url, {"placing_points": [1, 2, 3, 4]}, format="json")
    assert r.status_code == 400
    r = as_organiser.patch(url, {"placing_points": [5, 3, 1, 0], "team_scoring": "placings"}, format="json")
    assert r.status_code == 200 and r.json()["placing_points"] == [5, 3, 1, 0]
    event.competition.refresh_from_db()
    assert event.competition.team_scoring == "placings"
    assert AuditEntry.objects.filter(competition=event.competition, action="competition_changed").exists()


def test_without_teams_the_team_standings_are_the_club_standings(db, client):
    from tests.factories import CompetitionFactory

    competition = CompetitionFactory()
    body = client.get(f"/api/v1/competitions/{competition.pk}/teams/standings/").json()
    assert body["source"] == "clubs" and body["results"] == []


def test_who_sees_which_lineup_is_read_once_for_all_the_teams(event, django_assert_max_num_queries):
    """``round_lineups`` asks who the caller is and which team is theirs once, not once per team: the same
    queries for four teams as for one more (a fifth team added)."""
    from tests.factories import team_with_members
    from tournament.teams.selectors import next_lineup_round, round_lineups

    member = event.member_a  # Amy of the Dragons: sees her team's lineup only, before the deadline
    with CaptureQueriesContext(connection) as four:
        seen = {team.name: sees for team, _lineup, sees in round_lineups(event.round, member)}
    assert seen == {"Dragons": True, "Tigers": False, "Cranes": False, "Pandas": False}
    team_with_members(event.competition, "Owls", [PlayerFactory(name="Owl 0")])
    with django_assert_max_num_queries(len(four)):
        assert len(round_lineups(event.round, member)) == 5
    # the round a captain names players for: one query, past a round that has tables (a draft too)
    draft = Round.objects.create(competition=event.competition, number=2)  # scheduled, with a draft's table
    Table.objects.create(round=draft, number=1)
    Round.objects.create(competition=event.competition, number=3)
    with django_assert_max_num_queries(1):
        assert next_lineup_round(event.competition) == event.round
    event.round.status = Round.Status.SEATED
    event.round.save(update_fields=["status"])
    assert next_lineup_round(event.competition).number == 3


def test_the_rounds_lineups_and_the_next_round_are_read_in_constant_queries(event, organiser):
    """Issue 53: ``round_lineups`` read two queries per team, ``next_lineup_round`` one per round."""
    from tournament.teams.selectors import next_lineup_round, round_lineups
    from tournament.teams.services import lineup_set

    for i, team in enumerate(event.teams):
        lineup_set(event.round, team, event.regulars(i), user=organiser)
    for number in range(2, 6):
        Round.objects.create(competition=event.competition, number=number)
    with CaptureQueriesContext(connection) as read:
        rows = round_lineups(event.round, organiser)
        named = [sorted(p.pk for p in lineup.players.all()) for _team, lineup, _sees in rows]
        assert next_lineup_round(event.competition) == event.round
    assert len(named) == 4 and all(len(n) == 4 for n in named)
    assert len(read.captured_queries) <= 5  # lineups, their players, the teams, the viewer, the round
