"""The round page during play (issue 14): per table its hands so far, balances, dealer and prevailing
wind, and how long since its last hand."""

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import PlayerFactory, seated_table
from tests.public.conftest import win
from tournament.models import Hand, Round
from tournament.rounds.lifecycle import table_end

pytestmark = pytest.mark.django_db


@pytest.fixture
def playing(competition):
    names = ["Ann Lim", "Ben Tan", "Cat Ong", "Dan Koh", "Eve Ng", "Fay Teo", "Gus Lee", "Hal Goh"]
    p = [PlayerFactory(name=n) for n in names]
    t1 = seated_table(competition=competition, players=p[:4])
    t2 = seated_table(competition=competition, players=p[4:], table_number=2)
    win(t1, "S", 3)  # Ben self-draws 3 doubles: 8 from each (001 rule 21); the dealer (Ann) lost: Ben deals
    win(
        t1, "E", 2, discarder="N"
    )  # Ann wins 2 doubles on Dan's discard: Dan 4, Ben and Cat 2 each; Cat deals
    Hand.objects.filter(table=t1).update(recorded_at=timezone.now() - timedelta(minutes=20, seconds=30))
    return t1, t2


def _card(html: str, number: int) -> str:
    section = html.split('id="play"')[1].split("</section>")[0]
    return re.search(rf'data-table="{number}">(.*?)</div>', section, re.S).group(1)


def _text(fragment: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", fragment).split())


def test_each_table_as_it_stands(olivia, playing):
    t1, t2 = playing
    assert Round.objects.get(pk=t1.round_id).status == Round.Status.PLAYING
    html = olivia.get(reverse("organiser:round", args=[t1.round_id])).content.decode()
    one = _text(_card(html, 1))
    assert "2 hands" in one and "Prevailing wind: East" in one
    capital = t1.round.competition.capital
    rows = re.findall(
        r"<tr( class=\"dealer\")?><th scope=\"row\">(\w+)</th><td>([^<]+)</td><td class=\"num\">(-?\d+)<",
        _card(html, 1),
    )
    balances = {name: int(chips) for _, _, name, chips in rows}
    assert balances == {
        "Ann Lim": capital - 8 + 8,
        "Ben Tan": capital + 24 - 2,
        "Cat Ong": capital - 8 - 2,
        "Dan Koh": capital - 8 - 4,
    }
    assert [name for flag, _, name, _ in rows if flag] == ["Cat Ong"] and "Dealer: Cat Ong" in one
    assert "Last hand 20 minutes ago" in one and 'quiet"' in html.split('data-table="1"')[0][-40:]
    # the section follows the evening by itself while the round is played
    assert re.search(
        r'id="play" hx-get="/organise/rounds/\d+/" hx-trigger="every 20s" hx-select="#play"', html
    )
    two = _text(_card(html, 2))
    assert "0 hands" in two and "No hand recorded yet." in two


def test_an_ended_table_says_so(olivia, organiser, playing):
    t1, _ = playing
    table_end(t1, user=organiser)
    one = _text(_card(olivia.get(reverse("organiser:round", args=[t1.round_id])).content.decode(), 1))
    assert "Finished: the organiser ended the session." in one


def test_no_play_section_before_play(olivia, competition):
    table = seated_table(competition=competition)
    html = olivia.get(reverse("organiser:round", args=[table.round_id])).content.decode()
    assert 'id="play"' not in html
