"""Club standings (issue 35) through every door: the standings page and its live partial, the club CSV,
the PDF and the API; held rounds stay out for the public, as in the players' standings.

The league (tests/public/conftest.py): Jade Dragons are Ann, Cat, Eve, Gus; Pearl Winds Ben, Dan, Fay,
Hal. Ann -16, Cat -10, Eve -2, Gus -2 (Jade -30, 6 sessions); Ben +54, Dan -12, Fay -10, Hal -2 (Pearl
+30, 6 sessions); every figure is also read back from the ledger.
"""

import csv
import io

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import PlayerFactory, UserFactory
from tests.public.helpers import ledger_net, rows_by
from tournament.models import Club
from tournament.standings.store import standings_refresh

pytestmark = pytest.mark.django_db


def club_net(league, club_name, **where) -> int:
    return sum(ledger_net(p, **where) for p in league["players"].values() if p.club.name == club_name)


def test_the_standings_page_shows_the_clubs_ranked_by_their_players_chips(client, league):
    competition = league["competition"]
    html = client.get(reverse("public:standings", args=[competition.pk])).content.decode()
    clubs = rows_by(html, "data-club")
    jade, pearl = Club.objects.get(name="Jade Dragons"), Club.objects.get(name="Pearl Winds")
    assert clubs == [
        (pearl.pk, ["1", "Pearl Winds", "30", "4", "6"]),
        (jade.pk, ["2", "Jade Dragons", "-30", "4", "6"]),
    ]
    assert int(clubs[0][1][2]) == club_net(league, "Pearl Winds")
    live = client.get(reverse("public:standings_live", args=[competition.pk])).content.decode()
    assert rows_by(live, "data-club") == clubs  # the live partial carries them: they move with the hands
    round_page = client.get(reverse("public:round", args=[league["tables"]["r1t1"].round.pk])).content
    assert b"data-club" not in round_page  # a round's board is players only


def test_a_search_narrows_the_players_not_the_clubs(client, league):
    url = reverse("public:standings", args=[league["competition"].pk])
    html = client.get(url, {"q": "Ann"}).content.decode()
    assert len(rows_by(html)) == 1 and len(rows_by(html, "data-club")) == 2


def test_a_player_without_a_club_is_in_no_club_line_and_a_club_that_never_played_is_listed(client, league):
    competition = league["competition"]
    ben = league["players"]["Ben"]
    pearl_before = club_net(league, "Pearl Winds")
    ben.club = None
    ben.save()
    standings_refresh(competition)
    body = APIClient().get(f"/api/v1/competitions/{competition.pk}/clubs/standings/").json()
    pearl = next(r for r in body["results"] if r["name"] == "Pearl Winds")
    assert pearl["chips"] == pearl_before - ledger_net(ben) == -24
    assert pearl["players"] == 3 and pearl["sessions"] == 4
    Club.objects.create(name="Zebra")
    other = PlayerFactory(club=Club.objects.get(name="Zebra"))
    competition.entries.create(player=other)
    standings_refresh(competition)
    body = APIClient().get(f"/api/v1/competitions/{competition.pk}/clubs/standings/").json()
    zebra = next(r for r in body["results"] if r["name"] == "Zebra")
    assert zebra == {**zebra, "chips": 0, "players": 0, "sessions": 0, "rank": 1}  # 0 beats -24


def test_the_api_answers_as_the_spec_says(league):
    competition = league["competition"]
    response = APIClient().get(f"/api/v1/competitions/{competition.pk}/clubs/standings/")
    assert response.status_code == 200
    body = response.json()
    assert body["count"] == 2 and body["competition"] == competition.pk and body["computed_at"]
    first = body["results"][0]
    assert set(first) == {"rank", "shared", "club", "name", "chips", "players", "sessions"}
    assert (first["rank"], first["name"], first["chips"], first["players"], first["sessions"]) == (
        1, "Pearl Winds", 30, 4, 6,
    )  # fmt: skip
    assert sum(r["chips"] for r in body["results"]) == 0  # every player has a club: no chip created or lost


