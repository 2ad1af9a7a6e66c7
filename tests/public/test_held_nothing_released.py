"""The standings while every played round is held (issue 32, item 25): the page says no results are
released yet, not a table of zeros all ranked "=1"; the API keeps its contract (the lines, at zero)."""

import pytest
from django.urls import reverse

from tests.factories import PlayerFactory, seated_table
from tournament.standings.store import standings_refresh
from tournament.tables.ledger.record import hand_record

pytestmark = pytest.mark.django_db


@pytest.fixture
def held_table(scorekeeper):
    table = seated_table(players=[PlayerFactory(name=n) for n in ("Ann", "Ben", "Cai", "Dee")])
    seats = table.seat_map
    entry = {"outcome": "win", "winner": seats["E"], "win": "self_draw", "doubles": 2}
    hand_record(table=table, entry=entry)
    table.round.results_held = True
    table.round.save(update_fields=["results_held"])
    standings_refresh(table.round.competition)
    return table


def test_the_standings_say_nothing_is_released_yet(client, held_table):
    competition = held_table.round.competition
    page = client.get(reverse("public:standings", args=[competition.pk])).content.decode()
    assert "No results are released yet" in page and 'class="data pub-standings"' not in page
    live = client.get(reverse("public:standings_live", args=[competition.pk])).content.decode()
    assert "No results are released yet" in live
    api = client.get(f"/api/v1/competitions/{competition.pk}/standings/")
    assert api.status_code == 200  # the contract is kept: the lines are there, at zero


def test_once_released_the_table_is_back(client, held_table):
    held_table.round.results_held = False
    held_table.round.save(update_fields=["results_held"])
    standings_refresh(held_table.round.competition)
    page = client.get(reverse("public:standings", args=[held_table.round.competition.pk])).content.decode()
    assert "No results are released yet" not in page and 'class="data pub-standings"' in page


def test_the_club_standings_say_the_same_in_both_languages(client, held_table):
    """Issue 54, item 10: not each club at 0 chips ranked "=1" under the note."""
    from django.conf import settings

    competition = held_table.round.competition
    for language, words in (("en", "No results are released yet"), ("zh-hans", None)):
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
        for name in ("public:standings", "public:standings_live"):
            page = client.get(reverse(name, args=[competition.pk])).content.decode()
            clubs = page.split('id="club-standings"')[1].split("</section>")[0]
            assert 'data-testid="clubs-nothing-released"' in clubs and "pub-club-table" not in clubs
            assert words is None or words in clubs
    held_table.round.results_held = False
    held_table.round.save(update_fields=["results_held"])
    standings_refresh(competition)
    page = client.get(reverse("public:standings", args=[competition.pk])).content.decode()
    assert "pub-club-table" in page.split('id="club-standings"')[1]
