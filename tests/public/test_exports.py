"""Downloads of any standings table: CSV with the page's columns, and a printable PDF (WeasyPrint)."""

import csv
import io

import pytest
from django.urls import reverse

from tests.public.helpers import ledger_net, rows_by
from tournament import exports
from tournament.views.public.leaderboard import COLUMNS, all_lines

pytestmark = pytest.mark.django_db

HEADER = [
    "Rank", "Player", "Club", "Net chips", "Sessions", "Hands won", "Self-drawn wins", "Za Hu",
    "Biggest hand", "Chips per session",
]  # fmt: skip


def page_texts(document) -> list[str]:
    """The text laid out on each page of a WeasyPrint document."""
    from weasyprint.formatting_structure import boxes

    return [
        " ".join(b.text for b in page._page_box.descendants() if isinstance(b, boxes.TextBox))
        for page in document.pages
    ]


def test_the_competition_csv_has_the_page_s_columns_and_lines(client, league):
    competition = league["competition"]
    response = client.get(reverse("public:standings_csv", args=[competition.pk]))
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    table = list(csv.reader(io.StringIO(response.content.decode())))
    assert table[0] == HEADER
    page = rows_by(client.get(reverse("public:standings", args=[competition.pk])).content.decode())
    names = {p.pk: p.name for p in league["players"].values()}
    assert [row[:2] for row in table[1:]] == [[cells[0], names[pid]] for pid, cells in page]
    assert [row[2:] for row in table[1:]] == [cells[2:] for _, cells in page]
    by_name = {p.name: p for p in league["players"].values()}
    for row in table[1:]:
        assert int(row[3]) == ledger_net(by_name[row[1]])


def test_a_round_csv_follows_the_search(client, league):
    round_2 = league["tables"]["r2t1"].round
    response = client.get(reverse("public:round_csv", args=[round_2.pk]), {"q": "ben"})
    table = list(csv.reader(io.StringIO(response.content.decode())))
    ben = league["players"]["Ben"]
    assert [row[1] for row in table[1:]] == ["Ben Tan"]
    assert int(table[1][3]) == ledger_net(ben, table__round=round_2)


def test_the_pdf_is_a_pdf(client, league):
    response = client.get(reverse("public:standings_pdf", args=[league["competition"].pk]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")


def test_the_pdf_pages_name_every_player_in_rank_order(league):
    competition = league["competition"]
    lines = all_lines(competition)
    document = exports.standings_document(
        title=competition.name, competition=competition, round_=None, lines=lines, columns=COLUMNS
    )
    text = " ".join(page_texts(document))
    positions = [text.index(line.name) for line in lines]
    assert positions == sorted(positions) and len(lines) == 8
    assert "Spring League" in text and "Chips per session" in text
    assert "DejaVu Sans" in exports.standings_html(
        title="x", competition=competition, round_=None, lines=lines, columns=COLUMNS
    )
