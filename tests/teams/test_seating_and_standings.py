"""A team event's night (issue 35): seated from the lineups with four teams at each table; the team
standings from the finished round's tables, on the API, the public page and its CSV."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.api.conftest import client_for
from tests.factories import PlayerFactory, seated_table
from tests.ratings.conftest import win
from tests.teams.conftest import TEAM_NAMES
from tournament.models import Entry, Round, TeamMember
from tournament.rounds.lifecycle import round_end
from tournament.rounds.printing import round_sheets
from tournament.rounds.seating import RoundError, round_report, round_seat, round_tables
from tournament.standings.exports import standings_html
from tournament.teams.services import lineup_set
from tournament.views.public.clubs import team_board


def test_a_round_is_seated_from_the_lineups_with_four_teams_at_each_table(event, organiser, client):
    named = set()
    for i, team in enumerate(event.teams):
        players = event.regulars(i)[:3] + [event.substitute(i)] if i == 0 else event.regulars(i)
        lineup_set(event.round, team, players, user=organiser)
        named |= {p.pk for p in players}
    client.force_login(organiser)
    night = client.get(reverse("organiser:night", args=[event.round.pk])).text
    assert "The teams named 16 players for this round" in night
    seating = round_seat(event.round, user=organiser)
    assert seating.seated_from == "lineups" and seating.report is not None
    assert round_report(event.round).byes == ()  # the entries not named are not byes
    tables = round_tables(event.round)
    assert len(tables) == 4 and {p for t in tables for p in t} == named  # the named, not every entry
    team_of = dict(TeamMember.objects.values_list("player_id", "team_id"))
    assert all(len({team_of[p] for p in table}) == 4 for table in tables)


def test_a_team_without_a_lineup_is_named_and_seated_by_its_regulars_only_when_asked(event, organiser):
    loner = PlayerFactory(name="Lone Entrant")  # entered, in no team: never seated on a team night
    Entry.objects.create(competition=event.competition, player=loner)
    four = event.regulars(0)[:3] + [event.substitute(0)]
    lineup_set(event.round, event.teams[0], four, user=organiser)
    with pytest.raises(RoundError, match="No lineup for round 1 from Cranes, Pandas, Tigers"):
        round_seat(event.round, user=organiser)
    assert not round_tables(event.round)
    seating = round_seat(event.round, user=organiser, seat_regulars=True)
    seated = {p for t in round_tables(event.round) for p in t}
    expected = set(event.ids(four)) | {p.pk for i in (1, 2, 3) for p in event.regulars(i)}
    assert seated == expected and loner.pk not in seated and seating.byes == ()
    team_of = dict(TeamMember.objects.values_list("player_id", "team_id"))
    assert all(len({team_of[p] for p in table}) == 4 for table in round_tables(event.round))
    assert round_report(event.round).byes == ()  # the substitutes and the loner are no byes
    sheets = round_sheets(event.round)
    assert sheets["teams"] and {s.team for t in sheets["tables"] for s in t.seats} == set(TEAM_NAMES)
    assert all(line.team for line in sheets["by_name"]) and loner not in sheets["byes"]


def test_the_round_page_names_the_teams_without_a_lineup_and_seats_their_regulars(event, organiser, client):
    client.force_login(organiser)
    url = reverse("organiser:round", args=[event.round.pk])
    page = client.get(url).text
    assert 'data-testid="missing-lineups"' in page and "4 teams named no lineup" in page
    assert "Dragon 0, Dragon 1, Dragon 2, Dragon 3" in page  # each team's regulars, offered
    assert reverse("public:lineup", args=[event.teams[2].pk]) in page  # or the organiser names them
    seat = reverse("organiser:round_seat", args=[event.round.pk])
    r = client.post(seat, {})
    assert r.status_code == 409 and "No lineup for round 1 from Cranes, Dragons, Pandas, Tigers" in r.text
    assert not event.round.tables.exists()
    assert client.post(seat, {"seat_regulars": "on"}).status_code == 302
    page = client.get(url).text
    assert page.count("data-team-tag") == 16 and "[Dragons]" in page
    assert "Same-team tables" in page and "No team-mates at a table." in page
    night = client.get(reverse("organiser:night", args=[event.round.pk])).text
    assert 'data-testid="missing-lineups"' in night  # the night page offers the same


def test_the_api_refuses_a_team_night_with_a_missing_lineup_unless_told_to_seat_the_regulars(
    event, as_organiser
):
    url = f"/api/v1/rounds/{event.round.pk}/seating/"
    r = as_organiser.post(url, {}, format="json")
    assert r.status_code == 422 and r.json()["errors"][0]["code"] == "cannot_seat"
    assert "No lineup for round 1 from" in r.json()["errors"][0]["message"]
    assert not event.round.tables.exists()
    r = as_organiser.post(url, {"seat_regulars": True}, format="json")
    assert r.status_code == 201 and r.json()["seated_from"] == "lineups"
    assert len(r.json()["tables"]) == 4


def test_the_team_standings_count_the_finished_round_by_chips_or_placings(event, organiser, client):
    four = [event.regulars(i)[0] for i in range(4)]  # Dragons E, Tigers S, Cranes W, Pandas N
    table = seated_table(competition=event.competition, players=four, round_number=2)
    win(table, "S", 3)  # Tigers' player wins self-drawn: the three others pay
    url = f"/api/v1/competitions/{event.competition.pk}/teams/standings/"
    assert all(row["chips"] == 0 for row in client.get(url).json()["results"])  # not finished: nothing yet
    round_end(Round.objects.get(competition=event.competition, number=2), user=organiser)
    body = client.get(url).json()
    assert body["source"] == "teams" and body["scoring"] == "chips"
    top = body["results"][0]
    assert (top["rank"], top["name"], top["players"], top["sessions"]) == (1, "Tigers", 1, 1)
    assert top["chips"] > 0 and sum(row["chips"] for row in body["results"]) == 0
    event.competition.team_scoring = "placings"
    event.competition.save(update_fields=["team_scoring"])
    rows = client.get(url).json()["results"]
    assert rows[0]["name"] == "Tigers" and rows[0]["points"] == 4.0
    assert sorted(row["points"] for row in rows[1:]) == [1.0, 1.0, 1.0]  # three equal losers share 2nd-4th
    page = client.get(reverse("public:standings", args=[event.competition.pk]))
    assert 'id="team-standings"' in page.text and f'data-team="{event.teams[1].pk}"' in page.text
    r = client_for(organiser).post(
        f"/api/v1/competitions/{event.competition.pk}/teams/", {"name": "Late Owls"}, format="json"
    )
    assert (
        r.status_code == 409 and r.json()["errors"][0]["code"] == "results_exist"
    )  # the results name the teams
    html = standings_html(
        title="t", competition=event.competition, round_=None, lines=[], columns=[],
        teams=team_board(event.competition),
    )  # fmt: skip
    assert 'Tigers</td><td class="num">4</td>' in html  # the PDF's teams, with their points
    csv_text = client.get(reverse("public:teams_csv", args=[event.competition.pk])).content.decode(
        "utf-8-sig"
    )
    assert csv_text.splitlines()[1].startswith("1,Tigers,4,")