@pytest.mark.parametrize("bad", ["999999", "abc", "99999999999999999999", "-1"])
def test_an_unknown_competition_is_a_json_404(bad):
    response = APIClient().get(f"/api/v1/competitions/{bad}/clubs/standings/")
    assert response.status_code == 404 and response.json()["errors"][0]["code"]


def test_a_held_round_is_left_out_for_the_public_and_counted_for_its_organisers(client, league):
    competition = league["competition"]
    round_2 = league["tables"]["r2t1"].round
    round_2.results_held = True
    round_2.save(update_fields=["results_held"])
    standings_refresh(competition)
    url = f"/api/v1/competitions/{competition.pk}/clubs/standings/"
    public = {r["name"]: r for r in APIClient().get(url).json()["results"]}
    assert public["Pearl Winds"]["chips"] == club_net(league, "Pearl Winds", table__round__number=1) == 6
    assert public["Pearl Winds"]["sessions"] == 4
    organiser = UserFactory(username="olga_organiser")
    competition.organisers.add(organiser)
    api = APIClient()
    api.force_authenticate(organiser)
    mine = {r["name"]: r for r in api.get(url).json()["results"]}
    assert mine["Pearl Winds"]["chips"] == 30
    html = client.get(reverse("public:standings", args=[competition.pk])).content.decode()
    assert dict(rows_by(html, "data-club"))[Club.objects.get(name="Pearl Winds").pk][2] == "6"
    body = client.get(reverse("public:clubs_csv", args=[competition.pk])).content.decode()
    assert ["1", "Pearl Winds", "6", "4", "4"] in list(csv.reader(io.StringIO(body[1:])))


def test_the_club_csv_has_the_page_s_lines(client, league):
    competition = league["competition"]
    response = client.get(reverse("public:clubs_csv", args=[competition.pk]))
    assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
    body = response.content.decode()
    assert body.startswith("\ufeff")
    table = list(csv.reader(io.StringIO(body[1:])))
    assert table == [
        ["Rank", "Club", "Net chips", "Players who played", "Sessions"],
        ["1", "Pearl Winds", "30", "4", "6"],
        ["2", "Jade Dragons", "-30", "4", "6"],
    ]
    assert client.get(reverse("public:clubs_csv", args=[999999])).status_code == 404
    assert client.post(reverse("public:clubs_csv", args=[competition.pk])).status_code == 405


def test_a_club_named_like_a_formula_is_text_in_the_csv(client, league):
    Club.objects.filter(name="Jade Dragons").update(name="=HYPERLINK(1)")
    body = client.get(reverse("public:clubs_csv", args=[league["competition"].pk])).content.decode()
    assert "'=HYPERLINK(1)" in body


def test_the_pdf_prints_the_clubs_after_the_players(client, league):
    from tests.public.test_exports import page_texts
    from tournament.standings import exports
    from tournament.views.public.clubs import club_board
    from tournament.views.public.leaderboard import COLUMNS, all_lines

    competition = league["competition"]
    document = exports.standings_document(
        title=competition.name,
        competition=competition,
        round_=None,
        lines=all_lines(competition),
        columns=COLUMNS,
        clubs=club_board(competition),
    )
    text = " ".join(page_texts(document))
    assert "Clubs" in text and "Pearl Winds" in text and "-30" in text
    assert text.index("Ben Tan") < text.index("Clubs")
    response = client.get(reverse("public:standings_pdf", args=[competition.pk]))
    assert response.status_code == 200 and response.content.startswith(b"%PDF")


def test_the_page_and_the_pdf_read_the_stored_lines_once_for_the_players_and_the_clubs(client, league):
    """The club board is made of the lines the players' table read (``store.kept_lines``), not a second
    read of every stored row (issue 53)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tournament.standings import store

    competition = league["competition"]
    for name in ("public:standings", "public:standings_pdf"):
        store._RANKED.clear()  # as in a fresh process: nothing ranked yet
        with CaptureQueriesContext(connection) as queries:
            response = client.get(reverse(name, args=[competition.pk]))
        assert response.status_code == 200
        reads = [q["sql"] for q in queries if "standingrow" in q["sql"].lower() and "net_chips" in q["sql"]]
        assert len(reads) == 1, (name, reads)
