"""A team event's night (issue 35): seated from the lineups with four teams at each table; the team
standings from the finished round's tables, on the API, the public page and its CSV."""

from __future__ import annotations

from django.urls import reverse

from tests.api.conftest import client_for
from tests.factories import seated_table
from tests.ratings.conftest import win
from tournament.models import Round, TeamMember
from tournament.rounds.lifecycle import round_end
from tournament.rounds.seating import round_report, round_seat, round_tables
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


def test_without_lineups_every_entry_is_seated_and_the_teams_are_kept_apart(event, organiser):
    round_seat(event.round, user=organiser)
    tables = round_tables(event.round)
    assert len(tables) == 5  # 20 entries: the season's rule as before (everyone, no reply given)
    team_of = dict(TeamMember.objects.values_list("player_id", "team_id"))
    assert all(len({team_of[p] for p in table}) == 4 for table in tables)


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
    assert '<td>Tigers</td><td class="num">4</td>' in html  # the PDF's teams, with their points
    csv_text = client.get(reverse("public:teams_csv", args=[event.competition.pk])).content.decode(
        "utf-8-sig"
    )
    assert csv_text.splitlines()[1].startswith("1,Tigers,4,")
