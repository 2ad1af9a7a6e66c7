"""A player follows the night (issue 14): their own line marked on the boards, the phone's columns,
and the competition page that follows the evening live like the leaderboard."""

import re

import pytest
from django.urls import reverse

from tests.factories import UserFactory
from tests.public.conftest import win
from tests.public.helpers import ledger_net, rows_by
from tournament.models import Round
from tournament.standings.store import standings_refresh

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann_logged_in(client, league):
    ann = league["players"]["Ann"]
    ann.user = UserFactory(username="ann")
    ann.save()
    client.force_login(ann.user)
    return ann


def test_the_players_own_line_is_marked_on_the_standings(client, league, ann_logged_in):
    html = client.get(reverse("public:standings", args=[league["competition"].pk])).content.decode()
    [mine] = re.findall(r'<tr data-player="(\d+)" class="[^"]*\bme\b[^"]*" aria-current="true">', html)
    assert int(mine) == ann_logged_in.pk
    assert html.count('class="pub-you"') == 1
    cells = dict(rows_by(html))[ann_logged_in.pk]
    assert cells[1] == "Ann Lim you" and int(cells[3]) == ledger_net(ann_logged_in)


def test_nobody_elses_line_is_marked_for_a_visitor(client, league):
    html = client.get(reverse("public:standings", args=[league["competition"].pk])).content.decode()
    assert 'aria-current="true"' not in html and "pub-you" not in html


def test_on_a_phone_only_rank_name_net_chips_and_sessions_stay(client, league):
    """The other columns carry ``opt``, which public.css hides below 40rem (the browser test measures it)."""
    html = client.get(reverse("public:standings", args=[league["competition"].pk])).content.decode()
    row = re.search(r'<tr data-player="\d+"[^>]*>(.*?)</tr>', html, re.S).group(1)
    classes = re.findall(r'<td class="([^"]*)"', row)
    kept = [c for c in classes if "opt" not in c.split()]
    assert kept == ["num rank", "name", "num net", "num sessions"]  # sessions decide min_sessions (issue 49)
    assert len(classes) == 10


def test_the_competition_page_follows_the_evening_live(client, league, ann_logged_in):
    competition = league["competition"]
    live = reverse("public:competition_live", args=[competition.pk])
    page = client.get(reverse("public:competition", args=[competition.pk])).content.decode()
    assert f'hx-get="{live}"' in page and 'hx-trigger="every 5s"' in page
    # Whose line is marked comes from the page, made for Ann; the poll is everybody's (issue 50)
    ann = league["players"]["Ann"]
    assert f'data-me="{ann.pk}"' in page and re.search(
        rf'<li data-player="{ann.pk}"[^>]*>.*?Ann Lim', page, re.S
    )
    assert 'aria-current="true"' not in client.get(live).content.decode()
    before = client.get(live).content.decode()
    assert "<html" not in before and 'id="competition-live"' in before
    ben = league["players"]["Ben"]
    win(league["tables"]["r2t1"], "W", 2)  # Ben self-draws again in round 2
    standings_refresh(competition)
    after = client.get(live).content.decode()
    net = re.search(rf"{ben.name}</a>.*?<strong class=\"net\">(-?\d+)</strong>", after, re.S).group(1)
    assert int(net) == ledger_net(ben)
    Round.objects.filter(competition=competition, number=2).update(status=Round.Status.FINISHED)
    assert "Finished" in client.get(live).content.decode().split('id="rounds"')[1]
