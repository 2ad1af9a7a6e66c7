"""The big screen's data, second pass (issue 49, item 8): a team event's team standings, and the stage's
name with its cut (the top N of which stage), for the page to show."""

from __future__ import annotations

import pytest

from tests.factories import CompetitionFactory, PlayerFactory, seated_table, team_with_members
from tests.tournament.test_stage_doors import cup, final  # noqa: F401 - the cup of eight
from tournament.models import Round
from tournament.rounds.lifecycle import round_end
from tournament.tables.ledger.record import hand_record

pytestmark = pytest.mark.django_db


def screen(client, competition) -> dict:
    return client.get(f"/api/v1/competitions/{competition.pk}/screen/").json()


def test_a_team_event_shows_its_team_standings(client, organiser):
    competition = CompetitionFactory(name="Screen Cup")
    competition.organisers.add(organiser)
    teams = [
        team_with_members(competition, name, [PlayerFactory(name=f"{name} {k}") for k in range(4)])
        for name in ("Ants", "Bees", "Cats", "Dogs", "Eels")
    ]
    table = seated_table(
        competition=competition, players=[t.members.order_by("pk").first().player for t in teams[1:]]
    )
    east = table.seat_map["E"]
    hand_record(table=table, entry={"outcome": "win", "winner": east, "win": "self_draw", "doubles": 2})
    round_end(Round.objects.get(competition=competition), user=organiser)
    teams_shown = screen(client, competition)["teams"]
    assert [t["name"] for t in teams_shown][0] == "Bees" and teams_shown[-1]["name"] == "Ants"
    assert teams_shown[-1]["rank"] is None  # never played: no place, listed last
    assert screen(client, CompetitionFactory())["teams"] == []  # no teams, no team table


def test_the_screen_names_the_stage_and_its_cut(client, cup):  # noqa: F811
    stage = final(cup, cut_size=4)
    Round.objects.filter(pk=cup.final_round.pk).update(status=Round.Status.SEATED)
    body = screen(client, cup.competition)
    assert body["round"]["number"] == 2
    assert body["stage"] == {
        "id": stage.pk, "name": "Final", "cut_size": 4, "cut_from": "Preliminaries", "category": "",
    }  # fmt: skip
    page = client.get(f"/competitions/{cup.competition.pk}/screen/").text
    assert 'data-w-cut="top {n} of {stage}"' in page and 'data-testid="screen-teams"' in page
