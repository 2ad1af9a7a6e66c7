"""The round page (every table's result, then the round's standings) and the competition page."""

import pytest
from django.urls import reverse

from tests.public.helpers import ledger_net, rows_by
from tournament.models import Seat

pytestmark = pytest.mark.django_db


def test_the_round_page_shows_every_table_with_the_ledger_s_chips(client, league):
    round_1 = league["tables"]["r1t1"].round
    page = client.get(reverse("public:round", args=[round_1.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    tables = html.split('class="pub-table" data-table=')[1:]
    assert len(tables) == 2  # both tables of round 1
    capital = round_1.competition.capital
    for table_html, table in zip(tables, (league["tables"]["r1t1"], league["tables"]["r1t2"]), strict=True):
        assert reverse("table:scoresheet", args=[table.pk]) in table_html
        seats = rows_by(table_html.split("</article>")[0])
        assert [pid for pid, _ in seats] == [table.seat_map[w] for w in "ESWN"]
        for pid, (wind, _name, chips, net) in seats:
            expected = ledger_net(pid, table=table)
            assert wind == next(w for w, p in table.seat_map.items() if p == pid)
            assert int(net) == expected and int(chips) == capital + expected


def test_the_round_page_ranks_the_round_alone(client, league):
    round_2 = league["tables"]["r2t1"].round
    html = client.get(reverse("public:round", args=[round_2.pk])).content.decode()
    board = html.split('id="standings-live"')[1]
    seated = set(Seat.objects.filter(round=round_2).values_list("player_id", flat=True))
    rows = rows_by(board)
    assert {pid for pid, _ in rows} == seated
    for pid, cells in rows:
        assert int(cells[3]) == ledger_net(pid, table__round=round_2)
    # Ben won 4 doubles on Ann's discard: first; Ann paid double (001 rule 21): last.
    assert rows[0][0] == league["players"]["Ben"].pk and rows[-1][0] == league["players"]["Ann"].pk
    live = reverse("public:round_live", args=[round_2.pk])
    assert f'hx-get="{live}"' in html


def test_the_competition_page_links_rounds_standings_and_tables(client, league):
    competition = league["competition"]
    html = client.get(reverse("public:competition", args=[competition.pk])).content.decode()
    assert reverse("public:standings", args=[competition.pk]) in html
    for table in league["tables"].values():
        assert reverse("public:round", args=[table.round_id]) in html
        assert f'href="{reverse("table:scoresheet", args=[table.pk])}"' in html
    assert "Ben Tan" in html.split('id="leaders"')[1].split("</section>")[0]  # the leader is on top


def test_a_table_scoresheet_is_readable_by_the_public(client, league):
    assert client.get(reverse("table:scoresheet", args=[league["tables"]["r1t1"].pk])).status_code == 200
