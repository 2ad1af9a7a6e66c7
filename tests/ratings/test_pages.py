"""The ratings page and a player's record across competitions (issue 35), as a reader meets them."""

import json
import re

import pytest
from django.urls import reverse

from tests.factories import ClubFactory, CompetitionFactory, seated_table
from tests.public.helpers import ledger_net, rows_by
from tests.ratings.conftest import win
from tournament.models import PlayerRating, Round
from tournament.rounds.lifecycle import round_hold

pytestmark = pytest.mark.django_db

R1 = [[0, 1, 2, 3], [4, 5, 6, 7]]
R2 = [[0, 4, 1, 5], [2, 6, 3, 7]]


@pytest.fixture
def played(night):
    jade, pearl = ClubFactory(name="Jade"), ClubFactory(name="Pearl")
    for i, player in enumerate(night.players):
        player.club = jade if i % 2 == 0 else pearl
        player.save()
    night.play(1, R1, [[("S", 3, None), ("E", 2, "N")], [("E", 1, None)]])
    night.play(2, R2, [[("E", 13, "S")], [("W", 2, None)]])
    return night


def test_the_ratings_page_lists_every_rated_player_best_first(client, played):
    html = client.get(reverse("public:ratings")).content.decode()
    rows = rows_by(html)
    stored = list(PlayerRating.objects.order_by("-rating").values_list("player_id", "rating"))
    assert [pid for pid, _ in rows] == [pid for pid, _ in stored]
    assert rows[0][1][0] == "1" and rows[0][1][3].startswith(f"{stored[0][1]:.1f}")
    assert "provisional" in rows[0][1][3]  # two sessions: below the minimum of 5
    assert html.count('class="pub-provisional"') == 8


def test_the_ratings_page_filters_by_club_and_refuses_a_club_that_is_not_one(client, played):
    jade = played.players[0].club
    rows = rows_by(client.get(reverse("public:ratings"), {"club": jade.pk}).content.decode())
    assert {pid for pid, _ in rows} == {p.pk for p in played.players[::2]}
    assert rows[0][1][0] == "1"
    for bad in ("abc", "999999", "1" * 40, "-1"):
        assert client.get(reverse("public:ratings"), {"club": bad}).status_code == 404
    assert client.get(reverse("public:ratings"), {"club": ""}).status_code == 200


def test_the_ratings_page_says_so_when_nothing_is_rated(client, db):
    html = client.get(reverse("public:ratings")).content.decode()
    assert "No rated sessions yet" in html


def test_a_player_s_record_across_competitions(client, played, night):
    ann = played.players[0]
    other = CompetitionFactory(name="Winter Cup")
    table = seated_table(competition=other, players=[ann, *played.players[5:8]])
    win(table, "E", 2)  # a competition still in play: its night counts, its session is not rated yet
    html = client.get(reverse("public:player", args=[ann.pk])).content.decode()
    seasons = dict(rows_by(html, "data-competition"))
    assert seasons[played.competition.pk] == [
        played.competition.name, "2", str(ledger_net(ann, table__round__competition=played.competition)),
        f"{ledger_net(ann, table__round__competition=played.competition) / 2:+.1f}",
    ]  # fmt: skip
    assert seasons[other.pk][1:3] == ["1", str(ledger_net(ann, table__round__competition=other))]
    rating = PlayerRating.objects.get(pk=ann.pk)
    assert re.search(rf'data-testid="rating">{rating.rating:.1f}', html)
    chart = json.loads(re.search(r'id="rating-data" type="application/json">(.*?)</script>', html).group(1))
    assert (
        len(chart["running"]) == 3
        and chart["running"][0] == 0
        and chart["running"][-1] == round(rating.rating, 1)
    )
    # best hands: her 13 doubles in round 2, then 2 doubles self-drawn and 2 on a discard
    hands = re.findall(r'<li data-hand="\d+">(.*?) —', html)
    assert len(hands) == 3 and hands[0] == "13 doubles" and "Winter Cup" in html
    assert re.search(r'data-testid="self-drawn">1 <span class="muted">\(33%\)', html)
    met = [int(m) for m in re.findall(r'data-met="(\d+)"', html)]
    # twice each: Player 01 (rounds 1 and 2), Player 05 (round 2 and the Winter Cup); ties by name
    assert met[:2] == [played.players[1].pk, played.players[5].pk] and len(met) == 5


def test_a_held_round_stays_out_of_a_player_s_record(client, played, django_capture_on_commit_callbacks):
    round_2 = Round.objects.get(competition=played.competition, number=2)
    with django_capture_on_commit_callbacks(execute=True):
        round_hold(round_2, held=True, user=played.organiser)
    ann = played.players[0]  # won 13 doubles on a discard in round 2
    html = client.get(reverse("public:player", args=[ann.pk])).content.decode()
    assert rows_by(html, "data-competition")[0][1][1] == "1"  # one night public
    assert "13 doubles" not in html.split('id="career"')[1].split("</section>")[0]
    assert PlayerRating.objects.get(pk=ann.pk).sessions == 1


def test_a_player_never_rated_shows_a_dash(client, db):
    from tests.factories import PlayerFactory

    html = client.get(reverse("public:player", args=[PlayerFactory().pk])).content.decode()
    assert 'data-testid="rating">—' in html and 'id="rating-data"' not in html
