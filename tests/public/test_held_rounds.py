"""A held round (``Round.results_held``) stays off the public pages until released; its competition's
organisers see it, marked "held" (issue 6)."""

import re

import pytest
from django.urls import reverse

from tests.factories import UserFactory
from tests.public.helpers import ledger_net, rows_by
from tournament.standings.store import standings_refresh

pytestmark = pytest.mark.django_db


@pytest.fixture
def held(league):
    round_2 = league["tables"]["r2t1"].round
    round_2.results_held = True
    round_2.save(update_fields=["results_held"])
    standings_refresh(league["competition"])
    return round_2


@pytest.fixture
def organiser_client(client, league):
    user = UserFactory(username="olga_organiser")
    league["competition"].organisers.add(user)
    client.force_login(user)
    return client


def test_the_public_round_page_hides_a_held_round(client, league, held):
    html = client.get(reverse("public:round", args=[held.pk])).content.decode()
    assert "held back until the organiser releases them" in html
    assert 'id="standings-live"' not in html and 'class="pub-table"' not in html
    assert "Ben Tan" not in html  # none of the round's players or results
    for name in ("public:round_live", "public:round_csv", "public:round_pdf"):
        assert client.get(reverse(name, args=[held.pk])).status_code == 404


def test_the_competition_standings_leave_a_held_round_out(client, league, held):
    competition = league["competition"]
    rows = dict(rows_by(client.get(reverse("public:standings", args=[competition.pk])).content.decode()))
    ben = league["players"]["Ben"]
    round_1_only = ledger_net(ben, table__round__number=1)
    assert round_1_only != ledger_net(ben)  # round 2 moved his chips
    assert int(rows[ben.pk][3]) == round_1_only and rows[ben.pk][4] == "1"  # one session counted


def test_the_player_page_leaves_a_held_round_out(client, league, held):
    ben = league["players"]["Ben"]
    html = client.get(reverse("public:player", args=[ben.pk])).content.decode()
    sessions = html.split('id="sessions"')[1].split("</section>")[0]
    assert [r for r, _ in rows_by(sessions, "data-round")] == [1]
    hands = rows_by(html.split('id="hands"')[1].split("</section>")[0], "data-hand")
    assert [cells[0] for _, cells in hands] == ["1", "1"]  # his self-draw and Ann's win he paid: round 1


def test_the_competition_page_lists_a_held_round_without_its_tables(client, league, held):
    html = client.get(reverse("public:competition", args=[league["competition"].pk])).content.decode()
    assert "results held back" in html
    assert reverse("table:scoresheet", args=[league["tables"]["r2t1"].pk]) not in html
    assert reverse("table:scoresheet", args=[league["tables"]["r1t1"].pk]) in html


def test_organisers_see_a_held_round_marked_held(organiser_client, league, held):
    html = organiser_client.get(reverse("public:round", args=[held.pk])).content.decode()
    assert 'class="pub-held"' in html and "only the organisers see these results" in html
    assert "Ben Tan" in html and 'id="standings-live"' in html
    assert organiser_client.get(reverse("public:round_csv", args=[held.pk])).status_code == 200
    ben = league["players"]["Ben"]
    player = organiser_client.get(reverse("public:player", args=[ben.pk])).content.decode()
    assert [r for r, _ in rows_by(player, "data-round")] == [1, 2]


def test_a_released_round_is_public_again(client, league, held):
    held.results_held = False
    held.save(update_fields=["results_held"])
    standings_refresh(league["competition"])
    html = client.get(reverse("public:round", args=[held.pk])).content.decode()
    assert "Ben Tan" in html and 'id="standings-live"' in html


def test_the_standings_say_plainly_which_rounds_results_are_held(client, league, held):
    """Issue 14: every player showed "=1, 0" with no word that the results were held."""
    html = client.get(reverse("public:standings", args=[league["competition"].pk])).content.decode()
    assert (
        "The results of round 2 are held: they are not counted in these standings until the organiser "
        "releases them." in html
    )
    held.results_held = False
    held.save(update_fields=["results_held"])
    html = client.get(reverse("public:standings", args=[league["competition"].pk])).content.decode()
    assert "are held" not in html


def test_a_held_rounds_public_table_page_shows_the_seating_and_says_results_are_held(client, league, held):
    """Issue 14: it was a 404 (the debug page on the embedded default); now the seating, no results."""
    table = league["tables"]["r2t1"]
    answer = client.get(reverse("table:scoresheet", args=[table.pk]))
    assert answer.status_code == 200
    html = answer.content.decode()
    assert "The results of round 2 are held until the organiser releases them" in html
    seating = re.findall(r'<tr data-testid="seat"><th scope="row">(\w+)</th><td><a [^>]*>([^<]+)</a>', html)
    assert seating == [("East", "Ann Lim"), ("South", "Eve Ng"), ("West", "Ben Tan"), ("North", "Fay Teo")]
    # 416 as a number shown, not inside a random token (a CI run found "416" in the page's hex)
    assert 'id="history"' not in html and "Balance" not in html and not re.search(r"\b416\b", html)
    assert "won" not in html  # no hand is described
    assert client.get(reverse("table:live", args=[table.pk])).status_code == 404
